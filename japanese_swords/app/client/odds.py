"""Battle odds for the battle screen: Monte Carlo over the worlds the human's observation allows.

The opponent's hidden cards are dealt at random from the unseen cards (``determinize``). If the
opponent has already committed face down, its sampled commitment is used; otherwise it is assumed to
answer with whichever of its strongest commitment, the same with a Ninja (against a Daimyo) or Diplomacy
is best for it (a cautious estimate, the same for attack and defence). Diplomacy on either side ends
the battle without a winner and is counted separately.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.observation import Observation, determinize
from japanese_swords.phases.battle import battle_winner
from japanese_swords.rules import DEFAULT_RULES, Rules


@dataclass(frozen=True)
class Odds:
    """Fractions of sampled worlds the human wins, loses, or where Diplomacy voids the battle."""

    win: float
    lose: float
    void: float
    samples: int


def strongest_commitment(hand: list[int], rules: Rules = DEFAULT_RULES) -> tuple[Card, ...]:
    """The highest-force commitment from a hand within the limits of ``rules`` (Treachery only if it adds
    force; honor ignored)."""
    cards: list[Card] = []
    soldiers = [c for c in sorted(C.SOLDIERS, key=lambda c: -c.force) for _ in range(hand[c])][
        : rules.commit_soldiers
    ]
    pool = [Card.DAIMYO] * min(C.commit_limit(Card.DAIMYO, rules), hand[Card.DAIMYO])
    pool += [Card.TREACHERY] * hand[Card.TREACHERY]
    pool += [Card.TACTICS] * hand[Card.TACTICS] + soldiers
    pool += [Card.NINJA] * min(C.commit_limit(Card.NINJA, rules), hand[Card.NINJA])
    pool.sort(key=lambda c: -c.force)
    cards = pool[: rules.commit_cards]
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
    rules = state.game.rules
    outcomes: list[int] = []
    for _ in range(samples):
        world = determinize(obs, rng)
        wb = world.battle
        assert wb is not None
        opp_cards = wb.attacker_cards if not attacking else wb.defender_cards
        if opp_cards is None or (not opp_cards and obs.hidden_commitment == 0):
            # not committed yet: the opponent answers with whatever is best for it against this pick
            options = answers(world.hands[opp_seat], rules)
        else:
            options = [tuple(opp_cards)]
        outcomes.append(min(_outcome(pick, o, mine.experience, theirs.experience, terrain_def, attacking)
                            for o in options))
    return _odds(outcomes)


def answers(hand: list[int], rules: Rules = DEFAULT_RULES) -> list[tuple[Card, ...]]:
    """The opponent's candidate answers: its strongest commitment, the same with a Ninja in it (which
    zeroes a Daimyo), and Diplomacy; the cautious estimate assumes it picks the best one for itself."""
    strongest = strongest_commitment(hand, rules)
    out = [strongest]
    if hand[Card.NINJA] and Card.NINJA not in strongest and strongest and rules.commit_ninja:
        with_ninja = list(strongest)
        if len(with_ninja) >= rules.commit_cards:
            with_ninja.pop()  # the weakest card makes room
        out.append((*with_ninja, Card.NINJA))
    if hand[Card.DIPLOMACY]:
        out.append((Card.DIPLOMACY,))
    return out


def _odds(outcomes: list[int]) -> Odds:
    """Shares of won (+1), lost (-1) and voided (0) sampled battles."""
    n = len(outcomes)
    return Odds(outcomes.count(1) / n, outcomes.count(-1) / n, outcomes.count(0) / n, n)


def _outcome(
    pick: tuple[Card, ...], opp: tuple[Card, ...], my_xp: int, opp_xp: int, terrain: int, attacking: bool
) -> int:
    """+1 if ``pick`` beats ``opp``, 0 if Diplomacy voids the battle, -1 if it loses (the engine's rule,
    :func:`japanese_swords.phases.battle.battle_winner`)."""
    if attacking:
        result = battle_winner(pick, opp, my_xp, opp_xp, terrain)
    else:
        result = battle_winner(opp, pick, opp_xp, my_xp, terrain)
    if result is None:
        return 0
    return 1 if result == attacking else -1


def attack_estimate(obs: Observation, src: int, dst: int, rng: random.Random, samples: int = 120) -> Odds:
    """Chance that the observing seat's army on ``src`` wins an attack on ``dst`` before it is declared.

    Each sampled world deals the defender a hand; the attacker plays the better of its strongest
    commitment and the same with a Ninja, the defender answers with the best of :func:`answers` for it
    (strongest, with a Ninja, or Diplomacy), so the defender's Diplomacy and Ninja count as in battle.
    """
    state = obs.state
    attacker = state.armies[state.occupant[src]]
    defender = state.armies[state.occupant[dst]]
    terrain_def = state.game.board.terrain[dst].defense
    rules = state.game.rules
    mine = [o for o in answers(obs.hand, rules) if Card.DIPLOMACY not in o] or [()]
    outcomes: list[int] = []
    for _ in range(samples):
        world = determinize(obs, rng)
        theirs = answers(world.hands[defender.owner], rules)
        outcomes.append(max(
            min(_outcome(m, o, attacker.experience, defender.experience, terrain_def, True) for o in theirs)
            for m in mine
        ))
    return _odds(outcomes)
