"""The result of one scheduled game, as plain data: what the games produce and the ranking, tally and
report read."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameOutcome:
    """The result of one scheduled game, or the error that ended it."""

    index: int
    lineup: int
    group: int
    rotation: int
    seed: int
    seats: tuple[int, ...]  # agent indices by seat
    winner: int | None = None  # seat; None for a draw (or an error)
    rounds: int = 0
    honor: tuple[int, ...] = ()
    actions: int = 0
    error: str | None = None
    culprit: int | None = None  # seat whose agent failed, if known
    ranks: tuple[int, ...] = ()  # finishing order per seat, 1 = best (ai.tournament.ranking)
    winners: tuple[int, ...] = ()  # seats sharing the win (the winner's team in a team game); () = the winner
    luck: tuple[float, ...] = ()  # per seat, the summed luck of its chance events (ai.tournament.luck); () = none

    def won(self, seat: int) -> bool:
        """Whether ``seat`` won (itself, or its team in a team game)."""
        if self.winner is None:
            return False
        return seat in self.winners if self.winners else seat == self.winner

    @property
    def ok(self) -> bool:
        """True unless the game ended in an error."""
        return self.error is None

    def points(self, seat: int) -> float:
        """Game points of a seat: 1 win, 1/2 draw, 0 loss."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.won(seat) else 0.0

    def adjusted_points(self, seat: int) -> float:
        """Game points of a seat minus its luck at the chance events (the raw points if not measured)."""
        return self.points(seat) - (self.luck[seat] if self.luck else 0.0)
