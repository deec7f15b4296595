"""The two-against-two module (000's team variant, 001's two-colour game): four players in two teams.

Partners sit opposite: seats p1+p3 and p2+p4 (the shipped 4-player maps put their fortresses in opposite
corners or sides). Partners never attack each other, pass through each other's squares, trade without the
per-turn offer limit (honor excepted), and win together: a team wins when both enemy home fortresses
have fallen or when one partner reaches the honor goal (docs/variants.md, rulings TM1-TM8). This file
imports only the registry (and the state for types), so the engine's phases and the AI may all use it;
``StateData.returns`` reads the registry itself to keep state and this module free of an import circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.state import StateData

NAME = "teams"
DEFAULT_MAP = "onin-4p"
"""The map a team tournament plays when none is named (partners in opposite corners)."""


def active(state: StateData) -> bool:
    """Whether the game is played in teams (False at once in a classic game)."""
    modules = state.game.rules.modules
    return bool(modules) and params_of(modules, NAME) is not None


def chosen(modules: tuple[str, ...]) -> bool:
    """Whether a module list names the teams module."""
    return any(spec.split(":")[0] == NAME for spec in modules)


def partner(seat: int) -> int:
    """The seat opposite ``seat`` (ruling TM1: p1+p3, p2+p4)."""
    return (seat + 2) % 4


def team(seat: int) -> tuple[int, int]:
    """Both seats of ``seat``'s team, lower first."""
    return (seat % 2, seat % 2 + 2)


def team_name(seat: int) -> str:
    """``"p1+p3"`` or ``"p2+p4"``."""
    a, b = team(seat)
    return f"p{a + 1}+p{b + 1}"


def allied(state: StateData, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` are on one side: the same seat, or partners in a team game."""
    return a == b or (a >= 0 and b >= 0 and a % 2 == b % 2 and active(state))


def winning_seats(state: StateData) -> tuple[int, ...]:
    """The seats that share the result of ``state.winner``: its team in a team game, else itself."""
    if state.winner is None:
        return ()
    return team(state.winner) if active(state) else (state.winner,)


def team_left(state: StateData) -> int | None:
    """Ruling TM6: when every seat still in the game is on one team, a seat of that team (the first in
    turn order still in the game) wins for it; else None."""
    alive = [s for s in range(state.num_players) if state.alive[s]]
    if not alive or len({s % 2 for s in alive}) != 1:
        return None
    order = state.order or tuple(range(state.num_players))
    return next(s for s in order if state.alive[s])


def team_values(state: StateData, values: list[float]) -> list[float]:
    """Per-seat values where a seat's value is its team's (ruling TM8): the team's share of both teams'
    summed values, so each partner's gain raises it and the two teams' values sum to 1 (a finished
    game's 1/0 and a draw's 1/2 are kept). Unchanged outside a team game."""
    if not active(state):
        return values
    ours, theirs = values[0] + values[2], values[1] + values[3]
    total = ours + theirs
    even = ours / total if total > 0 else 0.5
    return [even, 1.0 - even, even, 1.0 - even]
