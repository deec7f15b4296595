"""The expense phase: upkeep, disbanding and raising armies (ruling 6), one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    Disband,
    End,
    Raise,
)
from japanese_swords.core import Phase
from japanese_swords.engine import decision
from japanese_swords.errors import IllegalActionError
from tests.positions import (
    at_phase,
    place,
    sq,
    started,
)


def test_expense_one_gold_per_army_paid_on_entering():
    s = started()
    s.gold[0] = 5
    s.play(End())
    assert s.phase == Phase.EXPENSE and s.gold[0] == 3  # two armies


def test_ruling_6_short_of_gold_the_player_chooses_armies_to_disband():
    s = started()
    place(s, 0, "c1")
    s.gold[0] = 2  # three armies, two gold
    s.play(End())
    assert decision(s) == "disband" and s.gold[0] == 2
    with pytest.raises(IllegalActionError, match="disband"):
        s.play(End())
    assert set(s.legal_actions()) == {Disband(sq("b1")), Disband(sq("b2")), Disband(sq("c1"))}
    s.play(Disband(sq("c1")))
    assert s.upkeep_paid and s.gold[0] == 0 and s.occupant[sq("c1")] == -1


def test_ruling_6_raise_armies_for_4_gold_next_to_own_fortress():
    s = at_phase(started(), Phase.EXPENSE)
    s.gold[0] = 8
    legal = {a for a in s.legal_actions() if isinstance(a, Raise)}
    assert legal == {Raise(sq("a1")), Raise(sq("c1"))}  # b1 and b2 occupied
    s.play(Raise(sq("a1")))
    s.play(Raise(sq("c1")))  # any number per turn
    assert s.gold[0] == 0 and s.army_at(sq("a1")).owner == 0
    with pytest.raises(IllegalActionError, match="costs 4 gold"):
        s.play(Raise(sq("b1")))


def test_ruling_6_new_armies_pay_upkeep_from_the_next_turn():
    s = at_phase(started(), Phase.EXPENSE)
    s.gold[0] = 4
    s.play(Raise(sq("a1")))
    for _ in range(4):
        s.play(End())  # expense -> draw -> honor -> travel -> battle
    s.play(End())  # p1's turn ends
    assert s.turn_player == 1
    s.phase = Phase.BATTLE
    s.gold[0] = 0
    s.play(End())  # p1 again: revenue 3
    s.play(End())  # expense: 3 armies but 3 gold
    assert s.gold[0] == 0 and s.upkeep_paid
