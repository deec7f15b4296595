"""What every league style shares: an agent around a :class:`~ai.greedy.GreedyPolicy` subclass, and the
agent protocol around it. The board questions styles ask (how far from home, who leads the honor race,
the battle odds) are in :mod:`ai.toolkit`.

A league style is the greedy rules with some decisions rewritten the way a hobbyist with that plan
plays them. Styles read only their seat's :class:`~ai.toolkit.view.View` (never the hidden state), and their
choices are checked against the legal list, so a style can never play an illegal action.
"""

from __future__ import annotations

import random

from ai.agent import whole_option
from ai.greedy import GreedyPolicy
from ai.toolkit.view import View, safe_choice
from japanese_swords.actions import Action, Offer
from japanese_swords.observation import Observation


class StyleAgent:
    """An agent playing one league style. Option: ``samples`` (Monte Carlo samples per battle estimate)."""

    policy_class: type[GreedyPolicy] = GreedyPolicy
    style_name = "style"

    def __init__(self, samples: int = 24) -> None:
        self.name = self.style_name
        self.policy = self.policy_class(samples=whole_option(self.style_name, "samples", samples, 1, 10_000))

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """The style's action, or a legal fallback if its rules ever name an illegal one."""
        if len(legal) == 1:
            return legal[0]
        return safe_choice(self.policy.act(View.of_obs(obs), rng), legal)

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """Accept when the material received clearly outweighs what is handed over (greedy's rule)."""
        action, why = self.policy.reply(View.of_obs(obs), offer)
        return type(action).__name__ == "Accept", why
