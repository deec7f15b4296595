"""Playing chance with a seeded generator: pick an outcome with its probability."""

from __future__ import annotations

import random

from japanese_swords.actions import Action, Deal
from japanese_swords.cards import Card
from japanese_swords.engine import State
from japanese_swords.modules import weather

_DEALS = tuple(Deal(c) for c in Card)  # the deal of each card type (actions are immutable values)


def sample_chance(state: State, rng: random.Random) -> Action:
    """Sample the pending chance event's outcome (weights are exact card counts, so no float drift)."""
    if state.order is None or state.bids is not None:  # the turn order, or the bidding module's tie draw
        outcomes = state.chance_outcomes()
        return outcomes[rng.randrange(len(outcomes))][0]
    if not state.pending_draws and weather.pending(state):
        return weather.sample(rng.randrange(sum(weather.FACES)))

    r = rng.randrange(sum(state.deck))
    for c, n in enumerate(state.deck):
        if r < n:
            return _DEALS[c]
        r -= n
    raise AssertionError("unreachable: empty deck at a chance node")
