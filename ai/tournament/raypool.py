"""Playing the schedule as Ray tasks, on a local Ray instance or a cluster (``--backend ray``).

The same :func:`ai.tournament.games.play_task` runs in each task, so a game's outcome is the same as on
the local process pool; the runner assembles results in schedule order, so the whole result is too. At most
``window`` games are in flight (default: the cluster's CPUs), which keeps an SPRT stop or Ctrl-C cheap and
lets ``--game-timeout`` measure a game from its submission. A task that fails (its worker died, the task
was cancelled) is reported as a failed game; tasks are never retried.

Code reaches the workers as follows: a local instance started here gets this checkout (or installed
package) on ``PYTHONPATH``; a cluster given by ``address`` gets the ``japanese_swords`` and ``ai``
packages uploaded as ``py_modules`` (its nodes need numpy, numba and openskill installed). The map travels
inside the task's setup, so workers need no map files.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from ai.tournament.games import GameSetup, play_task
from ai.tournament.outcome import GameOutcome
from ai.tournament.schedule import GameTask


class RayUnavailable(RuntimeError):
    """Ray is not installed or the cluster cannot be reached (one-line message)."""


def _import_ray() -> Any:
    try:
        import ray
    except ModuleNotFoundError:
        raise RayUnavailable("--backend ray needs Ray: pip install 'japanese-swords[ray]'") from None
    return ray


CONNECT_TIMEOUT = 3.0
"""Seconds :func:`check_address` waits for a TCP connection to the cluster before giving up."""


def check_address(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Fail fast, in one line, on a cluster address nothing answers at: ``ray.init`` would retry a dead
    ``HOST:PORT`` for about two minutes, printing Ray's own log lines. ``auto`` (Ray looks for a running
    local cluster, and says so at once when there is none) is left to Ray."""
    if address in ("auto", "local"):
        return
    rest = address.removeprefix("ray://")
    host, sep, port_text = rest.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")  # an IPv6 literal, [::1]:6379
    if not sep or not host or not port_text.isascii() or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise RayUnavailable(f"--address {address!r}: expected HOST:PORT, ray://HOST:PORT or auto")
    try:
        socket.create_connection((host, int(port_text)), timeout=timeout).close()
    except OSError as exc:
        reason = "timed out" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc) or type(exc).__name__)
        raise RayUnavailable(f"cannot reach Ray at {address!r}: {reason}") from None
    except (ValueError, UnicodeError) as exc:  # a NUL or a label IDNA cannot encode
        raise RayUnavailable(f"--address {address!r}: bad host name ({type(exc).__name__})") from None


def connect(address: str | None = None, num_cpus: int | None = None) -> Any:
    """Connect to Ray once per process: to ``address`` (a cluster, ``auto``, or ``ray://host:10001``), or a
    new local instance with ``num_cpus`` CPUs (default: all). Returns the ``ray`` module."""
    ray = _import_ray()
    if ray.is_initialized():
        return ray
    if address:
        check_address(address)
    import ai
    import japanese_swords

    root = str(Path(japanese_swords.__file__).resolve().parent.parent)
    kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                              "configure_logging": True, "logging_level": "WARNING"}
    if address:
        kwargs["runtime_env"] = {"py_modules": [japanese_swords, ai],
                                 "excludes": ["__pycache__", "*.pyc", "app/client"]}
    else:
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        kwargs["runtime_env"] = {"env_vars": {"PYTHONPATH": path}}
        kwargs["num_cpus"] = num_cpus
    try:
        ray.init(address=address or None, **kwargs)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise RayUnavailable(f"cannot start or reach Ray{f' at {address!r}' if address else ''}: {first}") from None
    return ray


def _failed(task: GameTask, error: str) -> GameOutcome:
    return GameOutcome(task.index, task.lineup, task.group, task.rotation, task.seed, task.seats, error=error)


class RayPool:
    """The :class:`ai.tournament.workers.GamePool` interface over Ray tasks (a context manager)."""

    def __init__(self, setup: GameSetup, jobs: int | None = None, address: str | None = None,
                 game_timeout: float | None = None) -> None:
        self.ray = connect(address, num_cpus=jobs)
        cpus = int(self.ray.cluster_resources().get("CPU", 1))
        self.window = max(1, jobs or cpus)
        self.game_timeout = game_timeout
        self.setup_ref = self.ray.put(setup)
        self._play = self.ray.remote(num_cpus=1, max_retries=0)(_play)
        self.inflight: dict[Any, tuple[GameTask, float]] = {}

    def __enter__(self) -> RayPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def outcomes(self, tasks: Iterable[GameTask], tick: float = 1.0) -> Iterator[GameOutcome | None]:
        """Yield each task's outcome as it finishes (any order), and None every ``tick`` idle seconds."""
        ray = self.ray
        pending = list(tasks)[::-1]
        while pending or self.inflight:
            while pending and len(self.inflight) < self.window:
                task = pending.pop()
                self.inflight[self._play.remote(self.setup_ref, task)] = (task, time.monotonic())
            timeout = tick
            if self.game_timeout is not None:
                first = min(t for _, t in self.inflight.values()) + self.game_timeout
                timeout = max(0.0, min(tick, first - time.monotonic()))
            ready, _ = ray.wait(list(self.inflight), num_returns=1, timeout=timeout)
            if self.game_timeout is not None:
                now = time.monotonic()
                for ref, (task, started) in list(self.inflight.items()):
                    if ref not in ready and now - started > self.game_timeout:
                        ray.cancel(ref, force=True)
                        del self.inflight[ref]
                        yield _failed(task, f"timed out after {self.game_timeout:g} s (--game-timeout)")
            if not ready:
                yield None
                continue
            for ref in ready:
                task, _ = self.inflight.pop(ref)
                try:
                    yield ray.get(ref)
                except ray.exceptions.RayError as exc:
                    lines = str(exc).strip().splitlines()
                    yield _failed(task, f"Ray task failed: {type(exc).__name__}: {lines[0] if lines else ''}")

    def close(self) -> None:
        """Cancel the games still in flight (Ray itself stays up for the rest of the process)."""
        for ref in self.inflight:
            self.ray.cancel(ref, force=True)
        self.inflight = {}


def _play(setup: GameSetup, task: GameTask) -> GameOutcome:
    """The Ray task: one scheduled game (the setup arrives from the object store)."""
    return play_task(setup, task)
