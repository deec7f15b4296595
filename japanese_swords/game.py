"""The fixed part of a game: map, number of players and rules options (variants)."""

from __future__ import annotations

from dataclasses import dataclass

from japanese_swords.board import Board
from japanese_swords.rules import DEFAULT_RULES, RULES_RANGES, Rules

__all__ = ["DEFAULT_RULES", "RULES_RANGES", "Game", "Rules"]


@dataclass(frozen=True)
class Game:
    """A map, a player count and rules; creates initial states."""

    board: Board
    rules: Rules = DEFAULT_RULES

    @property
    def num_players(self) -> int:
        return self.board.players

    def new_initial_state(self):  # -> State (import cycle)
        """The state before the turn-order chance event: setup done, no cards, no gold, no honor."""
        from japanese_swords.state import initial_state

        return initial_state(self)
