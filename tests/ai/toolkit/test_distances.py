"""Distances for planning come from the engine's one shortest-path routine and agree with the reach of a
lone army; the simulator's path tables reach the same squares for every movement allowance they take."""

from __future__ import annotations

import pytest

from ai.batch.tables import MAX_MOVE_POINTS, paths_within
from ai.toolkit.distances import INF, distances, keeps_of
from japanese_swords.board import NUM_SQUARES
from japanese_swords.maps import available_maps, load_map
from japanese_swords.movement import move_costs


@pytest.mark.parametrize("name", ["classic-2p", "onin-4p"])
def test_distances_are_symmetric_in_reach_and_match_the_routine(name: str) -> None:
    board = load_map(name)
    d = distances(board)
    for src in range(0, NUM_SQUARES, 7):
        costs = move_costs(board.terrain, src)
        assert all(d[src][sq] == costs.get(sq, INF) for sq in range(NUM_SQUARES))
        for budget in (1, 2, 3):
            assert set(move_costs(board.terrain, src, budget)) == {sq for sq, c in costs.items() if c <= budget}
    assert keeps_of(board) == board.keeps()


@pytest.mark.parametrize("name", available_maps())
def test_the_path_tables_reach_what_the_engine_reaches(name: str) -> None:
    board = load_map(name)
    for points in range(MAX_MOVE_POINTS + 1):
        for src in range(0, NUM_SQUARES, 3):
            if board.terrain[src].move_cost is None:
                continue
            within = set(move_costs(board.terrain, src, points)) - {src}
            assert set(paths_within(board.terrain, src, points)) == within


def test_a_blocked_square_cuts_every_path_through_it() -> None:
    board = load_map("classic-2p")
    src = next(sq for sq in range(NUM_SQUARES) if board.terrain[sq].move_cost == 1
               and all(board.terrain[n].move_cost == 1 for n in _around(sq)))
    paths = paths_within(board.terrain, src, 2)
    for dst, vias in paths.items():
        blocked = set(vias[0])
        open_paths = [v for v in vias if not set(v) & blocked]
        reach = move_costs(board.terrain, src, 2, blocked)
        assert (dst in reach) == bool(open_paths) or dst in blocked


def _around(sq: int) -> list[int]:
    from japanese_swords.board import NEIGHBOURS

    return list(NEIGHBOURS[sq])
