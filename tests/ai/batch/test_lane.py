"""The lane helpers' occupancy masks: the squares of each seat's armies, in square order, kept in step
with the ``owner`` row through sets and clears (the phases walk them instead of scanning the board)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.batch.lane import occ_clear, occ_count, occ_fill, occ_set, occ_squares
from japanese_swords.board import NUM_SQUARES

boards = st.lists(st.integers(-1, 3), min_size=NUM_SQUARES, max_size=NUM_SQUARES)


def squares_of(occ: np.ndarray, seat: int) -> list[int]:
    out = np.zeros(NUM_SQUARES, np.int64)
    n = occ_squares(occ[seat, 0], occ[seat, 1], out)
    return out[:n].tolist()


@settings(max_examples=200, deadline=None)
@given(boards, st.lists(st.tuples(st.integers(0, NUM_SQUARES - 1), st.integers(0, 3)), max_size=30))
def test_masks_follow_the_owner_row(row: list[int], moves: list[tuple[int, int]]) -> None:
    owner = np.array([row], dtype=np.int8)
    occ = np.zeros((4, 2), np.uint64)
    occ_fill(owner, 0, occ)
    for sq, seat in moves:  # an army leaves a square or one arrives on an empty one
        o = int(owner[0, sq])
        if o >= 0:
            occ_clear(occ, o, sq)
            owner[0, sq] = -1
        else:
            occ_set(occ, seat, sq)
            owner[0, sq] = seat
    for seat in range(4):
        expected = [sq for sq in range(NUM_SQUARES) if owner[0, sq] == seat]
        assert squares_of(occ, seat) == expected
        assert occ_count(occ, seat) == len(expected)


def test_the_last_squares_of_each_word() -> None:
    occ = np.zeros((2, 2), np.uint64)
    for sq in (0, 63, 64, 99):
        occ_set(occ, 1, sq)
    assert squares_of(occ, 1) == [0, 63, 64, 99]
    assert squares_of(occ, 0) == []
    occ_clear(occ, 1, 63)
    assert squares_of(occ, 1) == [0, 64, 99]
