"""Fitting the opponent model's style reader: the softmax fit, the confusion, rows from real games."""

from __future__ import annotations

import numpy as np

from ai.mcts.opponent_model import FEATURES, MIN_ROUNDS
from ai.opponent_fit import CLASSES, confusion, fit_softmax, game_rows, reader_of
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map


def separable(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Rows whose class is written in one feature each (class k: feature k high), plus noise."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, len(CLASSES), size=n)
    x = rng.normal(0.0, 0.3, size=(n, len(FEATURES)))
    x[np.arange(n), y] += 3.0
    return x, y


def test_the_fit_reads_separable_classes() -> None:
    x, y = separable(600, 1)
    w, scale = fit_softmax(x, y, len(CLASSES), steps=800)
    assert w.shape == (len(CLASSES), len(FEATURES) + 1) and scale.shape == (len(FEATURES),)
    tx, ty = separable(300, 2)
    m = confusion(reader_of(w, scale, 0.5, {}), tx, ty)
    assert np.all(np.diag(m) > 0.95), m


def test_a_rare_class_weighs_as_much_as_a_common_one() -> None:
    """The classes are balanced: a class with a twentieth of the rows is still read where its rows lie."""
    rng = np.random.default_rng(3)
    common = rng.normal(0.0, 1.0, size=(1000, len(FEATURES)))
    rare = rng.normal(0.0, 1.0, size=(50, len(FEATURES)))
    rare[:, 0] += 1.0  # overlapping: unweighted, the common class would take nearly every row
    x = np.vstack([common, rare])
    y = np.array([0] * 1000 + [1] * 50)
    w, scale = fit_softmax(x, y, 2, steps=1500)
    probe = np.zeros((1, len(FEATURES)))
    probe[0, 0] = 1.5
    z = np.append(probe[0] / scale, 1.0)
    logits = w @ z
    assert logits[1] > logits[0]


def test_confusion_rows_are_shares_of_the_true_style() -> None:
    x, y = separable(200, 4)
    w, scale = fit_softmax(x, y, len(CLASSES), steps=800)
    m = confusion(reader_of(w, scale, 0.5, {}), x, y)
    present = np.bincount(y, minlength=len(CLASSES)) > 0
    assert np.allclose(m.sum(axis=1)[present], 1.0)


def test_rows_of_a_game_are_one_a_round_of_the_observers_decisions() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=12))
    rows = game_rows(game, "greedy", "hoarder", 5, 1)
    assert rows and all(len(x) == len(FEATURES) for x, _ in rows)
    rounds = [r for _, r in rows]
    assert rounds == sorted(set(rounds))  # one row a round
    assert rounds[0] >= MIN_ROUNDS - 1
