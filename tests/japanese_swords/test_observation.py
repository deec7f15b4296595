"""Observations hold nothing the seat may not know; determinized worlds agree with the observation."""

from __future__ import annotations

import random

from japanese_swords import cards as C
from japanese_swords.core import CHANCE
from japanese_swords.observation import determinize, observation
from tests.japanese_swords.random_play import random_actions
from tests.positions import THREE_MAP, make_game


def _midgame(seed: int = 11, n: int = 600):
    steps = list(random_actions(make_game(THREE_MAP, max_rounds=40), seed, n))
    return steps[-1][0]  # the one state every step mutated


def test_observation_hides_other_hands_and_the_deck() -> None:
    state = _midgame()
    for seat in range(3):
        obs = observation(state, seat)
        assert obs.state.hands[seat] == state.hands[seat]
        assert all(sum(obs.state.hands[s]) == 0 for s in range(3) if s != seat)
        assert sum(obs.state.deck) == 0 and obs.deck_size == sum(state.deck)
        assert obs.hand_sizes == tuple(sum(h) for h in state.hands)
        assert obs.state.discard == state.discard  # the discard pile is public
        assert obs.state.gold == state.gold and obs.state.armies == state.armies
        expected = [state.deck[c] + sum(state.hands[s][c] for s in range(3) if s != seat) for c in range(16)]
        assert list(obs.unseen) == expected


def test_observation_does_not_depend_on_hidden_cards() -> None:
    state = _midgame()
    other = state.clone()
    # move every unseen card of seat 0 around: swap p2's and p3's hands with deck cards
    pool = C.cards_of([other.deck[c] + other.hands[1][c] + other.hands[2][c] for c in range(16)])
    random.Random(4).shuffle(pool)
    n1, n2 = sum(other.hands[1]), sum(other.hands[2])
    other.hands[1], other.hands[2] = C.counts_of(pool[:n1]), C.counts_of(pool[n1:n1 + n2])
    other.deck = C.counts_of(pool[n1 + n2:])
    assert observation(state, 0).state == observation(other, 0).state


def test_determinized_worlds_are_consistent_with_the_observation() -> None:
    for seed in range(5):
        state = _midgame(seed, 400 + 50 * seed)
        seat = state.current_player()
        if seat == CHANCE or seat < 0:
            continue
        obs = observation(state, seat)
        world = determinize(obs, random.Random(seed))
        assert world.card_total() == 116
        assert world.hands[seat] == state.hands[seat]
        assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
        assert sum(world.deck) == sum(state.deck) and world.discard == state.discard
        assert observation(world, seat).state == obs.state
        assert world.legal_actions() == state.legal_actions()
