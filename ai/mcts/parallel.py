"""Root parallelism on processes: one travel or economy decision searched on every core.

The search is Python holding the GIL around a compiled kernel, so threads cannot run it on two cores;
processes can. With ``threads=N`` (N > 1) a root search is cut into N shares: this process runs share 0
and a pool of N - 1 worker processes (:mod:`ai.mcts.parallel_worker`, started once, on the first such
decision or ahead by :func:`start_workers`, and stopped with the agent or at exit) runs the others.
Every share is the same root search (:meth:`~ai.mcts.root_search.RootSearch.search`) on its part of the
iterations, or on the whole time budget, with its own generator seeded in share order; the root
statistics are merged by summing each option's visits and values (options keyed by their notation) and
the decision is made from the merge.
The processes speak JSON lines: the observation as the protocol writes it (:mod:`japanese_swords.protocol`),
actions in notation, never pickle. A seed and thread count give the same decision; ``threads=1`` searches
in this process, as before.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import random
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Sequence
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from ai.agent import Agent
from ai.mcts.config import MCTSConfig
from ai.mcts.node import Node, RootStats
from ai.mcts.options import Option
from japanese_swords import protocol as P
from japanese_swords.observation import Observation

if TYPE_CHECKING:
    from ai.mcts.root_search import RootSearch

#: Seconds a worker may take to start (a cold numba cache compiles the kernels first) and, beyond its
#: time budget, to answer a search.
START_TIMEOUT = 300.0
ANSWER_SLACK = 300.0
_EOF = None
_POOLS: weakref.WeakKeyDictionary[object, RootPool] = weakref.WeakKeyDictionary()
_OPEN: weakref.WeakSet[RootPool] = weakref.WeakSet()


class WorkerError(RuntimeError):
    """A worker process failed (exited, timed out or answered an error); one line naming the problem."""


def split(iterations: int | None, shares: int) -> list[int | None]:
    """Each share's iterations: ``iterations`` cut into ``shares`` near-equal parts, the first ones larger
    (None for every share under a time budget alone)."""
    if iterations is None:
        return [None] * shares
    base, extra = divmod(iterations, shares)
    return [base + (k < extra) for k in range(shares)]


def stats_json(opts: Sequence[Option], stats: RootStats, cpu: float = 0.0) -> dict[str, Any]:
    """A share's root statistics as a message: per option (in notation) its visits and value sum, the
    paired sweeps as [option index, value] rows when kept, and the CPU seconds the share took."""
    return {"type": "stats", "cpu": cpu, "options": [str(a) for _, a in opts], "visits": list(stats.visits),
            "totals": list(stats.totals),
            "sweeps": [[[i, v] for i, v in row.items()] for row in stats.sweeps] if stats.paired else None}


def merge(opts: Sequence[Option], shares: Sequence[dict[str, Any]], paired: bool) -> RootStats:
    """The shares' statistics summed per option, matched by the action's notation, in share order (so
    the sums are the same for the same shares); paired sweeps are concatenated."""
    notation = [str(a) for _, a in opts]
    index = {text: i for i, text in enumerate(notation)}
    out = RootStats(len(opts), paired)
    for share in shares:
        names = share["options"]
        if sorted(names) != sorted(notation):
            raise WorkerError(f"a worker searched other options: {names} instead of {notation}")
        for name, n, w in zip(names, share["visits"], share["totals"], strict=True):
            out.visits[index[name]] += int(n)
            out.totals[index[name]] += float(w)
        if paired:
            for row in share["sweeps"] or []:
                out.sweeps.append({index[names[int(i)]]: float(v) for i, v in row})
    return out


def run_share(agent: RootSearch, obs: Observation, opts: list[Option], seed: int, start: float,
              budget: float | None, prior: int | None, iterations: int | None) -> tuple[Node, RootStats]:
    """One share: the agent's root search on ``iterations`` (or the time budget) with its own generator,
    the simulator on one thread (the other cores run the other shares). Its CPU seconds are left in the
    agent's ``last_share_cpu``."""
    saved = agent.iterations, getattr(agent.evaluator, "threads", None)
    agent.iterations = iterations
    if saved[1] is not None:
        agent.evaluator.threads = 1  # type: ignore[attr-defined]
    cpu = time.process_time()
    try:
        root, stats = agent.search(obs, opts, random.Random(seed), start, budget, prior)
        agent.last_share_cpu = time.process_time() - cpu  # type: ignore[attr-defined]
        return root, stats
    finally:
        agent.iterations = saved[0]
        if saved[1] is not None:
            agent.evaluator.threads = saved[1]  # type: ignore[attr-defined]


def seat_knobs(policy: object) -> list[dict[str, Any]] | None:
    """The playouts' per-seat knobs (``evaluator.policy``: the opponent model's styles, a personality's or
    ``playout``'s knobs) as JSON objects, for a worker to set the same."""
    if policy is None:
        return None
    return [asdict(p) for p in policy]  # type: ignore[attr-defined]


def request(agent: RootSearch, obs: Observation, opts: list[Option], seed: int, budget: float | None,
            prior: int | None, iterations: int | None) -> dict[str, Any]:
    """The ``search`` message of one share: the game, the observation in the protocol's JSON, the root
    options as (key, notation), the budget, the seed and the per-decision settings the worker copies."""
    game = obs.state.game
    return {"type": "search", "map": game.board.source, "rules": game.rules.to_json(),
            "observation": P.observation_json(obs), "options": [[str(k), str(a)] for k, a in opts],
            "prior": prior, "iterations": iterations, "budget": budget, "seed": seed,
            "steps": [agent.expand_visits, agent.unprune_step],  # type: ignore[attr-defined]
            "knobs": seat_knobs(getattr(agent.evaluator, "policy", None)),
            "tree_styles": getattr(agent, "tree_styles", None)}


class Worker:
    """One worker process: JSON lines on its stdin and stdout, read by a daemon thread into a queue."""

    def __init__(self, config: dict[str, Any]) -> None:
        env = dict(os.environ)
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            env.setdefault(var, "1")
        self.proc = subprocess.Popen([sys.executable, "-m", "ai.mcts.parallel_worker"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1, env=env)
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send({"type": "hello", "config": config})

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(_EOF)

    def send(self, message: dict[str, Any]) -> None:
        """Write one message; WorkerError if the process is gone."""
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(P.encode(message))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise WorkerError(f"a search worker (pid {self.proc.pid}) has exited") from None

    def answer(self, kind: str, timeout: float) -> dict[str, Any]:
        """The next message, which must be of ``kind``; WorkerError on exit, timeout, error or nonsense."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise WorkerError(f"a search worker gave no {kind} within {timeout:.0f} s") from None
        if line is _EOF:
            raise WorkerError(f"a search worker exited (status {self.proc.wait()})")
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            raise WorkerError(f"a search worker wrote a line that is not JSON: {line[:80]!r}") from None
        if not isinstance(message, dict) or message.get("type") != kind:
            detail = message.get("message") if isinstance(message, dict) else message
            raise WorkerError(f"a search worker answered {str(detail)[:200]} instead of {kind}")
        return message

    def stop(self) -> None:
        """Ask the process to quit and make sure it is gone."""
        if self.proc.poll() is None:
            try:
                self.send({"type": "quit"})
                self.proc.wait(timeout=5)
            except (WorkerError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:
                    pass


class RootPool:
    """The worker processes of one agent (``count`` of them): started at once, waited for (each answers
    ``ready`` once its compiled code is loaded) before the first search."""

    def __init__(self, config: dict[str, Any], count: int) -> None:
        self.workers = [Worker(config) for _ in range(count)]
        self.started = False
        _OPEN.add(self)

    def ready(self) -> None:
        """Wait until every worker is ready (the first time only); WorkerError if one is not."""
        if not self.started:
            for w in self.workers:
                w.answer("ready", START_TIMEOUT)
            self.started = True

    def close(self) -> None:
        """Stop every worker (idempotent)."""
        workers, self.workers = self.workers, []
        for w in workers:
            w.stop()


def worker_config(config: object) -> dict[str, Any]:
    """The agent's settings for a worker: its knobs as JSON (set ones only), the simulator on one thread."""
    fields = asdict(replace(config, threads=1))  # type: ignore[type-var]
    return {k: v for k, v in fields.items() if v is not None}


def pool_of(agent: RootSearch, count: int) -> RootPool:
    """The agent's pool of ``count`` workers, started on first use (not waited for) and stopped with the
    agent."""
    pool = _POOLS.get(agent)
    if pool is None or len(pool.workers) != count:
        if pool is not None:
            pool.close()
        pool = RootPool(worker_config(agent.config), count)
        _POOLS[agent] = pool
        weakref.finalize(agent, pool.close)
    return pool


def start_workers(agent: Agent) -> Agent:
    """Start an MCTS agent's worker processes now, in the background (the client does so when it builds
    its opponent, so the first decision does not wait for them); other agents are returned as they are."""
    config = getattr(agent, "config", None)
    count = getattr(config, "thread_count", 1)
    if isinstance(config, MCTSConfig) and count > 1:
        pool_of(agent, count - 1)  # type: ignore[arg-type]
    return agent


def close_pool(agent: object) -> None:
    """Stop the agent's workers now (they also stop when the agent is collected or the program exits)."""
    pool = _POOLS.pop(agent, None)
    if pool is not None:
        pool.close()


def warn(agent: object, exc: WorkerError) -> None:
    """One line on stderr for a failed worker; the pool is stopped (the next decision starts a new one)."""
    print(f"warning: {exc}; this decision is searched on one core", file=sys.stderr)
    close_pool(agent)


def alone(agent: RootSearch, exc: WorkerError, obs: Observation, opts: list[Option], seed: int, start: float,
          budget: float | None, prior: int | None, iterations: int | None) -> tuple[Node, RootStats]:
    """The whole search in this process, after the workers failed before it began."""
    warn(agent, exc)
    return run_share(agent, obs, opts, seed, start, budget, prior, iterations)


@atexit.register
def _close_all() -> None:
    for pool in list(_OPEN):
        pool.close()


def search(agent: RootSearch, obs: Observation, opts: list[Option], rng: random.Random, start: float,
           budget: float | None, prior: int | None, shares: int) -> tuple[Node, RootStats]:
    """The root search cut into ``shares``: share 0 here, the others on the agent's workers, merged.
    Returns this process's tree (for tools) and the merged statistics; sets ``last_iterations`` and
    ``last_stats`` to the merge's and ``last_cpu`` to each share's CPU seconds (tools/bench_search.py)."""
    seeds = [rng.getrandbits(64) for _ in range(shares)]
    parts = split(agent.iterations, shares)
    pool = pool_of(agent, shares - 1)
    try:
        if not pool.started:  # the wait for the workers' start is not taken from the search's time
            pool.ready()
            start = time.perf_counter()
        left = None if budget is None else max(0.0, budget - (time.perf_counter() - start))
        for k, w in enumerate(pool.workers, start=1):
            w.send(request(agent, obs, opts, seeds[k], left, prior, parts[k]))
    except WorkerError as exc:
        return alone(agent, exc, obs, opts, seeds[0], start, budget, prior, agent.iterations)
    root, own = run_share(agent, obs, opts, seeds[0], start, budget, prior, parts[0])
    answers = [stats_json(opts, own, agent.last_share_cpu)]  # type: ignore[attr-defined]
    try:
        for w in pool.workers:
            answers.append(w.answer("stats", (left or 0.0) + ANSWER_SLACK))
    except WorkerError as exc:  # the decision stands on this process's share; the next one starts anew
        warn(agent, exc)
        answers = answers[:1]
    stats = merge(opts, answers, own.paired)
    agent.last_cpu = [float(a.get("cpu", 0.0)) for a in answers]  # type: ignore[attr-defined]
    agent.last_iterations = sum(stats.visits)
    agent.last_stats = [(str(k), stats.visits[i], stats.mean(i)) for i, (k, _) in enumerate(opts)]
    return root, stats
