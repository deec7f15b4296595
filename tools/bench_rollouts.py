"""Rollout speed: player-turns per second of the compiled batch simulator against the scalar engine.

Both play the same rollout policy (ai.batch.policy.RolloutPolicy) from the same starting positions (new
games brought to their first turn), ``--rounds`` rounds per game: the compiled simulator through
``ai.batch.turn.run`` (what ``ai.batch.evaluate`` calls), the scalar reference
(:class:`ai.rollout_policy.RolloutAgent` through the engine API) on ``--scalar-games`` of them. Times are
CPU seconds of this process on one core (one BLAS thread), measured alternately ``--repeat`` times;
medians and their ratio are printed. The first compiled call of the process is timed too (compiling, or
loading numba's cache); ``--compile-time`` also times a compile from an empty cache in a fresh process.
(The numpy simulator the compiled one replaced is kept at the git tag ``numpy-turn-reference``, which
``tools/release_tags.py`` makes where a copy lacks it.) Usage:

    python tools/bench_rollouts.py [--batch B] [--rounds R] [--map NAME] [--repeat K] [--scalar-games N]
                                   [--compile-time] [--memory] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core, as the targets say (and BLAS threads only hurt here)

import numpy as np  # noqa: E402

from ai.batch.state import BatchState  # noqa: E402
from ai.batch.turn import run  # noqa: E402
from ai.rollout_policy import opening_states, scalar_rollout  # noqa: E402
from japanese_swords.engine import State  # noqa: E402
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402

#: The target rate at batch 256 (player-turns per second on one core).
TARGET_RATE = 1_000_000


def bench_compiled(batch: BatchState, turns: int, seed: int) -> tuple[int, float]:
    """Player-turns simulated and CPU seconds taken by the compiled simulator on a copy of ``batch``."""
    lanes = batch.copy()
    t0 = time.process_time()
    run(lanes, np.random.default_rng(seed), turns)
    return int(lanes.turns.sum()), time.process_time() - t0


def bench_scalar(states: list[State], turns: int, seed: int) -> tuple[int, float]:
    """The scalar reference agent, one game after another through the engine API."""
    rng = random.Random(seed)
    t0 = time.process_time()
    done_turns = sum(scalar_rollout(start, turns, rng) for start in states)
    return done_turns, time.process_time() - t0


def first_call_seconds(states: list[State]) -> float:
    """Wall seconds of this process's first compiled call (a compile, or loading numba's cache)."""
    t0 = time.perf_counter()
    run(BatchState.from_states(states[:2]), np.random.default_rng(0), 1)
    return time.perf_counter() - t0


def fresh_compile_seconds() -> float:
    """Wall seconds of the first compiled call in a new process with an empty numba cache."""
    code = ("import time, numpy as np, random;"
            "from ai.batch.state import BatchState; from ai.batch.turn import run;"
            "from ai.rollout_policy import finish_turn; from japanese_swords.game import Game, Rules;"
            "from japanese_swords.maps import load_map; from japanese_swords.engine import initial_state;"
            "g = Game(load_map('classic-2p'), Rules()); s = initial_state(g);"
            "finish_turn(s, random.Random(0)); b = BatchState.from_states([s]);"
            "t = time.perf_counter(); run(b, np.random.default_rng(0), 2); print(time.perf_counter() - t)")
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def batch_memory(batch: BatchState, turns: int, seed: int) -> int:
    """Peak bytes allocated (tracemalloc, numpy included) while copying and running the batch."""
    import tracemalloc

    tracemalloc.start()
    run(batch.copy(), np.random.default_rng(seed), turns)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run the measurements alternately in this process and print the median ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batch", type=int, default=256, help="lanes (default 256, the search's batch size)")
    ap.add_argument("--rounds", type=int, default=20, help="rounds each game is advanced (default 20)")
    ap.add_argument("--map", default="classic-2p", help="shipped map name or map file (default classic-2p)")
    ap.add_argument("--repeat", type=int, default=5, help="alternating measurements; medians are reported")
    ap.add_argument("--scalar-games", type=int, default=8, help="games the scalar reference plays (default 8)")
    ap.add_argument("--compile-time", action="store_true",
                    help="also time a compile from an empty numba cache in a fresh process")
    ap.add_argument("--memory", action="store_true", help="also report the compiled run's peak memory")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if min(args.batch, args.rounds, args.repeat, args.scalar_games) < 1:
        print("error: --batch, --rounds, --repeat and --scalar-games must be positive", file=sys.stderr)
        return 2
    try:
        game = Game(load_map(args.map), Rules(max_rounds=150))
    except JapaneseSwordsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    turns = args.rounds * game.num_players
    states = opening_states(game, max(args.batch, args.scalar_games), args.seed)
    first_call = first_call_seconds(states)
    batch = BatchState.from_states(states[: args.batch])
    c_rates, s_rates = [], []
    c_turns = 0
    for k in range(args.repeat):  # alternate, so load changes on a shared machine hit both alike
        c_turns, c_sec = bench_compiled(batch, turns, args.seed + k)
        s_turns, s_sec = bench_scalar(states[: args.scalar_games], turns, args.seed + k)
        c_rates.append(c_turns / c_sec)
        s_rates.append(s_turns / s_sec)
    c_rate, s_rate = statistics.median(c_rates), statistics.median(s_rates)
    result: dict[str, object] = {
        "map": game.board.name, "batch": args.batch, "rounds": args.rounds, "repeat": args.repeat,
        "compiled_turns_per_s": round(c_rate, 1), "scalar_turns_per_s": round(s_rate, 1),
        "speedup": round(c_rate / s_rate, 2), "first_call_s": round(first_call, 3),
        "meets_rate_target": c_rate >= TARGET_RATE,
    }
    if args.compile_time:
        result["fresh_compile_s"] = round(fresh_compile_seconds(), 2)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"map {game.board.name}, {args.batch} lanes, {args.rounds} rounds per game, median of {args.repeat}")
        print(f"compiled: {c_turns:8d} player-turns per run, {c_rate:12,.0f} /s")
        print(f"scalar  : {args.scalar_games} games, {s_rate:12,.0f} /s")
        print(f"speedup {c_rate / s_rate:.0f}x over the scalar engine (target: >= {TARGET_RATE:,} /s at 256)")
        print(f"first compiled call in this process: {first_call:.2f} s")
        if args.compile_time:
            print(f"compile from an empty cache: {result['fresh_compile_s']:.1f} s")
    if args.memory:
        peak = batch_memory(batch, turns, args.seed)
        print(f"batch {args.batch}: peak memory {peak / 2**20:.1f} MiB", file=sys.stderr if args.json else sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
