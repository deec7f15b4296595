"""AI trade offers: made when they raise the offerer's evaluation and the receiver's rule would accept,
legal, each once a turn, never more than the rules' 3 a turn."""

from __future__ import annotations

import random

import pytest

from ai.agent import make_agent
from ai.offers import candidate_offers, choose_offer, receiver_accepts
from ai.toolkit.view import View
from japanese_swords.actions import Decline, Offer
from japanese_swords.board import square_index
from japanese_swords.core import Phase
from japanese_swords.engine import State
from japanese_swords.observation import observation
from tests.positions import at_phase, clear_armies, give, place, started


def threatened() -> State:
    """Our travel phase with an enemy army next to our home fortress and 12 gold to spend."""
    state = at_phase(started(), Phase.TRAVEL)
    clear_armies(state)
    place(state, 0, "b1")
    place(state, 0, "f6")
    place(state, 1, "c1")
    place(state, 1, "i9")
    state.gold[0] = 12
    give(state, 0, "PF SP WM")
    return state


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=10:rollouts=scalar"])
def test_buys_off_the_army_at_its_gates_with_an_acceptable_legal_offer(spec: str) -> None:
    state = threatened()
    action = make_agent(spec).choose(observation(state, 0), state.legal_actions(), random.Random(0))
    assert isinstance(action, Offer) and action.get.armies == (square_index("c1"),)
    assert state.why_illegal(action) is None
    assert receiver_accepts(View.of_obs(observation(state, 0)), action)
    ok, _why = make_agent("greedy").respond_to_trade(observation(state, 1), action, random.Random(0))
    state.play(action)
    assert ok and state.current_player() == 1


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=10:rollouts=scalar"])
def test_each_offer_once_a_turn_and_at_most_three(spec: str) -> None:
    state = threatened()
    agent = make_agent(spec)
    offers = []
    for _ in range(6):
        action = agent.choose(observation(state, 0), state.legal_actions(), random.Random(0))
        if not isinstance(action, Offer):
            break
        offers.append(action)
        state.play(action)
        state.play(Decline())
    assert 1 <= len(offers) <= 3 and len(set(offers)) == len(offers)
    assert not isinstance(action, Offer)


def test_no_offer_without_gain_or_with_trading_off() -> None:
    state = threatened()
    view = View.of_obs(observation(state, 0))
    assert candidate_offers(view)
    assert choose_offer(view, lambda offer: -0.1, set()) is None
    for spec in ("greedy:trade=0", "mcts:iterations=10:rollouts=scalar:trade=0"):
        action = make_agent(spec).choose(observation(state, 0), state.legal_actions(), random.Random(0))
        assert not isinstance(action, Offer)


def test_no_offer_outside_our_travel_phase() -> None:
    state = at_phase(threatened(), Phase.HONOR)
    assert choose_offer(View.of_obs(observation(state, 0)), lambda offer: 1.0, set()) is None
