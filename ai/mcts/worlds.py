"""Sampling worlds consistent with an observation (the determinization step of information-set MCTS).

Like :func:`japanese_swords.observation.determinize`, the unseen cards are dealt to the other hands
(respecting their sizes) and the deck; every card the seat has seen (its hand, the discard pile, its own
commitment) is excluded. Three refinements: the opponents' hands can be dealt by a prior over card
types (:mod:`ai.mcts.hand_prior`: players keep Daimyo and Diplomacy and play Intrigue at once); a
face-down opposing commitment is modelled as a *choice* from the opponent's dealt hand (mostly its
strongest cards, sometimes a random legal set of that size: :data:`STRONGEST_SHARE`) rather than as
random cards; and cards a player is known to hold (say, because it just offered them in a trade) can
be forced into that player's hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ai.mcts.hand_prior import weighted_order
from ai.toolkit.commit import best_commit
from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.engine import State
from japanese_swords.game import Rules
from japanese_swords.modules.bidding import HIDDEN as HIDDEN_BID
from japanese_swords.observation import Observation, sample_module_secrets

#: How often a face-down opposing commitment is modelled as the opponent's strongest cards of that size
#: (otherwise a random legal set): anyone committing k cards commits strong ones, since greedy's "just
#: enough" is its strongest set minus cards it can spare (docs/ai.md, "Worlds").
STRONGEST_SHARE = 0.85
_CARDS = tuple(Card)  # the types in code order: a look-up instead of an enum call per type and world


def _cards_of(counts: Sequence[int]) -> list[Card]:
    """:func:`japanese_swords.cards.cards_of` (one entry per card, in type order) for the sampler's hot loop."""
    out: list[Card] = []
    for card, n in zip(_CARDS, counts, strict=True):
        if n:
            out += [card] * n
    return out


def _legal_subset(cards: list[Card], n: int, rng: random.Random, rules: Rules) -> list[Card]:
    """``n`` cards from ``cards`` forming a legal commitment (random order, the rules' limits respected)."""
    order = cards[:]
    rng.shuffle(order)
    out: list[Card] = []
    soldiers = 0
    for c in order:
        if len(out) == n:
            break
        if c.is_soldier and soldiers >= rules.commit_soldiers:
            continue
        if c in (Card.DAIMYO, Card.NINJA) and out.count(c) >= C.commit_limit(c, rules):
            continue
        soldiers += c.is_soldier
        out.append(c)
    return out


class Hidden(NamedTuple):
    """What a world adds to the observation when nothing else is secret: the other seats' hands and the
    deck, as card counts."""

    hands: dict[int, list[int]]
    deck: list[int]


def _pool(obs: Observation, rng: random.Random, weights: Sequence[float] | None) -> list[Card]:
    """The unseen cards in the order they are dealt: shuffled, or by the hand prior's weighted keys."""
    pool = _cards_of(obs.unseen)
    if weights is None:
        rng.shuffle(pool)
        return pool
    return weighted_order(pool, weights, rng)


def has_secrets(obs: Observation) -> bool:
    """Whether a world must guess more than the hands and the deck: a face-down commitment, open bids or
    placed ronin (the rule modules' secrets)."""
    s = obs.state
    if obs.hidden_commitment:
        return True
    if not s.game.rules.modules:
        return False
    return (s.bids is not None and HIDDEN_BID in s.bids) or any(k < 0 for k in s.ronin)


def deal_hidden(obs: Observation, rng: random.Random, weights: Sequence[float] | None = None) -> Hidden:
    """The hands and deck of :func:`sample_world` for an observation without other secrets
    (:func:`has_secrets` false, nothing known), drawn with the same generator calls, without building a
    state: the search's public leaves take them (:mod:`ai.mcts.public`)."""
    pool = _pool(obs, rng, weights)
    hands: dict[int, list[int]] = {}
    deck = list(obs.unseen)
    at = 0
    for s in range(obs.state.num_players):
        if s == obs.seat:
            continue
        counts = C.counts_of(pool[at:at + obs.hand_sizes[s]])
        at += obs.hand_sizes[s]
        hands[s] = counts
        for t, n in enumerate(counts):
            deck[t] -= n
    return Hidden(hands, deck)


def with_hidden(state: State, hidden: Hidden) -> State:
    """A copy of ``state`` holding ``hidden``'s hands and deck (a world from a public state)."""
    world = state.clone()
    for s, counts in hidden.hands.items():
        world.hands[s] = counts[:]
    world.deck = hidden.deck[:]
    return world


def sample_world(obs: Observation, rng: random.Random, known: dict[int, list[int]] | None = None,
                 weights: Sequence[float] | None = None) -> State:
    """A full state consistent with ``obs``; ``known[seat]`` lists card counts that seat surely holds.
    ``weights`` (one per card type, :mod:`ai.mcts.hand_prior`) bias which unseen cards are dealt to
    the opponents' hands; None deals them uniformly."""
    state = obs.state.clone()
    if state.game.rules.modules:  # the rule modules' secrets (bids, ronin): guessed, never read
        sample_module_secrets(state, rng)
    pool = _pool(obs, rng, weights)
    hands: dict[int, list[Card]] = {}
    for s, counts in (known or {}).items():
        fixed = _cards_of(counts)
        for c in fixed:
            pool.remove(c)
        hands[s] = fixed
    b = state.battle
    committed: tuple[Card, ...] = ()
    hidden_seat = -1
    if b is not None and obs.hidden_commitment:
        hidden_seat = b.attacker_seat if b.attacker_seat != obs.seat else b.defender_seat
    for s in range(state.num_players):
        if s == obs.seat:
            continue
        n = obs.hand_sizes[s] + (obs.hidden_commitment if s == hidden_seat else 0)
        have = hands.get(s, [])
        take = max(0, n - len(have))
        hands[s] = have + pool[:take]
        del pool[:take]
    if hidden_seat >= 0 and b is not None:
        cards = hands[hidden_seat]
        n = obs.hidden_commitment
        strongest = best_commit(C.counts_of(cards), rules=state.game.rules)
        if len(strongest) >= n and rng.random() < STRONGEST_SHARE:
            chosen = strongest[:n]
        else:
            chosen = _legal_subset(cards, n, rng, state.game.rules)
            if len(chosen) < n:  # cannot happen for a real commitment; fall back to any n cards
                chosen = cards[:n]
        for c in chosen:
            cards.remove(c)
        committed = tuple(sorted(chosen))
        if b.attacker_seat == hidden_seat:
            b.attacker_cards = committed
        else:
            b.defender_cards = committed
    deck = list(obs.unseen)  # what is not dealt (a hand or a commitment) stays in the deck
    for c in committed:
        deck[c] -= 1
    for s, cards in hands.items():
        counts = state.hands[s] = C.counts_of(cards)
        for t, n in enumerate(counts):
            deck[t] -= n
    state.deck = deck
    return state
