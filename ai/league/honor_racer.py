"""The ``honor_racer`` league style: race to 50 honor and avoid every battle that could cost honor.

How a hobbyist plays it: buy the turn's honor before anything else, play Much Honor at once, aim Intrigue
at the honor leader, spend what is left on keeps (revenue feeds the race) and a modest army; attack
only at good odds (a won battle is +3, a lost one -1), never commit Treachery (-7), answer a hopeless
defence with Diplomacy (no army and no honor lost), and answer Intrigue with cards while it can.
"""

from __future__ import annotations

import random

from ai.agent import register
from ai.greedy import GreedyPolicy
from ai.league.base import StyleAgent
from ai.toolkit.commit import best_commit, cheapest_card, just_enough, throwaway, without
from ai.toolkit.odds import battle_odds
from ai.toolkit.view import View, honor_leader
from japanese_swords.actions import Action, Attack, BuyHonor, Commit, Discard, End, IntrigueReply, PlayCard
from japanese_swords.board import Terrain
from japanese_swords.cards import Card

#: Chance of winning below which a battle is answered with Diplomacy (when held).
HOPELESS = 0.35
#: Attack threshold; near the finish (``CAUTIOUS_HONOR``) the racer attacks only at ``LATE_THRESHOLD``.
THRESHOLD = 0.75
CAUTIOUS_HONOR = 42
LATE_THRESHOLD = 0.9


class HonorRacerPolicy(GreedyPolicy):
    """Greedy's economy and marching with the honor racer's honor, battle and Intrigue rules."""

    def __init__(self, samples: int = 24) -> None:
        super().__init__(samples=samples, attack_threshold=THRESHOLD, hand_target=7)
        self.min_armies = 2
        self.max_armies = 4
        self.fortress_bonus = 0.0
        self.aggression_edge = 99  # never marches on enemy armies: keeps and home only
        self.aggression_hand = 99

    def honor(self, view: View) -> Action:
        """Much Honor, then Intrigue on the honor leader, then the turn's honor."""
        state, seat = view.state, view.seat
        if view.hand[Card.MUCH_HONOR]:
            return PlayCard(Card.MUCH_HONOR)
        if view.hand[Card.INTRIGUE] and self.opponents(view):
            return PlayCard(Card.INTRIGUE, honor_leader(view))
        if state.honor_bought < state.game.rules.honor_buys_per_phase and state.gold[seat] >= 1:
            return BuyHonor()
        return End()

    def battle(self, view: View, rng: random.Random) -> Action:
        """Greedy's attack choice at the racer's threshold; never out of the home fortress."""
        state = view.state
        if state.honor[view.seat] >= CAUTIOUS_HONOR:
            self.attack_threshold = LATE_THRESHOLD
        else:
            self.attack_threshold = THRESHOLD
        action = super().battle(view, rng)
        if isinstance(action, Attack) and state.game.board.terrain[action.src] == Terrain.FORTRESS:
            return End()
        return action

    def commit(self, view: View, rng: random.Random) -> Action:
        """Just enough without Treachery; Diplomacy when the battle is hopeless, else a throwaway card."""
        hand = view.hand
        if not sum(hand):
            return Commit(())
        clean = without(hand, Card.TREACHERY)
        p_win, target = battle_odds(view, self.samples, self.win_margin, rng, clean)
        if p_win < HOPELESS:
            if hand[Card.DIPLOMACY]:
                return Commit((Card.DIPLOMACY,))
            return Commit((throwaway(hand),))
        chosen = just_enough(clean, max(target, 1), view.rules) if sum(clean) else None
        if chosen is None:
            chosen = best_commit(clean, rules=view.rules) or [throwaway(hand)]
        return Commit(tuple(chosen))

    def intrigue(self, view: View) -> Action:
        """Honor is the race: lose three cards whenever three are held."""
        state = view.state
        _target, left = state.intrigue  # type: ignore[misc]
        if left < 0:
            return IntrigueReply(sum(view.hand) >= 3)
        return Discard(cheapest_card(view.hand))


@register("honor_racer")
class HonorRacerAgent(StyleAgent):
    """League style ``honor_racer`` (:class:`HonorRacerPolicy`)."""

    policy_class = HonorRacerPolicy
    style_name = "honor_racer"

