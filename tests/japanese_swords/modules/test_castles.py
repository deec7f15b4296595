"""The castles module (docs/variants.md, rulings C1-C3): one test per ruling on hand-built positions."""

from __future__ import annotations

import pytest

from japanese_swords.actions import Attack, Commit, End, Fortify, SetOrder, parse_action
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import initial_state
from japanese_swords.events import GoldChanged, WallsBuilt
from japanese_swords.observation import observation
from japanese_swords.phases.battle import battle_bonuses
from tests.positions import at_phase, clear_armies, give, make_game, place, sq

CASTLES = ("castles",)


def _expense(modules=CASTLES, gold=10):
    """p1 at its expense phase, upkeep paid, holding the keep f6 (its army there) and the keep b4."""
    state = initial_state(make_game(modules=modules, battle_draw=0))
    state.play(SetOrder((0, 1)))
    at_phase(state, Phase.EXPENSE)
    clear_armies(state)
    place(state, 0, "f6")
    place(state, 1, "i9")
    state.control[sq("f6")] = state.control[sq("b4")] = 0
    state.gold[0] = gold
    return state


def test_c1_walls_cost_3_gold_one_level_a_turn_on_a_keep_you_hold_at_most_2():
    state = _expense()
    assert {str(a) for a in state.legal_actions() if isinstance(a, Fortify)} == {"fortify f6", "fortify b4"}
    events = state.play(parse_action("fortify f6"))
    assert events == (GoldChanged(0, -3, "walls"), WallsBuilt(0, sq("f6"), 1, 3))
    assert state.walls == {sq("f6"): 1} and state.gold[0] == 7
    assert "once a turn" in state.why_illegal(Fortify(sq("b4")))
    state.fortified = False
    state.play(Fortify(sq("f6")))
    state.fortified = False
    assert "at most 2 levels" in state.why_illegal(Fortify(sq("f6")))
    assert "not a keep you control" in state.why_illegal(Fortify(sq("i9")))  # p2's fortress
    state.control[sq("b4")] = 1
    assert "not a keep you control" in state.why_illegal(Fortify(sq("b4")))
    state.gold[0] = 2
    state.control[sq("b4")] = 0
    assert "costs 3 gold" in state.why_illegal(Fortify(sq("b4")))


def test_c1_a_new_turn_may_build_again():
    state = _expense()
    state.play(Fortify(sq("f6")))
    while state.turn_player == 0:
        state.play(End())
    while state.turn_player == 1:
        state.play(End())
    assert not state.fortified and state.phase == Phase.REVENUE


def test_c2_each_level_adds_3_defence_to_the_keeps_defender():
    state = _expense()
    state.walls[sq("f6")] = 2
    place(state, 1, "f7")
    state.turn_index = 1  # p2's battle phase: it attacks the walled keep
    at_phase(state, Phase.BATTLE)
    give(state, 1, "DA")
    give(state, 0, "PF")
    state.play(Attack(sq("f7"), sq("f6")))
    assert battle_bonuses(state) == (0, 5 + 6)
    state.play(Commit((Card.DAIMYO,)))
    state.play(Commit((Card.PEASANT,)))  # 10 against 3 + 5 + 6: the walls hold
    report = state.last_battle
    assert report.defender_modifier == 6 and report.defender_force == 14 and report.winner == 0


def test_c3_walls_stay_with_a_captured_keep_and_are_public():
    state = _expense()
    state.walls[sq("f6")] = 1
    assert observation(state, 1).state.walls == {sq("f6"): 1}
    place(state, 1, "f7")
    state.turn_index = 1
    at_phase(state, Phase.BATTLE)
    give(state, 1, "DA TR")
    give(state, 0, "PF")
    state.play(Attack(sq("f7"), sq("f6")))
    state.play(Commit((Card.DAIMYO, Card.TREACHERY)))
    state.play(Commit((Card.PEASANT,)))  # 20 against 3 + 5 + 3: the keep falls
    assert state.control[sq("f6")] == 1 and state.walls == {sq("f6"): 1}
    assert state.last_battle.defender_modifier == 3


def test_the_shogun_preset_and_bad_values_of_its_modules():

    from japanese_swords.modules import ModuleError, preset_modules, validate

    assert validate(preset_modules("shogun"), 4) == ("bidding", "castles", "ronin")
    for spec, message in (("castles:levels=0", "levels must be 1-5"), ("ronin:most=11", "most must be 1-10"),
                          ("bidding:most=1", "module bidding: unknown parameter")):
        with pytest.raises(ModuleError, match=message):
            validate([spec], 2)
    assert validate(["castles:defence=5", "ronin:cost=2"], 2) == ("castles:defence=5", "ronin")
