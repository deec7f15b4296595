"""Invariant fuzz of the bidding, ronin and castles modules: random and greedy games under every allowed
module combination that holds one of them, on 2-4 player maps, keep every invariant and replay exactly.

The CI runs 24 games; ``JS_FUZZ_SCALE=N`` runs N times as many with other seeds (docs/variants.md).
"""

from __future__ import annotations

import json
import os
import random

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.test_invariants import MAPS, check_invariants
from tests.japanese_swords.test_module_games import allowed_combinations
from tests.positions import make_game

OURS = {"bidding", "ronin", "castles"}
SCALE = int(os.environ.get("JS_FUZZ_SCALE", "1"))


def test_random_and_greedy_games_with_bidding_ronin_and_castles_keep_invariants_and_replay():
    rng = random.Random(30 + (SCALE > 1) * random.SystemRandom().randrange(10**6))
    combos = {p: [c for c in allowed_combinations(p) if OURS & {s.split(":")[0] for s in c}] for p in (2, 3, 4)}
    played = 0
    for g in range(24 * SCALE):
        players = 2 + g % 3
        modules = rng.choice(combos[players])
        game = make_game(MAPS[players], max_rounds=8, modules=modules)
        kind = "greedy" if g % 2 else "random"
        result = play_game(game, [make_agent(kind) for _ in range(players)], seed=rng.randrange(10**6),
                           on_action=lambda state, _action: check_invariants(state))
        again = Record.from_json(json.loads(json.dumps(result.record.to_json())))
        assert state_digest(again.verify()) == state_digest(result.state), (modules, kind)
        played += 1
    assert played == 24 * SCALE
