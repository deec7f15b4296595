"""The AI under the bidding, ronin and castles modules (docs/variants.md): greedy and the league play
them legally and sensibly, and neither greedy nor MCTS reads a secret bid or ronin assignment."""

from __future__ import annotations

import json
import random

import pytest

from ai.agent import make_agent
from ai.match import play_game
from ai.mcts import MCTSAgent
from japanese_swords.actions import Bid, End, HireRonin, SetOrder
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import initial_state
from japanese_swords.observation import observation
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.test_invariants import MAPS, check_invariants
from tests.positions import at_phase, make_game

SHOGUN = ("bidding", "castles", "ronin")


def _bidding_after(first_bid: int):
    """Round 2's bidding with p1 having bid ``first_bid``: p2 to bid."""
    state = initial_state(make_game(modules=SHOGUN))
    state.play(SetOrder((0, 1)))
    while state.bids is None and state.current_player() != CHANCE:
        state.play(End())
    state.gold = [6, 6]
    state.play(Bid(first_bid))
    return state


@pytest.mark.parametrize("agent", ["greedy", "mcts"])
def test_the_ai_does_not_read_another_seats_bid(agent):
    states = [_bidding_after(n) for n in (0, 4)]
    assert observation(states[0], 1).state == observation(states[1], 1).state
    player = make_agent("greedy") if agent == "greedy" else MCTSAgent(iterations=12, rollouts="scalar", seed=3)
    chosen = [player.choose(observation(s, 1), s.legal_actions(), random.Random(7)) for s in states]
    assert chosen[0] == chosen[1] and isinstance(chosen[0], Bid)


def test_the_ai_does_not_read_where_another_seats_ronin_are():
    states = []
    for pick in (0, 1):
        state = initial_state(make_game(modules=SHOGUN))
        state.play(SetOrder((0, 1)))
        at_phase(state, Phase.EXPENSE)
        state.gold[0] = 5
        square = sorted(a.square for _, a in state.armies_of(0))[pick]
        state.play(HireRonin(square))
        while state.turn_player == 0:
            state.play(End())
        states.append(state)
    assert states[0].ronin != states[1].ronin
    assert observation(states[0], 1).state == observation(states[1], 1).state
    player = MCTSAgent(iterations=12, rollouts="scalar", seed=3)
    chosen = [player.choose(observation(s, 1), s.legal_actions(), random.Random(7)) for s in states]
    assert chosen[0] == chosen[1]


def test_greedy_and_league_games_keep_invariants_use_the_modules_and_replay():
    modules = SHOGUN + ("weather", "terrain-arms")
    used: set[str] = set()
    for players in (2, 3, 4):
        game = make_game(MAPS[players], max_rounds=14, modules=modules)
        names = ["greedy", "rusher", "turtle", "hoarder"][:players]
        result = play_game(game, [make_agent(n) for n in names], seed=players,
                           on_action=lambda state, _action: check_invariants(state))
        kinds = {a.split()[0] for a in result.record.actions}
        assert {"bid", "ronin"} <= kinds
        used |= kinds
        again = Record.from_json(json.loads(json.dumps(result.record.to_json())))
        assert state_digest(again.verify()) == state_digest(result.state)
    assert "fortify" in used
