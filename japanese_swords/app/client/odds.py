"""Battle odds for the battle screen: Monte Carlo over the worlds the human's observation allows.

The opponent's hidden cards are dealt at random from the unseen cards (``determinize``). If the
opponent has already committed face down, its sampled commitment is used; otherwise it is assumed to
answer with its strongest legal commitment (a cautious estimate). Diplomacy on either side ends the
battle without a winner and is counted separately.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.observation import Observation, determinize


@dataclass(frozen=True)
class Odds:
    """Fractions of sampled worlds the human wins, loses, or where Diplomacy voids the battle."""

    win: float
    lose: float
    void: float
    samples: int


def strongest_commitment(hand: list[int]) -> tuple[Card, ...]:
    """The highest-force legal commitment from a hand (Treachery only if it adds force; honor ignored)."""
    cards: list[Card] = []
    soldiers = [c for c in sorted(C.SOLDIERS, key=lambda c: -c.force) for _ in range(hand[c])][
        : C.MAX_SOLDIERS
    ]
    pool = [Card.DAIMYO] * min(1, hand[Card.DAIMYO]) + [Card.TREACHERY] * hand[Card.TREACHERY]
    pool += [Card.TACTICS] * hand[Card.TACTICS] + soldiers + [Card.NINJA] * min(1, hand[Card.NINJA])
    pool.sort(key=lambda c: -c.force)
    cards = pool[: C.MAX_COMMIT]
    if not cards and sum(hand):
        cards = [next(Card(i) for i in range(C.NUM_TYPES) if hand[i])]
    return tuple(cards)


def estimate(obs: Observation, pick: tuple[Card, ...], rng: random.Random, samples: int = 200) -> Odds | None:
    """Chance that committing ``pick`` wins the pending battle, as the observing seat; None if no battle."""
    state = obs.state
    b = state.battle
    if b is None or obs.seat not in (b.attacker_seat, b.defender_seat):
        return None
    attacking = obs.seat == b.attacker_seat
    mine = state.armies[b.attacker if attacking else b.defender]
    theirs = state.armies[b.defender if attacking else b.attacker]
    terrain_def = state.game.board.terrain[state.armies[b.defender].square].defense
    opp_seat = b.defender_seat if attacking else b.attacker_seat
    win = lose = void = 0
    for _ in range(samples):
        world = determinize(obs, rng)
        wb = world.battle
        assert wb is not None
        opp_cards = wb.attacker_cards if not attacking else wb.defender_cards
        if opp_cards is None or (not opp_cards and obs.hidden_commitment == 0):
            opp_cards = strongest_commitment(world.hands[opp_seat])
        if Card.DIPLOMACY in pick or Card.DIPLOMACY in opp_cards:
            void += 1
            continue
        my_force = C.battle_force(pick, opp_cards) + mine.experience
        opp_force = C.battle_force(opp_cards, pick) + theirs.experience
        if attacking:
            won = my_force > opp_force + terrain_def
        else:
            won = my_force + terrain_def >= opp_force
        if won:
            win += 1
        else:
            lose += 1
    return Odds(win / samples, lose / samples, void / samples, samples)
