"""The ``rusher`` league style: mass armies and throw them at the enemy home fortress.

How a hobbyist plays it: every spare gold becomes an army (up to six), cards are drawn only for the
free one and when an army is not affordable anyway, honor is bought with what is left; every army but a
minimal garrison marches on the nearest enemy fortress (Forced March to close in), attacks whatever
stands adjacent at modest odds and walks into the fortress the moment it is empty.
"""

from __future__ import annotations

from ai.agent import register
from ai.greedy import GreedyPolicy
from ai.league.base import StyleAgent
from ai.toolkit.distances import distances
from ai.toolkit.view import View
from japanese_swords.actions import Action, BuyHonor, Draw, End, Move, PlayCard, Raise
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import raise_squares
from japanese_swords.movement import reachable
from japanese_swords.phases.travel import movable_armies

#: The most armies the rusher keeps; it raises whenever it can afford one below this.
MAX_ARMIES = 6
#: An enemy army this close (movement points) to home makes the rusher keep a garrison.
GARRISON_THREAT = 4


class RusherPolicy(GreedyPolicy):
    """Armies first, all of them marching on the enemy home."""

    def __init__(self, samples: int = 24) -> None:
        super().__init__(samples=samples, attack_threshold=0.45, hand_target=5)
        self.min_armies = MAX_ARMIES
        self.max_armies = MAX_ARMIES
        self.fortress_bonus = 0.15
        self.win_margin = 0.6

    def goal(self, view: View, square: int) -> int | None:
        """The nearest enemy fortress from ``square``."""
        board = view.state.game.board
        d = distances(board)
        forts = [board.fortresses[p] for p in self.opponents(view)]
        return min(forts, key=lambda f: (d[square][f], f)) if forts else None

    def expense(self, view: View) -> Action:
        """Raise an army whenever one is affordable (home first if it is empty and threatened, else the
        square nearest the enemy)."""
        state, seat = view.state, view.seat
        if state.gold[seat] < state.game.rules.army_cost or len(state.armies_of(seat)) >= MAX_ARMIES:
            return End()
        squares = raise_squares(state, seat)
        if not squares:
            return End()
        home = self.home(view)
        if state.occupant[home] < 0 and home in squares and self.threat_to_home(view) <= GARRISON_THREAT:
            return Raise(home)
        d = distances(state.game.board)
        goal = self.goal(view, home)
        if goal is None:
            return End()
        return Raise(min(squares, key=lambda sq: (d[sq][goal], sq)))

    def draw(self, view: View) -> Action:
        """The free card; more only while the hand is short and no army is affordable this turn anyway."""
        state, seat = view.state, view.seat
        if not state.draws_this_phase:
            return Draw()
        gold = state.gold[seat]
        if sum(view.hand) < self.hand_target and gold % state.game.rules.army_cost >= 2:
            return Draw()
        return End()

    def honor(self, view: View) -> Action:
        """Much Honor and Intrigue as greedy plays them; bought honor only from gold no army needs."""
        state, seat = view.state, view.seat
        action = super().honor(view)
        if isinstance(action, BuyHonor):
            spare = state.gold[seat] % state.game.rules.army_cost
            full = len(state.armies_of(seat)) >= MAX_ARMIES
            if not (full or spare >= 1):
                return End()
        return action

    def travel(self, view: View) -> Action:
        """Take an empty enemy fortress; keep a garrison only against a near threat; march the rest."""
        state, seat = view.state, view.seat
        board = state.game.board
        d = distances(board)
        home = self.home(view)
        phase = state.phase
        movable = movable_armies(state, seat)
        if not movable:
            return End()
        reaches = {aid: reachable(state, aid) for aid, _ in movable}
        for aid, a in movable:
            for p in self.opponents(view):
                if board.fortresses[p] in reaches[aid]:
                    return Move(a.square, board.fortresses[p])
        threatened = self.threat_to_home(view) <= GARRISON_THREAT
        if threatened and state.occupant[home] < 0:
            for aid, a in sorted(movable, key=lambda x: d[x[1].square][home]):
                if home in reaches[aid]:
                    return Move(a.square, home)
        for aid, a in movable:
            if a.square == home and threatened:
                continue
            goal = self.goal(view, a.square)
            if goal is None:
                continue
            here = d[a.square][goal]
            if here <= 1:
                continue  # adjacent to the fortress: stay and attack the garrison
            best = min(reaches[aid], key=lambda sq: (d[sq][goal], sq), default=None)
            if (phase == Phase.TRAVEL and view.hand[Card.FORCED_MARCH] and aid not in state.marched
                    and 2 < here <= 4):
                return PlayCard(Card.FORCED_MARCH, a.square)
            if best is not None and d[best][goal] < here:
                return Move(a.square, best)
        return End()


@register("rusher")
class RusherAgent(StyleAgent):
    """League style ``rusher`` (:class:`RusherPolicy`)."""

    policy_class = RusherPolicy
    style_name = "rusher"
