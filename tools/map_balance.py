"""Map balance report: ``greedy`` plays itself on each shipped map, seats rotated; prints each seat's score.

Usage: ``python tools/map_balance.py [--games N] [--seed S] [--maps NAME...] [--max-rounds R] [--agent SPEC]
[--jobs J] [--json]``. A seat's score is (wins + draws/N) / games; a seat above 60% is flagged and the exit
status is 1. The logic is :mod:`ai.balance`.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from ai.agent import SpecError  # noqa: E402
from ai.balance import format_table, measure_map, to_json  # noqa: E402
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402
from japanese_swords.maps import available_maps  # noqa: E402


def build_parser() -> argparse.ArgumentParser:
    """The command-line options."""
    parser = argparse.ArgumentParser(prog="map_balance.py", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per map (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (game g uses seed+g)")
    parser.add_argument("--maps", nargs="+", metavar="MAP",
                        help="shipped map names or map files (default: all)")
    parser.add_argument("--max-rounds", type=int, default=150, help="rounds before a draw (default 150)")
    parser.add_argument("--agent", default="greedy", help="agent spec playing every seat (default greedy)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a Markdown table")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurement; 0 if no seat is flagged, 1 if one is, 2 on bad arguments."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.max_rounds < 1:
        parser.error("--games, --jobs and --max-rounds must be at least 1")
    maps = args.maps or available_maps()
    results = []
    start = time.perf_counter()
    try:
        for name in maps:
            t0 = time.perf_counter()
            result = measure_map(name, args.games, args.seed, args.agent, args.max_rounds, args.jobs)
            results.append(result)
            print(f"{name}: {result.games} games in {time.perf_counter() - t0:.0f}s", file=sys.stderr)
    except (JapaneseSwordsError, SpecError) as exc:
        print(f"map_balance: error: {exc}", file=sys.stderr)
        return 2
    settings = {"games": args.games, "seed": args.seed, "max_rounds": args.max_rounds, "agent": args.agent,
                "seconds": round(time.perf_counter() - start, 1)}
    print(to_json(results, settings) if args.json else format_table(results))
    return 1 if any(r.flagged for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
