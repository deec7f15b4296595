"""Random play through the engine for invariant tests: every agent choice uniform, chance sampled."""

from __future__ import annotations

import random
from collections.abc import Iterator

from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game


def random_actions(game: Game, seed: int, limit: int = 100_000) -> Iterator[tuple[State, object]]:
    """Yield (state after, action) for a random game, at most ``limit`` actions."""
    rng = random.Random(seed)
    state = initial_state(game)
    for _ in range(limit):
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.play(action)
        yield state, action
