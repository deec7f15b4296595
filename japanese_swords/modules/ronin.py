"""The ronin module (001 Samurai Swords' hired ronin): mercenaries hired in the expense phase.

Each ronin costs ``cost`` gold and joins one of the hiring seat's armies face down; it adds ``force`` to
every battle that army fights, attacking or defending, until the start of its owner's next turn. The
number each seat has is public; which army they are with is secret until the army fights.
``StateData.ronin`` maps army ids to their ronin; a seat's observation moves other seats' ronin to the
key ``-1 - seat`` (the count without the army), which :func:`sample` places again in a search's world.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from japanese_swords import events as E
from japanese_swords.actions import HireRonin
from japanese_swords.board import square_name
from japanese_swords.core import Phase
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData

NAME = "ronin"


def params(state: StateData) -> dict[str, int] | None:
    """The module's parameters in this game, or None if it is not played."""
    modules = state.game.rules.modules
    return params_of(modules, NAME) if modules else None


def _owner(state: StateData, key: int) -> int | None:
    """The seat whose ronin are under ``key`` (an army id, or ``-1 - seat`` in a masked view)."""
    if key < 0:
        return -1 - key
    army = state.armies.get(key)
    return None if army is None else army.owner


def counts(state: StateData) -> list[int]:
    """Ronin each seat has on the board (public)."""
    out = [0] * state.num_players
    for key, n in state.ronin.items():
        owner = _owner(state, key)
        if owner is not None:
            out[owner] += n
    return out


def hire_actions(state: StateData, seat: int) -> list[HireRonin]:
    """Every legal hire at the seat's expense-phase decision (legal by construction)."""
    p = params(state)
    if p is None or state.gold[seat] < p["cost"]:
        return []
    return [HireRonin(a.square) for aid, a in sorted(state.armies_of(seat), key=lambda x: x[1].square)
            if state.ronin.get(aid, 0) < p["most"]]


def hire_problem(state: StateData, action: HireRonin) -> str | None:
    """Why the turn player may not hire a ronin for the army at ``action.square``, or None."""
    p = params(state)
    if p is None:
        return "ronin are hired only with the ronin module"
    seat = state.turn_player
    if state.phase != Phase.EXPENSE:
        return f"ronin are hired in the expense phase, not the {state.phase.title.lower()} phase (ruling R1)"
    if state.gold[seat] < p["cost"]:
        return f"a ronin costs {p['cost']} gold; you have {state.gold[seat]} (ruling R1)"
    aid = state.occupant[action.square]
    if aid < 0 or state.armies[aid].owner != seat:
        return f"you have no army at {square_name(action.square)}"
    if state.ronin.get(aid, 0) >= p["most"]:
        return f"an army takes at most {p['most']} ronin (ruling R1)"
    return None


def hire(state: StateData, action: HireRonin, ev: Events) -> None:
    """Pay for one ronin and put it with the army at ``action.square``."""
    p = params(state)
    assert p is not None
    seat = state.turn_player
    aid = state.occupant[action.square]
    state.gold[seat] -= p["cost"]
    state.ronin[aid] = state.ronin.get(aid, 0) + 1
    if ev is not None:
        ev += [E.GoldChanged(seat, -p["cost"], "ronin"), E.RoninHired(seat, p["cost"], action.square)]


def expire(state: StateData, seat: int) -> None:
    """At the start of ``seat``'s turn its ronin leave, as do the ronin of armies no longer on the board."""
    if state.ronin:
        state.ronin = {k: n for k, n in state.ronin.items() if _owner(state, k) not in (None, seat)}


def battle_force(state: StateData, army: int) -> tuple[int, int]:
    """(ronin with ``army``, force they add to its battle)."""
    n = state.ronin.get(army, 0)
    if not n:
        return 0, 0
    p = params(state)
    return n, n * (p["force"] if p is not None else 0)


def hide(view: StateData, seat: int) -> None:
    """Mask which armies other seats' ronin are with, keeping each seat's count (an observation's view)."""
    if not view.ronin:
        return
    masked: dict[int, int] = {}
    for key, n in view.ronin.items():
        owner = _owner(view, key)
        if owner is None:
            continue
        new = key if owner == seat else -1 - owner
        masked[new] = masked.get(new, 0) + n
    view.ronin = masked


def sample(state: StateData, rng: random.Random) -> None:
    """Place a masked view's unplaced ronin with random armies of their owner (a search's world)."""
    hidden = [(k, n) for k, n in state.ronin.items() if k < 0]
    if not hidden:
        return
    p = params(state)
    most = p["most"] if p is not None else 1
    for key, n in hidden:
        del state.ronin[key]
        armies = [aid for aid, _ in state.armies_of(-1 - key)]
        for _ in range(n):
            room = [aid for aid in armies if state.ronin.get(aid, 0) < most]
            if not room:
                break
            aid = rng.choice(room)
            state.ronin[aid] = state.ronin.get(aid, 0) + 1
