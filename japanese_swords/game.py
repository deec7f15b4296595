"""The fixed part of a game: map, number of players and rules options (variants)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

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

    def to_json(self) -> dict[str, int | None]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Rules:
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, int | None] = {}
        for key, value in data.items():
            if key not in known:
                raise JapaneseSwordsError(f"unknown rules option {key!r}")
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise JapaneseSwordsError(f"rules option {key!r} must be an integer, got {value!r}")
            if key != "max_rounds" and value is None:
                raise JapaneseSwordsError(f"rules option {key!r} must be an integer, got null")
            kwargs[key] = value
        return cls(**kwargs)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Game:
    """A map, a player count and rules; creates initial states."""

    board: Board
    rules: Rules = Rules()

    @property
    def num_players(self) -> int:
        return self.board.players

    def new_initial_state(self):  # -> State (import cycle)
        """The state before the turn-order chance event: setup done, no cards, no gold, no honor."""
        from japanese_swords.state import initial_state

        return initial_state(self)
