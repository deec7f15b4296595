"""Rollout speed: the compiled batch simulator and the scalar reference policy through the engine on the
same work (benchmarks, not timed assertions). Player-turns per second = ``extra_info['player_turns'] / median``.

Run: ``pytest tests/benchmarks/test_bench_batch.py --benchmark-enable`` (compare the groups' rates; the
one-shot ratio is ``python tools/bench_rollouts.py --batch 256``).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from ai.batch import evaluate
from ai.batch.state import BatchState
from ai.batch.turn import run
from ai.rollout_policy import finish_turn, finished_turns, scalar_rollout
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from tests.ai.batch.test_equality import resumed_states

GAME = Game(load_map("classic-2p"), Rules(max_rounds=150))
TURNS = 20  # player-turns per game (10 rounds)


def _starts(n: int) -> list[State]:
    out = []
    for i in range(n):
        s = initial_state(GAME)
        finish_turn(s, random.Random(i))
        out.append(s)
    return out


STARTS = _starts(1024)


def _batch(lanes: int) -> int:
    batch = BatchState.from_states(STARTS[:lanes])
    run(batch, np.random.default_rng(lanes), TURNS)
    return int(batch.turns.sum())


def _scalar(games: int) -> int:
    rng = random.Random(games)
    return sum(scalar_rollout(start, TURNS, rng) for start in STARTS[:games])


@pytest.mark.parametrize("lanes", [32, 256, 1024])
def test_batch_rollouts(benchmark, lanes: int) -> None:
    """The compiled batch simulator advancing ``lanes`` games TURNS player-turns."""
    _batch(2)  # compiled (or loaded from numba's cache) outside the timing
    benchmark.group = f"rollouts {lanes}"
    n = benchmark.pedantic(_batch, args=(lanes,), rounds=3, iterations=1)
    assert n > lanes * TURNS // 2
    benchmark.extra_info["player_turns"] = n


def test_scalar_reference_rollouts(benchmark) -> None:
    """The scalar reference policy through the engine API: 8 games, TURNS player-turns each."""
    benchmark.group = "rollouts scalar"
    n = benchmark.pedantic(_scalar, args=(8,), rounds=3, iterations=1)
    assert n > 8 * TURNS // 2
    benchmark.extra_info["player_turns"] = n


def test_evaluate_256_leaves(benchmark) -> None:
    """ai.batch.evaluate on 256 turn-start leaves, 8 player-turns deep (what one MCTS batch costs)."""
    benchmark.group = "evaluate"
    states = STARTS[:256]
    values = benchmark.pedantic(evaluate, args=(states, np.random.default_rng(0)), rounds=3, iterations=1)
    assert values.shape == (256, 2)


MID_TURN = [s for s in resumed_states(GAME, 64, seed=4) if not s.is_terminal()]


def _finished_first(states: list[State]) -> np.ndarray:
    ready = finished_turns(states, random.Random(0))
    return evaluate(ready, np.random.default_rng(0), max_turns=3, lanes=8)


def test_evaluate_mid_turn_leaves_resumed(benchmark) -> None:
    """Leaves inside a travel or battle phase handed to the batch simulator as they are."""
    benchmark.group = "mid-turn leaves"
    values = benchmark.pedantic(evaluate, args=(MID_TURN, np.random.default_rng(0)),
                                kwargs={"max_turns": 3, "lanes": 8}, rounds=3, iterations=1)
    assert values.shape == (len(MID_TURN), 2)


def test_evaluate_mid_turn_leaves_finished_first(benchmark) -> None:
    """The reference: the same leaves' turns finished by the scalar policy first."""
    benchmark.group = "mid-turn leaves"
    values = benchmark.pedantic(_finished_first, args=(MID_TURN,), rounds=3, iterations=1)
    assert values.shape == (len(MID_TURN), 2)
