"""Per-map look-up tables, computed once per board: terrain, adjacency, reach and distance fields.

A move is a table look-up: for every square, the squares an army there may reach with 2 movement points
and the intermediate squares each path needs (so enemy blocking is two array reads). Distances are
terrain move-cost shortest paths used by the rollout policy's attraction field.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from japanese_swords.board import MOVE_COST, NEIGHBOURS, NUM_SQUARES, Board, Terrain

INF = 10**6


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
    reach_dst: np.ndarray  # [101, K] destinations within 2 move points (-1 padded; row 100 is empty)
    reach_via: np.ndarray  # [101, K, 2] intermediate squares of the paths (-1 none); -2 marks a direct step
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


@lru_cache(maxsize=32)
def map_tables(board: Board, move_points: int = 2) -> MapTables:
    """Build (and cache) the tables of ``board``; only the default 2 movement points are supported."""
    if move_points != 2:
        raise NotImplementedError("the batch simulator supports the default 2 movement points only")
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
    cost = [MOVE_COST[t] for t in board.terrain]
    rows: list[dict[int, list[int]]] = []
    for sq in range(NUM_SQUARES):
        paths: dict[int, list[int]] = {}
        for n in NEIGHBOURS[sq]:
            if cost[n] is None:
                continue
            paths.setdefault(n, []).append(-2)  # a direct step always fits in 2 points
            if cost[n] == 1:
                for m in NEIGHBOURS[n]:
                    if m != sq and cost[m] == 1:
                        paths.setdefault(m, []).append(n)
        rows.append(paths)
    width = max(len(r) for r in rows) or 1
    reach_dst = np.full((NUM_SQUARES + 1, width), -1, dtype=np.int64)
    reach_via = np.full((NUM_SQUARES + 1, width, 2), -1, dtype=np.int64)
    for sq, paths in enumerate(rows):
        for k, (dst, vias) in enumerate(sorted(paths.items())):
            reach_dst[sq, k] = dst
            if -2 in vias:
                reach_via[sq, k, 0] = -2
            else:
                assert len(vias) <= 2
                reach_via[sq, k, : len(vias)] = vias
    dist = np.full((NUM_SQUARES, NUM_SQUARES), INF, dtype=np.int64)
    for src in range(NUM_SQUARES):
        if cost[src] is None:
            continue
        best = {src: 0}
        heap = [(0, src)]
        while heap:
            c, sq = heapq.heappop(heap)
            if c > best[sq]:
                continue
            for n in NEIGHBOURS[sq]:
                step = cost[n]
                if step is None or c + step >= best.get(n, INF):
                    continue
                best[n] = c + step
                heapq.heappush(heap, (c + step, n))
        for sq, c in best.items():
            dist[src, sq] = c
    return MapTables(board, terrain, defense, fortress | keep, fortress, keep, home_of, neigh, reach_dst,
                     reach_via, dist)
