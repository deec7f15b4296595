"""The castles module (001 Samurai Swords' castles and fortresses): walls on keeps.

In the expense phase the turn player may pay ``cost`` gold to build one level of walls on a keep it
controls, once a turn, up to ``levels`` levels a keep. Each level adds ``defence`` to the defender of that
keep in battle. Walls belong to the square: a captured keep keeps its walls for its new holder.
``StateData.walls`` maps keep squares to their levels (public); ``StateData.fortified`` marks the turn's
build.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import events as E
from japanese_swords.actions import Fortify
from japanese_swords.board import Terrain, square_name
from japanese_swords.core import Phase
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData

NAME = "castles"


def params(state: StateData) -> dict[str, int] | None:
    """The module's parameters in this game, or None if it is not played."""
    modules = state.game.rules.modules
    return params_of(modules, NAME) if modules else None


def fortify_actions(state: StateData, seat: int) -> list[Fortify]:
    """Every legal Fortify at the seat's expense-phase decision (legal by construction)."""
    p = params(state)
    if p is None or state.fortified or state.gold[seat] < p["cost"]:
        return []
    terrain = state.game.board.terrain
    return [Fortify(sq) for sq, owner in enumerate(state.control)
            if owner == seat and terrain[sq] == Terrain.KEEP and state.walls.get(sq, 0) < p["levels"]]


def fortify_problem(state: StateData, action: Fortify) -> str | None:
    """Why the turn player may not build walls on ``action.square`` now, or None."""
    p = params(state)
    if p is None:
        return "walls are built only with the castles module"
    seat = state.turn_player
    if state.phase != Phase.EXPENSE:
        return f"walls are built in the expense phase, not the {state.phase.title.lower()} phase (ruling C1)"
    if state.fortified:
        return "walls are built at most once a turn (ruling C1)"
    if state.gold[seat] < p["cost"]:
        return f"a level of walls costs {p['cost']} gold; you have {state.gold[seat]} (ruling C1)"
    sq = action.square
    if state.game.board.terrain[sq] != Terrain.KEEP or state.control[sq] != seat:
        return f"{square_name(sq)} is not a keep you control (ruling C1)"
    if state.walls.get(sq, 0) >= p["levels"]:
        return f"a keep takes at most {p['levels']} levels of walls (ruling C1)"
    return None


def fortify(state: StateData, action: Fortify, ev: Events) -> None:
    """Pay for and build one level of walls on the keep."""
    p = params(state)
    assert p is not None
    seat = state.turn_player
    state.gold[seat] -= p["cost"]
    state.walls[action.square] = levels = state.walls.get(action.square, 0) + 1
    state.fortified = True
    if ev is not None:
        ev += [E.GoldChanged(seat, -p["cost"], "walls"), E.WallsBuilt(seat, action.square, levels, p["cost"])]


def defence(state: StateData, square: int) -> int:
    """The walls' defence at ``square`` (0 without walls or without the module)."""
    n = state.walls.get(square, 0)
    if not n:
        return 0
    p = params(state)
    return n * p["defence"] if p is not None else 0
