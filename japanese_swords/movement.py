"""Where an army may move: movement points, terrain costs, friendly pass-through, enemy blocking.

:func:`move_costs` is the one shortest-path routine over terrain move costs: the engine's reach, the map
checks' travel distances, the AIs' distance tables and the compiled simulator's tables all come from it.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from japanese_swords.board import MOVE_COST, NEIGHBOURS, NUM_SQUARES, Terrain
from japanese_swords.modules import teams, weather

if TYPE_CHECKING:
    from japanese_swords.state import StateData as State

#: The distance of a square that cannot be reached (larger than any path on the board).
UNREACHABLE = 1 << 20


def move_costs(terrain: Sequence[Terrain], start: int, budget: int | None = None,
               blocked: Collection[int] = (), costs: Sequence[int | None] = MOVE_COST) -> dict[int, int]:
    """Least movement points from ``start`` to each square reachable from it (``start`` itself costs 0).

    Entering a square costs its terrain's entry in ``costs`` (:data:`~japanese_swords.board.MOVE_COST`, or a
    rule module's table such as a storm's); impassable squares and ``blocked`` ones are never entered; with
    ``budget`` no path costs more. Squares appear in the order the search settles them.
    """
    best = {start: 0}
    heap = [(0, start)]
    limit = UNREACHABLE if budget is None else budget
    while heap:
        cost, sq = heapq.heappop(heap)
        if cost > best.get(sq, UNREACHABLE):
            continue
        for n in NEIGHBOURS[sq]:
            step = costs[terrain[n]]
            if step is None:
                continue
            c = cost + step
            if c > limit or c >= best.get(n, UNREACHABLE) or n in blocked:
                continue
            best[n] = c
            heapq.heappush(heap, (c, n))
    return best


@lru_cache(maxsize=64)
def distance_table(terrain: tuple[Terrain, ...]) -> tuple[tuple[int, ...], ...]:
    """``d[a][b]``: movement points from square a to square b ignoring armies (:data:`UNREACHABLE` if cut
    off), cached per terrain layout."""
    rows = []
    for src in range(NUM_SQUARES):
        row = [UNREACHABLE] * NUM_SQUARES
        for sq, c in move_costs(terrain, src).items():
            row[sq] = c
        rows.append(tuple(row))
    return tuple(rows)


def reachable(state: State, army_id: int) -> dict[int, int]:
    """Squares the army may end its move on, with the movement points each costs (ruling 2).

    It may pass through squares held by its own side (a partner's too, in a team game) but not end
    there, and never enters a square held by an enemy army or impassable terrain.
    """
    army = state.armies[army_id]
    armies = state.armies
    enemies = {a.square for a in armies.values() if a.owner != army.owner}
    if enemies and state.game.rules.modules and teams.active(state):  # partners pass through (TM3)
        enemies = {a.square for a in armies.values() if not teams.allied(state, a.owner, army.owner)}
    occupant = state.occupant
    costs = weather.move_costs(state) if state.game.rules.modules else MOVE_COST  # a storm (docs/variants.md)
    best = move_costs(state.game.board.terrain, army.square, state.game.rules.move_points, enemies, costs)
    return {sq: c for sq, c in best.items() if occupant[sq] < 0}


def attack_targets(state: State, army_id: int) -> list[int]:
    """Squares of enemy armies orthogonally adjacent to the army (ruling 9; a partner is no enemy)."""
    army = state.armies[army_id]
    out = []
    for n in NEIGHBOURS[army.square]:
        occ = state.occupant[n]
        if occ >= 0 and state.armies[occ].owner != army.owner:
            out.append(n)
    if out and state.game.rules.modules and teams.active(state):  # never a partner (TM2)
        out = [n for n in out if not teams.allied(state, state.armies[state.occupant[n]].owner, army.owner)]
    return out
