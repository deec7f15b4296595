"""The travel phase: movement, control and capture (rulings 2-4, 14), one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    Move,
)
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.errors import IllegalActionError
from tests.positions import (
    THREE_MAP,
    at_phase,
    clear_armies,
    give,
    make_game,
    place,
    sq,
    started,
)

# ----- travel --------------------------------------------------------------------------------------------


def test_ruling_2_movement_points_and_terrain_costs():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "d4")
    dests = {a.dst for a in s.legal_actions() if isinstance(a, Move)}
    # d3 (difficult, 2) reachable; e3 impassable never; c4-b4 (1+1) reachable; d5-d6 (1+1); e4 then e5 (1+2) not
    assert sq("d3") in dests and sq("e3") not in dests and sq("b4") in dests and sq("d6") in dests
    assert sq("e5") not in dests and sq("f4") in dests
    with pytest.raises(IllegalActionError, match="not reachable"):
        s.play(Move(sq("d4"), sq("e5")))


def test_ruling_2_pass_through_friends_not_end_on_them_enemies_block():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "c7")
    place(s, 0, "c8")
    place(s, 1, "d7")
    dests = {a.dst for a in s.legal_actions() if isinstance(a, Move) and a.src == sq("c7")}
    assert sq("c9") in dests  # through the friendly army at c8
    assert sq("c8") not in dests  # but not ending on it
    assert sq("d7") not in dests and sq("e7") not in dests  # the enemy at d7 blocks


def test_ruling_2_each_army_moves_once_per_travel_phase():
    s = at_phase(started(), Phase.TRAVEL)
    s.play(Move(sq("b2"), sq("b3")))
    with pytest.raises(IllegalActionError, match="at most once"):
        s.play(Move(sq("b3"), sq("b4")))


def test_ruling_3_control_changes_where_the_move_ends_and_stays():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "b2")
    place(s, 0, "f4")
    s.play(Move(sq("b2"), sq("b4")))  # ends on the keep: controlled
    assert s.control[sq("b4")] == 0
    s.play(Move(sq("f4"), sq("f6")))
    assert s.control[sq("f6")] == 0
    # control stays after the army leaves
    s.phase = Phase.TRAVEL
    s.moved = set()
    s.play(Move(sq("b4"), sq("c5")))
    assert s.control[sq("b4")] == 0


def test_ruling_3_passing_through_a_keep_does_not_take_it():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "a4")
    s.play(Move(sq("a4"), sq("c4")))  # through b4
    assert s.control[sq("b4")] == -1


def test_ruling_4_ending_a_move_in_an_enemy_fortress_puts_its_owner_out():
    game = make_game(THREE_MAP)
    s = at_phase(started(game), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "e9")
    place(s, 1, "a5")
    place(s, 2, "h1")
    give(s, 1, "PF DA")
    s.control[sq("b4")] = 1
    s.play(Move(sq("e9"), sq("e10")))  # p2's fortress
    assert not s.alive[1] and s.control[sq("e10")] == 0 and s.control[sq("b4")] == -1
    assert not s.armies_of(1) and sum(s.hands[1]) == 0 and s.discard[Card.DAIMYO] == 1
    assert not s.is_terminal()
    # captured fortress yields 3 gold to its captor
    assert s.revenue(0) == 6


def test_ruling_14_last_player_with_a_fortress_wins():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "i8")
    s.play(Move(sq("i8"), sq("i9")))
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, 0.0]
