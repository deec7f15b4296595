"""The draw phase (ruling 7), one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    Deal,
    Draw,
)
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.errors import IllegalActionError
from tests.positions import (
    at_phase,
    stack_deck,
    started,
)

# ----- draw and honor ------------------------------------------------------------------------------------


def test_ruling_7_first_draw_free_then_one_gold_each():
    s = at_phase(started(), Phase.DRAW)
    s.gold[0] = 1
    s.play(Draw())
    assert s.current_player() == CHANCE and s.gold[0] == 1
    s.play(Deal(Card.PEASANT))
    s.play(Draw())
    s.play(Deal(Card.DAIMYO))
    assert s.gold[0] == 0 and s.hands[0][Card.PEASANT] == 1 and s.hands[0][Card.DAIMYO] == 1
    with pytest.raises(IllegalActionError, match="costs 1 gold"):
        s.play(Draw())


def test_draw_chance_outcomes_are_card_types_weighted_by_count():
    s = at_phase(started(), Phase.DRAW)
    s.play(Draw())
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Deal(Card.PEASANT)] == pytest.approx(12 / 116)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_ruling_7_empty_deck_reshuffles_the_discard_pile():
    s = at_phase(started(), Phase.DRAW)
    stack_deck(s, "")
    assert sum(s.deck) == 0 and sum(s.discard) == 116
    s.play(Draw())
    assert sum(s.deck) == 116 and sum(s.discard) == 0
    s.play(Deal(Card.TACTICS))
    assert s.hands[0][Card.TACTICS] == 1


def test_ruling_7_no_draw_when_deck_and_discard_are_empty():
    s = at_phase(started(), Phase.DRAW)
    for c in range(16):
        s.hands[1][c] += s.deck[c]
        s.deck[c] = 0
    with pytest.raises(IllegalActionError, match="both empty"):
        s.play(Draw())
