"""Pool benchmark reports run in chunks, and compare two settings deal pair by deal pair.

Every pair's games over the reports, with the pooled score, its 95% interval (over game pairs when the
games were paired) and Elo; on 3-4 player maps also each lineup's tested agent (its first agent) and the
share of the games it wins, with its interval over deals (a seed's games, one a seat). With ``--against``,
the first reports' tested agent (each report's first agent) against the ``--against`` reports' on the deal
pairs both played (same seeds, map, round limit and opponents): the mean difference of their deal-pair
scores with its 95% interval, overall and per opponent (on 3-4 player maps a deal is one seed's games,
scored as the share the tested agent wins; :mod:`ai.tournament.pool`). Reports run with ``--luck`` also
give the tested agent's luck-adjusted and cross-fitted scores over the pooled deal groups::

    python tools/pool_results.py runs/model.*.json [--against runs/default.*.json] [--json]
    python tools/pool_results.py new.json --against default.json default-again.json --repeats
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from ai.tournament.pool import (  # noqa: E402
    PoolError,
    compare,
    format_comparison,
    format_luck,
    format_pool,
    format_shares,
    load_runs,
    luck_pool,
    pool,
    win_shares,
)
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402

PROG = "pool_results"


def build_parser() -> argparse.ArgumentParser:
    """The command line."""
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", metavar="REPORT",
                        help="benchmark --json reports to pool (a --league file: its reports, one a style)")
    parser.add_argument("--against", nargs="+", metavar="REPORT", default=None,
                        help="reports of the setting to compare with, on the same seeds and opponents")
    parser.add_argument("--repeats", action="store_true",
                        help="the reports of a side may replay the same seeds (the setting run again on the same "
                             "deals); a deal's score is then the mean of its runs")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Pool the reports (and compare); returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        runs = load_runs(args.reports, args.repeats)
        pooled = pool(runs)
        shares = win_shares(runs)
        lucky = luck_pool(runs)
        comparison = None
        if args.against is not None:
            against = load_runs(args.against, args.repeats)
            comparison = compare(runs, against)
            pooled += pool(against)
            shares += win_shares(against)
            lucky += luck_pool(against)
    except (PoolError, JapaneseSwordsError) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"pairs": [p.to_json() for p in pooled], "shares": [w.to_json() for w in shares],
                          "luck": [x.to_json() for x in lucky],
                          "comparison": None if comparison is None else comparison.to_json()}))
    else:
        print(format_pool(pooled))
        if shares:
            print(format_shares(shares))
        if lucky:
            print(format_luck(lucky))
        if comparison is not None:
            print(format_comparison(comparison))
    return 0


if __name__ == "__main__":
    sys.exit(main())
