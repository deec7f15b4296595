"""The client's log and panel under the bidding, ronin and castles modules: what happened in words, with
other seats' bids and ronin armies kept hidden (docs/variants.md)."""

from __future__ import annotations

from japanese_swords.actions import Bid, End, HireRonin, SetOrder
from japanese_swords.app.client import narrate
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import initial_state
from tests.positions import at_phase, make_game

SHOGUN = ("bidding", "castles", "ronin")


def _say(state, action, human):
    actor = state.current_player()
    return narrate.describe(action, state.play(action), actor, human, state.game.board)


def test_the_log_hides_another_seats_bid_until_all_are_revealed():
    state = initial_state(make_game(modules=SHOGUN))
    state.play(SetOrder((0, 1)))
    while state.bids is None and state.current_player() != CHANCE:
        state.play(End())
    state.gold = [4, 4]
    assert "to bid" in narrate.shogun_status(state, 0)
    assert _say(state, Bid(3), human=1) == ["Oda bids for the turn order, face down."]
    assert narrate.shogun_status(state, 0).strip() == "bid made"
    lines = _say(state, Bid(1), human=1)
    assert lines[0] == "You bid 1 gold for the turn order, face down."
    assert lines[1] == "Bids for round 2: Oda 3, You 1 (all spent). Turn order: Oda, You."


def test_the_log_hides_where_another_seat_hires_its_ronin():
    state = initial_state(make_game(modules=SHOGUN))
    state.play(SetOrder((0, 1)))
    at_phase(state, Phase.EXPENSE)
    state.gold[0] = 5
    square = state.armies[0].square
    action = HireRonin(square)
    seen = narrate.describe(action, state.clone().play(action), 0, 1, state.game.board)
    assert seen == ["Oda hires a ronin for 2 gold, face down with one of their armies."]
    own = _say(state, action, human=0)
    assert own == [f"You hire a ronin for 2 gold: it joins the army at {narrate.square_name(square)}."]
    assert narrate.shogun_status(state, 0).strip() == "ronin 1"
