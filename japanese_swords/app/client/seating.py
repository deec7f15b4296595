"""Who sits at a new table: each seat a human or an AI with a level and a personality, and the rule
modules chosen from the registry (no arcade; the table screen and the context share it)."""

from __future__ import annotations

from dataclasses import dataclass

from japanese_swords.modules import registry

from .opponents import BALANCED, DIFFICULTIES, PERSONALITIES


@dataclass
class SeatChoice:
    """One seat of the table: a human (hot seat when there are several) or an AI."""

    human: bool = False
    level: str = "normal"
    personality: str = BALANCED

    def describe(self) -> str:
        """'human' or e.g. 'normal rusher'."""
        return "human" if self.human else f"{self.level} {self.personality}"


def default_seats(players: int, human_seat: int, level: str) -> list[SeatChoice]:
    """The menu's table: one human at ``human_seat``, balanced AIs of ``level`` elsewhere."""
    return [SeatChoice(human=i == human_seat, level=level) for i in range(players)]


def cycle(options: tuple[str, ...], current: str) -> str:
    """The option after ``current`` (the first one after the last, or for an unknown value)."""
    return options[(options.index(current) + 1) % len(options)] if current in options else options[0]


def next_level(level: str) -> str:
    """The level after ``level``: easy, normal, hard, easy..."""
    return cycle(DIFFICULTIES, level)


def next_personality(personality: str) -> str:
    """The personality after ``personality`` in :data:`PERSONALITIES`."""
    return cycle(PERSONALITIES, personality)


def offered_modules(players: int) -> list[registry.RuleModule]:
    """The rule modules the registry holds now that a game of ``players`` seats may use, by name."""
    return [m for name, m in sorted(registry.MODULES.items()) if players in m.players]


def toggle_module(chosen: tuple[str, ...], name: str, players: int) -> tuple[tuple[str, ...], str]:
    """``chosen`` with module ``name`` added or removed, and "" or the one-line reason the new list is
    refused (then ``chosen`` comes back unchanged)."""
    names = [s.split(":")[0] for s in chosen]
    if name in names:
        return tuple(s for s in chosen if s.split(":")[0] != name), ""
    try:
        return registry.validate((*chosen, name), players), ""
    except registry.ModuleError as exc:
        return chosen, str(exc)


def preset_of(chosen: tuple[str, ...]) -> str | None:
    """The preset whose module list is exactly ``chosen`` (by name, parameters at their defaults), if any."""
    key = tuple(sorted(chosen))
    return next((name for name, mods in registry.PRESETS.items() if tuple(sorted(mods)) == key), None)
