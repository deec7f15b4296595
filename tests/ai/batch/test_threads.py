"""The batch simulator on threads: a batch cut into parts, each played on its own thread with its own
generator; reproducible for a seed at a thread count, one thread as before."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

from ai.agent import make_agent
from ai.batch import evaluate
from ai.batch import log as L
from ai.batch.export import Recorder
from ai.batch.kernel import run_lanes
from ai.batch.lane import STATE_FIELDS
from ai.batch.rng import seed_state
from ai.batch.state import BatchState
from ai.batch.turn import TurnRunner, parts, run
from ai.mcts.config import parse_options
from ai.rollout_policy import to_batch_start
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.ai.batch.test_evaluate import random_points


def starts(n: int, lanes: int = 4) -> BatchState:
    """``n`` turn-start states of classic-2p, each ``lanes`` times."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=150))
    states = []
    for seed in range(n):
        s = initial_state(game)
        rng = random.Random(seed)
        to_batch_start(s, rng)
        states.append(s)
    return BatchState.from_states(states).repeat(lanes)


def arrays(S: BatchState) -> dict[str, list]:
    return {name: getattr(S, name).tolist() for name in STATE_FIELDS}


@pytest.mark.parametrize(("size", "threads", "want"), [
    (10, 1, [(0, 10)]), (10, 2, [(0, 5), (5, 10)]), (7, 3, [(0, 2), (2, 4), (4, 7)]), (2, 4, [(0, 1), (1, 2)]),
])
def test_parts_cover_the_lanes_in_order(size: int, threads: int, want: list[tuple[int, int]]) -> None:
    assert parts(size, threads) == want


def test_two_threads_play_each_part_with_its_own_stream_in_part_order() -> None:
    S = starts(6)
    threaded = run(S.copy(), np.random.default_rng(5), 4, threads=2)
    # The same, one part after the other on this thread: part k's generator is the k-th seed drawn.
    rng = np.random.default_rng(5)
    seeds = [seed_state(rng) for _ in range(2)]
    one_by_one = S.copy()
    for (a, b), seed in zip(parts(S.size, 2), seeds, strict=True):
        part = BatchState(**{k: (v[a:b].copy() if isinstance(v, np.ndarray) else v)
                             for k, v in one_by_one.__dict__.items()})
        runner = TurnRunner(part, np.random.default_rng(0))
        st = tuple(getattr(part, name) for name in STATE_FIELDS)
        run_lanes(st, runner.tables, runner.ipar, runner.fpar, part.turns + 4, seed,
                  np.zeros((0, L.WIDTH), np.int64), L.new_meta(False), runner.wk)
        for name in STATE_FIELDS:
            getattr(one_by_one, name)[a:b] = getattr(part, name)
    assert arrays(threaded) == arrays(one_by_one)
    assert arrays(threaded) != arrays(S)  # the turns were played


def test_a_seed_and_thread_count_give_the_same_values() -> None:
    states = random_points("classic-2p", 24, seed=11)
    first = evaluate(states, np.random.default_rng(9), max_turns=4, lanes=8, threads=2)
    again = evaluate(states, np.random.default_rng(9), max_turns=4, lanes=8, threads=2)
    assert first.tolist() == again.tolist()
    assert ((first >= 0) & (first <= 1)).all()


def test_a_recorder_plays_on_one_thread() -> None:
    S = starts(2)
    assert TurnRunner(S, np.random.default_rng(0), recorder=Recorder(), threads=4).threads == 1
    with pytest.raises(ValueError, match="threads"):
        TurnRunner(S, np.random.default_rng(0), threads=0)


def test_the_threads_knob() -> None:
    assert parse_options({}).thread_count == 1
    assert parse_options({"threads": "0"}).thread_count == (os.cpu_count() or 1)
    assert parse_options({"threads": 2}).thread_count == 2
    s = next(p for p in random_points("classic-2p", 20, seed=5)
             if not p.is_terminal() and p.current_player() >= 0 and len(p.legal_actions()) > 1)
    picks = []
    for _ in range(2):
        agent = make_agent("mcts:iterations=48:threads=2")
        picks.append(agent.choose(observation(s, s.current_player()), s.legal_actions(), random.Random(4)))
    assert picks[0] == picks[1] and picks[0] in s.legal_actions()
