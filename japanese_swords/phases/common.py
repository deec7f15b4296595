"""What several phases share: checking the army that acts, removing armies, squares changing hands and
players put out of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import cards as C
from japanese_swords import events as E
from japanese_swords.actions import Attack, Move
from japanese_swords.board import Terrain, square_name
from japanese_swords.core import Army, Phase
from japanese_swords.modules import teams

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State

TRAVEL_PHASES = (Phase.TRAVEL, Phase.MARCH_TRAVEL)
BATTLE_PHASES = (Phase.BATTLE, Phase.MARCH_BATTLE)


def acting_army_problem(state: State, action: Move | Attack) -> str | None:
    """Why the army at ``action.src`` may not move or attack now (phase, owner, Forced March), or None."""
    seat, phase = state.turn_player, state.phase
    phase_name = phase.title.lower()
    verb = "move" if isinstance(action, Move) else "attack"
    phases = TRAVEL_PHASES if verb == "move" else BATTLE_PHASES
    if phase not in phases:
        return f"armies {verb} in the {'travel' if verb == 'move' else 'battle'} phase, not the {phase_name} phase"
    army = state.army_at(action.src)
    if army is None or army.owner != seat:
        return f"you have no army at {square_name(action.src)}"
    aid = state.occupant[action.src]
    if phase in (Phase.MARCH_TRAVEL, Phase.MARCH_BATTLE) and aid not in state.marched:
        return "only armies given a Forced March act in the extra phases (ruling 13)"
    return None


def may_attack(state: State, aid: int) -> bool:
    """Whether army ``aid`` may still start an attack in this battle phase: once per phase, and in the
    Forced March battle phase only if it was marched (rulings 9, 13)."""
    return aid not in state.attacked and (state.phase == Phase.BATTLE or aid in state.marched)


def may_move(state: State, aid: int) -> bool:
    """Whether army ``aid`` may still move in this travel phase: once per phase, and in the Forced March
    travel phase only if it was marched (rulings 2, 13)."""
    return aid not in state.moved and (state.phase == Phase.TRAVEL or aid in state.marched)


def attacking_armies(state: State, seat: int) -> list[tuple[int, Army]]:
    """The seat's armies that may still start an attack this battle phase, by square."""
    return [(aid, a) for aid, a in sorted(state.armies_of(seat), key=lambda x: x[1].square)
            if may_attack(state, aid)]


def remove_army(state: State, aid: int, ev: Events = None, reason: str = "") -> None:
    army = state.armies.pop(aid)
    if ev is not None:
        ev.append(E.ArmyRemoved(army.owner, aid, army.square, reason))
    state.occupant[army.square] = -1
    state.moved.discard(aid)
    state.attacked.discard(aid)
    state.marched.discard(aid)


def take_control(state: State, square: int, seat: int, ev: Events = None) -> None:
    """An army of ``seat`` ended on ``square``: keeps and fortresses change hands (ruling 3); taking a
    player's home fortress puts that player out (ruling 4)."""
    board = state.game.board
    if board.terrain[square] not in (Terrain.KEEP, Terrain.FORTRESS):
        return
    holder = state.control[square]
    if state.game.rules.modules and holder != seat and teams.allied(state, holder, seat):
        return  # a partner's keep or fortress stays the partner's (teams ruling TM3)
    if ev is not None and state.control[square] != seat:
        ev.append(E.ControlChanged(square, state.control[square], seat, "occupied"))
    state.control[square] = seat
    home = board.fortress_owner(square)
    if home is not None and home != seat and state.alive[home]:
        eliminate(state, home, seat, ev)


def eliminate(state: State, seat: int, captor: int, ev: Events = None) -> None:
    """Remove a player who lost their home fortress: armies gone, holdings neutral, hand discarded."""
    state.alive[seat] = False
    state.eliminated_by[seat] = captor
    if ev is not None:
        ev.append(E.PlayerEliminated(seat, captor, sum(state.hands[seat])))
    for aid in [aid for aid, a in state.armies.items() if a.owner == seat]:
        remove_army(state, aid, ev, "eliminated")
    for sq, owner in enumerate(state.control):
        if owner == seat:
            state.control[sq] = -1
            if ev is not None:
                ev.append(E.ControlChanged(sq, seat, -1, "eliminated"))
    hand = state.hands[seat]
    for c in range(C.NUM_TYPES):
        state.discard[c] += hand[c]
        hand[c] = 0
    state.pending_draws = [s for s in state.pending_draws if s != seat]
    state.discard_queue = [(s, n) for s, n in state.discard_queue if s != seat]
