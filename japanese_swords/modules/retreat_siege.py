"""The retreat-and-siege module (002 Tokugawa): a beaten defender in the open retreats instead of dying,
and a home fortress falls only to a second win (docs/variants.md, rulings R1-R4).

:func:`spare_defender` is called by the battle's resolution for the beaten defender; it moves the army away
or breaches the fortress and says whether the classic removal is skipped. ``StateData.breached`` holds the
breached home fortresses (public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords.board import NEIGHBOURS, NUM_SQUARES, Terrain
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData

NAME = "retreat-siege"
WALLED = (Terrain.KEEP, Terrain.FORTRESS)


def params(state: StateData) -> dict[str, int] | None:
    """The module's parameters in this game, or None if it is not played."""
    modules = state.game.rules.modules
    return params_of(modules, NAME) if modules else None


def retreat_square(state: StateData, square: int, winner_square: int, seat: int) -> int | None:
    """Ruling R1: where a beaten defender on ``square`` retreats: a free, passable neighbour that is not
    next to the winner's square nor a keep or fortress ``seat`` does not hold; straight away from the
    winner first, then by square. None if there is none."""
    terrain, control = state.game.board.terrain, state.control
    away = 2 * square - winner_square
    free = [n for n in NEIGHBOURS[square]
            if state.occupant[n] < 0 and terrain[n].passable and n != winner_square
            and winner_square not in NEIGHBOURS[n]
            and (terrain[n] not in WALLED or control[n] == seat)]
    if not free:
        return None
    straight = [n for n in free if n == away and 0 <= away < NUM_SQUARES]
    return (straight or sorted(free))[0]


def spare_defender(state: StateData, winner_id: int, loser_id: int, ev: Events = None) -> bool:
    """Settle a beaten defender under the module: retreat it (ruling R1) or breach its home fortress
    (ruling R3). True if the army stays in the game (the classic removal and capture are skipped)."""
    from japanese_swords import events as E

    loser, winner = state.armies[loser_id], state.armies[winner_id]
    board = state.game.board
    square = loser.square
    if board.fortress_owner(square) == loser.owner:
        if square in state.breached:
            return False  # ruling R3: the second win takes the fortress
        state.breached.add(square)
        state.armies[loser_id] = loser._replace(experience=max(0, loser.experience - 1))
        if ev is not None:
            ev.append(E.FortressBreached(square, loser.owner, winner.owner))
        return True
    if board.terrain[square] in WALLED or loser.experience == 0:
        return False  # ruling R2: keeps and other fortresses fall as in the classic game; R1: no experience
    dest = retreat_square(state, square, winner.square, loser.owner)
    if dest is None:
        return False
    state.occupant[square] = -1
    state.occupant[dest] = loser_id
    state.armies[loser_id] = loser._replace(square=dest, experience=loser.experience - 1)
    if ev is not None:
        ev.append(E.ArmyRetreated(loser.owner, loser_id, square, dest))
    return True
