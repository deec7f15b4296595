"""The one decorator every batch-simulator kernel is compiled with.

``cache=True``: the machine code is written next to the sources (``__pycache__``; numba falls back to a
user cache directory when that is read-only), so only the first process of a checkout pays the compile.
``_nrt=False``: the kernels allocate nothing (their scratch arrays come from Python), so numba's reference
counting is switched off; with it, every array handed to a helper costs atomic incref/decref pairs, which
made the turn loop about 5 times slower. ``error_model="numpy"``: integer division by zero gives 0 instead
of an exception path (the rules never divide by zero: upkeep is only divided when positive).
"""

from __future__ import annotations

from numba import njit

jit = njit(cache=True, _nrt=False, error_model="numpy")
#: The phases: inlined into the turn loop at numba's level. A call passes every array of the lane, table
#: and workspace tuples as separate machine arguments (hundreds), which cost more than a phase's work.
jit_inline = njit(cache=True, _nrt=False, error_model="numpy", inline="always")
