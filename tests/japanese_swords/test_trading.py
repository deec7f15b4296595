"""Trading (ruling 15), also while disbanding, one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    Accept,
    Bundle,
    Decline,
    Disband,
    End,
    Offer,
)
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import decision
from japanese_swords.errors import IllegalActionError
from tests.positions import (
    at_phase,
    clear_armies,
    give,
    place,
    sq,
    started,
)

# ----- trading -------------------------------------------------------------------------------------------


def test_ruling_15_trade_gold_cards_armies_keeps_and_honor():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "b4", 2)
    place(s, 1, "h8")
    s.control[sq("b4")] = 0
    s.gold = [5, 2]
    s.honor = [4, 3]
    give(s, 0, "DA ST")
    give(s, 1, "MS")
    offer = Offer(1, Bundle(gold=2, honor=1, cards=(Card.DAIMYO,), armies=(sq("b4"),), keeps=(sq("b4"),)),
                  Bundle(gold=1, cards=(Card.MOUNTED,)), "I will not attack you")
    s.play(offer)
    assert s.current_player() == 1 and decision(s) == "reply"
    s.play(Accept())
    assert s.gold == [4, 3] and s.honor == [3, 4]
    assert s.hands[1][Card.DAIMYO] == 1 and s.hands[0][Card.MOUNTED] == 1
    assert s.army_at(sq("b4")) == (1, sq("b4"), 2) and s.control[sq("b4")] == 1  # keeps its experience
    assert s.current_player() == 0


def test_ruling_15_declined_offer_changes_nothing_and_at_most_3_offers_per_turn():
    s = at_phase(started(), Phase.DRAW)
    s.gold = [3, 0]
    before = s.to_json()
    offer = Offer(1, Bundle(gold=1), Bundle())
    for _ in range(3):
        s.play(offer)
        s.play(Decline())
    assert s.gold == [3, 0] and s.offers_made == 3 and before["gold"] == s.gold
    with pytest.raises(IllegalActionError, match="at most 3"):
        s.play(offer)


def test_ruling_15_fortresses_cannot_be_traded_and_occupied_keeps_go_with_their_army():
    s = at_phase(started(), Phase.DRAW)
    with pytest.raises(IllegalActionError, match="fortress"):
        s.play(Offer(1, Bundle(armies=(sq("b1"),))))
    place(s, 0, "b4")
    s.control[sq("b4")] = 0
    with pytest.raises(IllegalActionError, match="occupied"):
        s.play(Offer(1, Bundle(keeps=(sq("b4"),))))


def test_ruling_15_accept_needs_the_cards_asked_for():
    s = at_phase(started(), Phase.DRAW)
    s.play(Offer(1, Bundle(), Bundle(cards=(Card.DAIMYO,))))  # the offerer cannot see p2's hand
    assert s.legal_actions() == [Decline()]
    with pytest.raises(IllegalActionError, match="does not hold"):
        s.play(Accept())


def test_ruling_6_and_15_a_trade_while_disbanding_settles_upkeep():
    # Three armies, two gold: p1 must disband, but may trade first (offers are open at any own decision).
    s = started()
    place(s, 0, "c1")
    s.gold = [2, 5]
    s.play(End())
    assert decision(s) == "disband"
    s.play(Offer(1, Bundle(), Bundle(gold=1)))  # p2 gives 1 gold: 3 gold for 3 armies
    s.play(Accept())
    assert decision(s) == "main" and s.upkeep_paid and s.gold == [0, 4]
    assert len(s.armies_of(0)) == 3
    s.play(End())
    assert s.phase == Phase.DRAW


def test_ruling_6_and_15_giving_an_army_away_while_disbanding_settles_upkeep():
    s = started()
    clear_armies(s)
    place(s, 0, "b2")
    place(s, 0, "d4")
    place(s, 0, "e4")
    s.gold = [2, 0]
    at_phase(s, Phase.EXPENSE)
    s.upkeep_paid = False  # three armies, two gold: the choice of armies to disband is pending
    assert decision(s) == "disband"
    s.play(Offer(1, Bundle(armies=(sq("e4"),))))
    s.play(Accept())
    assert s.upkeep_paid and s.gold[0] == 0 and s.army_at(sq("e4")).owner == 1
    assert decision(s) == "main" and Disband(sq("b2")) not in s.legal_actions()


def test_ruling_6_a_trade_while_disbanding_that_leaves_gold_short_still_demands_a_disband():
    s = started()
    place(s, 0, "c1")
    s.gold = [1, 5]
    s.play(End())
    s.play(Offer(1, Bundle(), Bundle(gold=1)))  # 2 gold for 3 armies: still short
    s.play(Accept())
    assert decision(s) == "disband" and s.gold == [2, 4] and not s.upkeep_paid
    s.play(Disband(sq("c1")))
    assert s.upkeep_paid and s.gold[0] == 0
