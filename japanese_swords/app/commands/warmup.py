"""``japanese-swords warmup``: compile the AI's kernels now rather than at the first MCTS move."""

from __future__ import annotations

import argparse
import sys

COMMAND = "warmup"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``warmup`` parser."""
    p = sub.add_parser(COMMAND, help="compile the AI's kernels ahead of the first game (once per install)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Compile (or load from the cache) every kernel a search uses, one progress line on stderr."""
    from ai.warmup import LinePrinter, is_compiled, prepare

    if is_compiled():
        print("the AI's kernels are compiled already (cached); nothing to do", file=sys.stderr)
        return 0
    prepare(LinePrinter("compiling the AI's kernels"))
    return 0
