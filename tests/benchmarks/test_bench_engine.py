"""Engine speed: actions applied per second in random play (a benchmark, not a timed assertion).

Run: ``pytest tests/benchmarks/test_bench_engine.py --benchmark-enable``.
"""

from __future__ import annotations

import random

from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map

GAME = Game(load_map("classic-2p"), Rules(max_rounds=60))


def _random_game(seed: int, checked: bool) -> int:
    rng = random.Random(seed)
    state = initial_state(GAME)
    n = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        if checked:
            state.play(action)
        else:
            state.apply(action)
        n += 1
    return n


SEEDS = (1, 2, 3)


def _games(checked: bool) -> int:
    return sum(_random_game(seed, checked) for seed in SEEDS)


def test_random_play_checked(benchmark) -> None:
    """Same three games each round; actions/s = extra_info['actions'] / median."""
    n = benchmark(_games, True)
    assert n == _games(False)  # checked and unchecked play the same games
    benchmark.extra_info["actions"] = n


def test_random_play_unchecked(benchmark) -> None:
    n = benchmark(_games, False)
    benchmark.extra_info["actions"] = n
