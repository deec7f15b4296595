"""The menu's choices for a new game (plain data: the context, the menu and the command line share it)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field


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
    modules: tuple[str, ...] = ()  # rule modules (play --rules/--module; docs/variants.md)
    hints: bool = True  # "What would the AI do?" may be asked (off: a game without hints)
