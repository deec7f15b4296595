"""The search's speed against the simulator's: leaves per second of MCTS decisions on fixed positions, the
share of each part of a search, and the compiled simulator's own rate on the same leaves, in one run.

Positions are decisions of seeded greedy games (travel, economy, battle commitments). Each is searched
with ``mcts:iterations=N`` for every budget of ``--iterations``, one BLAS thread. Per repeat: a plain
pass at ``threads=1`` (``leaves_per_s``: leaves per CPU second of this process, which a loaded machine
disturbs less than the wall clock); the travel decisions at ``threads=2`` (``two_core_speedup_by_iterations``:
per decision, its leaves per wall second over the one-core pass's, the root search cut into shares on two
processes by :mod:`ai.mcts.parallel`); the travel decisions at ``mcts:time=T`` (``--time``) with one core,
with two (``two_core_speedup``: leaves per wall second of a decision, two over one; ``two_core_efficiency``:
leaves per CPU second of all the processes, two over one: two free cores give about twice it as the
wall-clock ratio, while a loaded machine, or a scheduler that shares CPU by session, may give the two
processes together no more than one core) and with two kept in this process (``leaf_threads_speedup``:
only the simulator's lanes on two threads, the way before root shares); and an instrumented pass that
times each part of the travel searches (CPU, ``shares``) and replays their kernel calls alone
(``limit_leaves_per_s``: leaves over the simulator's CPU time for them), and times the economy searches'
parts too (``economy_shares``); ``gc_share`` is the garbage collector's part of the travel searches' time
(inside the parts' shares). Each agent is kept across passes (its worker processes start once, in
the warm-up). A reference pass in the same run walks every world as an engine state (``use_public`` off:
the same decisions), so ``public_leaves_speedup`` is what the public leaves of :mod:`ai.mcts.public`
gain, per travel decision (leaves a CPU second, median). ``--options`` adds MCTS options to every
searcher (``tree=public``); ``--leaves-at`` gives the median leaves a travel decision gets at time budgets
(``leaves_per_decision``). Passes alternate so that the machine's load hits each alike; medians are
reported, with the load average and the cores. A one-core search starts without the option rankings its
agent remembers from earlier passes (a game meets a decision's positions once); the two-core comparisons
keep them on both sides, since the worker processes keep theirs. Usage:

    python tools/bench_search.py [--positions N] [--iterations 64,256] [--repeat K] [--map NAME]
                                 [--time SECONDS] [--leaves-at S,S] [--options K=V:...] [--no-threads]
                                 [--no-parts] [--json]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import contextmanager
from typing import NamedTuple

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # the search's own threads are what is measured

import importlib  # noqa: E402

import numpy as np  # noqa: E402

import ai.mcts.bot as BOT  # noqa: E402
import ai.mcts.descent as DE  # noqa: E402
import ai.rollout_policy as RP  # noqa: E402
from ai.agent import Agent, make_agent  # noqa: E402
from ai.batch.state import BatchState  # noqa: E402
from ai.greedy import GreedyPolicy  # noqa: E402
from ai.match import play_game  # noqa: E402
from japanese_swords.actions import Action  # noqa: E402
from japanese_swords.argtypes import OneLineParser, decimal  # noqa: E402
from japanese_swords.engine import State  # noqa: E402
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402
from japanese_swords.observation import observation  # noqa: E402
from japanese_swords.state import StateData  # noqa: E402

RS = importlib.import_module("ai.mcts.root_search")
BE = importlib.import_module("ai.batch.evaluate")  # (the package's ``evaluate`` name is the function)
BV = importlib.import_module("ai.batch.value")

FAMILIES = ("travel", "economy", "commit")


class Position(NamedTuple):
    """One decision to search: the full state, the seat to act and its family."""

    state: State
    seat: int
    family: str


def positions(game: Game, per_family: int, seed: int) -> list[Position]:
    """``per_family`` decisions of each family from greedy games (every third one of each, so that they
    spread over the game), each one the search takes (not answered by the policy or a single option)."""
    found: dict[str, list[Position]] = {f: [] for f in FAMILIES}
    seen = dict.fromkeys(FAMILIES, 0)

    def grab(state: State, _action: Action) -> None:
        if state.is_terminal():
            return
        seat = state.current_player()
        if seat < 0 or len(state.legal_actions()) < 2:
            return
        obs = observation(state, seat)
        fam = BOT.family(obs)
        if fam in found and len(found[fam]) < per_family:
            probe = make_agent("mcts:iterations=2:trade=0")
            probe.choose(obs, state.legal_actions(), random.Random(0))
            if probe.last_iterations == 0:
                return
            seen[fam] += 1
            if seen[fam] % 3 == 1:
                found[fam].append(Position(state.clone(), seat, fam))

    g = 0
    while any(len(v) < per_family for v in found.values()) and g < 200:
        play_game(game, [make_agent("greedy") for _ in range(game.num_players)], seed + g, on_action=grab)
        g += 1
    return [p for f in FAMILIES for p in found[f]]


#: Options added to every searcher's spec (``--options``, e.g. ``tree=public``).
OPTIONS: list[str] = []


def spec(iterations: int, threads: int, seconds: float | None = None) -> str:
    """The searcher measured: ``iterations`` a decision, or ``seconds`` when given (``threads`` named only
    above 1, so the tool also runs on older releases), with ``--options``."""
    budget = f"time={seconds}" if seconds is not None else f"iterations={iterations}"
    return ":".join([f"mcts:{budget}:trade=0", *OPTIONS]) + (f":threads={threads}" if threads > 1 else "")


Searches = dict[tuple[str, object], list[tuple[int, float, float]]]


def search_pass(pos: list[Position], agents: dict[object, Agent], seed: int, forget: bool = True) -> Searches:
    """Search every position with each budget's agent (kept across passes, so a pool of workers starts
    once); (family, budget) -> (leaves, wall seconds, CPU seconds of this process and its workers' shares)
    per decision. With ``forget`` each search starts without the rankings the agent remembers from earlier
    passes over the same positions (a game's decision meets its positions for the first time); a search
    on worker processes keeps theirs, so passes compared with one use ``forget=False`` on both sides."""
    out: Searches = {}
    for n, agent in agents.items():
        for k, p in enumerate(pos):
            obs = observation(p.state, p.seat)
            legal = p.state.legal_actions()
            if forget and hasattr(agent, "forget_rankings"):
                agent.forget_rankings()
            elif forget:  # (a release before 0.10.0: the same memory, without the method)
                agent.__dict__.pop("_ranked_memo", None)
            agent.last_cpu = [0.0]  # each share's CPU seconds, set by a search on worker processes
            t0, c0 = time.perf_counter(), time.process_time()
            agent.choose(obs, legal, random.Random(seed + k))
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            out.setdefault((p.family, n), []).append((agent.last_iterations, dt, dc + sum(agent.last_cpu[1:])))
    return out


def speedups(one: Searches, two: Searches, family: str, budget: object = None, wall: bool = True) -> list[float]:
    """Per decision of ``family`` (and ``budget`` when given): leaves per wall second (per CPU second of
    every process unless ``wall``) of the second pass over the first's."""
    out = []
    col = 1 if wall else 2
    for key, rows in one.items():
        if key[0] == family and budget in (None, key[1]):
            out += [(b[0] / b[col]) / (a[0] / a[col]) for a, b in zip(rows, two[key], strict=True)
                    if a[0] and a[col] > 0 and b[col] > 0]
    return out


@contextmanager
def leaf_threads():
    """The old way of using two cores, for comparison: every search in this process, the simulator's lanes
    split on threads (root searches are not handed to worker processes)."""
    hook = BOT.MCTSAgent.__dict__.get("_root_search")
    if hook is not None:
        BOT.MCTSAgent._root_search = lambda self, *a: self.search(*a)
    try:
        yield
    finally:
        if hook is not None:
            BOT.MCTSAgent._root_search = hook


class Parts:
    """Exclusive CPU time of the parts of a search (a part's time less that of the parts it calls), by
    patching the functions that do them; the kernel calls are kept for :meth:`replay_kernel`."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.kernel_calls: list[tuple] = []
        self._stack: list[float] = []  # per open part: time spent in the parts it called
        self.gc_seconds = 0.0  # CPU time in the garbage collector's passes (inside the parts' own)
        self._gc_start = 0.0

    def _gc(self, phase: str, _info: dict) -> None:
        """A ``gc.callbacks`` hook: adds each collection's CPU time to :attr:`gc_seconds`."""
        if phase == "start":
            self._gc_start = time.process_time()
        else:
            self.gc_seconds += time.process_time() - self._gc_start

    def timed(self, name: str, fn: Callable) -> Callable:
        """``fn`` with its exclusive CPU time added to part ``name``."""
        def wrapper(*args, **kwargs):
            self._stack.append(0.0)
            t0 = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                elapsed = time.process_time() - t0
                inner = self._stack.pop()
                self.seconds[name] = self.seconds.get(name, 0.0) + elapsed - inner
                if self._stack:
                    self._stack[-1] += elapsed
        return wrapper

    @contextmanager
    def installed(self):
        """Patch the search's parts for the duration (restored afterwards)."""
        saved = []

        def patch(obj: object, attr: str, name: str, wrap: Callable | None = None) -> None:
            orig = obj.__dict__[attr] if isinstance(obj, type) else getattr(obj, attr)
            saved.append((obj, attr, orig))
            fn = orig.__func__ if isinstance(orig, classmethod) else orig
            new = wrap(fn) if wrap else self.timed(name, fn)
            setattr(obj, attr, classmethod(new) if isinstance(orig, classmethod) else new)

        def run_recorded(orig: Callable) -> Callable:
            timed = self.timed("kernel", orig)

            def run(batch: BatchState, rng: np.random.Generator, turns: int, *a, **kw):
                t0 = time.process_time()
                self.kernel_calls.append((batch.copy(), turns, a, kw))
                if self._stack:  # the copy is the tool's, not the search's: no part's time
                    self._stack[-1] += time.process_time() - t0
                return timed(batch, rng, turns, *a, **kw)
            return run

        patch(BOT.MCTSAgent, "choose", "decision")
        patch(BOT.MCTSAgent, "world", "world sampling")
        patch(DE.Descent, "_descend", "tree walk")
        if hasattr(DE.Descent, "_descend_public"):
            patch(DE.Descent, "_descend_public", "tree walk")
            patch(RS, "deal_hidden", "world sampling")
            patch(RS, "deal_many", "world sampling")
            patch(BE, "lanes_of", "leaf export")
            if hasattr(BE, "gather_leaves"):
                patch(BE, "gather_leaves", "leaf export")
        patch(DE, "options", "option generation")
        patch(BOT, "options", "option generation")
        patch(GreedyPolicy, "act", "policy choices")
        patch(StateData, "clone", "state copies")
        patch(RP, "to_batch_start", "scalar play to a batch start")
        patch(BatchState, "from_states", "leaf export")
        patch(BatchState, "repeat", "leaf export")
        patch(BE, "run", "kernel", run_recorded)
        patch(BV, "fitted_values", "value")
        if hasattr(RS, "option_features"):  # the learned prior's rows (a release from 0.12.0 on)
            patch(RS, "option_features", "learned option rows")
        gc.callbacks.append(self._gc)
        try:
            yield self
        finally:
            gc.callbacks.remove(self._gc)
            for obj, attr, orig in reversed(saved):
                setattr(obj, attr, orig)

    def replay_kernel(self, seed: int) -> float:
        """CPU seconds of the simulator alone on the recorded kernel calls (copies of their batches)."""
        total = 0.0
        rng = np.random.default_rng(seed)
        for batch, turns, a, kw in self.kernel_calls:
            b = batch.copy()
            t0 = time.process_time()
            BE.run(b, rng, turns, *a, **kw)
            total += time.process_time() - t0
        return total


def instrumented_pass(pos: list[Position], budgets: list[int], seed: int,
                      family: str = "travel") -> tuple[dict[str, float], float, float]:
    """The searches of ``family`` with their parts timed: (share of the decision's time per part, the
    simulator's leaves per second on the same leaves, counted as search leaves = batch lanes / lanes, the
    share of the time spent in garbage collection, which the parts' shares include)."""
    chosen = [p for p in pos if p.family == family]
    parts = Parts()
    leaves = 0
    with parts.installed():
        for n in budgets:
            for k, p in enumerate(chosen):
                agent = make_agent(spec(n, 1))
                agent.choose(observation(p.state, p.seat), p.state.legal_actions(), random.Random(seed + k))
                leaves += agent.last_iterations
    total = sum(parts.seconds.values()) or 1e-9
    shares = {name: round(sec / total, 3) for name, sec in sorted(parts.seconds.items(), key=lambda kv: -kv[1])}
    shares["the rest of a decision"] = shares.pop("decision", 0.0)
    kernel = parts.replay_kernel(seed)
    return shares, leaves / kernel if kernel > 0 else 0.0, round(parts.gc_seconds / total, 3)


def leaves_per_decision(pos: list[Position], seconds: float, seed: int) -> float:
    """The median leaves a travel decision of ``pos`` gets at ``mcts:time=seconds`` on one core (the
    machine's load lowers it: report the load with it)."""
    agent = make_agent(spec(0, 1, seconds))
    search_pass(pos[:1], {"warm": agent}, seed)
    rows = search_pass(pos, {"t": agent}, seed)
    return statistics.median(v[0] for rows_ in rows.values() for v in rows_)


def median_shares(runs: list[dict[str, float]]) -> dict[str, float] | None:
    """Each part's median share over the instrumented runs (None without any), in the first run's order."""
    if not runs:
        return None
    return {k: round(statistics.median([s.get(k, 0.0) for s in runs]), 3) for k in runs[0]}


def rate(result: Searches, family: str | None = None, wall: bool = False) -> float:
    """Leaves per CPU second (per wall second with ``wall``) over the searches of ``family`` (all when None)."""
    items = [v for (f, _n), rows in result.items() if family is None or f == family for v in rows]
    leaves, seconds = sum(v[0] for v in items), sum(v[2 - wall] for v in items)
    return leaves / seconds if seconds > 0 else 0.0


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the alternating passes and print the medians."""
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=6, help="decisions of each family (default 6)")
    ap.add_argument("--iterations", default="64,256", help="comma-separated iteration budgets (default 64,256)")
    ap.add_argument("--repeat", type=int, default=3, help="alternating rounds of passes; medians reported")
    ap.add_argument("--map", default="classic-2p", help="shipped map name or map file (default classic-2p)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-threads", action="store_true", help="skip the two-core passes")
    ap.add_argument("--no-parts", action="store_true", help="skip the instrumented pass (shares, limit)")
    ap.add_argument("--time", type=decimal, default=0.1,
                    help="seconds of the timed travel decisions two_core_speedup compares (default 0.1)")
    ap.add_argument("--leaves-at", default="",
                    help="comma-separated seconds: median leaves a travel decision gets at each time budget")
    ap.add_argument("--options", default="",
                    help="colon-separated MCTS options added to every searcher (e.g. tree=public)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    OPTIONS[:] = [o for o in args.options.split(":") if o]
    try:
        make_agent(spec(1, 1))
    except (ValueError, JapaneseSwordsError) as exc:
        print(f"error: --options: {exc}", file=sys.stderr)
        return 2
    try:
        leaves_at = [decimal(x) for x in args.leaves_at.split(",") if x]
    except argparse.ArgumentTypeError:
        print(f"error: --leaves-at must be seconds separated by commas, got {args.leaves_at!r}", file=sys.stderr)
        return 2
    if any(not t > 0 for t in leaves_at):
        print("error: --leaves-at seconds must be positive", file=sys.stderr)
        return 2
    try:
        budgets = [int(x) for x in args.iterations.split(",") if x]
    except ValueError:
        print(f"error: --iterations must be whole numbers separated by commas, got {args.iterations!r}",
              file=sys.stderr)
        return 2
    if not budgets or min(budgets) < 1 or args.positions < 1 or args.repeat < 1 or not args.time > 0:
        print("error: --iterations, --positions, --repeat and --time must be positive", file=sys.stderr)
        return 2
    try:
        game = Game(load_map(args.map), Rules(max_rounds=150))
    except JapaneseSwordsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    load_start = os.getloadavg()[0]
    pos = positions(game, args.positions, args.seed)
    travel = [p for p in pos if p.family == "travel"]
    agents = {t: {n: make_agent(spec(n, t)) for n in budgets} for t in ((1,) if args.no_threads else (1, 2))}
    timed = {} if args.no_threads else {name: {"time": make_agent(spec(0, t, args.time))}
                                        for name, t in (("one", 1), ("two", 2), ("leaf", 2))}
    engine_walk = {n: make_agent(spec(n, 1)) for n in budgets}  # the reference: every world an engine state
    for agent in engine_walk.values():
        agent.use_public = False
    for group in [*agents.values(), *timed.values(), engine_walk]:  # warm-up: compiled code, caches, workers
        search_pass(pos[:1], group, args.seed)
    one, two, leaf, efficiency, shares_runs, limits, walk, economy_runs = [], [], [], [], [], [], [], []
    gc_runs: list[float] = []
    public_gain: list[float] = []
    by_budget: dict[int, list[float]] = {n: [] for n in budgets}
    per_family: dict[str, list[float]] = {f: [] for f in FAMILIES}
    for r in range(args.repeat):
        seed = args.seed + 1000 * r
        res1 = search_pass(pos, agents[1], seed)
        one.append(rate(res1, "travel"))
        for f in FAMILIES:
            per_family[f].append(rate(res1, f))
        ref = search_pass(pos, engine_walk, seed)
        walk.append(rate(ref, "travel"))
        public_gain += speedups(ref, res1, "travel", wall=False)
        if not args.no_threads:  # (the worker processes keep their remembered rankings: so do both sides)
            res1_kept = search_pass(travel, agents[1], seed, forget=False)
            res2 = search_pass(travel, agents[2], seed, forget=False)
            for n in budgets:
                by_budget[n] += speedups(res1_kept, res2, "travel", n)
            alone = search_pass(travel, timed["one"], seed, forget=False)
            both = search_pass(travel, timed["two"], seed, forget=False)
            two += speedups(alone, both, "travel")
            efficiency += speedups(alone, both, "travel", wall=False)
            with leaf_threads():
                leaf += speedups(alone, search_pass(travel, timed["leaf"], seed, forget=False), "travel")
        if not args.no_parts:
            shares, limit, gc_share = instrumented_pass(pos, budgets, seed)
            shares_runs.append(shares)
            limits.append(limit)
            gc_runs.append(gc_share)
            economy_runs.append(instrumented_pass(pos, budgets, seed, "economy")[0])
    med = statistics.median
    leaves_per_s = med(one)
    limit_per_s = med(limits) if limits else 0.0
    result = {
        "map": game.board.name, "iterations": budgets, "positions_per_family": args.positions,
        "repeat": args.repeat,
        "leaves_per_s": round(leaves_per_s, 1),
        "engine_walk_leaves_per_s": round(med(walk), 1),
        "public_leaves_speedup": round(med(public_gain), 3),
        "limit_leaves_per_s": round(limit_per_s, 1) if limits else None,
        "share_of_limit": round(leaves_per_s / limit_per_s, 3) if limit_per_s else None,
        "two_core_speedup": round(med(two), 3) if two else None,
        "leaf_threads_speedup": round(med(leaf), 3) if leaf else None,
        "two_core_efficiency": round(med(efficiency), 3) if efficiency else None,
        "two_core_speedup_by_iterations": {str(n): round(med(v), 3) for n, v in by_budget.items() if v} or None,
        "time": args.time,
        "leaves_per_s_by_family": {f: round(med(v), 1) for f, v in per_family.items()},
        "shares": median_shares(shares_runs),
        "economy_shares": median_shares(economy_runs),
        "gc_share": med(gc_runs) if gc_runs else None,
        "leaves_per_decision": {str(t): leaves_per_decision(travel, t, args.seed) for t in leaves_at} or None,
        "load": [round(load_start, 2), round(os.getloadavg()[0], 2)],
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"map {result['map']}, budgets {budgets}, {args.positions} positions a family, "
              f"median of {args.repeat}, load {result['load'][0]} -> {result['load'][1]}")
        print(f"travel leaves/s, one thread : {result['leaves_per_s']}")
        print(f"  every world walked as a state: {result['engine_walk_leaves_per_s']} "
              f"(public leaves x{result['public_leaves_speedup']}, median per decision)")
        print(f"simulator alone, same leaves: {result['limit_leaves_per_s']} "
              f"(the search reaches {result['share_of_limit']})")
        print(f"two cores / one, {args.time} s  : {result['two_core_speedup']} (root shares on processes), "
              f"{result['leaf_threads_speedup']} (the simulator's lanes on threads)")
        print(f"two cores / one, by budget  : {result['two_core_speedup_by_iterations']}")
        print(f"leaves a CPU second, 2 / 1  : {result['two_core_efficiency']} (all processes)")
        print("by family: " + ", ".join(f"{f} {v}" for f, v in result["leaves_per_s_by_family"].items()))
        if result["leaves_per_decision"]:
            per = result["leaves_per_decision"].items()
            print("travel leaves a decision: " + ", ".join(f"{t} s {v:.0f}" for t, v in per))
        if result["shares"]:
            print("travel search parts: " + ", ".join(f"{k} {100 * v:.0f}%" for k, v in result["shares"].items()))
            print(f"  of which garbage collection: {100 * result['gc_share']:.1f}%")
        if result["economy_shares"]:
            print("economy search parts: "
                  + ", ".join(f"{k} {100 * v:.0f}%" for k, v in result["economy_shares"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
