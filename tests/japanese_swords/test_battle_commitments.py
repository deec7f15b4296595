"""Commitment enumeration agrees with a brute-force reading of ruling 9."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.phases.battle import commit_options


def brute_force(hand: list[int]) -> set[tuple[Card, ...]]:
    out = set()
    for take in product(*(range(n + 1) for n in hand)):
        cards = tuple(c for t, k in zip(C.CARD_TYPES, take, strict=True) for c in [t] * k)
        if 1 <= len(cards) and C.commit_problem(cards) is None:
            out.add(cards)
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(C.CARD_TYPES), min_size=1, max_size=11))
def test_commit_options_are_exactly_the_legal_commitments(cards: list[Card]) -> None:
    hand = C.counts_of(cards)
    options = list(commit_options(hand))
    assert len(options) == len(set(options))
    assert set(options) == brute_force(hand)


def test_empty_hand_commits_nothing() -> None:
    assert list(commit_options(C.empty())) == [()]
