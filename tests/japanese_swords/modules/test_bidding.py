"""The bidding module (docs/variants.md, rulings B1-B5): one test per ruling on hand-built positions."""

from __future__ import annotations

import random

import pytest

from japanese_swords.actions import Bid, End, SetOrder, SetWeather, parse_action
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import initial_state
from japanese_swords.events import BidMade, BidsRevealed, GoldChanged, TurnStarted, WeatherDrawn
from japanese_swords.modules import bidding
from japanese_swords.observation import determinize, observation
from tests.positions import FOUR_MAP, make_game

BIDDING = ("bidding",)


def _to_round_two(modules=BIDDING, text=None, order=(0, 1), gold=(5, 5)):
    """A game played (every phase ended) to the bidding of round 2, with the given gold."""
    state = initial_state(make_game(text, modules=modules) if text else make_game(modules=modules))
    state.play(SetOrder(order))
    if "weather" in modules:
        state.play(SetWeather("clear"))
    while state.current_player() != CHANCE and state.bids is None:
        state.play(End())
    state.gold = list(gold) + [5] * (state.num_players - len(gold))
    return state


def test_b1_round_one_order_is_drawn_and_bidding_opens_every_later_round():
    state = initial_state(make_game(modules=BIDDING))
    assert state.current_player() == CHANCE and len(state.chance_outcomes()) == 2  # the classic draw
    state.play(SetOrder((1, 0)))
    assert state.round == 1 and state.bids is None and state.turn_player == 1
    while state.bids is None:
        state.play(End())
    assert state.round == 2 and state.bids == [-1, -1] and state.current_player() == 0
    assert [str(a) for a in state.legal_actions()] == [f"bid {n}" for n in range(state.gold[0] + 1)]


def test_b1_bidding_comes_before_the_rounds_weather():
    state = _to_round_two(modules=("bidding", "weather"))
    assert state.weather is None and state.current_player() == 0
    state.play(Bid(1))
    events = state.play(Bid(0))
    assert any(isinstance(e, BidsRevealed) for e in events)
    assert state.current_player() == CHANCE and state.chance_outcomes()[0][0] == SetWeather("clear")
    events = state.play(SetWeather("rain"))
    assert events[0] == WeatherDrawn("rain", 2) and events[1] == TurnStarted(0, 2)


def test_b2_bids_are_0_to_the_gold_and_secret_until_all_have_bid():
    state = _to_round_two(gold=(3, 5))
    assert state.why_illegal(Bid(4)) is not None and "0 to your gold" in state.why_illegal(Bid(4))
    assert state.why_illegal(End()) is not None
    events = state.play(parse_action("bid 2"))
    assert events == (BidMade(0, 2),) and events[0].seen_by(1) == BidMade(0, None)
    view = observation(state, 1).state
    assert view.bids == [bidding.HIDDEN, -1] and observation(state, 0).state.bids == [2, -1]
    assert state.current_player() == 1
    world = determinize(observation(state, 1), random.Random(3))
    assert 0 <= world.bids[0] <= 3 and world.current_player() == 1


def test_b3_all_bids_are_revealed_and_spent_and_the_highest_goes_first():
    state = _to_round_two(gold=(3, 5))
    state.play(Bid(1))
    events = state.play(Bid(4))
    assert GoldChanged(0, -1, "bid") in events and GoldChanged(1, -4, "bid") in events
    assert BidsRevealed(2, (1, 4), (1, 0), False) in events
    revenue = sum(e.delta for e in events if isinstance(e, GoldChanged) and e.seat == 1 and e.reason != "bid")
    assert state.gold == [2, 1 + revenue]
    assert state.order == (1, 0) and state.bids is None and state.turn_player == 1
    assert state.phase == Phase.REVENUE and state.round == 2


def test_b4_equal_bids_are_ordered_by_a_chance_draw():
    state = _to_round_two(gold=(3, 3))
    state.play(Bid(2))
    state.play(Bid(2))
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert sorted(str(a) for a, _ in outcomes) == ["order p1 p2", "order p2 p1"]
    assert all(p == pytest.approx(0.5) for _, p in outcomes)
    events = state.play(SetOrder((1, 0)))
    assert BidsRevealed(2, (2, 2), (1, 0), True) in events
    assert state.order == (1, 0) and state.gold[0] == 1


def test_b4_only_tied_seats_are_drawn_and_seats_out_of_the_game_come_last():
    state = _to_round_two(text=FOUR_MAP, order=(0, 1, 2, 3), gold=(3, 3, 3, 3))
    state.alive[2] = False
    state.play(Bid(2))
    state.play(Bid(0))
    assert state.current_player() == 3  # p3 is out: it does not bid
    state.play(Bid(0))
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == ["order p1 p2 p4 p3", "order p1 p4 p2 p3"]


def test_b5_the_bids_gold_is_gone():
    state = _to_round_two(gold=(3, 5))
    total = sum(state.gold)
    state.play(Bid(3))
    events = state.play(Bid(0))
    revenue = sum(e.delta for e in events if isinstance(e, GoldChanged) and e.reason != "bid")
    assert sum(state.gold) == total - 3 + revenue
