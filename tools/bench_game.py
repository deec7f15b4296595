"""CPU seconds of whole games, this checkout against a reference checkout, on the same games.

Games at fixed ``iterations=`` are how the AI's settings are compared, so their cost is the price of every
measurement. Each game (``--agents`` on ``--map``, seeds from ``--seed``, seats as given) is played in a
fresh process by this checkout and by ``--reference`` (another checkout of the project, run with
``PYTHONPATH`` set to it), in turn: this, reference, reference, this, ... (the order swapped every game, so
a drift of the machine's speed favours neither). A process loads the compiled code and plays a short game
first, then times the game with its own CPU clock (one BLAS thread) and prints the CPU seconds, the actions
played and the digest of the final state. The digests agree when only speed changed, and the tool says
so; per game the ratio this / reference is printed, with the median and the load average::

    python tools/bench_game.py --reference /tmp/v0120 [--agents mcts:iterations=100,greedy] [--games 4]
                               [--seed 1] [--map classic-2p] [--max-rounds 150] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: What a child process runs (only the agent, match, map and record APIs, which releases since 0.4.0 share).
CHILD = """
import json, sys, time
from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import state_digest
agents, map_name, rounds, seed = sys.argv[1].split(","), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
board = load_map(map_name)
play_game(Game(board, Rules(max_rounds=2)), [make_agent(a) for a in agents], seed)  # compiled code, caches
players = [make_agent(a) for a in agents]
t0 = time.process_time()
result = play_game(Game(board, Rules(max_rounds=rounds)), players, seed)
cpu = time.process_time() - t0
print(json.dumps({"cpu": cpu, "actions": len(result.record.actions), "digest": state_digest(result.state)}))
"""


class BenchError(Exception):
    """A run that could not be made (a bad reference, a child that failed): one line for the user."""


def run_child(tree: Path, code: str, args: list[str], failure: str) -> object:
    """Run ``code`` in a fresh process importing the project from ``tree`` (one BLAS thread) and return the
    JSON of its last output line; ``failure`` opens the one-line error if the run fails."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env.setdefault(var, "1")
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=tree, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise BenchError(f"{failure}: {last}")
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1])
    except (json.JSONDecodeError, IndexError) as err:
        raise BenchError(f"{failure}: it printed no result") from err


def play(tree: Path, agents: str, map_name: str, rounds: int, seed: int) -> dict:
    """One timed game in a fresh process importing the project from ``tree``."""
    return run_child(tree, CHILD, [agents, map_name, str(rounds), str(seed)],
                     f"the game in {tree} failed (seed {seed})")


def bench(reference: Path, agents: str, map_name: str, rounds: int, games: int, seed: int,
          echo: bool = False) -> dict:
    """Play every game on both trees in alternating order; the figures as a dict."""
    load_start = os.getloadavg()[0]
    rows = []
    for g in range(games):
        order = [("this", ROOT), ("reference", reference)]
        if g % 2:
            order.reverse()
        got = {name: play(tree, agents, map_name, rounds, seed + g) for name, tree in order}
        row = {"seed": seed + g, "this_cpu": round(got["this"]["cpu"], 4),
               "reference_cpu": round(got["reference"]["cpu"], 4),
               "ratio": round(got["this"]["cpu"] / got["reference"]["cpu"], 3),
               "actions": got["this"]["actions"],
               "same_game": got["this"]["digest"] == got["reference"]["digest"]
               and got["this"]["actions"] == got["reference"]["actions"]}
        rows.append(row)
        if echo:
            print(f"  seed {row['seed']}: {row['this_cpu']:.1f} s against {row['reference_cpu']:.1f} s, ratio "
                  f"{row['ratio']:.3f}, {row['actions']} actions, "
                  f"{'the same game' if row['same_game'] else 'a different game'}", flush=True)
    ratios = [r["ratio"] for r in rows]
    return {"agents": agents, "map": map_name, "max_rounds": rounds, "games": rows,
            "median_ratio": round(statistics.median(ratios), 3),
            "this_cpu_median": round(statistics.median(r["this_cpu"] for r in rows), 3),
            "reference_cpu_median": round(statistics.median(r["reference_cpu"] for r in rows), 3),
            "same_games": all(r["same_game"] for r in rows),
            "load": [round(load_start, 2), round(os.getloadavg()[0], 2)]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reference", required=True, type=Path, help="another checkout of the project")
    ap.add_argument("--agents", default="mcts:iterations=100,greedy", help="one agent spec per seat, comma-separated")
    ap.add_argument("--map", default="classic-2p")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-rounds", type=int, default=150)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if not (args.reference / "ai" / "agent.py").is_file():
        print(f"bench_game: error: --reference {args.reference} is not a checkout of the project "
              "(no ai/agent.py)", file=sys.stderr)
        return 2
    if args.games < 1 or args.max_rounds < 1:
        print("bench_game: error: --games and --max-rounds must be at least 1", file=sys.stderr)
        return 2
    try:
        out = bench(args.reference.resolve(), args.agents, args.map, args.max_rounds, args.games, args.seed,
                    echo=not args.json)
    except BenchError as err:
        print(f"bench_game: error: {err}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.agents} on {args.map}: CPU a game {out['this_cpu_median']:.1f} s against "
              f"{out['reference_cpu_median']:.1f} s, median ratio {out['median_ratio']:.3f} "
              f"({'the same games' if out['same_games'] else 'NOT the same games'}; load {out['load']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
