"""The revenue phase (ruling 5, Prosperity), one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    End,
    PlayCard,
)
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.errors import IllegalActionError
from tests.positions import (
    give,
    sq,
    started,
)

# ----- revenue and expense -------------------------------------------------------------------------------


def test_ruling_5_revenue_three_per_fortress_one_per_keep():
    s = started()
    assert s.gold[0] == 3  # p1's fortress paid on entering revenue
    s.control[sq("b4")] = 0
    s.control[sq("f6")] = 0
    s.gold[0] = 0
    s.phase = Phase.BATTLE
    s.play(End())  # p1's turn ends
    s.phase = Phase.BATTLE
    s.play(End())  # p2's turn ends; p1 collects
    assert s.gold[0] == 3 + 1 + 1


def test_prosperity_gives_3_gold_in_revenue_phase_only():
    s = started()
    give(s, 0, "PR PR")
    s.play(PlayCard(Card.PROSPERITY))
    s.play(PlayCard(Card.PROSPERITY))  # any number may be played
    assert s.gold[0] == 3 + 6 and s.discard[Card.PROSPERITY] == 2
    s.play(End())
    give(s, 0, "PR")
    with pytest.raises(IllegalActionError, match="revenue phase"):
        s.play(PlayCard(Card.PROSPERITY))
