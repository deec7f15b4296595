"""From game outcomes to tallies: per-agent totals, per-pair W/D/L, pentanomials and rating inputs.

A game of ``k`` players is decomposed into head-to-head results: the winner beats every other seat; after
a draw (``max_rounds``) every pair draws; two seats that both lost have no head-to-head result. On two
players this is the ordinary win/draw/loss. Games that ended in an error count nowhere (they are listed in
the report). On 2-player maps the two games of a group form a *pair* whose total score for the first agent
(0, 1/2, 1, 3/2 or 2 points) is counted in the pentanomial ``[LL, LD, WL+DD, WD, WW]``; a pair with a
failed game is left out of the pentanomial.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from ai.tournament.outcome import GameOutcome
from ai.tournament.schedule import Schedule


class WinsDrawsLosses:
    """Shared arithmetic of a win/draw/loss count (the dataclasses below hold the three fields)."""

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        """Results counted."""
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """Wins + draws/2."""
        return self.wins + self.draws / 2


@dataclass
class PairTally(WinsDrawsLosses):
    """Head-to-head results of agents ``a`` and ``b`` (indices; ``a < b``), seen from ``a``."""

    a: int
    b: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: list[int] = field(default_factory=lambda: [0] * 5)

    def trinomial(self) -> list[int]:
        """``[losses, draws, wins]`` of ``a``."""
        return [self.losses, self.draws, self.wins]


@dataclass
class AgentTally(WinsDrawsLosses):
    """An agent's games as a seat holder: wins, draws (max_rounds) and losses."""

    agent: int
    wins: int = 0
    draws: int = 0
    losses: int = 0


@dataclass
class Tally:
    """Everything counted over the games added so far (sums, so the order of adding does not matter)."""

    schedule: Schedule
    agents: list[AgentTally]
    pairs: dict[tuple[int, int], PairTally]
    seat_wins: list[int]  # wins by seat (first-mover advantage); draws are in ``draws``
    draws: int = 0
    games: int = 0
    errors: list[GameOutcome] = field(default_factory=list)
    _halves: dict[tuple[int, int], GameOutcome] = field(default_factory=dict, repr=False)

    @classmethod
    def empty(cls, schedule: Schedule) -> Tally:
        """A tally with nothing counted yet."""
        n = len(schedule.agents)
        return cls(schedule, [AgentTally(i) for i in range(n)],
                   {(a, b): PairTally(a, b) for a in range(n) for b in range(a + 1, n)},
                   [0] * schedule.players)

    def add(self, o: GameOutcome) -> None:
        """Count one game (a failed one goes to ``errors`` only)."""
        if not o.ok:
            self.errors.append(o)
            self.errors.sort(key=lambda e: e.index)
            return
        self.games += 1
        if o.winner is None:
            self.draws += 1
        else:
            self.seat_wins[o.winner] += 1
        counted: set[int] = set()
        for seat, agent in enumerate(o.seats):
            if self.schedule.teams and agent in counted:
                continue  # a team game counts once for the agent playing both seats of a team
            counted.add(agent)
            at = self.agents[agent]
            if o.winner is None:
                at.draws += 1
            elif o.won(seat):
                at.wins += 1
            else:
                at.losses += 1
        if self.schedule.teams:  # one result between the two teams' agents (seats p1 and p2)
            self._head_to_head(o, 0, 1)
        else:
            for s1 in range(len(o.seats)):
                for s2 in range(s1 + 1, len(o.seats)):
                    self._head_to_head(o, s1, s2)
        if self.schedule.paired:
            key = (o.lineup, o.group)
            other = self._halves.pop(key, None)
            if other is None:
                self._halves[key] = o
            else:
                a, b = self.schedule.lineups[o.lineup]
                pts = o.points(o.seats.index(a)) + other.points(other.seats.index(a))
                self.pairs[(a, b)].pentanomial[int(round(pts * 2))] += 1

    def _head_to_head(self, o: GameOutcome, s1: int, s2: int) -> None:
        """Add the head-to-head result of seats ``s1`` and ``s2`` of one game."""
        i, j = o.seats[s1], o.seats[s2]
        if i == j:
            return
        a, b = min(i, j), max(i, j)
        sa, sb = (s1, s2) if i == a else (s2, s1)
        p = self.pairs[(a, b)]
        if o.winner is None:
            p.draws += 1
        elif o.won(sa):
            p.wins += 1
        elif o.won(sb):
            p.losses += 1

    def matrices(self) -> tuple[np.ndarray, np.ndarray]:
        """``(points, games)`` head-to-head matrices for :func:`ai.tournament.stats.fit_ratings`."""
        n = len(self.agents)
        pts, cnt = np.zeros((n, n)), np.zeros((n, n))
        for (a, b), p in self.pairs.items():
            pts[a, b], pts[b, a] = p.points, p.games - p.points
            cnt[a, b] = cnt[b, a] = p.games
        return pts, cnt


def tally(schedule: Schedule, outcomes: Iterable[GameOutcome]) -> Tally:
    """Count ``outcomes`` (any subset of the schedule)."""
    t = Tally.empty(schedule)
    for o in outcomes:
        t.add(o)
    return t
