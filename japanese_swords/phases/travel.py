"""Travel phase (rulings 2, 3, 13): each army moves once over terrain costs, taking control of the keep or
fortress it ends on; Forced March gives an army an extra travel and battle phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import events as E
from japanese_swords.actions import Action, Move, PlayCard
from japanese_swords.board import square_name
from japanese_swords.cards import Card
from japanese_swords.core import Army
from japanese_swords.movement import reachable
from japanese_swords.phases.common import acting_army_problem, may_move, take_control

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State


def movable_armies(state: State, seat: int) -> list[tuple[int, Army]]:
    """The seat's armies that may still move this travel phase, by square."""
    return [(aid, a) for aid, a in sorted(state.armies_of(seat), key=lambda x: x[1].square) if may_move(state, aid)]


def move_actions(state: State, own: list[tuple[int, Army]]) -> list[Action]:
    """Every legal Move at a travel decision (legal by construction: the same helper as the check)."""
    out: list[Action] = []
    for aid, a in own:
        if may_move(state, aid):
            out += [Move(a.square, dst) for dst in sorted(reachable(state, aid))]
    return out


def forced_march_actions(state: State, own: list[tuple[int, Army]]) -> list[Action]:
    """Forced March on each of the player's armies not yet marched this turn."""
    return [PlayCard(Card.FORCED_MARCH, a.square) for aid, a in own if aid not in state.marched]


def move_problem(state: State, action: Move) -> str | None:
    problem = acting_army_problem(state, action)
    if problem is not None:
        return problem
    aid = state.occupant[action.src]
    if aid in state.moved:
        return "each army moves at most once per travel phase (ruling 2)"
    if action.dst not in reachable(state, aid):
        return (f"{square_name(action.dst)} is not reachable with {state.game.rules.move_points} movement points "
                "(terrain costs; friendly squares may be passed, not ended on; enemies block)")
    return None


def forced_march_problem(state: State, target: int | None) -> str | None:
    seat = state.turn_player
    army = None if target is None else state.army_at(target)
    if army is None or army.owner != seat:
        return "Forced March is played on one of your armies"
    if state.occupant[target] in state.marched:  # type: ignore[index]
        return "at most one Forced March per army per turn (ruling 13)"
    return None


def move(state: State, a: Move, ev: Events = None) -> None:
    aid = state.occupant[a.src]
    army = state.armies[aid]
    state.occupant[a.src] = -1
    state.occupant[a.dst] = aid
    state.armies[aid] = army._replace(square=a.dst)
    state.moved.add(aid)
    if ev is not None:
        ev.append(E.ArmyMoved(army.owner, aid, a.src, a.dst))
    take_control(state, a.dst, army.owner, ev)


def play_forced_march(state: State, target: int) -> None:
    state.marched.add(state.occupant[target])
