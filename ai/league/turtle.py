"""The ``turtle`` league style: hold the home fortress and its surroundings, strike only near home.

How a hobbyist plays it: the garrison never leaves the fortress and never attacks out of it; the other
armies take the keeps within reach of home and stand guard there; an enemy army that comes close is
counter-attacked when the odds are fair; cards and honor come every turn from a steady economy.
"""

from __future__ import annotations

import random

from ai.agent import register
from ai.greedy import GreedyPolicy
from ai.league.base import StyleAgent
from ai.toolkit.commit import best_commit
from ai.toolkit.distances import distances, home_distance, keeps_of
from ai.toolkit.odds import attack_chance
from ai.toolkit.view import View, hostile
from japanese_swords.actions import Action, Attack, Commit, End, IntrigueReply, Move
from japanese_swords.cards import Card
from japanese_swords.movement import attack_targets, reachable
from japanese_swords.phases.common import attacking_armies
from japanese_swords.phases.travel import movable_armies

#: Movement points from home that bound the turtle's territory (keeps it takes, squares it stands on).
RADIUS = 7
#: Enemy armies this close to home (movement points) are counter-attacked at fair odds.
STRIKE_RADIUS = 6


class TurtlePolicy(GreedyPolicy):
    """Greedy's economy; travel and attacks confined to the home territory."""

    def __init__(self, samples: int = 24) -> None:
        super().__init__(samples=samples, attack_threshold=0.5, hand_target=9)
        self.min_armies = 2
        self.max_armies = 3
        self.fortress_bonus = 0.0
        self.stake_margin = 1.0  # the home fortress is defended against the strongest sampled attack

    def commit(self, view: View, rng: random.Random) -> Action:
        """At home everything is at stake: if just enough is out of reach, the strongest set (Treachery
        included) rather than a throwaway card."""
        action = super().commit(view, rng)
        b = view.state.battle
        if b is None or b.defender_seat != view.seat or view.state.armies[b.defender].square != self.home(view):
            return action
        strongest = best_commit(view.hand, treachery=True, rules=view.rules)
        if isinstance(action, Commit) and strongest and sum(c.force for c in action.cards) < sum(
                c.force for c in best_commit(view.hand, rules=view.rules)):
            if len(action.cards) == 1 and action.cards[0] != Card.DIPLOMACY:
                return Commit(tuple(strongest))
        return action

    def intrigue(self, view: View) -> Action:
        """Cards defend the fortress: while an enemy is near home, lose honor rather than cards."""
        _target, left = view.state.intrigue  # type: ignore[misc]
        if left < 0 and self.threat_to_home(view) <= RADIUS:
            return IntrigueReply(False)
        return super().intrigue(view)

    def travel(self, view: View) -> Action:
        """Refill an empty home; the garrison stays; others take near keeps, else return to territory."""
        state, seat = view.state, view.seat
        board = state.game.board
        d = distances(board)
        home = self.home(view)
        movable = [(aid, a) for aid, a in movable_armies(state, seat) if a.square != home]
        if not movable:
            return End()
        reaches = {aid: reachable(state, aid) for aid, _ in movable}
        if state.occupant[home] < 0:
            for aid, a in sorted(movable, key=lambda x: d[x[1].square][home]):
                if home in reaches[aid]:
                    return Move(a.square, home)
        near_keeps = [k for k in keeps_of(board) if d[k][home] <= RADIUS]
        free = [k for k in near_keeps if hostile(state, seat, state.control[k]) and state.occupant[k] < 0]
        claimed: set[int] = set()
        for aid, a in movable:
            if a.square in near_keeps and state.control[a.square] == seat and not free:
                continue  # guarding a keep of ours
            goals = [k for k in free if k not in claimed] or [
                k for k in near_keeps if state.control[k] == seat and state.occupant[k] < 0 and k not in claimed]
            if goals:
                goal = min(goals, key=lambda k: (d[a.square][k], k))
                claimed.add(goal)
            elif d[a.square][home] > 2:
                goal = home
            else:
                continue
            inside = [sq for sq in reaches[aid] if d[sq][home] <= RADIUS]
            best = min(inside, key=lambda sq: (d[sq][goal], -board.terrain[sq].defense, sq), default=None)
            if best is not None and d[best][goal] < d[a.square][goal]:
                return Move(a.square, best)
        return End()

    def battle(self, view: View, rng: random.Random) -> Action:
        """Greedy's attack rule restricted to enemies near home, and never out of the fortress."""
        state, seat = view.state, view.seat
        board = state.game.board
        home = self.home(view)
        best: tuple[float, Attack] | None = None
        for aid, a in attacking_armies(state, seat):
            if a.square == home:
                continue
            for n in attack_targets(state, aid):
                if home_distance(view, n) > STRIKE_RADIUS:
                    continue
                enemy = state.armies[state.occupant[n]]
                bonus = enemy.experience + board.terrain[n].defense
                p = attack_chance(view, a.experience, enemy.owner, bonus, self.samples, rng)
                if p >= self.attack_threshold and (best is None or p > best[0]):
                    best = (p, Attack(a.square, n))
        return End() if best is None else best[1]


@register("turtle")
class TurtleAgent(StyleAgent):
    """League style ``turtle`` (:class:`TurtlePolicy`)."""

    policy_class = TurtlePolicy
    style_name = "turtle"
