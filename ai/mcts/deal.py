"""The hidden cards of many worlds dealt at once in compiled code: the cards
:func:`ai.mcts.worlds.deal_hidden` deals from ``random.Random(seed)``, without Python's per-card loop.

Python's ``random.Random(seed)`` is the Mersenne Twister (MT19937) seeded by ``init_by_array`` with the
seed's 32-bit words, low word first; ``random()`` joins two outputs into a double. This module repeats
both, then the hand prior's weighted order (:func:`ai.mcts.hand_prior.weighted_order`: each unseen card's
key is ``random() ** (1 / weight)``, highest first, ties in pool order) and the deal of
:func:`~ai.mcts.worlds.deal_hidden` (the other seats in seat order take their hand sizes from the top,
the deck keeps the rest), so the same seed gives the same cards (``tests/ai/mcts/test_deal.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numba import njit

from japanese_swords.cards import NUM_TYPES

_N, _M = 624, 397
_MASK = 0xFFFFFFFF


@njit(cache=True)
def _base(mt: np.ndarray) -> None:
    """``init_genrand(19650218)``, where every ``init_by_array`` starts (the same for every seed)."""
    mt[0] = 19650218
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK


@njit(cache=True)
def _seed(mt: np.ndarray, key: np.ndarray, base: np.ndarray) -> None:
    """``init_by_array``: the generator state ``mt`` [624] for the 32-bit words ``key``, from ``base``
    (:func:`_base`)."""
    mt[:] = base
    i, j = 1, 0
    for _ in range(max(_N, key.shape[0])):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & _MASK)) + key[j] + j) & _MASK
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= key.shape[0]:
            j = 0
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ (((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & _MASK)) - i) & _MASK
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000


@njit(cache=True)
def _twist(mt: np.ndarray) -> None:
    """The next 624 words of state (in place, as ``genrand_uint32`` does when it runs out)."""
    for k in range(_N - _M):
        y = (mt[k] & 0x80000000) | (mt[k + 1] & 0x7FFFFFFF)
        mt[k] = mt[k + _M] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
    for k in range(_N - _M, _N - 1):
        y = (mt[k] & 0x80000000) | (mt[k + 1] & 0x7FFFFFFF)
        mt[k] = mt[k + _M - _N] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)
    y = (mt[_N - 1] & 0x80000000) | (mt[0] & 0x7FFFFFFF)
    mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ ((y & 1) * 0x9908B0DF)


@njit(cache=True)
def _word(mt: np.ndarray, at: int) -> tuple[int, int]:
    """The next tempered 32-bit output from position ``at`` (twisting when the state is used up)."""
    if at >= _N:
        _twist(mt)
        at = 0
    y = mt[at]
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _MASK, at + 1


@njit(cache=True)
def _doubles(mt: np.ndarray, out: np.ndarray) -> None:
    """``out[i]`` = the i-th ``random()`` of a freshly seeded generator (state ``mt``)."""
    at = _N
    for i in range(out.shape[0]):
        a, at = _word(mt, at)
        b, at = _word(mt, at)
        out[i] = ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _deal(low: np.ndarray, high: np.ndarray, pool: np.ndarray, inverse: np.ndarray, sizes: np.ndarray, seat: int,
          unseen: np.ndarray, hands: np.ndarray, deck: np.ndarray) -> None:
    """For each world ``w`` (the seed whose 32-bit words are ``low[w]``, ``high[w]``): the pool's weighted
    order, the other seats' hands ``hands[w]`` [P, 16] and the deck ``deck[w]`` [16]. Only the top of the
    order is dealt, so only the cards the hands take are ranked (an insertion into a sorted top, ties in
    pool order: the first places of a stable sort of the whole pool, without sorting it)."""
    mt = np.zeros(_N, np.int64)
    base = np.zeros(_N, np.int64)
    _base(base)
    n = pool.shape[0]
    u = np.zeros(n)
    need = 0
    for p in range(sizes.shape[0]):
        if p != seat:
            need += sizes[p]
    need = min(need, n)
    top = np.zeros(max(need, 1), np.int64)  # pool positions of the highest keys so far, highest first
    low_key = np.zeros(max(need, 1))  # their keys negated (ascending)
    one = np.zeros(1, np.int64)
    two = np.zeros(2, np.int64)
    for w in range(low.shape[0]):
        if high[w]:  # (a seed below 2**32 is one word)
            two[0], two[1] = low[w], high[w]
            _seed(mt, two, base)
        else:
            one[0] = low[w]
            _seed(mt, one, base)
        _doubles(mt, u)
        count = 0
        for i in range(n if need else 0):
            key = -(u[i] ** inverse[pool[i]])
            if count == need and not key < low_key[need - 1]:  # (an equal key comes after: pool order)
                continue
            at = count if count < need else need - 1
            while at > 0 and low_key[at - 1] > key:
                low_key[at] = low_key[at - 1]
                top[at] = top[at - 1]
                at -= 1
            low_key[at] = key
            top[at] = i
            if count < need:
                count += 1
        for c in range(unseen.shape[0]):
            deck[w, c] = unseen[c]
        at = 0
        for p in range(sizes.shape[0]):
            if p == seat:
                continue
            for _ in range(sizes[p]):
                card = pool[top[at]]
                hands[w, p, card] += 1
                deck[w, card] -= 1
                at += 1


def deal_many(seeds: Sequence[int], unseen: Sequence[int], hand_sizes: Sequence[int], seat: int,
              weights: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """The other seats' hands [W, P, 16] (our row zero) and the deck [W, 16] of the worlds
    ``random.Random(seed)`` deals by the hand prior ``weights``, one per seed (each below 2**64)."""
    pool = np.repeat(np.arange(NUM_TYPES, dtype=np.int64), np.asarray(unseen, np.int64))
    hands = np.zeros((len(seeds), len(hand_sizes), NUM_TYPES), np.int64)
    deck = np.zeros((len(seeds), NUM_TYPES), np.int64)
    low = np.array([s & _MASK for s in seeds], np.int64)
    high = np.array([s >> 32 for s in seeds], np.int64)
    _deal(low, high, pool, 1.0 / np.asarray(weights, float), np.asarray(hand_sizes, np.int64), seat,
          np.asarray(unseen, np.int64), hands, deck)
    return hands, deck
