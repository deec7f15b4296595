"""Whole games between rollout-policy knob settings in the compiled simulator, and a seeded local search
over the knobs: how the search's playout knobs (:data:`ai.batch.policy.TUNED`) were chosen.

A match plays the same seeded deals twice, the seats' knobs swapped, so each deal is a pair and the luck of
the deal cancels; :func:`pool_score` is a setting's mean score against a pool of opponents (the default
knobs and the opponent model's styles). :func:`hill_climb` mutates one to three knobs at a time and keeps a
mutant that beats the current setting against the pool on the same deals by a margin, then confirms it on
fresh deals. ``tools/tune_playout.py`` runs it.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace

import numpy as np

from ai.batch.policy import RolloutPolicy
from ai.batch.state import BatchState
from ai.batch.turn import TurnRunner
from ai.rollout_policy import opening_states
from japanese_swords.game import Game


@dataclass(frozen=True)
class Knob:
    """One tunable knob: its range and the size of one mutation step."""

    name: str
    low: float
    high: float
    step: float
    whole: bool


#: The knobs the search may move (``field_decay`` is one number for every seat of a batch, so it stays).
KNOBS: tuple[Knob, ...] = (
    Knob("army_cap", 2, 9, 1, True), Knob("raise_reserve", 0, 5, 1, True), Knob("max_draws", 1, 6, 1, True),
    Knob("hand_target", 3, 12, 1, True), Knob("draw_reserve", 0, 5, 1, True),
    Knob("honor_reserve", 0, 4, 1, True), Knob("intrigue_cards_min", 0, 9, 1, True),
    Knob("attack_margin", -3.0, 8.0, 1.0, False), Knob("attack_noise", 0.0, 8.0, 1.0, False),
    Knob("avg_force", 2.0, 6.0, 0.5, False), Knob("diplomacy_margin", 0.0, 10.0, 1.5, False),
    Knob("move_noise", 0.0, 2.0, 0.25, False), Knob("w_keep", 0.0, 5.0, 0.4, False),
    Knob("w_fortress", 0.0, 5.0, 0.4, False), Knob("w_home", 0.0, 8.0, 0.8, False),
    Knob("w_army", 0.0, 4.0, 0.3, False),
)


def starts(game: Game, games: int, seed: int) -> BatchState:
    """``games`` new seeded games brought to their first turn, as lanes."""
    return BatchState.from_states(opening_states(game, games, seed, tag="knob-match:"))


def play_out(state: BatchState, policies: list[RolloutPolicy], seed: int) -> np.ndarray:
    """Each lane's winner (-1 a draw) after playing ``state`` (a copy) to the end with one policy a seat."""
    S = state.copy()
    runner = TurnRunner(S, np.random.default_rng(seed), policies)
    while not S.done.all():
        runner.run_turn()
    return S.winner.copy()


def match(a: RolloutPolicy, b: RolloutPolicy, deals: BatchState, seed: int) -> float:
    """``a``'s mean score against ``b`` over the deals, each played with ``a`` in each seat of a 2-player
    game (the same chance stream both times), draws half."""
    if deals.game.num_players != 2:
        raise ValueError("knob matches are 2-player")
    w0 = play_out(deals, [a, b], seed)
    w1 = play_out(deals, [b, a], seed)
    s0 = np.where(w0 < 0, 0.5, (w0 == 0).astype(float))
    s1 = np.where(w1 < 0, 0.5, (w1 == 1).astype(float))
    return float((s0.mean() + s1.mean()) / 2)


def pool_score(p: RolloutPolicy, pool: list[RolloutPolicy], deals: BatchState, seed: int) -> float:
    """``p``'s mean score against every policy of ``pool`` on the same deals."""
    return float(np.mean([match(p, q, deals, seed + 7919 * i) for i, q in enumerate(pool)]))


def mutate(p: RolloutPolicy, rng: random.Random, knobs: tuple[Knob, ...] = KNOBS) -> RolloutPolicy:
    """``p`` with one to three of ``knobs`` moved by one or two steps, kept in range."""
    changes = {}
    for knob in rng.sample(knobs, min(len(knobs), rng.choice((1, 1, 2, 3)))):
        value = getattr(p, knob.name) + rng.choice((-2, -1, -1, 1, 1, 2)) * knob.step
        value = min(knob.high, max(knob.low, value))
        changes[knob.name] = int(round(value)) if knob.whole else round(float(value), 3)
    return replace(p, **changes)


def knob_changes(p: RolloutPolicy, base: RolloutPolicy | None = None) -> dict[str, float]:
    """The knobs of ``p`` that differ from ``base`` (default the default knobs)."""
    ref = asdict(base or RolloutPolicy())
    return {k: v for k, v in asdict(p).items() if v != ref[k]}


@dataclass
class Step:
    """One generation of :func:`hill_climb`: the best mutant's pool score beside the current setting's."""

    generation: int
    current: float
    mutant: float
    confirmed: float | None
    kept: bool
    changes: dict[str, float]


def hill_climb(game: Game, pool: list[RolloutPolicy], generations: int, mutants: int, games: int, seed: int,
               start: RolloutPolicy | None = None, margin: float = 0.01, knobs: tuple[Knob, ...] = KNOBS,
               log: object = None) -> tuple[RolloutPolicy, list[Step]]:
    """A seeded (1 + ``mutants``) local search over ``knobs``: each generation draws fresh deals, scores the
    current setting and its mutants against ``pool`` (plus the current setting itself) on them, and takes the
    best mutant when it leads by ``margin`` there and again on a second set of fresh deals (so a lucky draw
    is not kept). ``log``, if given, is called with each :class:`Step`."""
    if not knobs:
        raise ValueError("no knob to tune")
    rng = random.Random(f"hill-climb:{seed}")
    best = start or RolloutPolicy()
    steps = []
    for g in range(generations):
        deals = starts(game, games, seed * 1_000 + 2 * g)
        opponents = pool + [best]
        base = pool_score(best, opponents, deals, seed + g)
        cands = [mutate(best, rng, knobs) for _ in range(mutants)]
        scores = [pool_score(c, opponents, deals, seed + g) for c in cands]
        i = int(np.argmax(scores))
        confirmed, kept = None, False
        if scores[i] >= base + margin:
            check = starts(game, games, seed * 1_000 + 2 * g + 1)
            confirmed = pool_score(cands[i], opponents, check, seed + g + 500_000)
            kept = confirmed >= pool_score(best, opponents, check, seed + g + 500_000) + margin / 2
        step = Step(g, base, scores[i], confirmed, kept, knob_changes(cands[i], best))
        if kept:
            best = cands[i]
        steps.append(step)
        if log is not None:
            log(step)  # type: ignore[operator]
    return best, steps
