"""The compiled deal (ai.mcts.deal) gives the cards ai.mcts.worlds.deal_hidden deals from
random.Random(seed): Python's Mersenne Twister, its random(), the weighted order and the deal repeated."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.agent import make_agent
from ai.match import play_game
from ai.mcts.deal import deal_many
from ai.mcts.hand_prior import shipped_weights
from ai.mcts.worlds import deal_hidden
from japanese_swords.core import CHANCE
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import Observation, observation


def observations(name: str, seed: int) -> list[Observation]:
    """The turn player's observation at every tenth decision of a seeded greedy game."""
    game = Game(load_map(name), Rules(max_rounds=10))
    out: list[Observation] = []

    def grab(state, _action) -> None:
        if not state.is_terminal() and state.current_player() != CHANCE and len(out) < 40:
            out.append(observation(state, state.current_player()))

    play_game(game, [make_agent("greedy") for _ in range(game.num_players)], seed, on_action=grab)
    return out[::10] + out[-1:]


OBS = observations("classic-2p", 2) + observations("onin-4p", 3)
EDGES = [0, 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(OBS), st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=6),
       st.lists(st.floats(0.05, 5.0), min_size=16, max_size=16) | st.just(list(shipped_weights())))
def test_compiled_deal_is_pythons(obs: Observation, seeds: list[int], weights: list[float]) -> None:
    seeds = seeds + EDGES
    hands, deck = deal_many(seeds, obs.unseen, obs.hand_sizes, obs.seat, weights)
    for k, seed in enumerate(seeds):
        want = deal_hidden(obs, random.Random(seed), weights)
        assert deck[k].tolist() == want.deck
        for s in range(len(obs.hand_sizes)):
            assert hands[k, s].tolist() == want.hands.get(s, [0] * 16), (seed, s)


def test_a_deal_conserves_the_unseen_cards() -> None:
    obs = OBS[-1]
    hands, deck = deal_many([7, 8, 9], obs.unseen, obs.hand_sizes, obs.seat, shipped_weights())
    for k in range(3):
        assert (hands[k].sum(0) + deck[k]).tolist() == list(obs.unseen)
        assert hands[k].sum(1).tolist() == [0 if s == obs.seat else n for s, n in enumerate(obs.hand_sizes)]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(OBS), st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=4), st.data())
def test_any_hand_sizes_deal_as_python_does(obs: Observation, seeds: list[int], data: st.DataObject) -> None:
    """Only the top of the weighted order is ranked: other hand sizes (none at all, or most of the pool)
    still give Python's cards."""
    from dataclasses import replace

    total = sum(obs.unseen)
    sizes = [0 if s == obs.seat else data.draw(st.integers(0, total // (len(obs.hand_sizes) - 1)))
             for s in range(len(obs.hand_sizes))]
    obs = replace(obs, hand_sizes=tuple(sizes))
    hands, deck = deal_many(seeds, obs.unseen, obs.hand_sizes, obs.seat, shipped_weights())
    for k, seed in enumerate(seeds):
        want = deal_hidden(obs, random.Random(seed), shipped_weights())
        assert deck[k].tolist() == want.deck
        for s in range(len(sizes)):
            assert hands[k, s].tolist() == want.hands.get(s, [0] * 16), (seed, s)
