"""What the compiled kernels record when asked: one int64 row per event, decoded by :mod:`ai.batch.export`.

A row is ``[turn, lane, kind, d0 .. d15]``: ``turn`` counts the turns the lane played in this kernel call,
``kind`` is one of the codes below and ``d`` its data (a square, a count, a seat, 16 card counts, or card
types in dealing order padded with -1). ``meta`` is ``[rows written or due, recording on, turn, lane]``; a
full log keeps counting, so the caller can rerun the call with room for every row.
"""

from __future__ import annotations

import numpy as np

from ai.batch.jit import jit

END, PROSPERITY, DISBAND, RAISE, DRAWS, DEALS, MUCH_HONOR, HONOR = 0, 1, 2, 3, 4, 5, 6, 7
INTRIGUE, REPLY, DISCARDS, MOVE, ATTACK, COMMIT, WEATHER, BIDS, ORDER, SUPPORT, FORTIFY, RONIN = range(8, 20)
KINDS = ("end", "prosperity", "disband", "raise", "draws", "deals", "much_honor", "honor", "intrigue",
         "reply", "discards", "move", "attack", "commit", "weather", "bids", "order", "support", "fortify", "ronin")
WIDTH = 19  # turn, lane, kind and 16 data columns
DATA = 16


def new_meta(recording: bool) -> np.ndarray:
    """A fresh ``meta`` array (no rows yet)."""
    return np.array([0, int(recording), 0, 0], dtype=np.int64)


@jit
def _row(log: np.ndarray, meta: np.ndarray, kind: int) -> int:
    """Start a row (data -1); its index, or -1 when the log is full (the row is still counted)."""
    i = meta[0]
    meta[0] += 1
    if i >= log.shape[0]:
        return -1
    log[i, 0] = meta[2]
    log[i, 1] = meta[3]
    log[i, 2] = kind
    for c in range(3, WIDTH):
        log[i, c] = -1
    return i


@jit
def rec(log: np.ndarray, meta: np.ndarray, kind: int, a: int = -1, b: int = -1) -> None:
    """Record an event with up to two numbers."""
    if meta[1] == 0:
        return
    i = _row(log, meta, kind)
    if i >= 0:
        log[i, 3] = a
        log[i, 4] = b


@jit
def rec_counts(log: np.ndarray, meta: np.ndarray, kind: int, counts: np.ndarray) -> None:
    """Record an event carrying 16 card counts (a commitment, discards)."""
    if meta[1] == 0:
        return
    i = _row(log, meta, kind)
    if i >= 0:
        for c in range(DATA):
            log[i, 3 + c] = counts[c]


@jit
def rec_cards(log: np.ndarray, meta: np.ndarray, kind: int, seq: np.ndarray, n: int) -> None:
    """Record ``seq[:n]``, cards in dealing order, as events of at most 16 cards each."""
    if meta[1] == 0:
        return
    for start in range(0, n, DATA):
        i = _row(log, meta, kind)
        if i >= 0:
            for c in range(min(DATA, n - start)):
                log[i, 3 + c] = seq[start + c]
