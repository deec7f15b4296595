"""Worker processes that play scheduled games, one at a time each, and survive a worker dying.

Every worker talks to the parent over its own pipe, so the parent always knows which game each worker
holds. A worker that dies outright (segfault, ``os._exit``, killed by the system) turns its game into a
failed outcome and is replaced; the tournament goes on. An optional per-game time limit works the same
way (the worker is killed). Workers ignore SIGINT: Ctrl-C reaches the parent, which stops them with
:meth:`GamePool.close`. This is a small hand-made pool rather than ``multiprocessing.Pool``, which loses
the task of a dead worker and then waits forever.
"""

from __future__ import annotations

import multiprocessing as mp
import signal
import time
from collections import deque
from collections.abc import Iterable, Iterator
from multiprocessing.connection import Connection, wait

from ai.tournament.games import GameSetup, play_task
from ai.tournament.outcome import GameOutcome
from ai.tournament.schedule import GameTask


def default_context() -> str:
    """``fork`` where available (agents registered at run time stay visible), else ``spawn``."""
    return "fork" if "fork" in mp.get_all_start_methods() else "spawn"


def _worker_loop(setup: GameSetup, conn: Connection) -> None:
    """Body of a worker process: play each task received, send back its outcome; stop on None or EOF."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            task = conn.recv()
        except EOFError:
            return
        if task is None:
            return
        conn.send(play_task(setup, task))


class _Worker:
    """One worker process, its end of the pipe and the task it is playing (None when idle)."""

    def __init__(self, ctx: mp.context.BaseContext, setup: GameSetup) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker_loop, args=(setup, child), daemon=True)
        self.proc.start()
        child.close()
        self.task: GameTask | None = None
        self.started = 0.0  # time.monotonic() when the task was sent


def _failed(task: GameTask, error: str) -> GameOutcome:
    """The outcome of a game that its worker could not finish."""
    return GameOutcome(task.index, task.lineup, task.group, task.rotation, task.seed, task.seats, error=error)


class GamePool:
    """Plays tasks on ``jobs`` worker processes; use as a context manager so workers are always stopped.

    With ``game_timeout`` (seconds), a game running longer is abandoned: its worker is killed and
    replaced, and the game is reported as failed.
    """

    def __init__(self, setup: GameSetup, jobs: int, context: str | None = None,
                 game_timeout: float | None = None) -> None:
        self.setup = setup
        self.game_timeout = game_timeout
        self.ctx = mp.get_context(context or default_context())
        self.workers = [_Worker(self.ctx, setup) for _ in range(jobs)]

    def __enter__(self) -> GamePool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def outcomes(self, tasks: Iterable[GameTask], tick: float = 1.0) -> Iterator[GameOutcome | None]:
        """Yield each task's outcome as it finishes (any order), and None every ``tick`` idle seconds."""
        pending = deque(tasks)
        for w in list(self.workers):
            self._assign(w, pending)
        while any(w.task is not None for w in self.workers):
            busy = [w for w in self.workers if w.task is not None]
            timeout = tick
            if self.game_timeout is not None:
                first = min(w.started for w in busy) + self.game_timeout
                timeout = max(0.0, min(tick, first - time.monotonic()))
            ready = wait([w.conn for w in busy] + [w.proc.sentinel for w in busy], timeout=timeout)
            if self.game_timeout is not None:
                now = time.monotonic()
                for w in busy:
                    if w.conn not in ready and w.task is not None and now - w.started > self.game_timeout:
                        w.proc.kill()
                        yield from self._replace(w, pending, f"timed out after {self.game_timeout:g} s "
                                                             f"(--game-timeout)")
            if not ready:
                yield None
                continue
            for w in busy:
                if w.task is None or w not in self.workers:
                    continue  # already replaced after a timeout
                if w.conn not in ready and w.proc.sentinel not in ready:
                    continue
                try:
                    outcome = w.conn.recv() if w.conn.poll() else None
                except (EOFError, OSError):
                    outcome = None
                if outcome is None:
                    if w.proc.is_alive():
                        continue  # spurious wake-up
                    yield from self._replace(w, pending, None)
                    continue
                w.task = None
                yield outcome
                self._assign(w, pending)

    def _assign(self, w: _Worker, pending: deque[GameTask]) -> None:
        """Give an idle worker the next task, if any."""
        if not pending:
            return
        task = pending.popleft()
        try:
            w.conn.send(task)
            w.task, w.started = task, time.monotonic()
        except (BrokenPipeError, OSError):
            pending.appendleft(task)  # the worker is gone: the caller notices through its sentinel
            w.task = None
            self._respawn(w)
            self._assign(self.workers[-1], pending)

    def _replace(self, w: _Worker, pending: deque[GameTask], error: str | None) -> Iterator[GameOutcome]:
        """A worker died (or was killed) holding a task: report the task as failed, start a fresh worker."""
        w.proc.join()
        task, w.task = w.task, None
        new = self._respawn(w)
        if task is not None:
            yield _failed(task, error or f"worker process died (exit code {w.proc.exitcode}) while playing "
                                         f"this game")
        self._assign(new, pending)

    def _respawn(self, w: _Worker) -> _Worker:
        """Swap a dead worker for a new one (appended to ``workers``)."""
        self.workers.remove(w)
        w.conn.close()
        new = _Worker(self.ctx, self.setup)
        self.workers.append(new)
        return new

    def close(self) -> None:
        """Stop every worker at once (games in progress are abandoned)."""
        for w in self.workers:
            if w.proc.is_alive():
                w.proc.terminate()
        for w in self.workers:
            w.proc.join()
            w.conn.close()
        self.workers = []
