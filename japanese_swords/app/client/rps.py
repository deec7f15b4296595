"""Turn order by rock-paper-scissors (the rules' own method), played round-robin between the seats.

The human throws against each AI; AI throws come from a seeded generator. Every pair replays ties until
one side wins. Seats are ordered by wins (most first); equal wins go to the head-to-head winner, then
the lower seat. The result is a permutation the engine accepts as its opening ``SetOrder`` outcome.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cmp_to_key

from japanese_swords.actions import SetOrder

THROWS = ("rock", "paper", "scissors")
_BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


def beats(a: str, b: str) -> bool:
    """True if throw ``a`` beats throw ``b``."""
    return _BEATS[a] == b


@dataclass(frozen=True)
class Bout:
    """One pair's rock-paper-scissors: every throw until the first decisive one, and the winner."""

    a: int
    b: int
    throws: tuple[tuple[str, str], ...]
    winner: int


def play_bout(
    a: int, b: int, throw_a: Callable[[], str], throw_b: Callable[[], str], max_rounds: int = 50
) -> Bout:
    """Throw until someone wins; after ``max_rounds`` ties the lower seat wins (never in practice)."""
    throws: list[tuple[str, str]] = []
    for _ in range(max_rounds):
        ta, tb = throw_a(), throw_b()
        if ta not in THROWS or tb not in THROWS:
            raise ValueError(f"a throw is rock, paper or scissors, not {ta!r}/{tb!r}")
        throws.append((ta, tb))
        if ta != tb:
            return Bout(a, b, tuple(throws), a if beats(ta, tb) else b)
    return Bout(a, b, tuple(throws), min(a, b))


def order_from_bouts(seats: list[int], bouts: list[Bout]) -> tuple[int, ...]:
    """The turn order: most bout wins first; head-to-head breaks ties, then the lower seat."""
    wins = {s: 0 for s in seats}
    h2h: dict[tuple[int, int], int] = {}
    for bout in bouts:
        wins[bout.winner] += 1
        h2h[(bout.a, bout.b)] = h2h[(bout.b, bout.a)] = bout.winner

    def cmp(x: int, y: int) -> int:
        """Order two seats: more wins first, then head-to-head, then the lower seat."""
        if wins[x] != wins[y]:
            return wins[y] - wins[x]
        w = h2h.get((x, y))
        if w is not None:
            return -1 if w == x else 1
        return x - y

    return tuple(sorted(seats, key=cmp_to_key(cmp)))


def ai_throw(rng: random.Random) -> str:
    """An AI's throw: uniform, from the passed-in seeded generator."""
    return THROWS[rng.randrange(3)]


class RockPaperScissors:
    """The whole contest for one game: the human plays each AI in turn, AI pairs play among themselves.

    Use :meth:`next_opponent` to learn whom the human faces, :meth:`throw` to play the human's throw,
    and :meth:`finish` once :attr:`done` to get the ``SetOrder`` action.
    """

    def __init__(self, num_players: int, human: int | None, rng: random.Random) -> None:
        self.seats = list(range(num_players))
        self.human = human
        self.rng = rng
        self.bouts: list[Bout] = []
        self.last_throws: list[tuple[int, str, str]] = []  # (opponent, human throw, ai throw) history
        self._pending = [s for s in self.seats if s != human] if human is not None else []
        self._current: list[tuple[str, str]] = []

    @property
    def done(self) -> bool:
        """True once the human has won or lost against every AI."""
        return not self._pending

    def next_opponent(self) -> int | None:
        """The AI the human throws against next, or None."""
        return self._pending[0] if self._pending else None

    def throw(self, choice: str) -> tuple[str, Bout | None]:
        """The human throws against the current opponent; returns the AI's throw and the bout if decided."""
        if self.human is None or not self._pending:
            raise ValueError("no rock-paper-scissors bout is waiting for a throw")
        if choice not in THROWS:
            raise ValueError(f"a throw is rock, paper or scissors, not {choice!r}")
        opp = self._pending[0]
        theirs = ai_throw(self.rng)
        self._current.append((choice, theirs))
        self.last_throws.append((opp, choice, theirs))
        if choice == theirs:
            return theirs, None
        bout = Bout(self.human, opp, tuple(self._current), self.human if beats(choice, theirs) else opp)
        self.bouts.append(bout)
        self._current = []
        self._pending.pop(0)
        return theirs, bout

    def finish(self) -> SetOrder:
        """Play the AI-vs-AI bouts and return the resulting turn order as the engine's chance outcome."""
        if not self.done:
            raise ValueError("the human still has bouts to play")
        ais = [s for s in self.seats if s != self.human]
        for i, a in enumerate(ais):
            for b in ais[i + 1 :]:
                self.bouts.append(play_bout(a, b, lambda: ai_throw(self.rng), lambda: ai_throw(self.rng)))
        return SetOrder(order_from_bouts(self.seats, self.bouts))
