"""The fixed part of a game: map, number of players and rules options (variants)."""

from __future__ import annotations

from dataclasses import dataclass

from japanese_swords.board import Board
from japanese_swords.rules import DEFAULT_RULES, RULES_RANGES, Rules

__all__ = ["DEFAULT_RULES", "RULES_RANGES", "Game", "Rules"]


@dataclass(frozen=True)
class Game:
    """A map, a player count and rules (``japanese_swords.engine.initial_state`` sets up a game of it)."""

    board: Board
    rules: Rules = DEFAULT_RULES

    @property
    def num_players(self) -> int:
        return self.board.players

