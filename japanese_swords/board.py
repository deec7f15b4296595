"""The 10x10 terrain grid: terrains, square names (``a1``..``j10``) and adjacency.

Squares are integers 0..99: ``index = (row - 1) * 10 + column``, column ``a`` = 0. Row 1 is the bottom
row as seen by the reader of a map file (the file lists row 10 first, like a chess diagram).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

SIZE = 10
NUM_SQUARES = SIZE * SIZE
COLUMNS = "abcdefghij"


class Terrain(IntEnum):
    """The seven terrain types of the rules, with their move cost and defence."""

    CLEAR = 0
    FORTRESS = 1
    KEEP = 2
    DIFFICULT = 3
    COVERED = 4
    TREACHEROUS = 5
    IMPASSABLE = 6

    @property
    def move_cost(self) -> int | None:
        """Movement points to enter; None for impassable."""
        return MOVE_COST[self]

    @property
    def defense(self) -> int:
        """Force modifier of a defender standing here."""
        return DEFENSE[self]

    @property
    def passable(self) -> bool:
        return self != Terrain.IMPASSABLE

    @property
    def title(self) -> str:
        return self.name.capitalize()


MOVE_COST: tuple[int | None, ...] = (1, 1, 1, 2, 2, 2, None)
DEFENSE: tuple[int, ...] = (0, 10, 5, 0, 3, -5, 0)
TERRAIN_NOTES = ("Plains", "Ancestral clan home", "Minor castle", "Desert", "Forest, hills",
                 "Rivers, swamps", "Water, mountains")


def square_name(index: int) -> str:
    """``0`` -> ``'a1'``, ``99`` -> ``'j10'``."""
    if not 0 <= index < NUM_SQUARES:
        raise ValueError(f"square index {index} is off the board")
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


def square_index(name: str) -> int:
    """``'a1'`` -> ``0``; raises ValueError naming the bad square."""
    text = name.strip().lower()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        raise ValueError(f"bad square name {name!r} (use a column a-j and a row 1-10, e.g. c7)")
    row = int(text[1:])
    if not 1 <= row <= SIZE:
        raise ValueError(f"bad square name {name!r}: row must be 1-10")
    return (row - 1) * SIZE + COLUMNS.index(text[0])


def orthogonal_steps(a: int, b: int) -> int:
    """Orthogonal steps between squares ``a`` and ``b`` (Manhattan distance on the grid, terrain ignored)."""
    return abs(a // SIZE - b // SIZE) + abs(a % SIZE - b % SIZE)


def _neighbours(index: int) -> tuple[int, ...]:
    """Orthogonal neighbours in N, E, S, W order (ruling 1)."""
    row, col = divmod(index, SIZE)
    out = []
    if row + 1 < SIZE:
        out.append(index + SIZE)
    if col + 1 < SIZE:
        out.append(index + 1)
    if row > 0:
        out.append(index - SIZE)
    if col > 0:
        out.append(index - 1)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(NUM_SQUARES))


@dataclass(frozen=True)
class Board:
    """A map: terrain of each square, which seat's fortress is where, optional start squares."""

    name: str
    players: int
    terrain: tuple[Terrain, ...]
    fortresses: tuple[int, ...]  # fortresses[seat] = square
    starts: tuple[int | None, ...] = ()  # starts[seat] = square of the second army, or None
    flavour: str = ""
    sites: tuple[tuple[int, str], ...] = ()  # (square, kind) of the sites module, from ``site:`` lines
    modules: tuple[str, ...] = ()  # default rule modules (canonical, sorted), from ``rules:``/``modules:`` lines
    source: str = field(default="", compare=False)  # map text, kept so records can embed the map

    def neighbours(self, square: int) -> tuple[int, ...]:
        return NEIGHBOURS[square]

    def keeps(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.terrain) if t == Terrain.KEEP)

    def fortress_owner(self, square: int) -> int | None:
        """Seat whose home fortress this square is, or None."""
        try:
            return self.fortresses.index(square)
        except ValueError:
            return None

    def start_square(self, seat: int) -> int | None:
        """Where the seat's second army starts: the map's choice, else the first free N/E/S/W square."""
        if seat < len(self.starts) and self.starts[seat] is not None:
            return self.starts[seat]
        for n in NEIGHBOURS[self.fortresses[seat]]:
            if self.terrain[n].passable and self.terrain[n] != Terrain.FORTRESS:
                return n
        return None
