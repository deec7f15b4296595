"""Digest chains of a few games of MCTS at a fixed budget big enough to walk its tree (iterations=200:
nodes below the root are expanded, Sequential Halving drops options), the guard of speed-only changes to
the search (:mod:`tests.digest_chains` plays MCTS at 6 iterations only). Write the fixture again only
when a change is meant to change the search's decisions:

    python -m tests.search_digests --write
"""

from __future__ import annotations

import sys
from pathlib import Path

from tests.digest_chains import chain, compare_or_write

FIXTURE = Path(__file__).parent / "data" / "search_digests.json"
SEARCH = "mcts:iterations=200:trade=1"
#: The search with the greedy prior (the default before the learned prior), guarded beside the default.
SEARCH_GREEDY = "mcts:iterations=200:trade=1:prior=greedy"
#: (map, agents per seat, seed, max rounds): with each prior, a 2-player game each way round and a
#: 3-player game.
CASES: tuple[tuple[str, tuple[str, ...], int, int], ...] = (
    ("classic-2p", (SEARCH_GREEDY, "greedy"), 7, 5),
    ("kawanakajima-2p", ("greedy", SEARCH_GREEDY), 8, 5),
    ("kanto-3p", ("greedy", SEARCH_GREEDY, "rusher"), 9, 4),
    ("classic-2p", (SEARCH, "greedy"), 7, 5),
    ("kawanakajima-2p", ("greedy", SEARCH), 8, 5),
    ("kanto-3p", ("greedy", SEARCH, "rusher"), 9, 4),
)


def key(case: tuple[str, tuple[str, ...], int, int]) -> str:
    """The fixture's key of a case."""
    name, agents, seed, rounds = case
    return f"{name}|{','.join(agents)}|{seed}|{rounds}"


def main(argv: list[str]) -> int:
    return compare_or_write({key(c): chain(c) for c in CASES}, FIXTURE, argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
