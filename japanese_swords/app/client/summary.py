"""What each opponent did while the human waited: one screen, built from the log and the engine's events.

At the human's last action the controller remembers how long the session's event list and log were;
when the human must decide again, :func:`summarize` sums the events since then into each seat's
changes (honor, gold, armies, cards, keeps) and picks the log lines worth reading (phase ends and plain
draws are left out). Nothing here imports arcade.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from japanese_swords.board import Terrain
from japanese_swords.engine import State
from japanese_swords.events import Event, net_changes

from .session import LogLine
from .theme import seat_label

_ROUTINE = (" ends the ", " draws a card", "Revenue +")
MAX_EVENTS = 14


@dataclass(frozen=True)
class Counts:
    """One seat's public numbers at a moment."""

    honor: int
    gold: int
    armies: int
    cards: int
    keeps: int


def counts(state: State, seat: int) -> Counts:
    """A seat's public numbers in ``state``."""
    board = state.game.board
    keeps = sum(1 for sq in board.keeps() if state.control[sq] == seat and board.terrain[sq] == Terrain.KEEP)
    return Counts(
        state.honor[seat], state.gold[seat], len(state.armies_of(seat)), sum(state.hands[seat]), keeps
    )


@dataclass(frozen=True)
class SeatSummary:
    """One opponent's turn(s) in short: what changed and the notable events, in log words."""

    seat: int
    name: str
    before: Counts
    after: Counts
    events: tuple[str, ...]
    hidden: int  # notable events left out for room

    def changes(self) -> str:
        """'honor +3, gold -2, armies +1' (only what changed), or 'no change'."""
        parts = []
        for field in ("honor", "gold", "armies", "cards", "keeps"):
            d = getattr(self.after, field) - getattr(self.before, field)
            if d:
                parts.append(f"{field} {d:+d}")
        return ", ".join(parts) or "no change"


def summarize(
    state: State, events: Sequence[Event], lines: list[LogLine], human: int | None
) -> list[SeatSummary]:
    """One entry per other seat that did something since ``events`` and ``lines`` began; ``state`` is
    now, and the counts then are now's less what the events changed."""
    changes = net_changes(events, state.num_players, frozenset(state.game.board.keeps()))
    out = []
    for seat in range(state.num_players):
        if seat == human:
            continue
        own = [ln.text for ln in lines if ln.seat == seat]
        if not own:
            continue
        after = counts(state, seat)
        d = changes[seat]
        before = Counts(after.honor - d["honor"], after.gold - d["gold"], after.armies - d["armies"],
                        after.cards - d["cards"], after.keeps - d["keeps"])
        notable = [t.strip() for t in own if not t.startswith("--") and not any(r in t for r in _ROUTINE)]
        out.append(
            SeatSummary(
                seat,
                seat_label(seat, human),
                before,
                after,
                tuple(notable[:MAX_EVENTS]),
                max(0, len(notable) - MAX_EVENTS),
            )
        )
    return out
