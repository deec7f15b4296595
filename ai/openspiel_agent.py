"""``openspiel-ismcts``: OpenSpiel's information-set MCTS bot as a reference opponent (needs
``pip install 'japanese-swords[openspiel]'``).

The bot searches :mod:`japanese_swords.openspiel`'s game from a state rebuilt from the seat's observation
(hidden cards dealt at random; the bot resamples them itself through ``resample_from_infostate``), so it
never sees more than the seat may. Options:

* ``sims`` (default 200): simulations per decision (OpenSpiel's ``max_simulations``).
* ``uct`` (default 2.0): the UCT exploration constant.
* ``leaf``: ``material`` (default: our material value, :func:`ai.material.heuristic_value`, read as a
  zero-sum return) or ``rollout`` (OpenSpiel's ``RandomRolloutEvaluator``: random play to the end, about
  half a second a playout on ``classic-2p``, so only a few simulations fit a decision).
* ``rollouts`` (default 1): random playouts per leaf with ``leaf=rollout``.

A battle commitment is several steps in the game's action space; the agent searches once per step.
"""

from __future__ import annotations

import random

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import japanese_swords.openspiel as jso
from ai.agent import SpecError, number_option, whole_option
from ai.material import heuristic_value
from japanese_swords.actions import Action, Commit, Decline, Offer
from japanese_swords.cards import Card
from japanese_swords.env.codec import COMMIT_ADD, COMMIT_DONE
from japanese_swords.observation import Observation, determinize

LEAVES = ("material", "rollout")


class MaterialEvaluator(mcts.Evaluator):
    """Leaf value without playouts: :func:`ai.material.heuristic_value` (win chances) as zero-sum returns
    in [-1, 1]; uniform priors."""

    def evaluate(self, state: jso.JapaneseSwordsState) -> np.ndarray:
        v = heuristic_value(state.engine_state)
        n, total = len(v), sum(v) or 1.0
        return np.array([(n * x / total - 1.0) / (n - 1) for x in v])

    def prior(self, state: jso.JapaneseSwordsState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class OpenSpielISMCTSAgent:
    """OpenSpiel's ``ISMCTSBot`` playing one seat; declines every trade (no trades in OpenSpiel's game)."""

    def __init__(self, sims: int = 200, uct: float = 2.0, leaf: str = "material",
                 rollouts: int = 1) -> None:
        self.name = "openspiel-ismcts"
        self.sims = whole_option("openspiel-ismcts", "sims", sims, 1, 10_000_000)
        self.uct = number_option("openspiel-ismcts", "uct", uct, 0.0, 100.0)
        if leaf not in LEAVES:
            raise SpecError(f"openspiel-ismcts option 'leaf': expected one of {', '.join(LEAVES)}, got {leaf!r}")
        self.leaf = leaf
        self.rollouts = whole_option("openspiel-ismcts", "rollouts", rollouts, 1, 1000)
        self._games: dict[tuple, jso.JapaneseSwordsGame] = {}

    def _game(self, obs: Observation) -> jso.JapaneseSwordsGame:
        """The OpenSpiel game of the observed map and rules (cached)."""
        g = obs.state.game
        key = (id(g.board), g.rules)
        if key not in self._games:
            self._games[key] = jso.JapaneseSwordsGame.from_engine_game(g)
        return self._games[key]

    def _bot(self, game: jso.JapaneseSwordsGame, rng: random.Random) -> ismcts.ISMCTSBot:
        random_state = np.random.RandomState(rng.getrandbits(32))
        evaluator = (MaterialEvaluator() if self.leaf == "material"
                     else mcts.RandomRolloutEvaluator(self.rollouts, random_state))
        return ismcts.ISMCTSBot(game, evaluator, self.uct, self.sims, random_state=random_state,
                                final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        return False, "openspiel-ismcts does not trade (offers are not in OpenSpiel's game)"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if Decline() in legal:  # a trade offer's reply, asked through choose: no trades in OpenSpiel's game
            return Decline()
        state = self._game(obs).state_from_world(determinize(obs, rng))
        bot = self._bot(self._game(obs), rng)
        if not isinstance(legal[0], Commit):
            index = bot.step(state)
            return self._game(obs).codec.decode(index, obs.seat, obs.state.num_players).action
        cards = []
        while True:  # a commitment: one search per step, in the game's card-by-card order
            index = bot.step(state) if len(state.legal_actions()) > 1 else state.legal_actions()[0]
            if index == COMMIT_DONE:
                return Commit(tuple(cards))
            cards.append(Card(index - COMMIT_ADD))
            state.apply_action(index)
