"""Running the compiled batch simulator: whole player-turns for every lane of a :class:`BatchState`.

:func:`run` and :class:`TurnRunner` are the Python side of :func:`ai.batch.kernel.run_lanes`: they pack
the policy and rules into arrays, seed the kernel's generator from the caller's numpy ``Generator``
(:mod:`ai.batch.rng`: same seed, same rollouts) and, when a :class:`~ai.batch.export.Recorder` is given,
collect the event log that the equality tests replay through the engine.
"""

from __future__ import annotations

import numpy as np

from ai.batch import log as L
from ai.batch.export import Recorder
from ai.batch.kernel import run_lanes, workspace
from ai.batch.lane import STATE_FIELDS
from ai.batch.params import float_params, int_params, kernel_tables
from ai.batch.policy import Policies, per_seat
from ai.batch.rng import seed_state
from ai.batch.state import BatchState
from japanese_swords.core import Phase

_REVENUE = int(Phase.REVENUE)
_ROWS_PER_TURN = 48  # first guess of the log rows a lane-turn needs (a full log is rerun with room)


class TurnRunner:
    """Plays turns on a :class:`BatchState` with a policy (one for all seats or one per seat), a generator
    and an optional recorder."""

    def __init__(self, state: BatchState, rng: np.random.Generator, policy: Policies | None = None,
                 recorder: Recorder | None = None) -> None:
        """Bind the state, generator, policies and recorder; pack the parameters and the map's tables."""
        self.S = state
        self.rng = rng
        self.policies = per_seat(policy, state.num_players)
        self.rec = recorder
        self.ipar = int_params(self.policies, state.game.rules)
        self.fpar = float_params(self.policies)
        self.tables = kernel_tables(state.tables, state.game, float(self.policies[0].field_decay))
        self.wk = workspace(self.ipar, self.fpar)

    def play(self, limit: np.ndarray) -> int:
        """Every unfinished lane plays turns while ``turns < limit``; returns the most one lane played."""
        S = self.S
        st = tuple(getattr(S, name) for name in STATE_FIELDS)
        seed = seed_state(self.rng)
        if self.rec is None:
            return int(run_lanes(st, self.tables, self.ipar, self.fpar, limit, seed,
                                 np.zeros((0, L.WIDTH), np.int64), L.new_meta(False), self.wk))
        before = S.copy()
        rows = max(64, int(np.maximum(limit - S.turns, 0).sum()) * _ROWS_PER_TURN)
        while True:
            log, meta = np.zeros((rows, L.WIDTH), np.int64), L.new_meta(True)
            most = int(run_lanes(st, self.tables, self.ipar, self.fpar, limit, seed.copy(), log, meta, self.wk))
            if meta[0] <= rows:
                self.rec.add_log(log[: meta[0]], most)
                return most
            rows = int(meta[0])  # the log was too small: replay the same call (same seed) with room
            for name in STATE_FIELDS:
                getattr(S, name)[...] = getattr(before, name)

    def run_turn(self, active: np.ndarray | None = None) -> int:
        """Advance every unfinished lane (of the ``active`` mask, if given) by one player-turn, or by the
        rest of it for a lane resuming inside its turn; returns how many lanes played."""
        S = self.S
        play = ~S.done if active is None else active & ~S.done
        n = int(play.sum())
        if n:
            self.play(S.turns + play)
        elif self.rec is not None:
            self.rec.add_log(np.zeros((0, L.WIDTH), np.int64), 1)
        return n


def run(state: BatchState, rng: np.random.Generator, turns: int, policy: Policies | None = None,
        recorder: Recorder | None = None) -> BatchState:
    """Advance every lane of ``state`` (in place) by up to ``turns`` player-turns, a lane resuming inside
    its turn first playing the rest of that turn (one kernel call); returns it."""
    resuming = (state.start_phase != _REVENUE) & ~state.done
    TurnRunner(state, rng, policy, recorder).play(state.turns + turns + resuming)
    return state
