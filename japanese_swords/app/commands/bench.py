"""``japanese-swords bench ...``: the AI-strength tournament (:mod:`ai.tournament.cli`, docs/benchmark.md)."""

from __future__ import annotations

import argparse

COMMAND = "bench"
PASSTHROUGH = True


def register(sub: argparse._SubParsersAction) -> None:
    """List ``bench`` in ``--help``; its own parser reads its arguments (see :func:`run_argv`)."""
    sub.add_parser(COMMAND, add_help=False, help="AI tournament: Elo with intervals, SPRT, records "
                                                 "('japanese-swords bench --help')")


def run_argv(argv: list[str]) -> int:
    """Run the tournament command line (the same as ``tools/benchmark_ai.py``)."""
    from ai.tournament.cli import main

    return main(argv, prog=f"japanese-swords {COMMAND}")
