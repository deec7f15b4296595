"""The fixed part of a game: map, number of players and rules options (variants)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from japanese_swords import modules as M
from japanese_swords.board import Board
from japanese_swords.rules import DEFAULT_RULES, RULES_RANGES, Rules

__all__ = ["DEFAULT_RULES", "RULES_RANGES", "Game", "Rules"]


@dataclass(frozen=True)
class Game:
    """A map, a player count and rules (``japanese_swords.engine.initial_state`` sets up a game of it)."""

    board: Board
    rules: Rules = DEFAULT_RULES

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

