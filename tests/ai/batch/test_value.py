"""ai.batch.value: the fitted value over a batch agrees with the scalar model lane by lane."""

from __future__ import annotations

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
