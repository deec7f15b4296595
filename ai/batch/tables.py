"""Per-map look-up tables, computed once per board and movement points: terrain, adjacency, reach and
distance fields.

A move is a table look-up: for every square, the squares an army there may reach with the rules' movement
points and the middle squares of each path there (so enemy blocking is a few array reads). Reach and
distances come from the engine's one shortest-path routine (:mod:`japanese_swords.movement`); a test
checks the path tables reach what it reaches.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from japanese_swords.board import MOVE_COST, NEIGHBOURS, NUM_SQUARES, Board, Terrain
from japanese_swords.movement import UNREACHABLE, distance_table

INF = UNREACHABLE
#: The most movement points the simulator takes (its path tables grow quickly with the points).
MAX_MOVE_POINTS = 6


@dataclass(frozen=True, eq=False)
class MapTables:
    """Static arrays of one board (all indexed by square 0..99)."""

    board: Board
    terrain: np.ndarray  # int
    defense: np.ndarray  # terrain defence of a defender standing here
    holding: np.ndarray  # bool: keep or fortress (control changes here)
    fortress: np.ndarray  # bool
    keep: np.ndarray  # bool
    home_of: np.ndarray  # seat whose home fortress this is, else -1
    neigh: np.ndarray  # [100, 4] neighbours in N, E, S, W order, -1 padded
    reach_dst: np.ndarray  # [101, K] destinations within the movement points (-1 padded; row 100 is empty)
    reach_via: np.ndarray  # [101, K, M, L] each path's middle squares (-2 padding); -1 marks no path
    dist: np.ndarray  # [100, 100] move-cost distance from square to square (INF if unreachable)

    def kernel(self, decay: float) -> np.ndarray:
        """``exp(-decay * dist)`` as float32 [target, square]: each target's attraction at each square."""
        return _kernel(self, float(decay))


@lru_cache(maxsize=64)
def _kernel(tables: MapTables, decay: float) -> np.ndarray:
    d = tables.dist.T.astype(np.float64)
    k = np.exp(-decay * np.minimum(d, 1000.0)).astype(np.float32)
    k[d >= INF] = 0.0
    return np.ascontiguousarray(k)


def paths_within(terrain: tuple[Terrain, ...], src: int, budget: int,
                 costs: tuple[int | None, ...] = MOVE_COST) -> dict[int, list[tuple[int, ...]]]:
    """Each square reachable from ``src`` within ``budget`` movement points (no armies on the board; ``costs``
    per terrain, dearer in the weather module's storm), with the middle squares of every simple path there
    that fits; a path whose middle squares include another path's is dropped (it is blocked whenever that
    one is)."""
    out: dict[int, list[tuple[int, ...]]] = {}

    def walk(sq: int, cost: int, middle: tuple[int, ...], seen: frozenset[int]) -> None:
        for n in NEIGHBOURS[sq]:
            step = costs[terrain[n]]
            if step is None or n in seen or cost + step > budget:
                continue
            out.setdefault(n, []).append(middle)
            walk(n, cost + step, (*middle, n), seen | {n})

    walk(src, 0, (), frozenset((src,)))
    for dst, paths in out.items():
        kept: list[tuple[int, ...]] = []
        for p in sorted(set(paths), key=lambda p: (len(p), p)):
            if not any(set(q) <= set(p) for q in kept):
                kept.append(p)
        out[dst] = kept
    return out


@lru_cache(maxsize=32)
def map_tables(board: Board, move_points: int, costs: tuple[int | None, ...] = MOVE_COST) -> MapTables:
    """Build (and cache) the tables of ``board`` for ``move_points`` (up to :data:`MAX_MOVE_POINTS`); the
    reach tables with ``costs`` per terrain (the weather module's storm), the distances with the board's."""
    if not 0 <= move_points <= MAX_MOVE_POINTS:
        raise NotImplementedError(f"the batch simulator takes 0 to {MAX_MOVE_POINTS} movement points")
    terrain = np.array([int(t) for t in board.terrain], dtype=np.int64)
    defense = np.array([t.defense for t in board.terrain], dtype=np.int64)
    fortress = terrain == Terrain.FORTRESS
    keep = terrain == Terrain.KEEP
    home_of = np.full(NUM_SQUARES, -1, dtype=np.int64)
    for seat, sq in enumerate(board.fortresses):
        home_of[sq] = seat
    neigh = np.full((NUM_SQUARES, 4), -1, dtype=np.int64)
    for sq in range(NUM_SQUARES):
        for i, n in enumerate(NEIGHBOURS[sq]):
            neigh[sq, i] = n
    rows = [paths_within(board.terrain, sq, move_points, costs) for sq in range(NUM_SQUARES)]
    width = max((len(r) for r in rows), default=0) or 1
    most = max((len(p) for r in rows for p in r.values()), default=0) or 1
    middle = max((len(q) for r in rows for p in r.values() for q in p), default=0) or 1
    reach_dst = np.full((NUM_SQUARES + 1, width), -1, dtype=np.int64)
    reach_via = np.full((NUM_SQUARES + 1, width, most, middle), -1, dtype=np.int64)
    for sq, paths in enumerate(rows):
        for k, (dst, vias) in enumerate(sorted(paths.items())):
            reach_dst[sq, k] = dst
            for m, via in enumerate(vias):
                reach_via[sq, k, m] = -2
                reach_via[sq, k, m, : len(via)] = via
    dist = np.array(distance_table(board.terrain), dtype=np.int64)
    dist[[MOVE_COST[t] is None for t in board.terrain]] = INF  # no army stands on impassable terrain
    return MapTables(board, terrain, defense, fortress | keep, fortress, keep, home_of, neigh, reach_dst,
                     reach_via, dist)

