"""Running the compiled batch simulator: whole player-turns for every lane of a :class:`BatchState`.

:func:`run` and :class:`TurnRunner` are the Python side of :func:`ai.batch.kernel.run_lanes`: they pack
the policy and rules into arrays, seed the kernel's generator from the caller's numpy ``Generator``
(:mod:`ai.batch.rng`: same seed, same rollouts) and, when a :class:`~ai.batch.export.Recorder` is given,
collect the event log that the equality tests replay through the engine. With ``threads`` above 1 the lanes
are cut into that many contiguous parts, each played by its own thread (the kernel releases the GIL) with
its own workspace and its own generator seeded from the caller's in part order: the same seed and thread
count give the same rollouts, and one thread plays exactly as before (one stream for the whole batch).
"""

from __future__ import annotations

import operator
import threading
from concurrent.futures import ThreadPoolExecutor

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
_LANE_ARRAYS = operator.attrgetter(*STATE_FIELDS)  # a state's lane arrays as the kernel's ``st`` tuple
_ROWS_PER_TURN = 48  # first guess of the log rows a lane-turn needs (a full log is rerun with room)
_POOL: list[tuple[int, ThreadPoolExecutor]] = []  # (workers, pool) playing the parts of batches, made on first use
_POOL_LOCK = threading.Lock()
_SETUPS = threading.local()  # per thread: the packed parameters and a workspace per policy and game
_SETUPS_KEPT = 32  # set-ups a thread keeps at most (a search uses a few; the cache starts afresh when full)


def _pool(threads: int) -> ThreadPoolExecutor:
    """A shared pool of at least ``threads - 1`` worker threads (the calling thread plays one part)."""
    with _POOL_LOCK:
        if not _POOL or _POOL[0][0] < threads - 1:
            workers = max(1, threads - 1)
            _POOL[:] = [(workers, ThreadPoolExecutor(max_workers=workers, thread_name_prefix="batch-sim"))]
        return _POOL[0][1]


def parts(size: int, threads: int) -> list[tuple[int, int]]:
    """``size`` lanes cut into at most ``threads`` contiguous, non-empty (start, stop) ranges."""
    k = max(1, min(threads, size))
    cuts = [size * i // k for i in range(k + 1)]
    return [(a, b) for a, b in zip(cuts[:-1], cuts[1:], strict=True) if b > a]


class TurnRunner:
    """Plays turns on a :class:`BatchState` with a policy (one for all seats or one per seat), a generator
    and an optional recorder."""

    def __init__(self, state: BatchState, rng: np.random.Generator, policy: Policies | None = None,
                 recorder: Recorder | None = None, threads: int = 1) -> None:
        """Bind the state, generator, policies and recorder; pack the parameters and the map's tables.
        ``threads`` above 1 plays parts of the batch at once (not while recording)."""
        if threads < 1:
            raise ValueError("threads must be >= 1")
        self.S = state
        self.threads = 1 if recorder is not None else threads
        self.rng = rng
        self.rec = recorder
        self.policies, self.ipar, self.fpar, self.tables, self.wk = _setup(policy, state)
        self._wks: list[tuple] = [self.wk]

    def play(self, limit: np.ndarray) -> int:
        """Every unfinished lane plays turns while ``turns < limit``; returns the most one lane played."""
        S = self.S
        st = _LANE_ARRAYS(S)
        if self.threads > 1 and S.size > 1:
            return self._play_parts(st, limit)
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

    def _play_parts(self, st: tuple, limit: np.ndarray) -> int:
        """Play contiguous parts of the batch on threads, each with its own workspace and generator (seeded
        in part order from the caller's generator); returns the most turns one lane played."""
        ranges = parts(self.S.size, self.threads)
        while len(self._wks) < len(ranges):
            self._wks.append(workspace(self.ipar, self.fpar))
        seeds = [seed_state(self.rng) for _ in ranges]
        empty = np.zeros((0, L.WIDTH), np.int64)

        def one(k: int) -> int:
            a, b = ranges[k]
            return int(run_lanes(tuple(x[a:b] for x in st), self.tables, self.ipar, self.fpar, limit[a:b],
                                 seeds[k], empty, L.new_meta(False), self._wks[k]))

        futures = [_pool(len(ranges)).submit(one, k) for k in range(1, len(ranges))]
        most = one(0)
        return max([most] + [f.result() for f in futures])

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


def _setup(policy: Policies | None, state: BatchState) -> tuple:
    """The seats' policies, their packed knobs (``ipar``, ``fpar``), the map's kernel tables and a
    workspace for ``policy`` in ``state``'s game: made once per thread and kept while the same objects
    come back (a search calls the kernel with the same ones many times; packing them cost a fiftieth of a
    call). The workspace is scratch the kernel overwrites before it reads (lane after lane of one call
    already share it), so a call after another plays as on a fresh one."""
    kept: dict | None = getattr(_SETUPS, "kept", None)
    if kept is None or len(kept) >= _SETUPS_KEPT:
        kept = _SETUPS.kept = {}
    key = (id(policy), id(state.game), id(state.tables))
    hit = kept.get(key)
    if hit is not None and hit[0] is policy and hit[1] is state.game and hit[2] is state.tables:
        return hit[3]
    policies = per_seat(policy, state.num_players)
    ipar = int_params(policies, state.game.rules)
    fpar = float_params(policies)
    tables = kernel_tables(state.tables, state.game, float(policies[0].field_decay))
    made = (policies, ipar, fpar, tables, workspace(ipar, fpar))
    kept[key] = (policy, state.game, state.tables, made)  # (the objects keep their ids from being reused)
    return made


def run(state: BatchState, rng: np.random.Generator, turns: int, policy: Policies | None = None,
        recorder: Recorder | None = None, threads: int = 1) -> BatchState:
    """Advance every lane of ``state`` (in place) by up to ``turns`` player-turns, a lane resuming inside
    its turn first playing the rest of that turn (one kernel call, or one a part on ``threads``); returns it."""
    resuming = (state.start_phase != _REVENUE) & ~state.done
    TurnRunner(state, rng, policy, recorder, threads).play(state.turns + turns + resuming)
    return state
