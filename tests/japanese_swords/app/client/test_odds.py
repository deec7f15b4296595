"""Battle odds: a Monte Carlo estimate over the worlds the human's observation allows."""

from __future__ import annotations

import random

from japanese_swords.cards import Card
from japanese_swords.app.client.odds import estimate, strongest_commitment
from japanese_swords.observation import observation
from japanese_swords.state import Battle

from .conftest import new_game


def test_strongest_commitment_respects_the_limits():
    hand = [0] * 16
    hand[Card.MOUNTED] = 6
    hand[Card.DAIMYO] = 2
    hand[Card.TACTICS] = 3
    hand[Card.PEASANT] = 2
    pick = strongest_commitment(hand)
    assert len(pick) == 7 and pick.count(Card.DAIMYO) == 1
    assert sum(1 for c in pick if c.is_soldier) <= 5
    assert sum(c.force for c in pick) == 10 + 9 * 5 + 7  # Daimyo, five Mounted, one Tactics


def test_stronger_pick_has_better_odds_and_no_battle_gives_none():
    session, controller, _p = new_game()
    st = session.state
    attacker, defender = st.occupant[15], st.occupant[95]
    st.battle = Battle(attacker, defender, 0, 1)
    st.hands[0] = [0] * 16
    st.hands[0][Card.MOUNTED] = 5
    st.hands[0][Card.PEASANT] = 1
    st.hands[1][Card.SPEARMEN] = 3
    st.deck[Card.MOUNTED] -= 5
    st.deck[Card.PEASANT] -= 1
    st.deck[Card.SPEARMEN] -= 3
    obs = observation(st, 0)
    weak = estimate(obs, (Card.PEASANT,), random.Random(1), samples=150)
    strong = estimate(obs, (Card.MOUNTED,) * 5, random.Random(1), samples=150)
    assert weak is not None and strong is not None
    assert abs(weak.win + weak.lose + weak.void - 1) < 1e-9
    assert strong.win > weak.win
    st.battle = None
    assert estimate(observation(st, 0), (Card.PEASANT,), random.Random(1)) is None
    controller.close()
