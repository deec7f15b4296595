"""Recording what the batch simulator did, and exporting one lane's trajectory as engine actions.

Recording is optional (off in the hot path): the compiled kernel then writes one row per event
(:mod:`ai.batch.log`). :meth:`Recorder.lane_turns` turns the events of one lane back into engine notation,
turn by turn, chance outcomes included, so the trajectory can be replayed through the checked engine.
"""

from __future__ import annotations

import numpy as np

from ai.batch import log as L
from ai.batch.policy import DISCARD_ORDER
from japanese_swords.actions import WEATHERS, seat_name
from japanese_swords.board import square_name
from japanese_swords.cards import CODES, NUM_TYPES
from japanese_swords.engine import State


class Recorder:
    """The event logs of the compiled kernel calls (:mod:`ai.batch.log` rows), turned back into engine
    notation lane by lane. ``calls`` counts turn rounds: one per :meth:`TurnRunner.run_turn` call."""

    def __init__(self) -> None:
        """An empty log before the first turn."""
        self.calls = 0
        self._logs: list[np.ndarray] = []
        self._by_lane: dict[int, np.ndarray] | None = None

    def add_log(self, rows: np.ndarray, calls: int) -> None:
        """Append one kernel call's rows, whose turn column counts from 0, spanning ``calls`` turn rounds."""
        rows = rows.copy()
        rows[:, 0] += self.calls
        self._logs.append(rows)
        self.calls += calls
        self._by_lane = None

    def lane_turns(self, lane: int) -> list[list[str]]:
        """The lane's actions in notation, one list per turn round (empty once the lane has finished)."""
        if self._by_lane is None:
            rows = np.concatenate(self._logs) if self._logs else np.zeros((0, L.WIDTH), np.int64)
            rows = rows[np.argsort(rows[:, 1], kind="stable")]
            lanes, starts = np.unique(rows[:, 1], return_index=True)
            parts = np.split(rows, starts[1:])
            self._by_lane = {int(k): part for k, part in zip(lanes, parts, strict=True)}
        out: list[list[str]] = [[] for _ in range(self.calls)]
        for row in self._by_lane.get(lane, ()):
            out[int(row[0])].extend(_texts(L.KINDS[int(row[2])], row[3:]))
        return out


def _cards_in_order(counts: np.ndarray) -> list[str]:
    out = []
    for c in DISCARD_ORDER:
        out += [CODES[c]] * int(counts[c])
    return out


def _texts(kind: str, d: np.ndarray) -> list[str]:
    """Notation of one event (its 16 data numbers) for one lane."""
    if kind == "end":
        return ["end"]
    if kind == "prosperity":
        return ["play PR"] * int(d[0])
    if kind in ("disband", "raise", "fortify", "ronin"):
        return [f"{kind} {square_name(int(d[0]))}"]
    if kind == "draws":
        return [text for c in d if c >= 0 for text in ("draw", f"deal {CODES[int(c)]}")]
    if kind == "deals":
        return [f"deal {CODES[int(c)]}" for c in d if c >= 0]
    if kind == "much_honor":
        return ["play MH"] * int(d[0])
    if kind == "honor":
        return ["honor"]
    if kind == "intrigue":
        return [f"play IN {seat_name(int(d[0]))}"]
    if kind == "reply":
        return ["lose cards" if int(d[0]) else "lose honor"]
    if kind == "discards":
        return [f"discard {c}" for c in _cards_in_order(d)]
    if kind in ("move", "attack"):
        return [f"{kind} {square_name(int(d[0]))} {square_name(int(d[1]))}"]
    if kind == "support":
        return [f"support {int(d[0])}"]
    if kind == "bids":
        return [f"bid {int(d[0])}"]
    if kind == "order":
        return ["order " + " ".join(seat_name(int(x)) for x in d if x >= 0)]
    if kind == "weather":
        return [f"weather {WEATHERS[int(d[0])]}"]
    if kind == "commit":
        assert d.shape == (NUM_TYPES,)
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
        "weather": state.weather, "breached": sorted(state.breached), "walls": sorted(state.walls.items()),
        "ronin": sorted((aid, n) for aid, n in state.ronin.items() if aid in state.armies),
    }


def replay_lane(start: State, turns: list[list[str]], expected: list[State], events: list | None = None) -> int:
    """Replay a lane's exported turns from (a clone of) ``start`` through the checked engine, comparing the
    engine state with ``expected[i]`` after turn ``i``; raises IllegalActionError on an illegal action and
    AssertionError (naming the turn and the differing fields) on a mismatch. Returns actions replayed;
    the engine's events go to ``events`` if given (what the replayed rules did)."""
    state = start.clone()
    count = 0
    for i, actions in enumerate(turns):
        for text in actions:
            happened = state.play(text)
            if events is not None:
                events.extend(happened)
            count += 1
        got, want = summary(state), summary(expected[i])
        if got != want:
            diff = {k: (got[k], want[k]) for k in got if got[k] != want[k]}
            raise AssertionError(f"turn {i}: engine != lane after {actions}: {diff}")
    return count
