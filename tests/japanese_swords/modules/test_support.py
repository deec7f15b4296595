"""The support module (docs/variants.md, rulings P1-P4): one test per ruling on hand-built positions."""

from __future__ import annotations

import json

from japanese_swords.actions import Deal, Support, parse_action
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE
from japanese_swords.engine import State
from japanese_swords.events import GoldChanged, SupportPaid
from japanese_swords.observation import observation
from tests.japanese_swords.modules.fields import battle_position, cards
from tests.positions import place

SUPPORT = ("support",)


def _position(att_gold: int = 5, def_gold: int = 5, modules=SUPPORT) -> State:
    """p1 attacks d4 -> d5 with friends on c5 and d6; p2 defends d5 with a friend on e5."""
    state = battle_position(modules, "d4", "d5", "SW", "SP")
    place(state, 0, "c5")
    place(state, 0, "d6")
    place(state, 1, "e5")
    place(state, 1, "h5")  # not next to d5: never a supporter
    state.gold = [att_gold, def_gold]
    return state


def test_p1_attacker_then_defender_choose_supporters_next_to_the_defended_square():
    state = _position()
    events = state.play("attack d4 d5")
    assert state.current_player() == 0 and state.legal_actions() == [Support(0), Support(1), Support(2)]
    assert state.why_illegal(Support(3)) is not None
    events = state.play("support 2")
    assert SupportPaid(0, 2, 2) in events and state.gold[0] == 3
    assert state.current_player() == 1 and state.legal_actions() == [Support(0), Support(1)]
    state.play("support 1")
    assert state.gold[1] == 4 and state.battle.support == (2, 1)


def test_p1_supporters_are_limited_by_gold_and_a_side_without_any_is_skipped():
    state = _position(att_gold=1, def_gold=0)
    state.play("attack d4 d5")
    assert state.legal_actions() == [Support(0), Support(1)]
    state.play("support 1")
    assert state.battle.support == (1, 0) and state.current_player() == CHANCE  # p2 has no gold: no choice


def test_p2_each_supporter_draws_one_more_battle_card():
    state = _position()
    state.play("attack d4 d5")
    state.play("support 2")
    state.play("support 1")
    assert state.pending_draws == [0, 0, 1]
    for _ in range(3):
        state.play(Deal(Card.PEASANT))
    assert sum(state.hands[0]) == 3 and sum(state.hands[1]) == 2


def test_p3_the_winners_supporters_earn_their_gold_back_with_interest():
    state = _position()
    state.play("attack d4 d5")
    state.play("support 2")
    state.play("support 1")
    for _ in range(3):
        state.play(Deal(Card.PEASANT))
    state.play("commit SW")
    events = state.play(parse_action("commit SP"))
    assert state.last_battle.winner == 0
    assert state.gold == [3 + 4, 4] and GoldChanged(0, 4, "support") in events


def test_p3_the_losers_fees_are_spent_and_nobody_is_paid_without_a_winner():
    state = _position()
    state.hands[0][Card.DIPLOMACY] += 1
    state.deck[Card.DIPLOMACY] -= 1
    state.play("attack d4 d5")
    state.play("support 1")
    state.play("support 1")
    state.play(Deal(Card.PEASANT))
    state.play(Deal(Card.PEASANT))
    state.play("commit DI")
    state.play("commit SP")
    assert state.last_battle.winner is None and state.gold == [4, 4]


def test_p4_support_is_public_replays_and_classic_battles_have_none():
    state = _position()
    state.play("attack d4 d5")
    state.play("support 1")
    assert observation(state, 1).state.battle.support == (1,)
    data = json.loads(json.dumps(state.to_json()))
    assert State.from_json(state.game, data) == state and data["battle"]["support"] == [1]
    assert str(Support(2)) == "support 2" and parse_action("support 2") == Support(2)
    classic = _position(modules=())
    classic.play("attack d4 d5")
    assert classic.battle.support is None and "support" not in classic.battle.to_json()
    assert classic.current_player() == 0 and classic.legal_actions()[0].cards == cards("SW")
