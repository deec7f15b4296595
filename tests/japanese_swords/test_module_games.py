"""Random games under every allowed combination of rule modules on 2-4 player maps keep the engine's
invariants, and their records replay and verify (docs/variants.md)."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from japanese_swords.actions import parse_action
from japanese_swords.engine import State
from japanese_swords.modules import MODULES, ModuleError, validate
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.random_play import random_actions
from tests.japanese_swords.test_invariants import MAPS, check_invariants
from tests.positions import make_game


def allowed_combinations(players: int) -> list[tuple[str, ...]]:
    """Every non-empty module set the registry accepts for ``players`` seats."""
    out = []
    names = sorted(MODULES)
    for k in range(1, len(names) + 1):
        for combo in combinations(names, k):
            try:
                out.append(validate(combo, players))
            except ModuleError:
                continue
    return out


CASES = [(players, combo, seed) for players in (2, 3, 4) for combo in allowed_combinations(players)
         for seed in (1, 2)]


def test_every_module_is_in_some_allowed_combination():
    for players in (2, 3, 4):
        played = {spec.split(":")[0] for combo in allowed_combinations(players) for spec in combo}
        assert played == {m for m, rec in MODULES.items() if players in rec.players}


@pytest.mark.parametrize(("players", "modules", "seed"), CASES)
def test_random_games_with_modules_keep_invariants_and_replay(players, modules, seed):
    game = make_game(MAPS[players], max_rounds=10, modules=modules)
    record = Record(game, ["random"] * players, seed)
    state = None
    for n, (state, action) in enumerate(random_actions(game, seed)):
        check_invariants(state)
        text = str(action)
        assert parse_action(text) == action
        record.actions.append(text)
        if n % 97 == 0:
            data = json.loads(json.dumps(state.to_json()))
            assert State.from_json(game, data) == state
    assert state is not None
    if "weather" in " ".join(modules):
        assert any(a.startswith("weather ") for a in record.actions)
    record.finish(state)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert state_digest(again.verify()) == state_digest(state)
