"""The policy's card helpers: legal commitments, and the vectorised versions agreeing with the scalar ones."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.batch.policy import DISCARD_ORDER, commit_force, first_discard, greedy_commit
from ai.batch.turn import discard_down, force
from ai.batch.turn import first_discard as first_discard_v
from ai.batch.turn import greedy_commit as greedy_commit_v
from japanese_swords.cards import COUNT, NUM_TYPES, Card, cards_of, commit_problem

hands = st.lists(st.integers(0, 5), min_size=NUM_TYPES, max_size=NUM_TYPES).map(
    lambda h: [min(n, COUNT[c]) for c, n in enumerate(h)])


@settings(max_examples=300, deadline=None)
@given(hands)
def test_greedy_commit_is_legal_and_strongest_first(hand: list[int]) -> None:
    counts = greedy_commit(hand)
    assert all(0 <= counts[c] <= hand[c] for c in range(NUM_TYPES))
    if sum(hand) == 0:
        assert sum(counts) == 0
        return
    assert 1 <= sum(counts) <= 7
    assert commit_problem(cards_of(counts)) is None
    if hand[Card.DAIMYO]:
        assert counts[Card.DAIMYO] == 1
    assert counts[Card.TREACHERY] == 0 or sum(hand) == hand[Card.TREACHERY] + sum(
        hand[c] for c in (Card.FORCED_MARCH, Card.PROSPERITY, Card.MUCH_HONOR, Card.DIPLOMACY, Card.INTRIGUE))


@settings(max_examples=200, deadline=None)
@given(st.lists(hands, min_size=1, max_size=12))
def test_vectorised_helpers_agree_with_scalar_ones(rows: list[list[int]]) -> None:
    arr = np.array(rows, dtype=np.int64)
    got = greedy_commit_v(arr)
    for i, hand in enumerate(rows):
        assert got[i].tolist() == greedy_commit(hand)
        assert force(got[i:i + 1])[0] == commit_force(greedy_commit(hand))
    nonempty = arr.sum(1) > 0
    if nonempty.any():
        firsts = first_discard_v(arr[nonempty])
        for f, hand in zip(firsts, [r for r, ne in zip(rows, nonempty, strict=True) if ne], strict=True):
            assert f == first_discard(hand)
    excess = np.maximum(arr.sum(1) - 3, 0)
    dropped = discard_down(arr, excess)
    assert (dropped.sum(1) == excess).all() and (dropped <= arr).all()
    for i, hand in enumerate(rows):  # dropping one card at a time by first_discard gives the same cards
        h, want = list(hand), [0] * NUM_TYPES
        for _ in range(int(excess[i])):
            c = first_discard(h)
            h[c] -= 1
            want[c] += 1
        assert dropped[i].tolist() == want


def test_ninja_cancels_the_daimyo() -> None:
    counts = [0] * NUM_TYPES
    counts[Card.DAIMYO] = 1
    counts[Card.MOUNTED] = 1
    assert commit_force(counts) == 19
    assert commit_force(counts, opponent_ninja=True) == 9
    assert force(np.array([counts]), np.array([True]))[0] == 9


def test_discard_order_covers_every_card_once() -> None:
    assert sorted(DISCARD_ORDER) == list(Card)
