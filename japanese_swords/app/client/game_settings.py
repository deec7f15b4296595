"""The menu's choices for a new game (plain data: the context, the menu and the command line share it)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.maps import load_map

from .seating import SeatChoice, default_seats


def map_modules(map_name: str) -> tuple[str, ...]:
    """The rule modules a map names in its ``modules:`` line (docs/maps.md); () when it names none or
    cannot be read (the menu reports an unreadable map when a game starts)."""
    try:
        return load_map(map_name).modules
    except JapaneseSwordsError:
        return ()


@dataclass
class Settings:
    """The menu's choices for a new game."""

    map_name: str = "classic-2p"
    opponents: int = 1
    difficulty: str = "normal"
    opponent: str | None = None  # an agent spec for every AI seat (play --opponent), else the difficulty's
    seed: int = field(default_factory=lambda: random.SystemRandom().randrange(1_000_000))
    speed: int = 1
    max_rounds: int | None = None
    seat: int = 0  # the human's seat (0 = p1)
    modules: tuple[str, ...] = ()  # rule modules (play --rules/--module, the table screen; docs/variants.md)
    hints: bool = True  # "What would the AI do?" may be asked (off: a game without hints)
    table: list[SeatChoice] | None = None  # per seat human or AI (level, personality); None: seat + difficulty

    def pick_map(self, map_name: str) -> None:
        """Choose a map: the table's rule modules start again from the map's defaults (its ``modules:``
        line, else the classic rules), as a game made on it without explicit rules would play. Choosing
        the map already chosen keeps the table as it is."""
        if map_name == self.map_name:
            return
        self.map_name = map_name
        self.modules = map_modules(map_name)

    def seats(self, players: int) -> list[SeatChoice]:
        """Each seat's choice: the table screen's if it has one per seat, else the human at ``seat`` and
        balanced AIs of the menu's difficulty."""
        if self.table is not None and len(self.table) == players:
            return self.table
        return default_seats(players, min(max(0, self.seat), players - 1), self.difficulty)
