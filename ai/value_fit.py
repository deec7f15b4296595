"""A value function fitted to game outcomes: features of a position, self-play data, logistic regression.

The MCTS leaf value is fitted rather than hand-weighted like :func:`ai.material.heuristic_value`:
this module plays seeded self-play games on the 2-player maps,
samples positions at turn starts, describes each position from one seat's point of view relative to its
strongest rival (:func:`features`, every feature a difference ``seat - rival`` so the two seats of a
2-player game see exactly opposite vectors), labels it with the game's result for that seat (1 win,
0 loss, 0.5 draw) and fits a logistic regression without intercept (:func:`fit_logistic`, Newton/IRLS
with an L2 penalty, numpy only). Without intercept and with antisymmetric features the two seats' values
sum to 1. :func:`save_weights`/:func:`load_weights` store the model as a small JSON file.
"""

from __future__ import annotations

import argparse
import math
import operator
import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from japanese_swords.argtypes import decimal
from japanese_swords.board import NEIGHBOURS, Terrain
from japanese_swords.cards import Card
from japanese_swords.engine import State
from japanese_swords.fileio import load_json, write_json
from japanese_swords.modules.teams import allied

#: Names of the features, in the order :func:`features` returns them (each is ``seat - rival``).
FEATURES: tuple[str, ...] = (
    "honor",  # honor points (50 wins)
    "honor_over_30",  # honor beyond 30
    "honor_over_40",  # honor beyond 40
    "honor_late",  # honor times the game's progress (rounds / 40, at most 1)
    "armies",  # armies on the board
    "experience",  # total experience of the armies
    "keeps",  # keeps held
    "revenue",  # gold per revenue phase
    "gold",  # gold, capped at 10
    "cards",  # cards in hand
    "force",  # total force of the cards in hand (Treachery counted as 8)
    "home_garrison",  # 1 if the home fortress is garrisoned
    "threat",  # closeness of our nearest army to the rival's fortress: 1 / (1 + hops)
)
FORCE = tuple(min(c.force, 8) for c in Card)  # a card's force as the value counts it (capped at 8)
WEIGHTS_PATH = Path(__file__).resolve().parent / "mcts" / "value_weights.json"
TRAIN_MAPS = ("classic-2p", "kawanakajima-2p", "nagashino-2p")


@lru_cache(maxsize=32)
def hop_distances(terrain: tuple[Terrain, ...], source: int) -> tuple[int, ...]:
    """Steps from ``source`` to every square over passable squares (99 when unreachable), cached per map."""
    dist = [99] * len(terrain)
    dist[source] = 0
    queue = deque([source])
    while queue:
        sq = queue.popleft()
        for n in NEIGHBOURS[sq]:
            if dist[n] == 99 and terrain[n].passable:
                dist[n] = dist[sq] + 1
                queue.append(n)
    return tuple(dist)


@lru_cache(maxsize=32)
def revenue_squares(terrain: tuple[Terrain, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The map's keep squares and fortress squares (the only squares that earn revenue), cached per map."""
    return (tuple(sq for sq, t in enumerate(terrain) if t == Terrain.KEEP),
            tuple(sq for sq, t in enumerate(terrain) if t == Terrain.FORTRESS))


def seats_stats(state: State, armies: Sequence[int] | None = None, exp: Sequence[int] | None = None
                ) -> list[list[float]]:
    """:func:`seat_stats` of every seat; ``armies`` and ``exp``: each seat's army count and total
    experience, when the caller already has them."""
    board = state.game.board
    rules = state.game.rules
    p = state.num_players
    if armies is None or exp is None:
        armies, exp = army_counts(state)
    keep_squares, fortress_squares = revenue_squares(board.terrain)
    control = state.control
    keeps, forts = [0] * p, [0] * p
    for sq in keep_squares:
        if control[sq] >= 0:
            keeps[control[sq]] += 1
    for sq in fortress_squares:
        if control[sq] >= 0:
            forts[control[sq]] += 1
    progress = min(1.0, state.round / 40.0)
    out = []
    for seat in range(p):
        hand = state.hands[seat]
        honor = state.honor[seat]
        revenue = keeps[seat] * rules.keep_revenue + forts[seat] * rules.fortress_revenue
        out.append([float(honor), float(max(0, honor - 30)), float(max(0, honor - 40)), honor * progress,
                    float(armies[seat]), float(exp[seat]), float(keeps[seat]), float(revenue),
                    float(min(state.gold[seat], 10)), float(sum(hand)), float(sum(map(operator.mul, FORCE, hand))),
                    1.0 if state.occupant[board.fortresses[seat]] >= 0 else 0.0])
    return out


def seat_stats(state: State, seat: int) -> list[float]:
    """The raw per-seat numbers the features are differences of (the same order as :data:`FEATURES`,
    with ``threat`` measured against the seat's strongest rival's fortress by :func:`features`)."""
    return seats_stats(state)[seat]


def army_counts(state: State) -> tuple[list[int], list[int]]:
    """Each seat's number of armies and their total experience."""
    armies, exp = [0] * state.num_players, [0] * state.num_players
    for a in state.armies.values():
        armies[a.owner] += 1
        exp[a.owner] += a.experience
    return armies, exp


def _threat(state: State, seat: int, target: int) -> float:
    """1 / (1 + hops from the seat's nearest army to the target seat's home fortress); 0 with no army."""
    dist = hop_distances(state.game.board.terrain, state.game.board.fortresses[target])
    best = min((dist[a.square] for a in state.armies.values() if a.owner == seat), default=99)
    return 0.0 if best >= 99 else 1.0 / (1.0 + best)


def strongest_rivals(state: State, armies: Sequence[int] | None = None) -> list[int]:
    """Each seat's strongest rival: the alive rival with the most honor (ties: more armies, then the lower
    seat); never a partner. ``armies``: each seat's army count, when the caller already has them."""
    p = state.num_players
    if armies is None:
        armies = army_counts(state)[0]
    out = []
    for seat in range(p):
        others = [t for t in range(p) if t != seat]
        if state.game.rules.modules:  # a team game: the partner is no rival (docs/variants.md, teams)
            others = [t for t in others if not allied(state, seat, t)]
        rivals = [t for t in others if state.alive[t]] or others
        out.append(max(rivals, key=lambda t: (state.honor[t], armies[t], -t)))
    return out


def strongest_rival(state: State, seat: int) -> int:
    """:func:`strongest_rivals` of one seat."""
    return strongest_rivals(state)[seat]


def features(state: State, seat: int, stats: Sequence[list[float]] | None = None) -> list[float]:
    """The seat's feature vector (:data:`FEATURES`): each entry is the seat's number minus its strongest
    rival's, so in a 2-player game the two seats' vectors are exact negatives of each other. ``stats``:
    every seat's :func:`seat_stats`, when the caller already has them."""
    armies, exp = army_counts(state)
    rival = strongest_rivals(state, armies)[seat]
    if stats is None:
        stats = seats_stats(state, armies, exp)  # every seat in one pass, counted once
    out = [a - b for a, b in zip(stats[seat], stats[rival], strict=True)]
    out.append(_threat(state, seat, rival) - _threat(state, rival, seat))
    return out


# ----- the model ---------------------------------------------------------------------------------------
@dataclass
class ValueModel:
    """Logistic regression weights over :data:`FEATURES` (no intercept) plus how they were made."""

    features: tuple[str, ...]
    weights: tuple[float, ...]
    scale: tuple[float, ...]  # features are divided by these before the dot product
    meta: dict

    def logit(self, x: Sequence[float]) -> float:
        """The linear score of one feature vector."""
        return sum(w * v / s for w, v, s in zip(self.weights, x, self.scale, strict=True))

    def value_of(self, x: Sequence[float]) -> float:
        """The chance of winning for one feature vector."""
        z = max(-30.0, min(30.0, self.logit(x)))
        return 1.0 / (1.0 + math.exp(-z))

    def value(self, state: State) -> list[float]:
        """Each seat's chance of winning; the terminal result if the game is over; 0 for eliminated
        seats. With more than two players the alive seats' values are normalised to sum to 1."""
        if state.is_terminal():
            return state.returns()
        n = state.num_players
        stats = seats_stats(state)
        if n == 2 and state.alive[0] and state.alive[1]:
            # each seat's rival is the other and its features the other's negated, so its logit is the
            # other's negated, exactly (IEEE negation): the value of one logit, bit for bit
            z = max(-30.0, min(30.0, self.logit(features(state, 0, stats))))
            return [1.0 / (1.0 + math.exp(-z)), 1.0 / (1.0 + math.exp(z))]
        out = []
        for s in range(n):
            if not state.alive[s]:
                out.append(0.0)
                continue
            z = max(-30.0, min(30.0, self.logit(features(state, s, stats))))
            out.append(1.0 / (1.0 + math.exp(-z)))
        if n > 2:
            total = sum(out)
            if total > 0:
                out = [v / total for v in out]
        return out


WEIGHTS_FILE_LIMIT = 1 << 20
"""Largest value weights file read (bytes): the shipped one is under a kilobyte."""


def save_weights(model: ValueModel, path: Path = WEIGHTS_PATH) -> None:
    """Write the model as JSON with the program's one atomic-write helper."""
    data = {"features": list(model.features), "weights": list(model.weights), "scale": list(model.scale),
            "meta": model.meta}
    write_json(path, data)


def load_weights(path: Path = WEIGHTS_PATH) -> ValueModel:
    """Read a model written by :func:`save_weights` with the project's strict JSON reader (size limit, no
    ``NaN``, no key twice); ValueError if its features are not :data:`FEATURES`."""
    data = load_json(path, WEIGHTS_FILE_LIMIT, what="value weights file")
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a fitted value's weights (a JSON object is expected)")
    feats = tuple(data["features"])
    if feats != FEATURES:
        raise ValueError(f"{path}: features {feats} do not match this code's {FEATURES}")
    weights = tuple(float(w) for w in data["weights"])
    scale = tuple(float(s) for s in data["scale"])
    if len(weights) != len(feats) or len(scale) != len(feats):
        raise ValueError(f"{path}: expected {len(feats)} weights and scales")
    if not all(s > 0 for s in scale) or not all(math.isfinite(v) for v in (*weights, *scale)):
        raise ValueError(f"{path}: every weight must be finite and every scale finite and > 0")
    return ValueModel(feats, weights, scale, dict(data.get("meta", {})))


# ----- fitting -------------------------------------------------------------------------------------------
def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, iterations: int = 50) -> np.ndarray:
    """Logistic regression without intercept by Newton's method (IRLS) with an L2 penalty ``l2 * n``;
    ``y`` may hold fractional labels (0.5 for a draw). Returns the weights."""
    n, d = x.shape
    w = np.zeros(d)
    penalty = l2 * n * np.eye(d)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + penalty @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + penalty
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    return w


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean binary cross-entropy of predictions ``p`` against (possibly fractional) labels ``y``."""
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def accuracy(p: np.ndarray, y: np.ndarray) -> float:
    """Share of decided positions (label 0 or 1) where the prediction is on the right side of 0.5."""
    decided = y != 0.5
    if not decided.any():
        return float("nan")
    return float(np.mean((p[decided] > 0.5) == (y[decided] > 0.5)))


# ----- data ----------------------------------------------------------------------------------------------
@dataclass
class Sample:
    """One position from one seat's point of view: features, the material heuristic's value, the label,
    and which game it came from (to split training and held-out data by game)."""

    x: list[float]
    heuristic: float
    y: float
    game: int


class TurnStartSampler:
    """Collects both seats' numbers at turn starts, each turn start kept with probability ``keep``; called
    after every action (the ``on_action`` of :func:`ai.match.play_game`, or a record's replay)."""

    def __init__(self, keep: float, rng: random.Random,
                 heuristic: Callable[[State], list[float]] | None = None,
                 describe: Callable[[State, int], list[float]] | None = None) -> None:
        if heuristic is None:
            from ai.material import heuristic_value as heuristic
        self.keep, self.rng = keep, rng
        self.heuristic = heuristic
        self.describe = describe or features
        self.pending: list[tuple[list[float], float, int]] = []
        self.last: tuple[int, int] | None = None

    def __call__(self, state: State, _action: object = None) -> None:
        key = (state.round, state.turn_index)
        if key == self.last or state.is_terminal() or not state.order:
            return
        self.last = key
        if self.rng.random() >= self.keep:
            return
        h = self.heuristic(state)
        for s in range(state.num_players):
            self.pending.append((self.describe(state, s), h[s], s))

    def samples(self, winner: int | None, game_id: int) -> list[Sample]:
        """The kept positions labelled with the game's result for their seat (1 win, 0 loss, 0.5 draw)."""
        return [Sample(x, h, 0.5 if winner is None else float(winner == s), game_id)
                for x, h, s in self.pending]


def game_samples(map_name: str, agent_specs: Sequence[str], seed: int, game_id: int,
                 keep: float, rng: random.Random, max_rounds: int = 150,
                 heuristic: Callable[[State], list[float]] | None = None,
                 describe: Callable[[State, int], list[float]] | None = None) -> list[Sample]:
    """Play one seeded game and return both seats' samples at turn starts kept with probability ``keep``.
    ``describe(state, seat)`` gives a sample's numbers (default :func:`features`; tools try others)."""
    from ai.agent import make_agent
    from ai.match import play_game
    from japanese_swords.game import Game, Rules
    from japanese_swords.maps import load_map

    game = Game(load_map(map_name), Rules(max_rounds=max_rounds))
    agents = [make_agent(s) for s in agent_specs]
    sampler = TurnStartSampler(keep, rng, heuristic, describe)
    result = play_game(game, agents, seed, on_action=sampler)
    return sampler.samples(result.winner, game_id)


def record_samples(path: str | Path, game_id: int, keep: float, rng: random.Random,
                   describe: Callable[[State, int], list[float]] | None = None) -> list[Sample]:
    """Both seats' samples at the turn starts of a recorded game (``bench --records``), kept with
    probability ``keep`` and labelled with the recorded game's result (``describe`` as in
    :func:`game_samples`); RecordError naming the file (and the action) if it cannot be read or replayed."""
    from japanese_swords.engine import initial_state
    from japanese_swords.records import RecordError, load_record

    record = load_record(path)
    state = initial_state(record.game)
    sampler = TurnStartSampler(keep, rng, describe=describe)
    try:
        for state, _ in record.plays():
            sampler(state)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    return sampler.samples(state.winner, game_id)


def records_samples(paths: Sequence[Path], seed: int, keep: float,
                    progress: Callable[[int, int], None] | None = None,
                    describe: Callable[[State, int], list[float]] | None = None) -> list[Sample]:
    """:func:`record_samples` of every record, game ids in the given order (so held-out games are every
    fourth record), turn starts kept by one seeded generator."""
    rng = random.Random(f"value-fit-records:{seed}")
    out: list[Sample] = []
    for g, path in enumerate(paths):
        out.extend(record_samples(path, g, keep, rng, describe))
        if progress is not None:
            progress(g + 1, len(paths))
    return out


def generate(games: int, seed: int, matchups: Sequence[Sequence[str]] = (("greedy", "greedy"),),
             maps: Sequence[str] = TRAIN_MAPS, keep: float = 0.3, max_rounds: int = 150,
             progress: Callable[[int, int], None] | None = None,
             describe: Callable[[State, int], list[float]] | None = None) -> list[Sample]:
    """``games`` seeded games cycling through maps and match-ups (seats swapped every other game);
    ``describe`` as in :func:`game_samples`."""
    rng = random.Random(f"value-fit:{seed}")
    out: list[Sample] = []
    for g in range(games):
        specs = list(matchups[(g // len(maps)) % len(matchups)])
        if (g // (len(maps) * len(matchups))) % 2:
            specs.reverse()
        out.extend(game_samples(maps[g % len(maps)], specs, seed * 100_003 + g, g, keep, rng, max_rounds,
                                describe=describe))
        if progress is not None:
            progress(g + 1, games)
    return out


def add_sample_arguments(parser: argparse.ArgumentParser, games: int) -> None:
    """The command-line options of :func:`generate` that every value tool takes (``--games`` defaults to
    ``games``); :func:`sample_arguments_problem` checks them."""
    parser.add_argument("--games", type=int, default=games, help=f"games to play (default {games})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--matchups", nargs="+", default=["greedy,greedy"],
                        help="agent pairs 'A,B' cycled through the games (default greedy,greedy)")
    parser.add_argument("--maps", nargs="+", default=list(TRAIN_MAPS))
    parser.add_argument("--keep", type=decimal, default=0.3, help="share of turn starts sampled (default 0.3)")
    parser.add_argument("--max-rounds", type=int, default=150)


def sample_arguments_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the options of :func:`add_sample_arguments`, in one line; None if nothing."""
    if not 2 <= args.games <= 100_000 or not 0 < args.keep <= 1 or not 1 <= args.max_rounds <= 1000:
        return "need 2 <= --games <= 100000, 0 < --keep <= 1 and 1 <= --max-rounds <= 1000"
    return None


def parse_matchups(entries: Sequence[str]) -> list[tuple[str, str]]:
    """Command-line ``A,B`` entries as agent pairs; ValueError if an entry is not two specs."""
    pairs = [e.split(",") for e in entries]
    if any(len(m) != 2 for m in pairs):
        raise ValueError("each --matchups entry must be two specs 'A,B'")
    return [(a, b) for a, b in pairs]


def progress_printer(every: int = 50) -> Callable[[int, int], None]:
    """A :func:`generate` progress callback: games done and seconds since it was made, to stderr."""
    import sys
    import time

    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % every == 0 or done == total:
            print(f"  {done}/{total} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)

    return progress


def arrays(samples: Sequence[Sample]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Samples as (features, labels, heuristic values, game ids) arrays."""
    width = len(samples[0].x) if samples else len(FEATURES)  # tools may describe positions by more numbers
    x = np.array([s.x for s in samples], dtype=float).reshape(len(samples), width)
    y = np.array([s.y for s in samples], dtype=float)
    h = np.array([s.heuristic for s in samples], dtype=float)
    g = np.array([s.game for s in samples], dtype=int)
    return x, y, h, g


def heldout_games(games: np.ndarray, holdout: float = 0.25) -> np.ndarray:
    """Rows whose game is held out: every ``round(1 / holdout)``-th game (none if ``holdout`` is 0)."""
    if holdout <= 0:
        return np.zeros(len(games), dtype=bool)
    return (games % max(1, round(1 / holdout))) == 0


def fit_scaled(x: np.ndarray, y: np.ndarray, train: np.ndarray, l2: float = 1e-3
               ) -> tuple[np.ndarray, np.ndarray]:
    """Logistic weights fitted on the ``train`` rows of ``x / scale``, and the scale: each column's
    standard deviation over all rows (1 for a constant column, which keeps weight 0)."""
    std = np.std(x, axis=0)
    scale = np.where(std > 1e-3, std, 1.0)
    return fit_logistic(x[train] / scale, y[train], l2=l2), scale


def predict(x: np.ndarray, w: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """The logistic values of the rows of ``x`` under weights ``w`` over ``x / scale``."""
    return 1.0 / (1.0 + np.exp(-np.clip((x / scale) @ w, -30, 30)))


def fit_and_report(samples: Sequence[Sample], holdout: float = 0.25, l2: float = 1e-3,
                   meta: dict | None = None,
                   compare: dict[str, ValueModel] | None = None) -> tuple[ValueModel, dict]:
    """Fit on the games whose id falls in the first ``1 - holdout`` share, score both the fit and the
    material heuristic (and any ``compare`` models) on the rest (log-loss, accuracy), then refit on
    everything for the shipped model."""
    x, y, h, g = arrays(samples)
    n_games = int(g.max()) + 1 if len(g) else 0
    test = heldout_games(g, holdout)
    w, scale = fit_scaled(x, y, ~test, l2=l2)
    report = {"games": n_games, "positions": int(len(y)), "train_positions": int((~test).sum()),
              "heldout_positions": int(test.sum())}
    if test.any():
        p = predict(x[test], w, scale)
        report.update({"heldout_logloss_fitted": round(log_loss(p, y[test]), 4),
                       "heldout_logloss_heuristic": round(log_loss(h[test], y[test]), 4),
                       "heldout_accuracy_fitted": round(accuracy(p, y[test]), 4),
                       "heldout_accuracy_heuristic": round(accuracy(h[test], y[test]), 4)})
    for name, other in (compare or {}).items():  # an existing model scored on the same held-out positions
        if test.any():
            po = np.array([other.value_of(list(row)) for row in x[test]])
            report[f"heldout_logloss_{name}"] = round(log_loss(po, y[test]), 4)
            report[f"heldout_accuracy_{name}"] = round(accuracy(po, y[test]), 4)
    w_all, _ = fit_scaled(x, y, np.ones(len(y), dtype=bool), l2=l2)
    model = ValueModel(FEATURES, tuple(round(float(v), 5) for v in w_all),
                       tuple(round(float(s), 5) for s in scale), {**(meta or {}), **report})
    return model, report
