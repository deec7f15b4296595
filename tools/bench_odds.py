"""CPU time of the client's battle odds, this checkout against a reference checkout, on the same positions.

The client estimates a battle twice: when the player points at an attack (``attack=``, before the battle
draw) and on the battle screen each time the pick changes. Both call
``japanese_swords.app.client.odds.chances`` while the player waits, so its cost is a pause on screen. Each
checkout, in a fresh process (``PYTHONPATH`` set to it), plays the same seeded greedy games, takes the
first ``--positions`` attacks and commitment decisions it meets, times ``chances`` on each (the client's
sample counts: 120 for an attack, 150 for the battle screen) and prints the CPU seconds and the estimates.
The estimates agree when only speed changed, and the tool says so; the medians, their ratio this /
reference and the load average are printed::

    python tools/bench_odds.py --reference /tmp/old [--positions 20] [--seed 1] [--map classic-2p] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from bench_game import BenchError, run_child  # noqa: E402  (one way to run a checkout's code, shared)

#: What a child process runs (the agent, match, observation and odds APIs, shared by releases since 0.17).
CHILD = """
import json, random, sys, time
from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.actions import Attack
from japanese_swords.app.client.odds import chances
from japanese_swords.engine import decision
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
map_name, want, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
found = {"attack": [], "battle": []}
def look(state, _action):
    if state.is_terminal() or state.current_player() < 0:
        return
    kind = decision(state)
    if kind == "commit" and len(found["battle"]) < want:
        found["battle"].append((observation(state, state.current_player()), None))
    elif kind == "main" and len(found["attack"]) < want:
        attacks = [a for a in state.legal_actions() if isinstance(a, Attack)]
        if attacks:
            found["attack"].append((observation(state, state.current_player()), (attacks[0].src, attacks[0].dst)))
game = 0
while min(len(v) for v in found.values()) < want and game < 200:
    play_game(Game(load_map(map_name), Rules(max_rounds=60)), [make_agent("greedy")] * 2, seed + game, look)
    game += 1
rows = []
for kind, positions in found.items():
    for i, (obs, attack) in enumerate(positions):
        t0 = time.process_time()
        odds = chances(obs, random.Random(i), samples=120 if attack else 150, attack=attack)
        rows.append({"kind": kind, "cpu": time.process_time() - t0,
                     "odds": None if odds is None else [odds.win, odds.lose, odds.void, odds.samples]})
print(json.dumps(rows))
"""


def measure(tree: Path, map_name: str, positions: int, seed: int) -> list[dict]:
    """The timed estimates of one checkout, in a fresh process importing the project from ``tree``."""
    return run_child(tree, CHILD, [map_name, str(positions), str(seed)], f"the positions in {tree} failed")


def bench(reference: Path, map_name: str, positions: int, seed: int, rounds: int = 2) -> dict:
    """Each checkout measured ``rounds`` times in turn (this, reference, reference, this); per kind the median
    CPU seconds a call over every call, the ratio this / reference, and whether the estimates agree."""
    runs: dict[str, list[list[dict]]] = {"this": [], "reference": []}
    for r in range(rounds):
        order = [("this", ROOT), ("reference", reference)]
        for name, tree in order if r % 2 == 0 else order[::-1]:
            runs[name].append(measure(tree, map_name, positions, seed))
    out: dict = {"map": map_name, "positions": positions, "seed": seed, "load": round(os.getloadavg()[0], 2)}
    for kind in ("attack", "battle"):
        this = [row["cpu"] for run in runs["this"] for row in run if row["kind"] == kind]
        ref = [row["cpu"] for run in runs["reference"] for row in run if row["kind"] == kind]
        if not this or not ref:
            continue
        out[kind] = {"calls": len(this) // rounds, "this_median": round(statistics.median(this), 4),
                     "reference_median": round(statistics.median(ref), 4),
                     "reference_max": round(max(ref), 4), "this_max": round(max(this), 4),
                     "ratio": round(statistics.median(this) / statistics.median(ref), 4)}
    out["same_estimates"] = all(
        [row["odds"] for row in a] == [row["odds"] for row in b] for a in runs["this"] for b in runs["reference"])
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reference", required=True, type=Path, help="another checkout of the project")
    ap.add_argument("--positions", type=int, default=20, help="attacks and battle decisions to time, each")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--map", default="classic-2p")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    if not (args.reference / "japanese_swords" / "app" / "client" / "odds.py").is_file():
        print(f"bench_odds: error: --reference {args.reference} is not a checkout of the project with the client's "
              "odds (japanese_swords/app/client/odds.py)", file=sys.stderr)
        return 2
    if args.positions < 1:
        print(f"bench_odds: error: --positions must be at least 1, not {args.positions}", file=sys.stderr)
        return 2
    try:
        out = bench(args.reference.resolve(), args.map, args.positions, args.seed)
    except BenchError as exc:
        print(f"bench_odds: error: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    for kind in ("attack", "battle"):
        if kind in out:
            k = out[kind]
            print(f"{kind}: {k['calls']} calls, median {k['this_median'] * 1000:.1f} ms a call against "
                  f"{k['reference_median'] * 1000:.1f} ms (max {k['this_max'] * 1000:.0f} against "
                  f"{k['reference_max'] * 1000:.0f}), ratio {k['ratio']:.3f}")
    print(f"the same estimates: {'yes' if out['same_estimates'] else 'NO'}; load average {out['load']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
