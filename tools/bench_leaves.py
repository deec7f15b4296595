"""Leaf evaluation speed: search leaves resumed inside their turn by the batch simulator, against the
reference that first finishes each leaf's turn with the scalar rollout policy.

The leaves are what a travel or battle search hands to ``ai.batch.evaluate``: positions of greedy-vs-greedy
games on the map at travel and battle decisions, after some of the turn player's moves or attacks. Both
evaluate the same leaves with the same lanes and depth; times are CPU seconds of this process with one
BLAS thread, measured alternately ``--repeat`` times, and the medians compared. Usage:

    python tools/bench_leaves.py [--leaves N] [--lanes L] [--depth D] [--map NAME] [--repeat K] [--json]
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
    os.environ.setdefault(_var, "1")  # one core, as the search uses it

import numpy as np  # noqa: E402

from ai.agent import make_agent  # noqa: E402
from ai.batch import evaluate  # noqa: E402
from ai.batch.state import resumable  # noqa: E402
from ai.match import play_game  # noqa: E402
from ai.rollout_policy import finished_turns  # noqa: E402
from japanese_swords.actions import Action  # noqa: E402
from japanese_swords.core import Phase  # noqa: E402
from japanese_swords.engine import State  # noqa: E402
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402


def leaves(game: Game, n: int, seed: int) -> list[State]:
    """``n`` full states at travel or battle decisions of greedy games (every other one collected)."""
    out: list[State] = []
    k = 0

    def grab(state: State, _action: Action) -> None:
        nonlocal k
        if len(out) < n and state.phase in (Phase.TRAVEL, Phase.BATTLE) and resumable(state):
            k += 1
            if k % 2:
                out.append(state.clone())

    g = 0
    while len(out) < n:
        play_game(game, [make_agent("greedy") for _ in range(game.num_players)], seed + g, on_action=grab)
        g += 1
    return out


def finished_first(states: list[State], rng: np.random.Generator, depth: int, lanes: int) -> np.ndarray:
    """The reference: every leaf's turn finished by the scalar policy, then the same batch rollouts."""
    ready = finished_turns(states, random.Random(int(rng.integers(2**63))))
    return evaluate(ready, rng, max_turns=depth, lanes=lanes)


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, time both ways alternately and print the medians and their ratio."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--leaves", type=int, default=32, help="leaves per evaluation call (default 32)")
    ap.add_argument("--lanes", type=int, default=8, help="rollouts per leaf (default 8)")
    ap.add_argument("--depth", type=int, default=3, help="whole turns after the leaf's own (default 3)")
    ap.add_argument("--map", default="classic-2p", help="shipped map name or map file (default classic-2p)")
    ap.add_argument("--calls", type=int, default=20, help="evaluation calls per measurement (default 20)")
    ap.add_argument("--repeat", type=int, default=5, help="alternating measurements; medians are reported")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if min(args.leaves, args.lanes, args.calls, args.repeat) < 1 or args.depth < 0:
        print("error: --leaves, --lanes, --calls and --repeat must be positive, --depth >= 0", file=sys.stderr)
        return 2
    try:
        game = Game(load_map(args.map), Rules(max_rounds=150))
    except JapaneseSwordsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    pool = leaves(game, args.leaves * args.calls, args.seed)
    calls = [pool[i * args.leaves:(i + 1) * args.leaves] for i in range(args.calls)]
    evaluate(calls[0], np.random.default_rng(0), max_turns=args.depth, lanes=args.lanes)  # warm-up

    def timed(fn) -> float:
        t0 = time.process_time()
        for i, batch in enumerate(calls):
            fn(batch, np.random.default_rng(args.seed + i))
        return (time.process_time() - t0) / (args.leaves * args.calls)

    resumed, reference = [], []
    for _ in range(args.repeat):  # alternate, so load changes on a shared machine hit both alike
        resumed.append(timed(lambda b, r: evaluate(b, r, max_turns=args.depth, lanes=args.lanes)))
        reference.append(timed(lambda b, r: finished_first(b, r, args.depth, args.lanes)))
    new, old = statistics.median(resumed), statistics.median(reference)
    result = {"leaves": args.leaves, "lanes": args.lanes, "depth": args.depth,
              "resumed_ms_per_leaf": round(1000 * new, 3), "finished_first_ms_per_leaf": round(1000 * old, 3),
              "speedup": round(old / new, 2)}
    if args.json:
        print(json.dumps(result))
    else:
        print(f"map {game.board.name}: {args.calls} calls of {args.leaves} leaves x {args.lanes} lanes, "
              f"{args.depth} turns after the leaf's own; median of {args.repeat}")
        print(f"resumed in the batch simulator : {1000 * new:7.3f} ms per leaf")
        print(f"turn finished by the scalar policy: {1000 * old:7.3f} ms per leaf")
        print(f"speedup {old / new:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
