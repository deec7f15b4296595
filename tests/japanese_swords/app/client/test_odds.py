"""Battle odds: a Monte Carlo estimate over the worlds the human's observation allows."""

from __future__ import annotations

import random

from japanese_swords.app.client.odds import estimate, strongest_commitment
from japanese_swords.cards import Card
from japanese_swords.core import Battle
from japanese_swords.observation import observation

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


def _known_world(st, opp_hand: list[int]) -> None:
    """Set-up: the defender's hand is exactly ``opp_hand`` and every other card is in the discard pile,
    so every sampled world is the same and the estimate is exact."""
    st.hands[1] = list(opp_hand)
    st.deck = [0] * 16
    st.discard = [Card(i).count - st.hands[0][i] - opp_hand[i] for i in range(16)]


def test_attack_odds_count_the_defenders_diplomacy_like_defence_odds_do():
    session, controller, _p = new_game()
    st = session.state
    attacker, defender = st.occupant[15], st.occupant[95]
    st.battle = Battle(attacker, defender, 0, 1)
    st.hands[0] = [0] * 16
    st.hands[0][Card.MOUNTED] = 5
    opp = [0] * 16
    opp[Card.PEASANT] = 2
    opp[Card.DIPLOMACY] = 1
    _known_world(st, opp)
    odds = estimate(observation(st, 0), (Card.MOUNTED,) * 5, random.Random(1), samples=60)
    # five Mounted beat two Peasants, so a defender that holds Diplomacy plays it: the battle is void
    assert odds is not None and odds.void == 1.0 and odds.win == 0.0
    controller.close()


def test_attack_odds_count_a_ninja_the_defender_would_bring_against_a_daimyo():
    session, controller, _p = new_game()
    st = session.state
    attacker, defender = st.occupant[15], st.occupant[95]
    st.battle = Battle(attacker, defender, 0, 1)
    terrain = st.game.board.terrain[st.armies[defender].square].defense
    st.armies[attacker] = st.armies[attacker]._replace(experience=max(0, terrain + 1))
    st.hands[0] = [0] * 16
    st.hands[0][Card.DAIMYO] = 1
    st.hands[0][Card.MOUNTED] = 5
    st.hands[0][Card.TACTICS] = 1
    opp = [0] * 16
    opp[Card.DAIMYO] = 1
    opp[Card.TREACHERY] = 1
    opp[Card.TACTICS] = 2
    opp[Card.MOUNTED] = 3
    opp[Card.NINJA] = 1  # the eighth card: not among its seven strongest, but it kills the Daimyo
    _known_world(st, opp)
    pick = (Card.DAIMYO, *(Card.MOUNTED,) * 5, Card.TACTICS)
    assert Card.NINJA not in strongest_commitment(opp)
    odds = estimate(observation(st, 0), pick, random.Random(1), samples=60)
    assert odds is not None and odds.lose == 1.0
    without_daimyo = estimate(observation(st, 0), pick[1:], random.Random(1), samples=60)
    assert without_daimyo is not None and without_daimyo.lose == 1.0  # 52 + xp is too little anyway
    controller.close()
