"""Expense phase (ruling 6): upkeep of 1 gold per army, choosing armies to disband when gold is short,
and raising new armies (4 gold) on or next to a fortress the player controls."""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import events as E
from japanese_swords.actions import Action, Disband, Raise
from japanese_swords.board import NEIGHBOURS, Terrain, square_name
from japanese_swords.core import Army, Phase
from japanese_swords.phases.common import remove_army

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State


def try_upkeep(state: State, ev: Events = None) -> None:
    """Pay the turn player's upkeep if the gold suffices; otherwise armies must be disbanded first."""
    seat = state.turn_player
    cost = state.game.rules.upkeep * len(state.armies_of(seat))
    if state.gold[seat] >= cost:
        state.gold[seat] -= cost
        state.upkeep_paid = True
        if ev is not None:
            ev.append(E.GoldChanged(seat, -cost, "upkeep"))


def raise_squares(state: State, seat: int) -> list[int]:
    """Empty squares where the seat may raise an army: a fortress it controls or a passable square next
    to one; not another player's fortress nor a keep it does not control (ruling 6)."""
    terrain, control = state.game.board.terrain, state.control
    out = set()
    for fort in state.fortresses_of(seat):
        for sq in (fort, *NEIGHBOURS[fort]):
            t = terrain[sq]
            if state.occupant[sq] >= 0 or not t.passable:
                continue
            if t in (Terrain.FORTRESS, Terrain.KEEP) and control[sq] != seat:
                continue
            out.add(sq)
    return sorted(out)


def raise_actions(state: State, seat: int) -> list[Action]:
    """Every legal Raise at an expense-phase decision (legal by construction)."""
    if state.gold[seat] >= state.game.rules.army_cost:
        return [Raise(sq) for sq in raise_squares(state, seat)]
    return []


def disband_actions(state: State, seat: int) -> list[Action]:
    """The choices while gold is short of upkeep: disband any one of the seat's armies."""
    return [Disband(a.square) for _, a in sorted(state.armies_of(seat), key=lambda x: x[1].square)]


def disband_problem(state: State, seat: int, action: Disband) -> str | None:
    army = state.army_at(action.square)
    if army is None or army.owner != seat:
        return f"you have no army at {square_name(action.square)}"
    return None


def raise_problem(state: State, action: Raise) -> str | None:
    seat, phase, rules = state.turn_player, state.phase, state.game.rules
    if phase != Phase.EXPENSE:
        return f"armies are raised in the expense phase, not the {phase.title.lower()} phase"
    if state.gold[seat] < rules.army_cost:
        return f"raising an army costs {rules.army_cost} gold; you have {state.gold[seat]}"
    if action.square not in raise_squares(state, seat):
        return "a new army goes on an empty fortress you control or an empty passable square next to it"
    return None


def disband(state: State, a: Disband, ev: Events = None) -> None:
    remove_army(state, state.occupant[a.square], ev, "disbanded")
    try_upkeep(state, ev)


def raise_army(state: State, a: Raise, ev: Events = None) -> None:
    seat = state.turn_player
    state.gold[seat] -= state.game.rules.army_cost
    aid = state.next_army_id
    state.next_army_id += 1
    state.armies[aid] = Army(seat, a.square, 0)
    state.occupant[a.square] = aid
    if ev is not None:
        cost = state.game.rules.army_cost
        ev += [E.GoldChanged(seat, -cost, "raise"), E.ArmyRaised(seat, aid, a.square, cost)]
