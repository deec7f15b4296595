"""Trades in the search: the offers the agent makes on its own turn and its answers to offers, both judged
by the evaluation averaged over sampled worlds, in games of up to ``trade_players`` players with every hand
cut to its best ``trade_hand`` cards (the leaf value counts each card alike, a surplus card above an honor
point), and no honor given away unless ``sell_honor`` (docs/ai.md, What a card and an honor point are
worth in a trade)."""

from __future__ import annotations

import random
from collections.abc import Callable

from ai.mcts.config import MCTSConfig
from ai.offers import OfferMemory, choose_offer
from ai.toolkit.commit import CHEAP_ORDER
from ai.toolkit.view import View
from japanese_swords import cards as C
from japanese_swords.actions import Offer
from japanese_swords.engine import State
from japanese_swords.observation import Observation
from japanese_swords.trading import accept_problem, carry_out


def hands_cut(state: State, limit: int) -> State:
    """A copy of ``state`` with every hand cut to its ``limit`` cards of the highest keep value (the rest go
    to the discard pile, the first of :data:`~ai.toolkit.commit.CHEAP_ORDER` first), the hands a trade is
    judged on; ``state`` itself if no hand is larger."""
    if limit <= 0 or all(sum(h) <= limit for h in state.hands):
        return state
    out = state.clone()
    for hand in out.hands:
        extra = sum(hand) - limit
        for c in CHEAP_ORDER:
            if extra <= 0:
                break
            n = min(hand[c], extra)
            hand[c] -= n
            out.discard[c] += n
            extra -= n
    return out


class TradeSearch:
    """Trade offers and answers (a mixin of :class:`~ai.mcts.bot.MCTSAgent`)."""

    config: MCTSConfig
    seed: int
    offers: OfferMemory
    value: Callable[[State], list[float]]

    def world(self, obs: Observation, rng: random.Random, known: dict[int, list[int]] | None = None) -> State:
        """A world consistent with the observation (the agent's determinization)."""
        raise NotImplementedError

    def _model_opponents(self, obs: Observation) -> None:
        """Note the opponents' public play (the agent's opponent model)."""
        raise NotImplementedError

    def _cut_trades(self, state: State) -> bool:
        """Whether this game's trades cut hands and buy honor (``trade_players``)."""
        return state.num_players <= self.config.trade_players

    def _trade_value(self, state: State, seat: int) -> float:
        """The seat's evaluation of ``state`` as trades see it: every hand cut to ``trade_hand`` cards where
        :meth:`_cut_trades`, whole hands elsewhere."""
        return self.value(hands_cut(state, self.config.trade_hand if self._cut_trades(state) else 0))[seat]

    def _offer(self, obs: Observation, view: View, rng: random.Random) -> Offer | None:
        """A trade offer that raises our evaluation averaged over sampled worlds (:mod:`ai.offers`), or
        None; each offer is made at most once a turn, honor purchases as :class:`ai.offers.OfferMemory`
        allows."""
        tried = self.offers.for_turn(view)
        worlds: list[tuple[State, float]] = []

        def gain(offer: Offer) -> float:
            if not worlds:
                for _ in range(self.config.trade_worlds):
                    w = self.world(obs, random.Random(rng.getrandbits(64)))
                    worlds.append((w, self._trade_value(w, obs.seat)))
            total = 0.0
            for world, before in worlds:
                after = world.clone()
                carry_out(after, offer)
                total += self._trade_value(after, obs.seat) - before
            return total / len(worlds)

        buys = self.config.trade_honor and self._cut_trades(view.state)
        sellers = self.offers.honor_sellers(view) if buys else frozenset()
        offer = choose_offer(view, gain, tried, min_gain=self.config.trade_gain,
                             honor_keep=self.config.trade_hand, honor_from=sellers,
                             accepts=lambda o: self.offers.predicts_accept(view, o),
                             cheap_first=bool(self.config.haggle))
        if offer is not None:
            self.offers.made(view, offer)
        return offer

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """Accept when the trade raises our evaluation, averaged over sampled worlds, and does not ask for our
        honor (unless ``sell_honor``); one-line reason."""
        srng = random.Random(f"mcts-trade:{self.seed}:{rng.getrandbits(64)}")
        seat = obs.seat
        self._model_opponents(obs)
        if offer.get.honor and not self.config.sell_honor:
            return False, "declined: my honor is not for sale"
        maker = obs.state.turn_player
        known = {maker: C.counts_of(offer.give.cards)} if offer.give.cards else None
        before = after = 0.0
        worlds = 16
        for _ in range(worlds):
            try:
                world = self.world(obs, srng, known)
            except ValueError:
                return False, "declined: the offer names cards that cannot be in the offerer's hand"
            problem = accept_problem(world, offer)
            if problem is not None:
                return False, f"declined: {problem}"
            before += self._trade_value(world, seat)
            carry_out(world, offer)
            after += self._trade_value(world, seat)
        before, after = before / worlds, after / worlds
        if after > before + 0.002:
            return True, f"accepted: my evaluation rises from {before:.2f} to {after:.2f}"
        return False, f"declined: my evaluation would go from {before:.2f} to {after:.2f}"
