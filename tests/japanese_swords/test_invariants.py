"""Invariants over random legal play (hypothesis picks the seeds and the player count)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from japanese_swords.actions import parse_action
from japanese_swords.board import Terrain
from japanese_swords.engine import State
from japanese_swords.modules import params_of
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.random_play import random_actions
from tests.positions import FOUR_MAP, TEST_MAP, THREE_MAP, make_game

MAPS = {2: TEST_MAP, 3: THREE_MAP, 4: FOUR_MAP}


def check_invariants(state: State) -> None:
    assert state.card_total() == 116
    assert all(n >= 0 for n in state.deck) and all(n >= 0 for n in state.discard)
    assert all(n >= 0 for h in state.hands for n in h)
    assert all(g >= 0 for g in state.gold)
    squares = [a.square for a in state.armies.values()]
    assert len(squares) == len(set(squares))  # one army per square
    terrain = state.game.board.terrain
    assert all(terrain[sq] != Terrain.IMPASSABLE for sq in squares)
    for aid, a in state.armies.items():
        assert state.occupant[a.square] == aid and state.alive[a.owner]
    assert sum(1 for o in state.occupant if o >= 0) == len(state.armies)
    if state.game.rules.modules:
        check_module_invariants(state)


def check_module_invariants(state: State) -> None:
    """The rule modules' state (docs/variants.md) stays within its rules, whatever modules are combined."""
    board, modules = state.game.board, state.game.rules.modules
    walls = params_of(modules, "castles")
    for sq, levels in state.walls.items():
        assert walls is not None and board.terrain[sq] == Terrain.KEEP and 1 <= levels <= walls["levels"]
    ronin = params_of(modules, "ronin")
    for aid, n in state.ronin.items():
        assert ronin is not None and aid >= 0 and 1 <= n <= ronin["most"]
    assert all(board.fortress_owner(sq) is not None for sq in state.breached)
    assert not state.breached or params_of(modules, "retreat-siege") is not None
    if state.bids is not None:
        assert params_of(modules, "bidding") is not None and len(state.bids) == state.num_players
        assert all(b == -1 or 0 <= b <= state.gold[s] for s, b in enumerate(state.bids))
        assert state.battle is None
    b = state.battle
    if b is not None and b.support is not None:
        assert params_of(modules, "support") is not None and len(b.support) <= 2


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4]))
def test_invariants_hold_through_random_play(seed: int, players: int) -> None:
    game = make_game(MAPS[players], max_rounds=12)
    record = Record(game, ["random"] * players, seed)
    for n, (state, action) in enumerate(random_actions(game, seed)):
        check_invariants(state)
        text = str(action)
        assert parse_action(text) == action  # notation round trip
        record.actions.append(text)
        if n % 97 == 0:  # JSON round trip of the state
            data = json.loads(json.dumps(state.to_json()))
            assert State.from_json(game, data) == state
    # replay reproduces the game exactly
    assert state_digest(record.replay()) == state_digest(state)
