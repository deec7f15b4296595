"""The garbage collector's view of a searching process: what it holds once its first search is done (the
modules, the compiled kernels, maps, weights and tables) is frozen out of the collector's full passes.

A full pass walks every container the process holds: here about 130,000 objects, about 0.1 s a pass and a
few passes a game (``gc_share`` of ``tools/bench_search.py``; docs/ai.md, Speed). Frozen objects are still
freed when their last reference goes; only a reference cycle among them is never collected, which those
long-lived objects do not make.
"""

from __future__ import annotations

import gc

_settled = False


def settle() -> None:
    """Freeze the objects the process holds now, once a process (the later calls do nothing)."""
    global _settled
    if not _settled:
        _settled = True
        gc.freeze()


def settled() -> bool:
    """Whether :func:`settle` has run in this process."""
    return _settled
