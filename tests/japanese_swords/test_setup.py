"""The deck, the terrain table, adjacency and setup (ruling 1 and 16), one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords import cards as C
from japanese_swords.actions import (
    Attack,
    SetOrder,
)
from japanese_swords.board import Terrain
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import initial_state
from tests.positions import (
    THREE_MAP,
    at_phase,
    clear_armies,
    make_game,
    place,
    sq,
    started,
)

# ----- cards, board, setup -------------------------------------------------------------------------------


def test_deck_has_116_cards_as_listed():
    expected = {"PF": (12, 3), "SP": (11, 4), "WM": (10, 5), "MU": (9, 6), "SW": (8, 7), "AR": (7, 8),
                "MS": (6, 9), "DA": (5, 10), "NI": (5, 2), "ST": (10, 7), "FM": (8, 0), "PR": (5, 0),
                "MH": (5, 0), "DI": (5, 0), "IN": (7, 0), "TR": (3, 10)}
    assert {c.code: (c.count, c.force) for c in Card} == expected
    assert sum(C.full_deck()) == C.DECK_SIZE == 116
    assert [c.code for c in Card if c.is_soldier] == ["PF", "SP", "WM", "MU", "SW", "AR", "MS"]


def test_terrain_table_move_cost_and_defense():
    table = {t: (t.move_cost, t.defense) for t in Terrain}
    assert table == {Terrain.CLEAR: (1, 0), Terrain.FORTRESS: (1, 10), Terrain.KEEP: (1, 5),
                     Terrain.DIFFICULT: (2, 0), Terrain.COVERED: (2, 3), Terrain.TREACHEROUS: (2, -5),
                     Terrain.IMPASSABLE: (None, 0)}


def test_ruling_1_adjacency_is_orthogonal():
    s = started()
    clear_armies(s)
    at_phase(s, Phase.BATTLE)
    place(s, 0, "d4")
    place(s, 1, "e5")  # diagonal: no attack
    place(s, 1, "d5")  # north: attack
    attacks = [a for a in s.legal_actions() if isinstance(a, Attack)]
    assert attacks == [Attack(sq("d4"), sq("d5"))]


def test_ruling_16_setup_fortress_two_armies_no_gold_honor_cards():
    game = make_game()
    s = initial_state(game)
    assert s.current_player() == CHANCE
    for seat, (fort, second) in enumerate((("b1", "b2"), ("i9", "i10"))):
        squares = sorted(a.square for _, a in s.armies_of(seat))
        assert squares == sorted([sq(fort), sq(second)])
        assert s.control[sq(fort)] == seat
    assert s.gold == [0, 0] and s.honor == [0, 0] and all(sum(h) == 0 for h in s.hands)
    assert all(s.control[k] == -1 for k in game.board.keeps())  # keeps start neutral


def test_ruling_16_turn_order_is_a_random_permutation():
    s = initial_state(make_game(THREE_MAP))
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
    s.play(SetOrder((2, 0, 1)))
    assert s.turn_player == 2 and s.phase == Phase.REVENUE and s.round == 1
