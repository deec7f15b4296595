"""Fitting the opponent model's style reader (:mod:`ai.mcts.opponent_model`) to seeded games.

An observer (greedy or a small search) plays each opponent of :data:`OPPONENTS` on 2-player maps, seats
swapped game by game; at each of the observer's new rounds the opponent's :data:`~ai.mcts.opponent_model.FEATURES`
are a row labelled with the style that opponent really plays (greedy, the tuned greedy and the search are
``self``). A softmax regression with an L2 penalty is fitted by plain gradient steps (numpy only);
the report is the held-out confusion (games whose index is a multiple of ``holdout``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ai.agent import make_agent
from ai.match import play_game
from ai.mcts.opponent_model import FEATURES, MIN_ROUNDS, OpponentModel, StyleReader, features
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation

#: The opponents a reader learns to tell apart, with the style each really plays.
OPPONENTS: dict[str, str] = {
    "greedy": "self",
    "greedy:style=tuned": "self",
    "mcts:iterations=8": "self",
    "honor_racer": "racer",
    "rusher": "rusher",
    "turtle": "turtle",
    "hoarder": "hoarder",
}
OBSERVERS = ("greedy", "mcts:iterations=8")
CLASSES = ("self", "racer", "rusher", "turtle", "hoarder")
MAPS = ("classic-2p", "kawanakajima-2p", "nagashino-2p", "nomura-2p")


@dataclass
class Rows:
    """Feature rows with their true style's index in :data:`CLASSES`, game index and round."""

    x: np.ndarray
    y: np.ndarray
    game: np.ndarray
    round: np.ndarray


def game_rows(game: Game, observer: str, opponent: str, seed: int, observer_seat: int) -> list[tuple[list[float], int]]:
    """One game's rows: the opponent's features at each new round the observer decides in."""
    agents = [make_agent(observer), make_agent(opponent)]
    if observer_seat == 1:
        agents.reverse()
    # the record is all that is needed; a blank reader keeps the fit independent of the shipped weights
    model = OpponentModel(reader=StyleReader(CLASSES, ((0.0,) * (len(FEATURES) + 1),) * len(CLASSES),
                                             (1.0,) * len(FEATURES)))
    other = 1 - observer_seat
    rows: list[tuple[list[float], int]] = []

    def hook(state, _action) -> None:
        if state.is_terminal() or state.current_player() != observer_seat:
            return
        rec = model.record(other)
        if rec is not None and rec.rounds and rec.rounds[-1] == state.round:
            return  # not a new round: the model would not note it
        obs = observation(state, observer_seat)
        before = len(rec.rounds) if rec is not None else 0
        model.observe(obs)
        rec = model.record(other)
        if rec is not None and len(rec.rounds) > before and len(rec.rounds) >= MIN_ROUNDS:
            rows.append((features(rec, len(state.armies_of(observer_seat))), state.round))

    play_game(game, agents, seed, on_action=hook)
    return rows


def generate(games: int, seed: int, maps: Sequence[str] = MAPS, max_rounds: int = 150,
             progress: Callable[[int, int], None] | None = None) -> Rows:
    """Rows of ``games`` games per map and opponent: game ``g`` uses observer ``g % 2`` at seat ``g // 2 % 2``."""
    xs: list[list[float]] = []
    ys: list[int] = []
    gs: list[int] = []
    rs: list[int] = []
    total = games * len(maps) * len(OPPONENTS)
    done = 0
    rng = random.Random(seed)
    for name in maps:
        game = Game(load_map(name), Rules(max_rounds=max_rounds))
        for opponent, style in OPPONENTS.items():
            for g in range(games):
                for x, rnd in game_rows(game, OBSERVERS[g % 2], opponent, rng.getrandbits(32), g // 2 % 2):
                    xs.append(x)
                    ys.append(CLASSES.index(style))
                    gs.append(g)
                    rs.append(rnd)
                done += 1
                if progress is not None:
                    progress(done, total)
    return Rows(np.array(xs, dtype=float).reshape(-1, len(FEATURES)), np.array(ys, dtype=int),
                np.array(gs, dtype=int), np.array(rs, dtype=int))


def fit_softmax(x: np.ndarray, y: np.ndarray, classes: int, l2: float = 1e-3,
                steps: int = 3000, rate: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """Softmax regression on features divided by their standard deviation; returns (weights, scale), the
    weights one row a class: a weight a feature, then the bias. Gradient steps on the mean cross-entropy
    plus ``l2`` times the squared weights (bias unpenalised); each class's rows weigh as much in all as
    any other's, so the styles whose games are short (the rusher's) are not drowned by the long ones."""
    scale = x.std(axis=0)
    scale[scale <= 1e-9] = 1.0
    z = np.hstack([x / scale, np.ones((len(x), 1))])
    onehot = np.eye(classes)[y]
    counts = np.bincount(y, minlength=classes).astype(float)
    present = counts > 0
    row_weight = (len(y) / (present.sum() * np.where(present, counts, 1.0)))[y][:, None]
    w = np.zeros((classes, z.shape[1]))
    mask = np.ones_like(w)
    mask[:, -1] = 0.0
    for _ in range(steps):
        logits = z @ w.T
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        grad = ((p - onehot) * row_weight).T @ z / len(z) + 2 * l2 * w * mask
        w -= rate * grad
    return w, scale


def reader_of(w: np.ndarray, scale: np.ndarray, min_confidence: float, meta: dict) -> StyleReader:
    """A :class:`StyleReader` of fitted weights."""
    return StyleReader(CLASSES, tuple(tuple(float(v) for v in row) for row in w),
                       tuple(float(v) for v in scale), min_confidence, meta)


def confusion(reader: StyleReader, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Rows: the true style; columns: the style read (both in :data:`CLASSES` order); shares of each row."""
    m = np.zeros((len(CLASSES), len(CLASSES)))
    for row, truth in zip(x, y, strict=True):
        m[truth, CLASSES.index(reader.read(list(row)))] += 1
    totals = m.sum(axis=1, keepdims=True)
    return np.divide(m, totals, out=np.zeros_like(m), where=totals > 0)
