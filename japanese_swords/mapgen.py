"""Random symmetric map generator whose every map passes the strict checker (no errors, no warnings).

Symmetry makes a map fair by construction: 2 players use a 180-degree rotation, 4 players a 90-degree
rotation, 3 players a mirror in the a1-j10 diagonal with player 3's fortress on the diagonal (players 1
and 2 are mirror images; player 3's fairness is verified by the checker's keep-distance test). Terrain
grows as connected features (rivers and forests as random walks, mountain and difficult patches as small
blobs), never as noise. Randomness comes only from the passed-in ``random.Random``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from japanese_swords.board import NEIGHBOURS, NUM_SQUARES, SIZE, Board, Terrain
from japanese_swords.mapcheck import check_map, is_clean, travel_distances
from japanese_swords.maps import map_text

Transform = Callable[[int], int]
MAX_ATTEMPTS = 2000
#: Keeps are kept more than this many orthogonal steps apart so they spread over the map.
KEEP_SPACING = 2
#: How many features (each then copied to every image) and how big, by number of players: (low, high).
FEATURES: dict[int, dict[str, tuple[int, int]]] = {
    2: {"rivers": (1, 1), "river_length": (5, 8), "forests": (2, 2), "forests_size": (3, 5),
        "difficult": (1, 2), "difficult_size": (2, 3), "mountains": (1, 2), "mountains_size": (1, 2)},
    3: {"rivers": (1, 1), "river_length": (5, 7), "forests": (2, 2), "forests_size": (3, 5),
        "difficult": (1, 2), "difficult_size": (2, 3), "mountains": (1, 2), "mountains_size": (1, 2)},
    4: {"rivers": (1, 1), "river_length": (3, 4), "forests": (1, 1), "forests_size": (3, 4),
        "difficult": (1, 1), "difficult_size": (2, 2), "mountains": (1, 1), "mountains_size": (1, 2)},
}
#: Fewest clear squares a generated map keeps, so armies have open ground (the shipped maps have 48+).
MIN_CLEAR = 40
FLAVOUR = "Generated: rivers, forests and passes laid out symmetrically so no clan starts favoured."


def rotate180(sq: int) -> int:
    """The square's image under a half turn about the board centre."""
    return NUM_SQUARES - 1 - sq


def rotate90(sq: int) -> int:
    """The square's image under a quarter turn (a1 -> j1 -> j10 -> a10)."""
    row, col = divmod(sq, SIZE)
    return col * SIZE + (SIZE - 1 - row)


def rotate270(sq: int) -> int:
    """The square's image under three quarter turns (the inverse of :func:`rotate90`)."""
    return rotate90(rotate180(sq))


def mirror_diagonal(sq: int) -> int:
    """The square's image in the a1-j10 diagonal (row and column swapped)."""
    row, col = divmod(sq, SIZE)
    return col * SIZE + row


def _identity(sq: int) -> int:
    """The square itself."""
    return sq


def symmetry(players: int) -> list[Transform]:
    """The symmetry group used for ``players``: element ``i`` carries seat 0's fortress to seat ``i``'s.

    For 3 players the list is [identity, diagonal mirror]: seat 0 maps to seat 1 and seat 2 is fixed.
    """
    if players == 2:
        return [_identity, rotate180]
    if players == 4:
        return [_identity, rotate90, rotate180, rotate270]
    if players == 3:
        return [_identity, mirror_diagonal]
    raise ValueError(f"players must be 2, 3 or 4, not {players}")


class _Canvas:
    """A terrain grid being painted; every paint applies to a square's whole orbit under the symmetry."""

    def __init__(self, players: int, rng: random.Random) -> None:
        """Start from open plains with nothing reserved."""
        self.players = players
        self.rng = rng
        self.group = symmetry(players)
        self.terrain = [Terrain.CLEAR] * NUM_SQUARES
        self.reserved: set[int] = set()

    def orbit(self, sq: int) -> set[int]:
        """All images of ``sq`` under the symmetry group."""
        return {g(sq) for g in self.group}

    def paint(self, sq: int, terrain: Terrain, over: tuple[Terrain, ...] = (Terrain.CLEAR,)) -> bool:
        """Paint ``sq`` and its images if none is reserved and all currently hold a terrain in ``over``."""
        squares = self.orbit(sq)
        if squares & self.reserved or any(self.terrain[s] not in over for s in squares):
            return False
        for s in squares:
            self.terrain[s] = terrain
        return True

    def keeps(self) -> list[int]:
        """Squares currently painted as keeps."""
        return [i for i, t in enumerate(self.terrain) if t == Terrain.KEEP]

    def random_square(self) -> int:
        """A uniformly random square."""
        return self.rng.randrange(NUM_SQUARES)

    def river(self, length: int) -> int:
        """A treacherous walk from an edge inland, bending now and then; stops where it cannot go on.

        Returns how many squares it painted; the run stays orthogonally connected.
        """
        rng = self.rng
        edge = rng.randrange(4)
        pos = rng.randrange(1, SIZE - 1)
        row, col = [(0, pos), (pos, SIZE - 1), (SIZE - 1, pos), (pos, 0)][edge]
        dr, dc = [(1, 0), (0, -1), (-1, 0), (0, 1)][edge]
        painted = 0
        for _ in range(length):
            if not self.paint(row * SIZE + col, Terrain.TREACHEROUS, (Terrain.CLEAR, Terrain.TREACHEROUS)):
                break
            painted += 1
            turns = [(dr, dc)] * 2 + [(dc, dr), (-dc, -dr)]  # straight on twice as likely as a bend
            turns = [(a, b) for a, b in turns if 0 <= row + a < SIZE and 0 <= col + b < SIZE]
            if not turns:
                break
            dr, dc = rng.choice(turns)
            row, col = row + dr, col + dc
        return painted

    def blob(self, size: int, terrain: Terrain, avoid: set[int] | None = None) -> int:
        """A connected patch grown from a random seed by adding random neighbours; returns its cell count."""
        rng = self.rng
        seed = self.random_square()
        if (avoid and seed in avoid) or not self.paint(seed, terrain):
            return 0
        cells = [seed]
        for _ in range(size * 3):
            if len(cells) >= size:
                break
            nxt = rng.choice(NEIGHBOURS[rng.choice(cells)])
            if avoid and nxt in avoid:
                continue
            if nxt not in cells and self.paint(nxt, terrain):
                cells.append(nxt)
        return len(cells)


def _manhattan(a: int, b: int) -> int:
    """Orthogonal steps between two squares, ignoring terrain."""
    (ra, ca), (rb, cb) = divmod(a, SIZE), divmod(b, SIZE)
    return abs(ra - rb) + abs(ca - cb)


def _fortress_layout(players: int, rng: random.Random) -> tuple[list[int], list[int]]:
    """Fortress squares and start squares for every seat (seat 0 chosen at random, the rest its images)."""
    if players == 3:
        corner = rng.choice([0, SIZE + 1])  # a1 or b2, on the mirror diagonal
        row, col = rng.choice([SIZE - 1, SIZE - 2]), rng.randrange(1, 4)
        f0 = row * SIZE + col
        forts = [f0, mirror_diagonal(f0), corner]
        start0 = rng.choice([n for n in NEIGHBOURS[f0] if n not in forts])
        start2 = rng.choice(NEIGHBOURS[corner])
        return forts, [start0, mirror_diagonal(start0), start2]
    group = symmetry(players)
    f0 = rng.choice([0, 1]) * SIZE + rng.randrange(SIZE)
    forts = [g(f0) for g in group]
    start0 = rng.choice([n for n in NEIGHBOURS[f0] if n not in forts])
    return forts, [g(start0) for g in group]


def _place_keeps(canvas: _Canvas, forts: list[int]) -> None:
    """Put 2-3 keeps per seat: seat 0's near its fortress and their images; seat 2 of 3 gets its own."""
    rng = canvas.rng
    players = canvas.players
    per_seat = rng.choice([2, 3])
    probe = Board("probe", players, tuple(canvas.terrain), tuple(forts))
    dists = [travel_distances(probe, f) for f in forts]

    def own(seat: int, sq: int, low: float, high: float) -> bool:
        """``sq`` is a free, spread-out square nearer ``seat`` than any rival, at distance low..high."""
        d = dists[seat][sq]
        if not low <= d <= high or canvas.terrain[sq] != Terrain.CLEAR or sq in canvas.reserved:
            return False
        if any(dists[s][sq] <= d for s in range(players) if s != seat):
            return False
        orbit = canvas.orbit(sq)
        return all(_manhattan(s, k) > KEEP_SPACING for s in orbit for k in canvas.keeps() + list(orbit - {s}))

    targets = sorted(rng.randint(3, 7) for _ in range(per_seat))
    placed: list[float] = []
    for target in targets:
        options = [sq for sq in range(NUM_SQUARES) if own(0, sq, target - 1, target + 1)]
        if options:
            sq = rng.choice(options)
            canvas.paint(sq, Terrain.KEEP)
            placed.append(dists[0][sq])
    if players != 3:
        return
    diagonal = mirror_diagonal
    remaining = len(placed)
    for target in sorted(placed, reverse=True):
        if remaining <= 0:
            break
        pair = remaining >= 2 and (remaining % 2 == 0 or rng.random() < 0.5)
        options = [sq for sq in range(NUM_SQUARES) if own(2, sq, target - 1, target + 1)
                   and (diagonal(sq) != sq) == pair and own(2, diagonal(sq), target - 1, target + 1)]
        if options:
            sq = rng.choice(options)
            canvas.paint(sq, Terrain.KEEP)
        remaining -= 2 if pair else 1


def _attempt(players: int, rng: random.Random, name: str) -> Board:
    """One random map (not yet checked)."""
    canvas = _Canvas(players, rng)
    forts, starts = _fortress_layout(players, rng)
    for f in forts:
        canvas.terrain[f] = Terrain.FORTRESS
    canvas.reserved |= set(forts) | set(starts)
    for s in list(starts):
        canvas.reserved |= canvas.orbit(s)
    near_forts = {n for f in forts for n in NEIGHBOURS[f]}
    plan = FEATURES[players]
    for _ in range(rng.randint(*plan["rivers"])):
        canvas.river(rng.randint(*plan["river_length"]))
    for kind, terrain in (("forests", Terrain.COVERED), ("difficult", Terrain.DIFFICULT),
                          ("mountains", Terrain.IMPASSABLE)):
        avoid = near_forts if terrain == Terrain.IMPASSABLE else None
        count = rng.randint(*plan[kind])
        sizes = plan[f"{kind}_size"]
        made = 0
        for _ in range(count * 4):
            if made >= count:
                break
            made += canvas.blob(rng.randint(*sizes), terrain, avoid) > 0
    _place_keeps(canvas, forts)
    board = Board(name=name, players=players, terrain=tuple(canvas.terrain), fortresses=tuple(forts),
                  starts=tuple(starts), flavour=FLAVOUR)
    return replace(board, source=map_text(board))


def believable(board: Board) -> bool:
    """Features, not noise: no lone river, forest or difficult square, and enough open clear ground."""
    if sum(t == Terrain.CLEAR for t in board.terrain) < MIN_CLEAR:
        return False
    for terrain in (Terrain.TREACHEROUS, Terrain.COVERED, Terrain.DIFFICULT):
        for sq in range(NUM_SQUARES):
            if board.terrain[sq] == terrain and all(board.terrain[n] != terrain for n in NEIGHBOURS[sq]):
                return False
    return True


def generate_map(players: int, rng: random.Random, name: str | None = None) -> Board:
    """A symmetric map for ``players`` that passes the strict check; retries with ``rng`` until it does."""
    symmetry(players)  # validates players
    title = name or f"Generated {players}-player map"
    for _ in range(MAX_ATTEMPTS):
        board = _attempt(players, rng, title)
        if believable(board) and is_clean(check_map(board), strict=True):
            return board
    raise RuntimeError(f"no clean {players}-player map in {MAX_ATTEMPTS} attempts")  # pragma: no cover


__all__ = ["generate_map", "believable", "symmetry", "rotate90", "rotate180", "mirror_diagonal"]
