"""Which unseen cards an opponent's hand is likely to hold: a per-card-type weight fitted on played games.

Players keep their best cards (discarding down to a hand limit drops the weakest) and play some cards
at once (Intrigue, Much Honor, Prosperity), so a hand is not a random draw from the cards a seat has not
seen: in league and greedy games a hand holds about twice the Daimyo and Diplomacy share of the unseen
pool and a quarter of its Intrigue share. A weight per card type is the ratio of its share in
opponents' hands to its share in the observer's unseen pool, measured over positions of seeded games
(``tools/fit_hand_prior.py``). The world sampler deals opponents' hands by weighted sampling without
replacement with these weights (:func:`weighted_order`), the rest going to the deck. The fit reads the
hands of finished training games; in play only the observation is read, so the search stays honest.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import State

PRIOR_PATH = Path(__file__).resolve().parent / "hand_prior.json"

#: Weights are clipped to this range when fitted, so a type never seen in a hand keeps a chance.
WEIGHT_RANGE = (0.1, 10.0)


@cache
def shipped_weights() -> tuple[float, ...]:
    """The fitted weights shipped in ``hand_prior.json`` (one per card type)."""
    data = json.loads(PRIOR_PATH.read_text(encoding="utf-8"))
    return tuple(float(data["weights"][c.name]) for c in Card)


def uniform_weights() -> tuple[float, ...]:
    """Every card type alike: the uniform deal of the plain determinization."""
    return tuple(1.0 for _ in Card)


def weighted_order(pool: list[Card], weights: Sequence[float], rng: random.Random) -> list[Card]:
    """``pool`` in the order of a weighted draw without replacement (Efraimidis & Spirakis 2006): each
    card's key is ``u ** (1 / weight)``, highest first, so the first ``n`` cards are a weighted sample
    of ``n``. Uniform weights give a uniform shuffle."""
    inverse = [1.0 / w for w in weights]
    draw = rng.random
    keys = [draw() ** inverse[c] for c in pool]
    order = sorted(range(len(pool)), key=keys.__getitem__, reverse=True)
    return [pool[i] for i in order]


def tally(states: Iterable[State]) -> tuple[list[float], list[float]]:
    """Sum, over positions, each card type's share of every opponent's hand and of the observer's unseen
    pool (the observer is the turn player). Returns (hand shares, pool shares) per type."""
    from japanese_swords.observation import observation

    hand_share = [0.0] * C.NUM_TYPES
    pool_share = [0.0] * C.NUM_TYPES
    for state in states:
        me = state.turn_player
        unseen = observation(state, me).unseen
        pool = sum(unseen)
        for opp in range(state.num_players):
            size = sum(state.hands[opp])
            if opp == me or not state.alive[opp] or not size or not pool:
                continue
            for c in range(C.NUM_TYPES):
                hand_share[c] += state.hands[opp][c] / size
                pool_share[c] += unseen[c] / pool
    return hand_share, pool_share


def fit(hand_share: Sequence[float], pool_share: Sequence[float]) -> dict[str, float]:
    """Weights from tallied shares: the ratio per type, clipped to :data:`WEIGHT_RANGE`, rounded."""
    low, high = WEIGHT_RANGE
    out = {}
    for c in Card:
        ratio = hand_share[c] / pool_share[c] if pool_share[c] > 0 else 1.0
        out[c.name] = round(min(high, max(low, ratio)), 3)
    return out


def positions(state: State) -> bool:
    """Whether a position is sampled for the fit: the start of a travel phase (hands settled after the
    economy phases, before any battle of the turn)."""
    return state.phase == Phase.TRAVEL and not state.moved and not state.is_terminal()


def log_ratio_spread(weights: Sequence[float]) -> float:
    """The largest absolute log-weight: how far the prior is from uniform (for reports)."""
    return max(abs(math.log(w)) for w in weights)
