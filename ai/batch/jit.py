"""The decorators every batch-simulator kernel is compiled with, and the guard against a stale cache.

``cache=True``: the machine code is written next to the sources (``__pycache__``; numba falls back to a
user cache directory when that is read-only), so only the first process of a checkout pays the compile.
``_nrt=False``: the kernels allocate nothing (their scratch arrays come from Python), so numba's reference
counting is switched off; with it, every array handed to a helper costs atomic incref/decref pairs, which
made the turn loop about 5 times slower. ``error_model="numpy"``: integer division by zero gives 0 instead
of an exception path (the rules never divide by zero: upkeep is only divided when positive).

Numba keys a cached function on its own source file only, so after an edit of a module the turn loop
calls (or of the card and board constants frozen into it) the cache would still hold the old loop. On
import, :func:`drop_stale_cache` compares a hash of those sources with the one stored beside the cache and
deletes the package's cached kernels when it differs.
"""

from __future__ import annotations

import hashlib
import inspect
from pathlib import Path

from numba import njit

import japanese_swords.board
import japanese_swords.cards
from japanese_swords.core import Phase
from japanese_swords.fileio import write_atomic

jit = njit(cache=True, _nrt=False, error_model="numpy")
#: The turn loop the Python side calls: it releases the GIL, so threads can run it on parts of a batch at once.
jit_nogil = njit(cache=True, _nrt=False, error_model="numpy", nogil=True)
#: The phases and rule effects: inlined into the turn at numba's level. A call passes every array of the
#: lane, table and workspace tuples as separate machine arguments (hundreds), costing more than the work.
jit_inline = njit(cache=True, _nrt=False, error_model="numpy", inline="always")

_HERE = Path(__file__).resolve().parent


def sources_digest() -> str:
    """sha256 of the package's sources and of the engine constants the kernels freeze."""
    files = sorted(_HERE.glob("*.py")) + [Path(japanese_swords.cards.__file__),
                                           Path(japanese_swords.board.__file__), Path(inspect.getfile(Phase))]
    h = hashlib.sha256()
    for f in files:
        h.update(f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()


def drop_stale_cache(cache: Path = _HERE / "__pycache__") -> bool:
    """Delete the cached kernels in ``cache`` if the sources changed since they were written; True if so.
    (A read-only checkout is left alone: numba then caches elsewhere, keyed per file as usual.)"""
    digest = sources_digest()
    stamp = cache / "kernels.sha256"
    try:
        if stamp.read_text() == digest:
            return False
    except OSError:
        pass
    try:
        cache.mkdir(exist_ok=True)
        stale = list(cache.glob("*.nbi")) + list(cache.glob("*.nbc"))
        for f in stale:
            f.unlink(missing_ok=True)
        write_atomic(stamp, digest)
    except OSError:
        return False
    return bool(stale)


drop_stale_cache()
