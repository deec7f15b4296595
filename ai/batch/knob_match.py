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
from collections.abc import Callable
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
    """One generation of :func:`local_search`: the best mutant's score beside the current setting's, its score
    on the confirming data (None when it did not lead), whether it was kept and what it changed."""

    generation: int
    current: float
    mutant: float
    confirmed: float | None
    kept: bool
    changes: dict[str, float]


def local_search(start: RolloutPolicy, generations: int, mutants: int, rng: random.Random,
                 knobs: tuple[Knob, ...],
                 trial: Callable[[int, RolloutPolicy, list[RolloutPolicy]], tuple[float, list[float]]],
                 confirm: Callable[[int, RolloutPolicy, RolloutPolicy], tuple[float, bool]], margin: float,
                 lower: bool = False, log: Callable[[Step], None] | None = None
                 ) -> tuple[RolloutPolicy, list[Step]]:
    """A seeded (1 + ``mutants``) local search over ``knobs`` from ``start``: each generation
    ``trial(generation, current, mutants)`` scores the current setting and its mutants on the generation's
    data, and the best mutant replaces the current setting when it leads by ``margin`` there (``lower``:
    lower scores are better) and ``confirm(generation, mutant, current)`` (fresh data) says it holds.
    ``log``, if given, is called with each :class:`Step`."""
    if not knobs:
        raise ValueError("no knob to tune")
    best = start
    steps = []
    for g in range(generations):
        cands = [mutate(best, rng, knobs) for _ in range(mutants)]
        base, scores = trial(g, best, cands)
        i = int(np.argmin(scores) if lower else np.argmax(scores))
        leads = scores[i] <= base - margin if lower else scores[i] >= base + margin
        confirmed, kept = confirm(g, cands[i], best) if leads else (None, False)
        step = Step(g, base, scores[i], confirmed, kept, knob_changes(cands[i], best))
        if kept:
            best = cands[i]
        steps.append(step)
        if log is not None:
            log(step)
    return best, steps


def hill_climb(game: Game, pool: list[RolloutPolicy], generations: int, mutants: int, games: int, seed: int,
               start: RolloutPolicy | None = None, margin: float = 0.01, knobs: tuple[Knob, ...] = KNOBS,
               log: Callable[[Step], None] | None = None) -> tuple[RolloutPolicy, list[Step]]:
    """A seeded (1 + ``mutants``) local search over ``knobs`` (:func:`local_search`): each generation draws
    fresh deals, scores the current setting and its mutants against ``pool`` (plus the current setting
    itself) on them, and takes the best mutant when it leads by ``margin`` there and again on a second set of
    fresh deals (so a lucky draw is not kept)."""

    def trial(g: int, best: RolloutPolicy, cands: list[RolloutPolicy]) -> tuple[float, list[float]]:
        deals = starts(game, games, seed * 1_000 + 2 * g)
        opponents = pool + [best]
        return (pool_score(best, opponents, deals, seed + g),
                [pool_score(c, opponents, deals, seed + g) for c in cands])

    def confirm(g: int, cand: RolloutPolicy, best: RolloutPolicy) -> tuple[float, bool]:
        check = starts(game, games, seed * 1_000 + 2 * g + 1)
        opponents = pool + [best]
        confirmed = pool_score(cand, opponents, check, seed + g + 500_000)
        return confirmed, confirmed >= pool_score(best, opponents, check, seed + g + 500_000) + margin / 2

    return local_search(start or RolloutPolicy(), generations, mutants, random.Random(f"hill-climb:{seed}"),
                        knobs, trial, confirm, margin, log=log)
