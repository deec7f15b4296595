"""What one seat may know, and worlds consistent with it (for information-set search).

A seat sees the board, every player's gold, honor, army experience and hand size, the discard pile, its
own hand and own battle commitment, the number of cards the opponent committed, and revealed battles.
It never sees the deck order, other hands or the opponent's face-down commitment.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.engine import State
from japanese_swords.modules import bidding, ronin
from japanese_swords.rules import Rules


@dataclass(frozen=True)
class Observation:
    """One seat's view. ``state`` is a copy with everything hidden from the seat emptied out."""

    seat: int
    state: State
    hand_sizes: tuple[int, ...]
    deck_size: int
    unseen: tuple[int, ...]  # card counts the seat cannot place: deck + other hands + hidden commitment
    hidden_commitment: int  # cards the opponent committed face down (0 if none)

    @property
    def hand(self) -> list[int]:
        return self.state.hands[self.seat]

    def current_player(self) -> int:
        return self.state.current_player()

    def legal_actions(self):
        """The seat's legal actions when it is the seat's decision (they depend only on what it sees)."""
        return self.state.legal_actions()


def observation(state: State, seat: int) -> Observation:
    """Build the seat's observation of ``state``."""
    view = state.clone()
    hand_sizes = tuple(sum(h) for h in state.hands)
    for s in range(state.num_players):
        if s != seat:
            view.hands[s] = C.empty()
    view.deck = C.empty()
    if state.game.rules.modules:  # the bidding and ronin modules' secrets: open bids, ronin assignments
        bidding.hide(view, seat)
        ronin.hide(view, seat)
    hidden = 0
    b = view.battle
    if b is not None:
        if b.attacker_seat != seat and b.attacker_cards is not None:
            hidden, b.attacker_cards = len(b.attacker_cards), ()
        if b.defender_seat != seat and b.defender_cards is not None:
            hidden, b.defender_cards = len(b.defender_cards), ()
    unseen = list(C.COUNT)
    for c in range(C.NUM_TYPES):
        unseen[c] -= state.hands[seat][c] + state.discard[c]
    if b is not None:
        mine = b.attacker_cards if b.attacker_seat == seat else b.defender_cards
        for c in mine or ():
            unseen[c] -= 1
    return Observation(seat, view, hand_sizes, sum(state.deck), tuple(unseen), hidden)


def determinize(obs: Observation, rng: random.Random) -> State:
    """A full state consistent with the observation: unseen cards dealt at random to the opponents'
    hands, their face-down commitment and the deck (the sampling step of information-set MCTS)."""
    state = obs.state.clone()
    if state.game.rules.modules:
        sample_module_secrets(state, rng)
    pool = C.cards_of(obs.unseen)
    rng.shuffle(pool)
    b = state.battle
    if b is not None and obs.hidden_commitment:
        committed = _sample_commitment(pool, obs.hidden_commitment, state.game.rules)
        if b.attacker_seat != obs.seat:
            b.attacker_cards = committed
        else:
            b.defender_cards = committed
    for s in range(state.num_players):
        if s == obs.seat:
            continue
        n = obs.hand_sizes[s]
        state.hands[s] = C.counts_of(pool[:n])
        del pool[:n]
    state.deck = C.counts_of(pool)
    return state


def sample_module_secrets(state: State, rng: random.Random) -> None:
    """Fill a masked view's module secrets (open bids, ronin assignments) with guesses consistent with
    what the seat sees: a world for information-set search (docs/variants.md)."""
    bidding.sample(state, rng)
    ronin.sample(state, rng)


def _sample_commitment(pool: list[Card], n: int, rules: Rules) -> tuple[Card, ...]:
    """Take ``n`` cards from the (shuffled) pool forming a legal commitment; removes them from the pool."""
    chosen: list[int] = []
    soldiers = daimyo = ninja = 0
    for i, c in enumerate(pool):
        if len(chosen) == n:
            break
        if c.is_soldier and soldiers >= rules.commit_soldiers:
            continue
        if (c == Card.DAIMYO and daimyo >= rules.commit_daimyo) or (c == Card.NINJA and ninja >= rules.commit_ninja):
            continue
        soldiers += c.is_soldier
        daimyo += c == Card.DAIMYO
        ninja += c == Card.NINJA
        chosen.append(i)
    cards = tuple(sorted(pool[i] for i in chosen))
    for i in reversed(chosen):
        del pool[i]
    return cards
