"""The honor phase: buying honor, Much Honor and Intrigue (ruling 8), one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    BuyHonor,
    Discard,
    IntrigueReply,
    PlayCard,
)
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.errors import IllegalActionError
from tests.positions import (
    at_phase,
    give,
    started,
)


def test_ruling_8_at_most_one_honor_bought_per_phase():
    s = at_phase(started(), Phase.HONOR)
    s.gold[0] = 3
    s.play(BuyHonor())
    assert s.honor[0] == 1 and s.gold[0] == 2
    with pytest.raises(IllegalActionError, match="one honor"):
        s.play(BuyHonor())


def test_much_honor_gives_4_honor_in_honor_phase():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "MH MH")
    s.play(PlayCard(Card.MUCH_HONOR))
    s.play(PlayCard(Card.MUCH_HONOR))
    assert s.honor[0] == 8


def test_ruling_8_intrigue_target_chooses_to_lose_3_honor():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "IN")
    give(s, 1, "PF SP WM")
    s.play(PlayCard(Card.INTRIGUE, 1))
    assert s.current_player() == 1
    assert set(s.legal_actions()) == {IntrigueReply(False), IntrigueReply(True)}
    s.play(IntrigueReply(False))
    assert s.honor[1] == -3  # ruling 8: honor may go negative
    assert s.current_player() == 0


def test_ruling_8_intrigue_target_may_discard_3_cards_of_their_choice():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "IN")
    give(s, 1, "PF SP WM DA")
    s.play(PlayCard(Card.INTRIGUE, 1))
    s.play(IntrigueReply(True))
    for code in ("PF", "SP", "WM"):
        assert s.current_player() == 1
        s.play(Discard(Card.from_code(code)))
    assert s.hands[1][Card.DAIMYO] == 1 and sum(s.hands[1]) == 1 and s.current_player() == 0


def test_ruling_8_intrigue_cards_only_if_holding_3():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "IN")
    give(s, 1, "PF SP")
    s.play(PlayCard(Card.INTRIGUE, 1))
    assert s.legal_actions() == [IntrigueReply(False)]
    with pytest.raises(IllegalActionError, match="at least 3 cards"):
        s.play(IntrigueReply(True))
