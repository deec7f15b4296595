"""The ``random`` agent: uniform over the legal actions (commitments and discards included)."""

from __future__ import annotations

import random

from ai.agent import register
from japanese_swords.actions import Action, Offer
from japanese_swords.observation import Observation


@register("random")
class RandomAgent:
    """Picks uniformly among legal actions; declines every trade. A yardstick, not an opponent."""

    def __init__(self) -> None:
        self.name = "random"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        return False, "random declines every offer"
