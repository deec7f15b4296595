"""ai.batch.value: the fitted value over a batch agrees with the scalar model lane by lane."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.batch.state import BatchState
from ai.batch.value import _rivals, fitted_values
from ai.mcts.evaluator import _fitted_model
from ai.rollout_policy import finish_turn
from tests.ai.batch.test_evaluate import random_points


@pytest.mark.parametrize("map_name", ["classic-2p", "kawanakajima-2p", "sekigahara-3p", "onin-4p"])
def test_fitted_values_match_the_scalar_model(map_name: str) -> None:
    import random

    model = _fitted_model()
    states = random_points(map_name, 40, seed=11)
    rng = random.Random(5)
    for s in states:
        finish_turn(s, rng)
    batch = BatchState.from_states(states)
    got = fitted_values(batch, model)
    want = np.array([model.value(batch.to_state(i)) for i in range(batch.size)])
    assert got.shape == want.shape
    assert np.allclose(got, want, atol=1e-9)
    # the sample covers finished games, eliminated seats and armies near fortresses
    assert len({tuple(np.round(v, 3)) for v in want}) > 10
    if states[0].num_players > 2:
        assert (~batch.alive).any() or batch.done.any()


def numpy_seat_stats(S: BatchState) -> np.ndarray:
    """The per-seat numbers by numpy broadcasts (the formula the compiled pass replaces), for comparison."""
    from ai.batch.evaluate import holdings
    from ai.batch.value import _FORCE

    armies, exp, keeps, revenue = holdings(S)
    honor = S.honor.astype(float)
    progress = np.minimum(1.0, S.round / 40.0)[:, None]
    garrison = S.owner[:, np.array(S.game.board.fortresses)] >= 0
    return np.stack([
        honor, np.maximum(0.0, honor - 30), np.maximum(0.0, honor - 40), honor * progress,
        armies, exp, keeps, revenue, np.minimum(S.gold, 10),
        S.hands.sum(-1), S.hands @ _FORCE, garrison,
    ], axis=-1).astype(float)


@pytest.mark.parametrize("map_name", ["classic-2p", "sekigahara-3p", "onin-4p"])
def test_seat_stats_equal_the_numpy_formula_bit_for_bit(map_name: str) -> None:
    """Speed only: the search's values (and so its decisions) stay exactly what they were."""
    import random

    from ai.batch.value import seat_stats

    states = random_points(map_name, 40, seed=13)
    rng = random.Random(6)
    for s in states:
        finish_turn(s, rng)
    batch = BatchState.from_states(states)
    got, want = seat_stats(batch), numpy_seat_stats(batch)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(got, want)
    from ai.batch.value import strongest_rivals

    assert np.array_equal(strongest_rivals(batch, got[..., 4]), strongest_rivals(batch))
    assert len({tuple(row) for row in want.reshape(-1, 12)}) > 20  # varied positions, not one repeated


@given(st.integers(2, 4), st.data())
@settings(max_examples=80, deadline=None)
def test_compiled_rivals_are_the_broadcast_argmax(players: int, data: st.DataObject) -> None:
    """The compiled rival pick equals the numpy formula it replaced: the highest key among the alive
    others (all others when none is alive), partners excluded in a team game."""
    lanes = 5
    honor = np.array(data.draw(st.lists(st.integers(0, 3), min_size=lanes * players, max_size=lanes * players)))
    armies = np.array(data.draw(st.lists(st.integers(0, 2), min_size=lanes * players, max_size=lanes * players)))
    alive = np.array(data.draw(st.lists(st.booleans(), min_size=lanes * players, max_size=lanes * players)))
    honor, armies, alive = (x.reshape(lanes, players) for x in (honor, armies, alive))
    seats = np.arange(players)
    key = honor * 1_000_000.0 + armies * 1_000.0 - seats[None, :]
    other = ~np.eye(players, dtype=bool)
    if players == 4 and data.draw(st.booleans()):
        other &= seats[:, None] % 2 != seats[None, :] % 2
    alive_other = other[None] & alive[:, None, :]
    pool = np.where(alive_other.any(-1, keepdims=True), alive_other, other[None])
    want = np.where(pool, key[:, None, :], -np.inf).argmax(-1)
    got = np.zeros((lanes, players), np.int64)
    _rivals(key, other, alive, got)
    assert np.array_equal(got, want)


def reference_fitted_values(S: BatchState, model) -> np.ndarray:  # noqa: ANN001
    """The numpy composition :func:`fitted_values` computed before its compiled features, for comparison."""
    from ai.batch.value import seat_stats, strongest_rivals, threats

    stats = seat_stats(S)
    rival = strongest_rivals(S, stats[..., 4])
    lanes = np.arange(S.size)[:, None]
    seats = np.arange(S.num_players)[None, :]
    th = threats(S)
    feats = np.concatenate([stats - stats[lanes, rival],
                            (th[lanes, seats, rival] - th[lanes, rival, seats])[..., None]], axis=-1)
    w = np.asarray(model.weights) / np.asarray(model.scale)
    return reference_win_shares(S, np.clip(feats @ w, -30.0, 30.0))


def reference_win_shares(S: BatchState, z: np.ndarray) -> np.ndarray:
    """The numpy formula of :func:`ai.batch.value.win_shares` (the compiled pass replaces all but ``exp``)."""
    from ai.batch.evaluate import team_shares

    p = S.num_players
    out = np.where(S.alive, 1.0 / (1.0 + np.exp(-z)), 0.0)
    if p > 2:
        total = out.sum(1, keepdims=True)
        out = np.where(total > 0, out / np.where(total > 0, total, 1.0), out)
    done = S.done
    if done.any():
        out[done] = np.where(S.winner[done, None] < 0, 0.5,
                             (np.arange(p)[None, :] == S.winner[done, None]).astype(float))
    return team_shares(S, out)


@functools.cache
def _finished_points(map_name: str, seed: int) -> tuple:
    """Arbitrary decision points of ``map_name`` played to a batch start (made once: the property tests
    draw many examples from the same points, each on its own lanes)."""
    import random

    states = random_points(map_name, 24, seed=seed)
    rng = random.Random(seed)
    for s in states:
        finish_turn(s, rng)
    return tuple(states)


def _points_batch(map_name: str, seed: int, teams: bool = False) -> BatchState:
    """Lanes of arbitrary decision points played to a batch start (a team game's rules with ``teams``)."""
    import dataclasses

    from japanese_swords.modules import PRESETS

    batch = BatchState.from_states(list(_finished_points(map_name, seed)))
    if teams:
        game = batch.game
        batch.game = dataclasses.replace(game, rules=dataclasses.replace(game.rules, modules=PRESETS["teams"]))
    return batch


@pytest.mark.parametrize(("map_name", "teams"), [("classic-2p", False), ("sekigahara-3p", False),
                                                 ("onin-4p", False), ("onin-4p", True)])
def test_fitted_values_equal_the_numpy_composition_bit_for_bit(map_name: str, teams: bool) -> None:
    """Speed only: the compiled features give the values (so the search's decisions) of the numpy formula."""
    model = _fitted_model()
    batch = _points_batch(map_name, 17, teams)
    got, want = fitted_values(batch, model), reference_fitted_values(batch, model)
    assert got.dtype == want.dtype and np.array_equal(got, want)
    assert len({tuple(row) for row in want}) > 10


@given(st.sampled_from(["classic-2p", "sekigahara-3p", "onin-4p"]), st.booleans(), st.data())
@settings(max_examples=40, deadline=None)
def test_fitted_values_equal_the_numpy_composition_on_random_lanes(map_name: str, teams: bool,
                                                                   data: st.DataObject) -> None:
    """The same on lanes whose armies, honor, gold, cards, control and seats alive are drawn at random."""
    batch = _points_batch(map_name, 23, teams and map_name == "onin-4p")
    b, p = batch.size, batch.num_players
    seed = data.draw(st.integers(0, 2**32 - 1))
    gen = np.random.default_rng(seed)
    armies = gen.random((b, 100)) < data.draw(st.floats(0.0, 0.5))
    batch.owner[:] = np.where(armies, gen.integers(0, p, (b, 100)), -1).astype(np.int8)
    batch.exp[:] = np.where(armies, gen.integers(0, 9, (b, 100)), 0)
    batch.control[:] = np.where(gen.random((b, 100)) < 0.3, gen.integers(-1, p, (b, 100)), batch.control)
    batch.honor[:] = gen.integers(-3, 50, (b, p)) * data.draw(st.sampled_from([0, 1]))
    batch.gold[:] = gen.integers(0, 20, (b, p))
    batch.hands[:] = gen.integers(0, 3, batch.hands.shape)
    batch.alive[:] = gen.random((b, p)) < data.draw(st.floats(0.3, 1.0))
    batch.round[:] = gen.integers(0, 80, b)
    model = _fitted_model()
    assert np.array_equal(fitted_values(batch, model), reference_fitted_values(batch, model))


@given(st.sampled_from(["classic-2p", "sekigahara-3p", "onin-4p"]), st.booleans(), st.data())
@settings(max_examples=40, deadline=None)
def test_win_shares_equal_the_numpy_formula(map_name: str, teams: bool, data: st.DataObject) -> None:
    """Logits of every size (and dead seats, finished lanes, draws) give numpy's values bit for bit."""
    from ai.batch.value import win_shares

    batch = _points_batch(map_name, 29, teams and map_name == "onin-4p")
    b, p = batch.size, batch.num_players
    gen = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    z = gen.normal(0.0, data.draw(st.sampled_from([0.01, 1.0, 10.0, 40.0])), (b, p)).clip(-30.0, 30.0)
    batch.alive[:] = gen.random((b, p)) < data.draw(st.floats(0.0, 1.0))
    batch.done[:] = gen.random(b) < data.draw(st.floats(0.0, 0.5))
    batch.winner[:] = gen.integers(-1, p, b)
    assert np.array_equal(win_shares(batch, z), reference_win_shares(batch, z))
