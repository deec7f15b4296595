"""ai.mcts.worlds: every sampled world keeps the whole card set and the public counts."""

from __future__ import annotations

import random

from ai.mcts.hand_prior import shipped_weights
from ai.mcts.worlds import sample_world
from japanese_swords import cards as C
from japanese_swords.observation import observation
from tests.ai.mcts.test_rank_memo import POSITIONS


def test_a_world_deals_every_unseen_card_once() -> None:
    weights = shipped_weights()
    for k, (state, seat) in enumerate(POSITIONS[::2]):
        obs = observation(state, seat)
        for w in (weights, None):
            world = sample_world(obs, random.Random(k), None, w)
            b = world.battle
            committed = [] if b is None else list(b.attacker_cards or ()) + list(b.defender_cards or ())
            placed = [sum(h[c] for h in world.hands) + world.discard[c] + committed.count(c)
                      for c in range(C.NUM_TYPES)]
            assert [C.COUNT[c] - placed[c] for c in range(C.NUM_TYPES)] == world.deck
            assert min(world.deck) >= 0
            assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
            assert world.hands[seat] == state.hands[seat]
