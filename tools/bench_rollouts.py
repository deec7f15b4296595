"""Rollout speed: player-turns per second of the numpy batch simulator vs the scalar reference policy.

Both play the same rollout policy (ai.batch.policy.RolloutPolicy) from the same starting positions: the
batch simulator advances ``--batch`` games at once, the scalar reference (ai.rollout_policy.RolloutAgent)
plays games one action at a time through the engine API (observation, legal actions, apply). Times are
CPU seconds of this process with one BLAS thread (steadier than wall time on a shared machine); the two
are measured alternately ``--repeat`` times and the medians compared. Usage:

    python tools/bench_rollouts.py [--batch B] [--rounds R] [--map NAME] [--scalar-games N] [--repeat K]
                                   [--memory] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core, as the targets say (and BLAS threads only hurt here)

import numpy as np  # noqa: E402

from ai.batch.state import BatchState  # noqa: E402
from ai.batch.turn import TurnRunner  # noqa: E402
from ai.rollout_policy import finish_turn, scalar_rollout  # noqa: E402
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402
from japanese_swords.state import State  # noqa: E402


def start_states(game: Game, n: int, seed: int) -> list[State]:
    """``n`` new games, each brought to its first turn's start (turn order drawn)."""
    out = []
    for i in range(n):
        s = game.new_initial_state()
        finish_turn(s, random.Random(f"{seed}:{i}"))
        out.append(s)
    return out


def bench_batch(states: list[State], turns: int, seed: int) -> tuple[int, float]:
    """Player-turns simulated and seconds taken to run every lane ``turns`` player-turns."""
    batch = BatchState.from_states(states)
    runner = TurnRunner(batch, np.random.default_rng(seed))
    t0 = time.process_time()
    for _ in range(turns):
        if not runner.run_turn():
            break
    return int(batch.turns.sum()), time.process_time() - t0


def bench_scalar(states: list[State], turns: int, seed: int) -> tuple[int, float]:
    """The same with the scalar reference agent, one game after another through the engine."""
    rng = random.Random(seed)
    t0 = time.process_time()
    done_turns = sum(scalar_rollout(start, turns, rng) for start in states)
    return done_turns, time.process_time() - t0


def batch_memory(states: list[State], turns: int, seed: int) -> int:
    """Peak bytes allocated (tracemalloc, numpy included) while building and running the batch."""
    import tracemalloc

    tracemalloc.start()
    batch = BatchState.from_states(states)
    runner = TurnRunner(batch, np.random.default_rng(seed))
    for _ in range(turns):
        runner.run_turn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, run both measurements alternately in this process and print the median ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--batch", type=int, default=1024, help="lanes of the batch simulator (default 1024)")
    ap.add_argument("--rounds", type=int, default=20, help="rounds each game is advanced (default 20)")
    ap.add_argument("--map", default="classic-2p", help="shipped map name or map file (default classic-2p)")
    ap.add_argument("--scalar-games", type=int, default=16, help="games the scalar reference plays")
    ap.add_argument("--repeat", type=int, default=3, help="alternating measurements; medians are reported")
    ap.add_argument("--memory", action="store_true", help="also report the batch run's peak memory")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if min(args.batch, args.rounds, args.scalar_games, args.repeat) < 1:
        print("error: --batch, --rounds, --scalar-games and --repeat must be positive", file=sys.stderr)
        return 2
    try:
        game = Game(load_map(args.map), Rules(max_rounds=150))
    except JapaneseSwordsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    turns = args.rounds * game.num_players
    states = start_states(game, max(args.batch, args.scalar_games), args.seed)
    bench_batch(states[: min(64, args.batch)], 2, args.seed)  # warm-up: tables, kernels, numpy paths
    b_rates, s_rates, b_turns, s_turns = [], [], 0, 0
    for k in range(args.repeat):  # alternate, so load changes on a shared machine hit both alike
        b_turns, b_sec = bench_batch(states[: args.batch], turns, args.seed + k)
        s_turns, s_sec = bench_scalar(states[: args.scalar_games], turns, args.seed + k)
        b_rates.append(b_turns / b_sec)
        s_rates.append(s_turns / s_sec)
    b_rate, s_rate = statistics.median(b_rates), statistics.median(s_rates)
    result = {"batch": args.batch, "batch_turns_per_s": round(b_rate, 1),
              "scalar_turns_per_s": round(s_rate, 1), "speedup": round(b_rate / s_rate, 1)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"map {game.board.name}, {args.rounds} rounds per game, median of {args.repeat}")
        print(f"batch  {args.batch:5d} lanes: {b_turns:8d} player-turns per run, {b_rate:10.0f} /s")
        print(f"scalar {args.scalar_games:5d} games: {s_turns:8d} player-turns per run, {s_rate:10.0f} /s")
        print(f"speedup {b_rate / s_rate:.1f}x")
    if args.memory:
        peak = batch_memory(states[: args.batch], turns, args.seed)
        out = sys.stderr if args.json else sys.stdout
        print(f"batch {args.batch}: peak memory {peak / 2**20:.1f} MiB", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
