"""What the learned policy knows of one option: hand-made numbers from the seat's view and the option.

Each option of a decision becomes a row of :data:`NAMES`: whether it is the greedy policy's choice and the
option generator's first, its kind, the learned value's change for the seat when the option is played on
the seat's view (``logit v(after) - logit v(before)``, the same network the leaves use) and, for a move, how
the army's distances to the nearest hostile keep, enemy army and home change and where it lands. The view
is the observation's state (other hands empty): an option that cannot be played on it keeps the value
unchanged. Only what the seat may see is read.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

from ai.learned.value import state_values
from ai.toolkit.distances import INF, distances, keeps_of
from ai.toolkit.view import hostile
from japanese_swords.actions import Action, BuyHonor, Disband, Discard, Draw, End, Move, PlayCard, Raise
from japanese_swords.board import Terrain
from japanese_swords.core import Phase
from japanese_swords.engine import State, decision

#: Option kinds with their own column; every other kind shares ``kind_other``.
KINDS: tuple[type[Action], ...] = (End, Move, PlayCard, Raise, Draw, BuyHonor, Discard, Disband)
NAMES: tuple[str, ...] = ("prior", "first", "value", "value_pos", "value_neg") + tuple(
    f"kind_{k.__name__.lower()}" for k in KINDS) + ("kind_other", "to_keep", "to_enemy", "to_home",
                                                   "on_keep", "on_fortress", "leaves_home", "near_enemy")
WIDTH = len(NAMES)
_VALUE = NAMES.index("value")
_KIND = NAMES.index("kind_end")
_MOVE = NAMES.index("to_keep")
#: Distances (movement points on the board's graph) are divided by this, and a change is capped at +-1.
DIST_SCALE = 6.0


_TRAVEL = (Phase.TRAVEL, Phase.MARCH_TRAVEL)
_ECONOMY = (Phase.EXPENSE, Phase.DRAW, Phase.HONOR)


def policy_family(state: State) -> str | None:
    """The learned policy's family of the decision pending in ``state`` (travel or economy: the root search's
    ordinary choices), or None for a decision it does not score."""
    if decision(state) != "main":
        return None
    if state.phase in _TRAVEL:
        return "travel"
    return "economy" if state.phase in _ECONOMY else None


def _logit(p: float) -> float:
    p = min(max(p, 1e-4), 1 - 1e-4)
    return math.log(p / (1 - p))


def _nearest(d: tuple[tuple[int, ...], ...], square: int, goals: list[int]) -> float:
    """Distance from ``square`` to the nearest goal (INF when none is reachable)."""
    return min((d[square][g] for g in goals), default=INF)


def _change(d: tuple[tuple[int, ...], ...], src: int, dst: int, goals: list[int]) -> float:
    """How much closer ``dst`` is than ``src`` to the nearest goal, in DIST_SCALE units, capped at +-1."""
    a, b = _nearest(d, src, goals), _nearest(d, dst, goals)
    if a >= INF or b >= INF:
        return 0.0
    return max(-1.0, min(1.0, (a - b) / DIST_SCALE))


def option_features(state: State, seat: int, actions: list[Action], prior: int | None) -> np.ndarray:
    """[K, WIDTH] one row per option of ``seat``'s decision in ``state`` (the seat's view); ``prior`` is the
    index of the greedy policy's choice among ``actions`` (None: not among them)."""
    out = np.zeros((len(actions), WIDTH))
    board = state.game.board
    d = distances(board)
    home = board.fortresses[seat]
    enemies = [a.square for a in state.armies.values() if hostile(state, seat, a.owner)]
    keeps = [k for k in keeps_of(board) if hostile(state, seat, state.control[k]) and state.occupant[k] < 0]
    played: list[int] = []

    def afters() -> Iterator[State]:
        """The view, then each option's after-state, one at a time: a decision's clones kept alive together
        would cost the garbage collector more than the values cost."""
        yield state
        for i, action in enumerate(actions):
            after = state.clone()
            try:
                after.apply(action)
            except Exception:  # noqa: BLE001  (an option the emptied view cannot play: no known change)
                continue
            played.append(i)
            yield after

    values = state_values(afters())  # one forward pass for the decision's after-states
    before = _logit(values[0][seat])
    for i, v in zip(played, values[1:], strict=True):
        delta = max(-3.0, min(3.0, _logit(v[seat]) - before))
        out[i, _VALUE], out[i, _VALUE + 1], out[i, _VALUE + 2] = delta, max(delta, 0.0), min(delta, 0.0)
    for i, action in enumerate(actions):
        row = out[i]
        row[0] = float(i == prior)
        row[1] = float(i == 0)
        kind = next((j for j, k in enumerate(KINDS) if isinstance(action, k)), len(KINDS))
        row[_KIND + kind] = 1.0
        if isinstance(action, Move):
            src, dst = action.src, action.dst
            row[_MOVE] = _change(d, src, dst, keeps)
            row[_MOVE + 1] = _change(d, src, dst, enemies)
            row[_MOVE + 2] = _change(d, src, dst, [home])
            row[_MOVE + 3] = float(board.terrain[dst] == Terrain.KEEP)
            row[_MOVE + 4] = float(board.terrain[dst] == Terrain.FORTRESS)
            row[_MOVE + 5] = float(src == home)
            row[_MOVE + 6] = float(_nearest(d, dst, enemies) <= 2)
    return out
