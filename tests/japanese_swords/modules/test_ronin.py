"""The ronin module (docs/variants.md, rulings R1-R4): one test per ruling on hand-built positions."""

from __future__ import annotations

import random

from japanese_swords.actions import Attack, Commit, End, HireRonin, SetOrder, parse_action
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import initial_state
from japanese_swords.events import GoldChanged, RoninFought, RoninHired
from japanese_swords.modules import ronin
from japanese_swords.observation import determinize, observation
from tests.positions import at_phase, clear_armies, give, make_game, place, sq

RONIN = ("ronin",)


def _expense(modules=RONIN, gold=10):
    """Seat 0 (p1) at its expense phase, upkeep paid, armies at d4 and h8 (p2 at d5), ``gold`` gold."""
    state = initial_state(make_game(modules=modules, battle_draw=0))
    state.play(SetOrder((0, 1)))
    at_phase(state, Phase.EXPENSE)
    clear_armies(state)
    place(state, 0, "d4")
    place(state, 0, "h8")
    place(state, 1, "d5")
    state.gold[0] = gold
    return state


def _fight(state, att_cards="SW", def_cards="WM"):
    """p1's army at d4 attacks p2's at d5 in p1's battle phase with the given commitments."""
    at_phase(state, Phase.BATTLE)
    give(state, 0, att_cards)
    give(state, 1, def_cards)
    events = state.play(Attack(sq("d4"), sq("d5")))
    events += state.play(Commit(tuple(Card.from_code(c) for c in att_cards.split())))
    events += state.play(Commit(tuple(Card.from_code(c) for c in def_cards.split())))
    return events


def test_r1_ronin_are_hired_in_the_expense_phase_for_2_gold_at_most_3_an_army():
    state = _expense(gold=10)
    assert HireRonin(sq("d4")) in state.legal_actions() and HireRonin(sq("d5")) not in state.legal_actions()
    events = state.play(parse_action("ronin d4"))
    assert events == (GoldChanged(0, -2, "ronin"), RoninHired(0, 2, sq("d4")))
    state.play(HireRonin(sq("d4")))
    state.play(HireRonin(sq("d4")))
    assert state.gold[0] == 4 and ronin.counts(state) == [3, 0]
    assert "at most 3" in state.why_illegal(HireRonin(sq("d4")))
    assert state.why_illegal(HireRonin(sq("h8"))) is None
    state.gold[0] = 1
    assert "costs 2 gold" in state.why_illegal(HireRonin(sq("h8")))
    state.gold[0] = 5
    at_phase(state, Phase.DRAW)
    assert "expense phase" in state.why_illegal(HireRonin(sq("h8")))


def test_r2_each_ronin_adds_3_force_to_its_armys_battles_attacking_or_defending():
    state = _expense()
    state.play(HireRonin(sq("d4")))
    events = _fight(state, "WM", "MU")  # 5 + 3 against 6: the ronin win it
    report = state.last_battle
    assert report.attacker_modifier == 3 and report.attacker_force == 8 and report.winner == 0
    assert RoninFought(0, sq("d4"), 1, 3) in events
    defending = _expense()
    defending.ronin[defending.occupant[sq("d5")]] = 2  # p2's ronin with the defender
    _fight(defending, "SW", "WM")  # 7 against 5 + 6
    assert defending.last_battle.defender_modifier == 6 and defending.last_battle.winner == 1


def test_r3_ronin_leave_at_the_start_of_their_owners_next_turn():
    state = _expense()
    state.play(HireRonin(sq("d4")))
    while state.turn_player == 0:
        state.play(End())
    assert ronin.counts(state) == [1, 0]  # they serve through the opponents' turns
    while state.turn_player == 1:
        state.play(End())
    assert ronin.counts(state) == [0, 0] and state.ronin == {}


def test_r4_the_count_is_public_and_the_army_secret_until_it_fights():
    state = _expense()
    events = state.play(HireRonin(sq("h8")))
    assert events[1].seen_by(1) == RoninHired(0, 2, None) and events[1].seen_by(0) == events[1]
    seen = observation(state, 1).state
    assert seen.ronin == {-1: 1} and ronin.counts(seen) == [1, 0]
    assert observation(state, 0).state.ronin == state.ronin
    placed = {next(iter(determinize(observation(state, 1), random.Random(s)).ronin)) for s in range(20)}
    assert placed == {state.occupant[sq("d4")], state.occupant[sq("h8")]}  # guessed over p1's armies
