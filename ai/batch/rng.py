"""Random numbers inside the compiled kernels: a splitmix64 generator whose whole state is one uint64.

Why not numba's own ``np.random`` inside the kernels: it is one hidden global stream per thread, and the
project's rule is that randomness comes from a passed-in seeded generator. Instead every kernel call takes a
one-element ``uint64`` state array seeded from the caller's :class:`numpy.random.Generator`
(:func:`seed_state`), so the same generator seed gives the same rollouts, and nothing else is shared.
splitmix64 passes BigCrush, has period 2**64 and costs a few instructions per draw.
"""

from __future__ import annotations

import numpy as np

from ai.batch.jit import jit

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_UNIT = 1.0 / 9007199254740992.0  # 2**-53


def seed_state(rng: np.random.Generator) -> np.ndarray:
    """A fresh kernel generator state drawn from ``rng`` (advances ``rng`` by one draw)."""
    return np.array([rng.integers(0, 2**63, dtype=np.int64)], dtype=np.uint64)


@jit
def next_u64(state: np.ndarray) -> np.uint64:
    """The next 64 random bits (advances ``state[0]``)."""
    z = state[0] + _GAMMA
    state[0] = z
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@jit
def uniform(state: np.ndarray) -> float:
    """A float uniform in [0, 1) with 53 random bits."""
    return float(next_u64(state) >> _S11) * _UNIT


@jit
def below(state: np.ndarray, n: int) -> int:
    """An int uniform in [0, n) (n >= 1)."""
    k = int(uniform(state) * n)
    return k if k < n else n - 1
