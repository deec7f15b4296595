"""Games under the sites, support and retreat-siege modules, alone and with the modules on main: random
and greedy games keep every invariant and their records replay and verify; the env plays them."""

from __future__ import annotations

import json

import pytest

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.actions import parse_action
from japanese_swords.engine import State
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.random_play import random_actions
from tests.japanese_swords.test_invariants import MAPS, check_invariants
from tests.positions import make_game

FIELDS = ("sites", "support", "retreat-siege")
COMBOS = [("sites",), ("support",), ("retreat-siege",), FIELDS, ("sites", "terrain-arms"),
          ("retreat-siege", "support", "weather"), (*FIELDS, "terrain-arms", "weather")]
"""Each module alone, the three together, the two presets, and all five modules."""


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("modules", COMBOS)
def test_random_games_keep_invariants_and_replay(players, modules):
    game = make_game(MAPS[players], max_rounds=12, modules=modules)
    record = Record(game, ["random"] * players, players)
    state = None
    for n, (state, action) in enumerate(random_actions(game, players)):
        check_invariants(state)
        text = str(action)
        assert parse_action(text) == action
        record.actions.append(text)
        if n % 89 == 0:
            assert State.from_json(game, json.loads(json.dumps(state.to_json()))) == state
    assert state is not None
    record.finish(state)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert state_digest(again.verify()) == state_digest(state)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("modules", [FIELDS, ("retreat-siege", "support", "weather"), ("sites", "terrain-arms")])
def test_greedy_games_keep_invariants_and_replay(players, modules):
    game = make_game(MAPS[players], max_rounds=15, modules=modules)
    result = play_game(game, [make_agent("greedy") for _ in range(players)], seed=players,
                       on_action=lambda s, a: check_invariants(s))
    again = Record.from_json(json.loads(json.dumps(result.record.to_json())))
    again.finish(result.state)
    again.verify()


def test_the_env_plays_the_modules_and_encodes_support():
    from japanese_swords.actions import Support
    from japanese_swords.env import raw_env
    from tests.japanese_swords.env.test_env import _play_random

    e = raw_env(map_name="kanto-3p", modules=FIELDS, max_rounds=4)
    _play_random(e, 3)
    assert e.engine_state.is_terminal()
    codec = e.codec
    index = codec.encode(Support(2), 0, 3)
    assert codec.decode(index, 0, 3).action == Support(2) and index == codec.size - 2
    assert raw_env(map_name="kanto-3p").codec.size == codec.size - 4  # the block exists only with support
