"""The support module (002 Tokugawa's support from adjacent units): when a battle starts, the attacker and
then the defender may pay for armies of theirs next to the defended square; each supporter draws one more
battle card, and the winner's supporters are paid back with interest (docs/variants.md, rulings P1-P4).

The choice is a decision of its own (``decision(state) == "support"``, the action ``Support(n)``), made
before the battle hands are dealt; ``Battle.support`` holds the choices so far (public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords.actions import Support
from japanese_swords.board import NEIGHBOURS
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.core import Battle
    from japanese_swords.events import Events
    from japanese_swords.state import StateData

NAME = "support"


def params(state: StateData) -> dict[str, int] | None:
    """The module's parameters in this game, or None if it is not played."""
    modules = state.game.rules.modules
    return params_of(modules, NAME) if modules else None


def supporters(state: StateData, seat: int) -> int:
    """Ruling P1: how many other armies of ``seat`` stand next to the pending battle's defended square."""
    b = state.battle
    assert b is not None
    square = state.armies[b.defender].square
    return sum(1 for n in NEIGHBOURS[square] if state.occupant[n] >= 0 and state.occupant[n] != b.attacker
               and state.armies[state.occupant[n]].owner == seat)


def most(state: StateData, seat: int) -> int:
    """The most supporters ``seat`` may pay for now: its adjacent armies, as many as its gold covers."""
    p = params(state)
    assert p is not None
    n = supporters(state, seat)
    return n if not p["fee"] else min(n, state.gold[seat] // p["fee"])


def deciding_seat(b: Battle) -> int:
    """Whose support choice is pending: the attacker's first, then the defender's."""
    return b.attacker_seat if not b.support else b.defender_seat


def pending(state: StateData) -> bool:
    """Whether a support choice is pending in the battle (the hands are dealt after both)."""
    b = state.battle
    return b is not None and b.support is not None and len(b.support) < 2


def start(state: StateData, b: Battle, ev: Events = None) -> bool:
    """A battle starts under the module: open the support choices, skipping a side that has no choice
    (ruling P1). True if the hands are dealt now (neither side may pay)."""
    b.support = ()
    settle(state, ev)
    return b.support is None or len(b.support) == 2


def settle(state: StateData, ev: Events = None) -> None:
    """Record 0 for each pending side that cannot pay for any supporter; deal the battle hands once both
    sides have chosen (ruling P2)."""
    b = state.battle
    assert b is not None and b.support is not None
    while len(b.support) < 2 and most(state, deciding_seat(b)) == 0:
        b.support = (*b.support, 0)
    if len(b.support) == 2 and not state.pending_draws:
        n = state.game.rules.battle_draw
        state.pending_draws = [b.attacker_seat] * (n + b.support[0]) + [b.defender_seat] * (n + b.support[1])


def choose(state: StateData, a: Support, ev: Events = None) -> None:
    """The deciding side pays for ``a.count`` supporters (public)."""
    from japanese_swords import events as E

    b = state.battle
    assert b is not None and b.support is not None
    seat = deciding_seat(b)
    fee = params(state)["fee"] * a.count  # type: ignore[index]
    state.gold[seat] -= fee
    b.support = (*b.support, a.count)
    if ev is not None:
        ev.append(E.SupportPaid(seat, a.count, fee))
    settle(state, ev)


def problem(state: StateData, a: Support) -> str | None:
    """Why ``a`` is not a legal support choice now, or None."""
    b = state.battle
    assert b is not None
    top = most(state, deciding_seat(b))
    if not 0 <= a.count <= top:
        return f"you may pay for 0 to {top} supporters (armies next to the defended square, 1 gold each)"
    return None


def actions(state: StateData) -> list[Support]:
    """Every legal support choice, fewest supporters first."""
    b = state.battle
    assert b is not None
    return [Support(k) for k in range(most(state, deciding_seat(b)) + 1)]


def reward(state: StateData, b: Battle, winner_seat: int | None, ev: Events = None) -> None:
    """Ruling P3: the winner's supporters of the resolved battle ``b`` earn their fee back plus
    ``interest`` each (nothing when nobody wins)."""
    if b.support is None:
        return
    att, dfn = b.support if len(b.support) == 2 else (0, 0)
    if winner_seat is not None:
        p = params(state)
        assert p is not None
        n = att if winner_seat == b.attacker_seat else dfn
        gold = n * (p["fee"] + p["interest"])
        if gold:
            state.gold[winner_seat] += gold
            if ev is not None:
                from japanese_swords import events as E

                ev.append(E.GoldChanged(winner_seat, gold, "support"))
