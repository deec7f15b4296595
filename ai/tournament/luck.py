"""The luck-adjusted score (an AIVAT-style control variate): a game's outcome minus the luck of its draws.

Chance is a player of the game (turn-order draws, card deals, reshuffled decks, module chance such as
the weather: :func:`japanese_swords.engine.chance_outcomes`). At every chance event of a finished game,
with ``s`` the state before the event, ``a`` the outcome that happened and ``V`` a value function (each
seat's chance of winning, seeing the full state: it runs after the game, outside the agents), the
event's *luck* for a seat is

    correction = V(s·a) - E_b[V(s·b)]

and the adjusted score is ``raw points - sum of corrections``. Given the history, each correction has
expectation zero over the chance outcome, so the adjusted score is an unbiased estimate of the expected
score whatever ``V`` is; the better ``V`` predicts the result, the more of the outcome's variance it
removes (Burch, Schmid, Moravcik, Morrill, Bowling: "AIVAT", AAAI 2018; only the chance terms are used
here). The expectation is exact over the engine's outcome list (at most 24 outcomes), or, with
``samples``, the mean of that many outcomes drawn by a seeded generator (still unbiased).

A value whose swings at a draw are bigger than what the draw does to the result is a miscalibrated control
variate: ``raw - luck`` can then vary more than ``raw``. :func:`crossfit` scales the luck by the least squares
slope of the result on it, fitted on the other half of the samples (cross-fitting), which keeps the estimate
unbiased.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence

from ai.tournament.outcome import GameOutcome
from ai.tournament.schedule import Schedule
from ai.tournament.stats import Z95
from japanese_swords.actions import Action, parse_action
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game

ValueFn = Callable[[State], list[float]]


def expected_value(state: State, value: ValueFn, samples: int | None = None,
                   rng: random.Random | None = None) -> list[float]:
    """Each seat's expected value after the pending chance event: exact over the outcomes, or the mean
    of ``samples`` outcomes drawn with ``rng``."""
    if samples is None:
        total = [0.0] * state.num_players
        for action, p in state.chance_outcomes():
            for s, v in enumerate(value(state.child(action))):
                total[s] += p * v
        return total
    if rng is None:
        raise ValueError("sampled expectations need a seeded generator")
    total = [0.0] * state.num_players
    for _ in range(samples):
        for s, v in enumerate(value(state.child(sample_chance(state, rng)))):
            total[s] += v / samples
    return total


def event_correction(state: State, outcome: Action, value: ValueFn, samples: int | None = None,
                     rng: random.Random | None = None) -> list[float]:
    """Per seat, the luck of ``outcome`` at the pending chance event of ``state``: its value minus the
    expected value over the outcomes (``state`` is left unchanged)."""
    expected = expected_value(state, value, samples, rng)
    return [v - e for v, e in zip(value(state.child(outcome)), expected, strict=True)]


def game_luck(game: Game, actions: Iterable[Action | str], value: ValueFn, samples: int | None = None,
              seed: int = 0) -> tuple[float, ...]:
    """Per seat, the summed luck of every chance event of the game the actions replay (from the start)."""
    rng = random.Random(f"japanese-swords-luck:{seed}") if samples is not None else None
    state = initial_state(game)
    luck = [0.0] * game.num_players
    for item in actions:
        action = parse_action(item) if isinstance(item, str) else item
        if state.current_player() == CHANCE:
            for s, c in enumerate(event_correction(state, action, value, samples, rng)):
                luck[s] += c
        state.play(action)
    return tuple(luck)


def adjusted(points: Sequence[float], luck: Sequence[float]) -> list[float]:
    """The luck-adjusted points per seat: the raw points minus each seat's summed luck."""
    return [p - c for p, c in zip(points, luck, strict=True)]


def interval(samples: Sequence[float]) -> dict[str, float | None]:
    """Mean, standard error and normal 95% interval of per-group samples (None without two samples)."""
    n = len(samples)
    if n == 0:
        return {"mean": None, "stderr": None, "low": None, "high": None, "variance": None}
    mean = sum(samples) / n
    if n < 2:
        return {"mean": mean, "stderr": None, "low": None, "high": None, "variance": None}
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    se = math.sqrt(var / n)
    return {"mean": mean, "stderr": se, "low": mean - Z95 * se, "high": mean + Z95 * se, "variance": var}


#: Halves the samples are cut into for :func:`crossfit` (sample ``i`` is in fold ``i % FOLDS``).
FOLDS = 2
#: Fewest samples a factor is fitted on; with fewer the plain adjusted score (factor 1) is kept.
MIN_FIT = 10
#: The range a fitted factor is held to: a negative slope (luck that hurts the lucky) or one above 1 (a value
#: that understates what a draw does) is taken for noise at the sizes benchmarks run.
BETA_RANGE = (0.0, 1.0)


def _slope(raw: Sequence[float], luck: Sequence[float]) -> float:
    """Least squares slope of ``raw`` on ``luck`` (0 without two samples or any spread of the luck)."""
    n = len(raw)
    if n < 2:
        return 0.0
    mr, ml = sum(raw) / n, sum(luck) / n
    var = sum((x - ml) ** 2 for x in luck)
    if var <= 0.0:
        return 0.0
    return sum((x - ml) * (y - mr) for x, y in zip(luck, raw, strict=True)) / var


def crossfit(raw: Sequence[float], luck: Sequence[float]) -> tuple[list[float], list[float]]:
    """Cross-fitted adjusted samples ``raw[i] - beta[f] * luck[i]`` and the ``beta`` of each fold ``f``:
    a fold's factor is the slope of the result on the luck over the other folds' samples only, so it is
    independent of the fold's own games and each adjusted sample keeps the raw one's expectation (a
    game's luck has expectation zero given its history). The factor corrects a value whose swings at the
    draws are out of scale with the result; 1 is the plain adjusted score (kept where the other folds hold
    fewer than :data:`MIN_FIT` samples), and a factor is held to :data:`BETA_RANGE`."""
    if len(raw) != len(luck):
        raise ValueError("crossfit needs one luck per result")
    betas = []
    for f in range(FOLDS):
        others = [i for i in range(len(raw)) if i % FOLDS != f]
        if len(others) < MIN_FIT:
            betas.append(1.0)
            continue
        slope = _slope([raw[i] for i in others], [luck[i] for i in others])
        betas.append(min(max(slope, BETA_RANGE[0]), BETA_RANGE[1]))
    return [r - betas[i % FOLDS] * lk for i, (r, lk) in enumerate(zip(raw, luck, strict=True))], betas


def luck_summary(raw: Sequence[float], luck: Sequence[float]) -> dict:
    """The raw, adjusted (``raw - luck``) and cross-fitted (:func:`crossfit`) scores of per-group samples,
    each with its interval, and each adjusted score's variance over the raw one's (``variance_ratio``,
    ``crossfit_ratio``; None where undefined)."""
    r = interval(raw)
    a = interval(adjusted(raw, luck))
    fitted, betas = crossfit(raw, luck)
    c = interval(fitted)

    def ratio(x: dict) -> float | None:
        return x["variance"] / r["variance"] if r["variance"] and x["variance"] is not None else None

    return {"groups": len(raw), "raw": r, "adjusted": a, "variance_ratio": ratio(a), "crossfit": c,
            "crossfit_ratio": ratio(c), "betas": betas}


def ratio_text(x: float | None) -> str:
    """Table text for a variance ratio (``x0.85``; ``n/a`` when undefined)."""
    return "n/a" if x is None else f"x{x:.2f}"


def luck_rows(schedule: Schedule, outcomes: Iterable[GameOutcome]) -> list[dict]:
    """Raw and luck-adjusted scores, per lineup and agent (on two players, or a team game, the first
    agent of each pair only), with 95% intervals. The samples are whole groups (a game pair on two
    players, a seat rotation on more), so seat advantage cancels inside each sample as in the pentanomial;
    a group with a failed or unmeasured game is left out."""
    groups: dict[tuple[int, int], list[GameOutcome]] = {}
    for o in outcomes:
        groups.setdefault((o.lineup, o.group), []).append(o)
    rows = []
    for li, lineup in enumerate(schedule.lineups):
        full = [games for (lj, _g), games in sorted(groups.items()) if lj == li
                and len(games) == schedule.rotations and all(o.ok and o.luck for o in games)]
        agents = lineup[:1] if schedule.paired else lineup
        for agent in agents:
            raw, luck = [], []
            for games in full:
                seats = [(o, s) for o in games for s, a in enumerate(o.seats) if a == agent]
                raw.append(sum(o.points(s) for o, s in seats) / len(seats))
                luck.append(sum(o.luck[s] for o, s in seats) / len(seats))
            if not raw:
                continue
            rows.append({"agent": schedule.agents[agent],
                         "lineup": [schedule.agents[i] for i in lineup if i != agent], **luck_summary(raw, luck)})
    return rows
