"""The terrain-and-arms module (003 Samurai Battles' terrain rules): one table of what a card is worth
by its side and the defended square's terrain.

Mounted Samurai count 0 when attacking into Covered or Treacherous terrain (horses do not charge through
woods or swamps); Samurai Archers and Bushi Musketeers gain ``shooters`` force each when defending a keep
or fortress (they shoot from the walls). Only soldiers are listed; every other card keeps its force.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords.board import Terrain
from japanese_swords.cards import Card
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.state import StateData

NAME = "terrain-arms"
SHOOTERS = "shooters"
"""Marks a table entry whose change is the module's ``shooters`` parameter."""

TABLE: dict[tuple[Card, str, Terrain], int | str] = {
    (Card.MOUNTED, "attack", Terrain.COVERED): -Card.MOUNTED.force,
    (Card.MOUNTED, "attack", Terrain.TREACHEROUS): -Card.MOUNTED.force,
    (Card.ARCHERS, "defend", Terrain.KEEP): SHOOTERS,
    (Card.ARCHERS, "defend", Terrain.FORTRESS): SHOOTERS,
    (Card.MUSKETEERS, "defend", Terrain.KEEP): SHOOTERS,
    (Card.MUSKETEERS, "defend", Terrain.FORTRESS): SHOOTERS,
}
"""(card, side, terrain of the defended square) -> change of that card's force (data: docs/variants.md)."""


def params(state: StateData) -> dict[str, int] | None:
    """The module's parameters in this game, or None if it is not played."""
    modules = state.game.rules.modules
    return params_of(modules, NAME) if modules else None


def force_change(cards: tuple[Card, ...], side: str, terrain: Terrain, p: dict[str, int]) -> int:
    """The table's total change of the committed ``cards``' force for ``side`` ("attack"/"defend")."""
    total = 0
    for c in cards:
        delta = TABLE.get((c, side, terrain), 0)
        total += p[SHOOTERS] if delta == SHOOTERS else delta  # type: ignore[operator]
    return total
