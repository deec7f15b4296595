"""How well the search's playouts judge a leaf: their values against the outcomes of real games.

A playout knob setting can win simulator games and still judge positions badly (``ai.batch.knob_match``
tunes the first). Here positions are turn starts of seeded games played by agents (the search among them)
or of recorded games, each labelled with its game's result for each seat; a *judge* is the batch playouts
as the search runs them (every seat playing the same knobs, ``depth`` turns, the fitted value at the
cut-off) averaged over ``lanes`` lanes; its score is the log loss (and Brier score) of its values against
the results. Two judges are compared on the same positions with the same chance stream, game by game (the
positions of one game are not independent). :func:`balance` is simulation balancing by hill climbing:
mutants of the knobs are kept when they lower the log loss on the training games and again on the
held-out ones. ``tools/judge_playouts.py`` runs both.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ai.batch.knob_match import KNOBS, Knob, Step, local_search
from ai.batch.policy import RolloutPolicy
from japanese_swords.engine import State

if TYPE_CHECKING:
    from ai.value_fit import Sample

#: Values are clipped to [EPS, 1 - EPS] before the log loss (a playout that ends the game says 0 or 1).
EPS = 0.02


@dataclass(frozen=True)
class Positions:
    """Turn starts with labels: ``states[i]``, its game ``game[i]`` and each seat's result ``results[i]``
    (1 a win, 0 a loss, 1/N a draw)."""

    states: tuple[State, ...]
    game: np.ndarray  # [n] game ids
    results: np.ndarray  # [n, players]

    def __len__(self) -> int:
        return len(self.states)

    def subset(self, rows: np.ndarray) -> Positions:
        """The positions of the boolean mask ``rows``."""
        idx = np.flatnonzero(rows)
        return Positions(tuple(self.states[i] for i in idx), self.game[idx], self.results[idx])


def collect(games: int, seed: int, matchups: Sequence[Sequence[str]], maps: Sequence[str], keep: float,
            max_rounds: int = 150, progress: Callable[[int, int], None] | None = None) -> Positions:
    """Turn starts of ``games`` seeded games (:func:`ai.value_fit.generate`: maps and match-ups cycled,
    seats swapped every other round of them), each kept with probability ``keep``."""
    from ai.value_fit import generate

    kept, describe = _keeper()
    samples = generate(games, seed, matchups, maps, keep, max_rounds, progress, describe=describe)
    return _positions(kept, samples)


def collect_records(paths: Sequence[Path], seed: int, keep: float,
                    progress: Callable[[int, int], None] | None = None) -> Positions:
    """Turn starts of recorded games (``bench --records``: e.g. the search's own games against another
    agent), each kept with probability ``keep`` (:func:`ai.value_fit.records_samples`); RecordError naming a
    file that cannot be read or replayed."""
    from ai.value_fit import records_samples

    kept, describe = _keeper()
    return _positions(kept, records_samples(paths, seed, keep, progress, describe=describe))


def _keeper() -> tuple[list[State], Callable[[State, int], list[float]]]:
    """A list and a sampler's ``describe`` that copies each kept turn start into it (a sample's numbers are
    its position's index and its seat)."""
    kept: list[State] = []

    def describe(state: State, seat: int) -> list[float]:
        if seat == 0:
            kept.append(state.clone())
        return [float(len(kept) - 1), float(seat)]

    return kept, describe


def _positions(kept: list[State], samples: Sequence[Sample]) -> Positions:
    """The kept turn starts labelled with their samples' results (a draw: 1/N a seat)."""
    players = max(s.num_players for s in kept) if kept else 2
    results = np.zeros((len(kept), players))
    game = np.zeros(len(kept), dtype=int)
    for sample in samples:
        i, seat = int(sample.x[0]), int(sample.x[1])
        results[i, seat] = sample.y
        game[i] = sample.game
    for i, state in enumerate(kept):  # value_fit labels a draw 0.5 for each seat; N seats' values sum to 1
        n = state.num_players
        if n > 2 and np.all(results[i, :n] == 0.5):
            results[i, :n] = 1 / n
    return Positions(tuple(kept), game, results)


def values(positions: Positions, knobs: RolloutPolicy | None, depth: int = 8, lanes: int = 16,
           seed: int = 0, mix: float = 0.0) -> np.ndarray:
    """[n, players] the judge's values: every seat playing ``knobs`` (None: the default) for ``depth`` turns
    from each position, ``lanes`` lanes each, the fitted value at the cut-off (depth 0: the fitted value of
    the position itself), and ``mix`` of the value taken from that fitted value (``mcts:leaf_mix``). The
    same ``seed`` gives every judge the same chance stream."""
    from ai.mcts.evaluator import make_evaluator, value_function

    evaluator = make_evaluator("batch", max_turns=depth, value=value_function("fitted"), lanes=lanes, mix=mix)
    evaluator.policy = knobs  # type: ignore[attr-defined]
    rows = evaluator.evaluate(list(positions.states), random.Random(f"judge:{seed}"))
    out = np.zeros(positions.results.shape)
    for i, row in enumerate(rows):
        out[i, : len(row)] = row
    return out


def losses(values_: np.ndarray, positions: Positions) -> np.ndarray:
    """[n] each position's log loss, summed over its seats, of the values against the results."""
    p = np.clip(values_, EPS, 1 - EPS)
    y = positions.results
    seats = np.array([s.num_players for s in positions.states])
    mask = np.arange(y.shape[1])[None, :] < seats[:, None]
    return -np.where(mask, y * np.log(p) + (1 - y) * np.log(1 - p), 0.0).sum(1)


@dataclass(frozen=True)
class Score:
    """A judge's mean log loss and Brier score a seat and position, and how often its favourite won."""

    log_loss: float
    brier: float
    accuracy: float

    def as_dict(self) -> dict[str, float]:
        """The figures rounded to four places, for a report."""
        return {"log_loss": round(self.log_loss, 4), "brier": round(self.brier, 4),
                "accuracy": round(self.accuracy, 4)}


def score(values_: np.ndarray, positions: Positions) -> Score:
    """The judge's :class:`Score` on the positions (every seat of every position counted once)."""
    seats = np.array([s.num_players for s in positions.states])
    n = float(seats.sum())
    mask = np.arange(values_.shape[1])[None, :] < seats[:, None]
    brier = float(np.where(mask, (values_ - positions.results) ** 2, 0.0).sum() / n)
    decided = positions.results.max(1) > positions.results.min(1)
    picks = np.where(mask, values_, -1.0).argmax(1)
    hits = positions.results[np.arange(len(picks)), picks] == positions.results.max(1)
    accuracy = float(hits[decided].mean()) if decided.any() else 0.0
    return Score(float(losses(values_, positions).sum() / n), brier, accuracy)


def paired_difference(a: np.ndarray, b: np.ndarray, positions: Positions) -> tuple[float, float, float]:
    """Judge ``b``'s mean log loss a seat minus judge ``a``'s on the same positions, with a 95% interval
    from the spread of the per-game differences (negative: ``b`` judges better)."""
    diff = losses(b, positions) - losses(a, positions)
    seats = np.array([s.num_players for s in positions.states], dtype=float)
    ids = np.unique(positions.game)
    per_game = np.array([diff[positions.game == g].sum() for g in ids])
    weight = np.array([seats[positions.game == g].sum() for g in ids])
    mean = per_game.sum() / weight.sum()
    if len(ids) < 2:
        return mean, -math.inf, math.inf
    # ratio estimator's standard error over games (clustered by game)
    resid = per_game - mean * weight
    se = math.sqrt(len(ids) / (len(ids) - 1) * float((resid ** 2).sum())) / float(weight.sum())
    return mean, mean - 1.96 * se, mean + 1.96 * se


def balance(train: Positions, check: Positions, generations: int, mutants: int, seed: int,
            start: RolloutPolicy | None = None, depth: int = 8, lanes: int = 16, margin: float = 0.001,
            knobs: tuple[Knob, ...] = KNOBS, log: Callable[[Step], None] | None = None
            ) -> tuple[RolloutPolicy, list[Step]]:
    """A seeded (1 + ``mutants``) local search over ``knobs`` (:func:`ai.batch.knob_match.local_search`)
    lowering the judge's log loss: each generation scores the current knobs and their mutants on ``train``
    with one fresh chance stream, and keeps the best mutant when it is ``margin`` lower there and lower again
    on ``check`` (a fresh stream too; a step's ``confirmed`` is that loss)."""

    def loss(p: RolloutPolicy, pos: Positions, stream: int) -> float:
        return score(values(pos, p, depth, lanes, stream), pos).log_loss

    def trial(g: int, best: RolloutPolicy, cands: list[RolloutPolicy]) -> tuple[float, list[float]]:
        stream = seed * 1_000 + 2 * g
        return loss(best, train, stream), [loss(c, train, stream) for c in cands]

    def confirm(g: int, cand: RolloutPolicy, best: RolloutPolicy) -> tuple[float, bool]:
        stream = seed * 1_000 + 2 * g + 1
        held = loss(cand, check, stream)
        return held, held < loss(best, check, stream)

    return local_search(start or RolloutPolicy(), generations, mutants, random.Random(f"judge-balance:{seed}"),
                        knobs, trial, confirm, margin, lower=True, log=log)
