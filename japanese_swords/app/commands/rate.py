"""``japanese-swords rate DIR``: Elo (Bradley-Terry) and OpenSkill ratings of the agents in a folder of
game records, with 95% intervals (:mod:`ai.tournament.rate`, docs/benchmark.md)."""

from __future__ import annotations

import argparse

COMMAND = "rate"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``rate`` parser."""
    p = sub.add_parser(COMMAND, help="rate the agents of a folder of game records (Elo with intervals)")
    p.add_argument("inputs", nargs="+", metavar="DIR_OR_RECORD", help="folders of game records (*.json), or records")
    p.add_argument("--anchor", default=None, metavar="AGENT",
                   help="the agent rated 0 (default: random if it played, else the mean is 0)")
    p.add_argument("--json", default=None, metavar="FILE", help="also write the ratings as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Verify and rate the records, print the table, optionally write JSON."""
    import json

    from ai.tournament.rate import format_ratings, rate
    from ai.tournament.report import atomic_write
    from ai.trajectories import record_files
    from japanese_swords.fileio import check_output_file

    if args.json is not None:
        check_output_file(args.json, "--json")
    summary = rate(record_files(args.inputs), args.anchor)
    print(format_ratings(summary))
    if args.json is not None:
        atomic_write(args.json, json.dumps(summary, indent=1, allow_nan=False) + "\n")
    return 0
