"""``japanese-swords serve-agent SPEC``: play one of our agents over the JSON-lines protocol on stdin/stdout."""

from __future__ import annotations

import argparse
import sys

COMMAND = "serve-agent"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``serve-agent`` parser."""
    p = sub.add_parser(COMMAND, help="serve an agent over the JSON-lines protocol on stdin/stdout "
                                     "(docs/protocol.md)")
    p.add_argument("spec", metavar="SPEC", help="the agent to serve, NAME[:KEY=VALUE...], e.g. mcts:time=0.1")
    p.add_argument("--no-warmup", action="store_true",
                   help="do not compile the AI's kernels before answering hello (they compile at first use)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Serve ``args.spec`` until quit or end of input (a cold kernel cache compiles first, noted on stderr;
    a bad spec is refused before that, in one line)."""
    from ai.agent import make_agent
    from ai.serve import serve
    from ai.warmup import announce_for

    make_agent(args.spec)
    if not args.no_warmup:
        announce_for([args.spec])
    return serve(args.spec, sys.stdin, sys.stdout, sys.stderr)
