"""Where an army may move: 2 movement points, terrain costs, friendly pass-through, enemy blocking."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from japanese_swords.board import MOVE_COST, NEIGHBOURS
from japanese_swords.modules import weather

if TYPE_CHECKING:
    from japanese_swords.state import StateData as State


def reachable(state: State, army_id: int) -> dict[int, int]:
    """Squares the army may end its move on, with the movement points each costs (ruling 2).

    It may pass through squares held by its own side but not end there, and never enters a square
    held by an enemy army or impassable terrain.
    """
    army = state.armies[army_id]
    budget = state.game.rules.move_points
    terrain = state.game.board.terrain
    occupant, armies = state.occupant, state.armies
    costs = weather.move_costs(state) if state.game.rules.modules else MOVE_COST
    best = {army.square: 0}
    heap = [(0, army.square)]
    while heap:
        cost, sq = heapq.heappop(heap)
        if cost > best.get(sq, 1 << 30):
            continue
        for n in NEIGHBOURS[sq]:
            step = costs[terrain[n]]
            if step is None:
                continue
            c = cost + step
            if c > budget or c >= best.get(n, 1 << 30):
                continue
            occ = occupant[n]
            if occ >= 0 and armies[occ].owner != army.owner:
                continue
            best[n] = c
            heapq.heappush(heap, (c, n))
    return {sq: c for sq, c in best.items() if occupant[sq] < 0}


def attack_targets(state: State, army_id: int) -> list[int]:
    """Squares of enemy armies orthogonally adjacent to the army (ruling 9)."""
    army = state.armies[army_id]
    out = []
    for n in NEIGHBOURS[army.square]:
        occ = state.occupant[n]
        if occ >= 0 and state.armies[occ].owner != army.owner:
            out.append(n)
    return out
