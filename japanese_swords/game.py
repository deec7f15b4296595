"""The fixed part of a game: map, number of players and rules options (variants)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace

from japanese_swords import modules as M
from japanese_swords.board import Board
from japanese_swords.errors import JapaneseSwordsError


@dataclass(frozen=True)
class Rules:
    """Rules options. Defaults are the rules text plus DESIGN section 4's rulings (docs/rules.md)."""

    max_rounds: int | None = None  # ruling 14: game ends as a draw after this many rounds
    honor_to_win: int = 50
    move_points: int = 2  # ruling 2
    army_cost: int = 4
    upkeep: int = 1
    fortress_revenue: int = 3
    keep_revenue: int = 1
    honor_buys_per_phase: int = 1  # ruling 8
    offers_per_turn: int = 3  # ruling 15
    battle_draw: int = 5
    winner_hand_limit: int = 8
    loser_hand_limit: int = 3
    diplomacy_hand_limit: int = 5
    ninja_honor_cost: int = 1  # ruling 11
    treachery_honor_cost: int = 7
    modules: tuple[str, ...] = ()  # rule modules (docs/variants.md); checked and sorted by Game

    def to_json(self) -> dict[str, object]:
        """The options as a record stores them; ``modules`` only when there are any, so a classic record
        reads exactly as before modules existed."""
        data: dict[str, object] = asdict(self)
        if self.modules:
            data["modules"] = list(self.modules)
        else:
            del data["modules"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Rules:
        """Rules from a record's ``rules`` object: known options only, whole numbers within RULES_RANGES."""
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, object] = {}
        for key, value in data.items():
            if key not in known:
                raise JapaneseSwordsError(f"unknown rules option {_short(key)}")
            if key == "modules":
                if not isinstance(value, list) or len(value) > len(M.MODULES):
                    raise JapaneseSwordsError(f"rules option 'modules' must list at most {len(M.MODULES)} "
                                              f"module names, got {_short(value)}")
                kwargs[key] = tuple(M.canonical(v) for v in value)
                continue
            if key == "max_rounds" and value is None:
                kwargs[key] = None
                continue
            if type(value) is not int:
                raise JapaneseSwordsError(f"rules option {key!r} must be an integer, got {_short(value)}")
            low, high = RULES_RANGES[key]
            if not low <= value <= high:
                raise JapaneseSwordsError(f"rules option {key!r} must be {low} to {high}, got {_short(value)}")
            kwargs[key] = value
        return cls(**kwargs)  # type: ignore[arg-type]


RULES_RANGES: dict[str, tuple[int, int]] = {
    "max_rounds": (1, 1_000_000), "honor_to_win": (1, 1_000), "move_points": (0, 20), "army_cost": (0, 1_000),
    "upkeep": (0, 100), "fortress_revenue": (0, 1_000), "keep_revenue": (0, 1_000),
    "honor_buys_per_phase": (0, 100), "offers_per_turn": (0, 100), "battle_draw": (0, 116),
    "winner_hand_limit": (0, 116), "loser_hand_limit": (0, 116), "diplomacy_hand_limit": (0, 116),
    "ninja_honor_cost": (0, 1_000), "treachery_honor_cost": (0, 1_000),
}
"""Accepted range of each rules option in a record (docs/input-limits.md): wide enough for variants, small
enough that no option can make a replay allocate or loop without bound (116 is the deck size)."""


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a huge value cannot flood a one-line error."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True)
class Game:
    """A map, a player count and rules (``japanese_swords.engine.initial_state`` sets up a game of it)."""

    board: Board
    rules: Rules = Rules()

    def __post_init__(self) -> None:
        """Check the rule modules together for this player count and store them canonical and sorted;
        a ModuleError names the conflict, the unknown module or the bad value."""
        if self.rules.modules:
            checked = M.validate(self.rules.modules, self.board.players)
            if checked != self.rules.modules:
                object.__setattr__(self, "rules", replace(self.rules, modules=checked))

    @property
    def num_players(self) -> int:
        return self.board.players

