"""The ``hoarder`` league style: a big hand, few battles, and Diplomacy against every big attack.

How a hobbyist plays it: spend gold on cards (up to a hand of 12) after the turn's honor, keep a small
army on the keeps, attack only at overwhelming odds, never throw away a Diplomacy card, and answer an
attack of many cards (the count is public) with Diplomacy unless its own strongest set clearly wins;
Intrigue is answered with honor, since cards are the plan.
"""

from __future__ import annotations

import random

from ai.agent import register
from ai.greedy import GreedyPolicy
from ai.league.base import StyleAgent
from ai.material import KEEP_VALUE
from ai.toolkit.commit import just_enough, throwaway
from ai.toolkit.odds import battle_odds
from ai.toolkit.view import View
from japanese_swords import cards as C
from japanese_swords.actions import Action, Commit, Discard, Draw, End, IntrigueReply
from japanese_swords.cards import Card

HAND_TARGET = 12
#: An attack of at least this many cards is met with Diplomacy unless the defence clearly wins.
BIG_ATTACK = 5
#: "Clearly wins": the sampled chance that the strongest defence holds.
SAFE_DEFENCE = 0.8


def keep_cheapest(hand: list[int]) -> Card:
    """The held card least worth keeping, Diplomacy last."""
    held = [Card(c) for c in range(C.NUM_TYPES) if hand[c]]
    return min(held, key=lambda c: (c == Card.DIPLOMACY, KEEP_VALUE[c]))


class HoarderPolicy(GreedyPolicy):
    """Greedy's marching; the hoarder's drawing, discards, commitments and Intrigue replies."""

    def __init__(self, samples: int = 24) -> None:
        super().__init__(samples=samples, attack_threshold=0.8, hand_target=HAND_TARGET)
        self.min_armies = 2
        self.max_armies = 3
        self.aggression_edge = 6
        self.aggression_hand = 99

    def act(self, view: View, rng: random.Random) -> Action:
        """Greedy's dispatch, but discards never give up Diplomacy while anything else is held."""
        action = super().act(view, rng)
        if isinstance(action, Discard):
            return Discard(keep_cheapest(view.hand))
        return action

    def draw(self, view: View) -> Action:
        """Draw up to the hand target while a gold is left for the turn's honor."""
        state, seat = view.state, view.seat
        if not state.draws_this_phase:
            return Draw()
        reserve = 1 + (state.game.rules.army_cost if len(state.armies_of(seat)) < self.min_armies else 0)
        if state.gold[seat] - 1 >= reserve and sum(view.hand) < self.hand_target:
            return Draw()
        return End()

    def commit(self, view: View, rng: random.Random) -> Action:
        """As defender against a big attack, Diplomacy unless the strongest defence clearly holds; else
        just enough, and Diplomacy rather than a lost battle."""
        state, hand = view.state, view.hand
        if not sum(hand):
            return Commit(())
        b = state.battle
        assert b is not None
        defending = b.defender_seat == view.seat
        p_win, target = battle_odds(view, self.samples, self.win_margin, rng)
        if hand[Card.DIPLOMACY]:
            if defending and b.attacker_count >= BIG_ATTACK and p_win < SAFE_DEFENCE:
                return Commit((Card.DIPLOMACY,))
            if p_win < 0.5:
                return Commit((Card.DIPLOMACY,))
        chosen = just_enough(hand, max(target, 1), view.rules)
        if chosen is not None and (Card.TREACHERY not in chosen or p_win >= 0.5):
            return Commit(tuple(chosen))
        return Commit((throwaway(hand),))

    def intrigue(self, view: View) -> Action:
        """Cards are the plan: lose honor, unless the honor race is nearly lost."""
        state = view.state
        _target, left = state.intrigue  # type: ignore[misc]
        if left < 0:
            leader = max(state.honor[p] for p in self.opponents(view)) if self.opponents(view) else 0
            return IntrigueReply(sum(view.hand) >= 3 and leader >= 40)
        return Discard(keep_cheapest(view.hand))


@register("hoarder")
class HoarderAgent(StyleAgent):
    """League style ``hoarder`` (:class:`HoarderPolicy`)."""

    policy_class = HoarderPolicy
    style_name = "hoarder"
