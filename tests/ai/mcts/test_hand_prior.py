"""The hand prior: weighted dealing of unseen cards, its fit from played games, and its use by the MCTS."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.agent import SpecError, make_agent
from ai.match import play_game
from ai.mcts.hand_prior import WEIGHT_RANGE, fit, positions, shipped_weights, tally, uniform_weights, weighted_order
from ai.mcts.worlds import sample_world
from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


def test_a_weighted_order_is_a_permutation_of_the_pool() -> None:
    pool = C.cards_of(C.full_deck())
    out = weighted_order(pool, shipped_weights(), random.Random(1))
    assert sorted(out) == sorted(pool)


def test_heavier_card_types_come_first_more_often() -> None:
    pool = [Card.PEASANT] * 9 + [Card.DAIMYO]
    heavy = [1.0] * C.NUM_TYPES
    heavy[Card.DAIMYO] = 10.0
    rng = random.Random(2)
    firsts = Counter(weighted_order(pool, heavy, rng)[0] for _ in range(2000))
    uniform = Counter(weighted_order(pool, uniform_weights(), rng)[0] for _ in range(2000))
    # P(Daimyo first) is 10/19 with weight 10 and 1/10 uniformly
    assert firsts[Card.DAIMYO] / 2000 == pytest.approx(10 / 19, abs=0.05)
    assert uniform[Card.DAIMYO] / 2000 == pytest.approx(0.1, abs=0.03)


def test_fit_is_the_share_ratio_clipped() -> None:
    hand = [0.0] * C.NUM_TYPES
    pool = [1.0] * C.NUM_TYPES
    hand[Card.DAIMYO] = 2.0
    hand[Card.MONKS] = 1.0
    hand[Card.INTRIGUE] = 0.0
    hand[Card.NINJA] = 50.0
    w = fit(hand, pool)
    assert w["DAIMYO"] == 2.0 and w["MONKS"] == 1.0
    assert w["INTRIGUE"] == WEIGHT_RANGE[0] and w["NINJA"] == WEIGHT_RANGE[1]
    pool[Card.PEASANT] = 0.0
    assert fit(hand, pool)["PEASANT"] == 1.0  # never in the pool: no evidence, no bias


def test_shipped_weights_cover_every_card_type_in_range() -> None:
    w = shipped_weights()
    assert len(w) == C.NUM_TYPES
    assert all(WEIGHT_RANGE[0] <= x <= WEIGHT_RANGE[1] for x in w)
    # what the fit found in league games: Daimyo and Diplomacy kept, Intrigue played at once
    assert w[Card.DAIMYO] > 1.3 and w[Card.DIPLOMACY] > 1.3 and w[Card.INTRIGUE] < 0.5


def _travel_starts() -> list[State]:
    game = Game(load_map("classic-2p"), Rules(max_rounds=12))
    seen: list[State] = []
    play_game(game, [make_agent("greedy"), make_agent("hoarder")], 4,
              on_action=lambda s, _a: seen.append(s.clone()) if positions(s) else None)
    return seen


def test_tally_compares_opponents_hands_with_the_observers_pool() -> None:
    states = _travel_starts()
    assert states and all(s.phase.name == "TRAVEL" and not s.moved for s in states)
    hand, pool = tally(states)
    counted = sum(1 for s in states if sum(s.hands[1 - s.turn_player]))
    assert sum(hand) == pytest.approx(counted)  # one hand's shares sum to 1
    assert sum(pool) == pytest.approx(counted)


def test_weighted_worlds_deal_more_of_the_heavy_types_to_the_opponent() -> None:
    state = next(s for s in _travel_starts() if sum(s.hands[1 - s.turn_player]) >= 4)
    me = state.turn_player
    obs = observation(state, me)
    heavy = [0.2] * C.NUM_TYPES
    heavy[Card.MOUNTED] = heavy[Card.ARCHERS] = 5.0
    rng = random.Random(3)
    strong = plain = 0
    for _ in range(300):
        strong += sum(sample_world(obs, rng, weights=heavy).hands[1 - me][c] for c in (Card.MOUNTED, Card.ARCHERS))
        plain += sum(sample_world(obs, rng).hands[1 - me][c] for c in (Card.MOUNTED, Card.ARCHERS))
    assert strong > 1.5 * plain


def test_the_hand_prior_is_an_mcts_option() -> None:
    assert make_agent("mcts:iterations=4").hand_weights == shipped_weights()
    assert make_agent("mcts:iterations=4:hand_prior=uniform").hand_weights is None
    with pytest.raises(SpecError, match="hand_prior"):
        make_agent("mcts:hand_prior=strong")
