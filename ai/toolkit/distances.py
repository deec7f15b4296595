"""Distances on the board for planning: movement points ignoring armies, from the engine's one
shortest-path routine (:func:`japanese_swords.movement.distance_table`), and the board's keeps."""

from __future__ import annotations

from functools import lru_cache

from ai.toolkit.view import View
from japanese_swords.board import Board, Terrain
from japanese_swords.movement import UNREACHABLE, distance_table

#: The distance of a square that cannot be reached.
INF = UNREACHABLE


def distances(board: Board) -> tuple[tuple[int, ...], ...]:
    """``d[a][b]``: movement points from square a to square b ignoring armies (terrain cost of entering)."""
    return distance_table(board.terrain)


@lru_cache(maxsize=64)
def _keeps(terrain: tuple[Terrain, ...]) -> tuple[int, ...]:
    return tuple(sq for sq, t in enumerate(terrain) if t == Terrain.KEEP)


def keeps_of(board: Board) -> tuple[int, ...]:
    """The board's keep squares (cached per terrain layout)."""
    return _keeps(board.terrain)


def home_distance(view: View, square: int) -> int:
    """Movement points from ``square`` to the seat's home fortress (terrain only)."""
    board = view.state.game.board
    return distances(board)[square][board.fortresses[view.seat]]
