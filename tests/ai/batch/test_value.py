"""ai.batch.value: the fitted value over a batch agrees with the scalar model lane by lane."""

from __future__ import annotations

import numpy as np
import pytest

from ai.batch.state import BatchState
from ai.batch.value import fitted_values
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
