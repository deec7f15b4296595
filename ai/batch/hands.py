"""Card rows in the compiled kernels: the policy's commitment and discards, battle force, dealing.

Hands, decks and discard piles are rows of 16 card counts. These are the compiled twins of the scalar
helpers in :mod:`ai.batch.policy` (a property test checks they agree) plus the engine's dealing rule.
"""

from __future__ import annotations

import numpy as np

from ai.batch.jit import jit
from ai.batch.params import COMMIT_CARDS, COMMIT_DAIMYO, COMMIT_NINJA, COMMIT_SOLDIERS
from ai.batch.policy import COMMIT_PRIORITY, DISCARD_ORDER_ARR, FORCE_ARR
from ai.batch.rng import below
from japanese_swords.cards import NUM_TYPES, Card

_PRI_CARDS = np.array([int(c) for c in COMMIT_PRIORITY], dtype=np.int64)
_PRI_SOLDIER = np.array([c.is_soldier for c in COMMIT_PRIORITY], dtype=np.bool_)
_NINJA = int(Card.NINJA)
_DISCARD_ORDER = DISCARD_ORDER_ARR.copy()
_FORCE = FORCE_ARR.copy()
_DAIMYO = int(Card.DAIMYO)
_NT = NUM_TYPES


@jit
def first_discard(hand: np.ndarray) -> int:
    """The card type the policy discards first from ``hand`` (-1 for an empty hand)."""
    for c in _DISCARD_ORDER:
        if hand[c] > 0:
            return c
    return -1


@jit
def greedy_commit(hand: np.ndarray, out: np.ndarray, ip: np.ndarray) -> None:
    """Write into ``out`` the policy's commitment from ``hand`` under the commitment limits of the rules
    row ``ip`` (see :func:`ai.batch.policy.greedy_commit`)."""
    greedy_commit_upto(hand, out, ip, ip[COMMIT_CARDS])


@jit
def greedy_commit_upto(hand: np.ndarray, out: np.ndarray, ip: np.ndarray, cards: int) -> None:
    """:func:`greedy_commit` with at most ``cards`` cards (a battle where a rule module lowers the rules'
    limit: the sites module's pass)."""
    for c in range(_NT):
        out[c] = 0
    slots, soldiers = cards, ip[COMMIT_SOLDIERS]
    for i in range(_PRI_CARDS.size):
        c = _PRI_CARDS[i]
        k = min(hand[c], slots)
        if c == _DAIMYO:
            k = min(k, ip[COMMIT_DAIMYO])
        elif c == _NINJA:
            k = min(k, ip[COMMIT_NINJA])
        if _PRI_SOLDIER[i]:
            k = min(k, soldiers)
            soldiers -= k
        out[c] = k
        slots -= k
    if slots == cards:
        f = first_discard(hand)
        if f >= 0:
            out[f] = 1


@jit
def force(counts: np.ndarray, opponent_ninja: bool) -> int:
    """Battle force of a commitment (a Daimyo counts 0 against an opponent's Ninja)."""
    total = 0
    for c in range(_NT):
        total += _FORCE[c] * counts[c]
    if opponent_ninja:
        total -= _FORCE[_DAIMYO] * counts[_DAIMYO]
    return total


@jit
def force_without_weakest(counts: np.ndarray, opponent_ninja: bool) -> int:
    """Battle force of a commitment without one of its weakest cards by printed force, the first such by
    card number (the sites module's ford: ``japanese_swords.modules.sites.weakest_dropped`` on the
    engine's sorted commitment)."""
    weakest = -1
    for c in range(_NT):
        if counts[c] > 0 and (weakest < 0 or _FORCE[c] < _FORCE[weakest]):
            weakest = c
    if weakest < 0:
        return 0
    counts[weakest] -= 1
    total = force(counts, opponent_ninja)
    counts[weakest] += 1
    return total


@jit
def discard_down(hand: np.ndarray, excess: int, out: np.ndarray) -> None:
    """Write into ``out`` the ``excess`` cards the policy discards from ``hand`` (least useful first)."""
    for c in range(_NT):
        out[c] = 0
    left = excess
    for c in _DISCARD_ORDER:
        if left <= 0:
            break
        k = min(hand[c], left)
        out[c] = k
        left -= k


@jit
def deal(deck: np.ndarray, discard: np.ndarray, n: int, rng: np.ndarray, seq: np.ndarray) -> int:
    """Deal up to ``n`` cards one at a time into ``seq`` (types in dealing order), as the engine does: a
    uniformly random card of the deck; an empty deck takes the discard pile when a card is still due
    (ruling 7); with both empty the rest are not dealt. Returns the number dealt."""
    tot = 0
    for c in range(_NT):
        tot += deck[c]
    for i in range(n):
        if tot == 0:
            for c in range(_NT):
                tot += discard[c]
                deck[c] = discard[c]
                discard[c] = 0
            if tot == 0:
                return i
        r = below(rng, tot)
        c = 0
        while r >= deck[c]:
            r -= deck[c]
            c += 1
        deck[c] -= 1
        tot -= 1
        seq[i] = c
    return n
