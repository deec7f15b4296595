"""200 whole random games with 2, 3 and 4 players under a round cap, without error."""

from __future__ import annotations

import random

import pytest

from ai.agent import make_agent
from ai.match import play_game
from tests.positions import FOUR_MAP, TEST_MAP, THREE_MAP, make_game


@pytest.mark.parametrize("text,players", [(TEST_MAP, 2), (THREE_MAP, 3), (FOUR_MAP, 4)])
def test_random_games_finish_without_error(text: str, players: int) -> None:
    game = make_game(text, max_rounds=25)
    agents = [make_agent("random") for _ in range(players)]
    count = {2: 100, 3: 50, 4: 50}[players]
    outcomes = set()
    for seed in range(count):
        result = play_game(game, agents, seed)
        assert result.state.is_terminal()
        assert result.rounds <= 25
        assert result.state.card_total() == 116
        outcomes.add((result.winner, tuple(result.honor)))
    assert len(outcomes) >= count // 2  # games differ from seed to seed


def test_game_is_reproducible_from_its_seed() -> None:
    game = make_game(max_rounds=20)
    agents = [make_agent("random"), make_agent("random")]
    a = play_game(game, agents, 42)
    b = play_game(game, agents, 42)
    c = play_game(game, agents, random.Random(1).randrange(1000) + 43)
    assert a.record.actions == b.record.actions
    assert a.record.actions != c.record.actions
