"""Recording what the batch simulator did, and exporting one lane's trajectory as engine actions.

Recording is optional (off in the hot path): each vectorised step appends one event holding the lanes it
touched (sorted) and their arguments. :meth:`Recorder.lane_turns` turns the events of one lane back into
engine notation, turn by turn, chance outcomes included, so the trajectory can be replayed through the
checked engine.
"""

from __future__ import annotations

import numpy as np

from ai.batch.policy import DISCARD_ORDER
from japanese_swords.actions import seat_name
from japanese_swords.board import square_name
from japanese_swords.cards import CODES, NUM_TYPES
from japanese_swords.state import State


class Recorder:
    """Events of a batch run: ``(call, kind, lanes, data)``; ``call`` counts :func:`run_turn` calls."""

    def __init__(self) -> None:
        """An empty log before the first turn."""
        self.call = -1
        self.events: list[tuple[int, str, np.ndarray, np.ndarray | None]] = []

    def next_turn(self) -> None:
        """Start a new turn call (every live lane plays one turn in it)."""
        self.call += 1

    def add(self, kind: str, lanes: np.ndarray, data: np.ndarray | None = None) -> None:
        """Record one event for ``lanes`` (ascending), with per-lane ``data`` rows."""
        if lanes.size:
            self.events.append((self.call, kind, lanes.copy(), None if data is None else np.array(data)))

    def lane_turns(self, lane: int) -> list[list[str]]:
        """The lane's actions in notation, one list per turn call (empty once the lane has finished)."""
        out: list[list[str]] = [[] for _ in range(self.call + 1)]
        for call, kind, lanes, data in self.events:
            j = int(np.searchsorted(lanes, lane))
            if j >= lanes.size or lanes[j] != lane:
                continue
            out[call].extend(_texts(kind, None if data is None else data[j]))
        return out


def _cards_in_order(counts: np.ndarray) -> list[str]:
    out = []
    for c in DISCARD_ORDER:
        out += [CODES[c]] * int(counts[c])
    return out


def _texts(kind: str, d: np.ndarray | None) -> list[str]:
    """Notation of one event for one lane."""
    if kind == "end":
        return ["end"]
    if kind == "prosperity":
        return ["play PR"] * int(d)  # type: ignore[arg-type]
    if kind in ("disband", "raise"):
        return [f"{kind} {square_name(int(d))}"]  # type: ignore[arg-type]
    if kind == "draws":
        out = []
        for c in d:  # type: ignore[union-attr]
            if c >= 0:
                out += ["draw", f"deal {CODES[int(c)]}"]
        return out
    if kind == "deals":
        return [f"deal {CODES[int(c)]}" for c in d if c >= 0]  # type: ignore[union-attr]
    if kind == "much_honor":
        return ["play MH"] * int(d)  # type: ignore[arg-type]
    if kind == "honor":
        return ["honor"]
    if kind == "intrigue":
        return [f"play IN {seat_name(int(d))}"]  # type: ignore[arg-type]
    if kind == "reply":
        return ["lose cards" if int(d) else "lose honor"]  # type: ignore[arg-type]
    if kind == "discards":
        return [f"discard {c}" for c in _cards_in_order(d)]  # type: ignore[arg-type]
    if kind in ("move", "attack"):
        return [f"{kind} {square_name(int(d[0]))} {square_name(int(d[1]))}"]  # type: ignore[index]
    if kind == "commit":
        assert d is not None and d.shape == (NUM_TYPES,)
        return ["commit " + " ".join(_cards_in_order(d))]
    raise ValueError(f"unknown event kind {kind!r}")


def summary(state: State) -> dict:
    """The facts the batch simulator tracks, from an engine state: compare a replayed engine state with a
    lane's :meth:`~ai.batch.state.BatchState.to_state` through this (``last_battle`` is not tracked)."""
    return {
        "order": list(state.order or ()), "turn_index": state.turn_index, "round": state.round,
        "phase": state.phase.name, "gold": list(state.gold), "honor": list(state.honor),
        "alive": list(state.alive), "eliminated_by": list(state.eliminated_by),
        "hands": [list(h) for h in state.hands], "deck": list(state.deck), "discard": list(state.discard),
        "armies": sorted((aid, a.owner, a.square, a.experience) for aid, a in state.armies.items()),
        "next_army_id": state.next_army_id, "control": list(state.control), "winner": state.winner,
    }


def replay_lane(start: State, turns: list[list[str]], expected: list[State]) -> int:
    """Replay a lane's exported turns from (a clone of) ``start`` through the checked engine, comparing the
    engine state with ``expected[i]`` after turn ``i``; raises IllegalActionError on an illegal action and
    AssertionError (naming the turn and the differing fields) on a mismatch. Returns actions replayed."""
    state = start.clone()
    count = 0
    for i, actions in enumerate(turns):
        for text in actions:
            state.play(text)
            count += 1
        got, want = summary(state), summary(expected[i])
        if got != want:
            diff = {k: (got[k], want[k]) for k in got if got[k] != want[k]}
            raise AssertionError(f"turn {i}: engine != lane after {actions}: {diff}")
    return count
