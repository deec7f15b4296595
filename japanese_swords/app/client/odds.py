"""Battle odds, one function for the hover, the attack confirmation and the battle screen.

:func:`chances` samples worlds the observing seat's view allows (``determinize``) and, in each, plays the
battle by the engine itself: before an attack is declared it declares it and deals both sides the
rules' battle draw; then each side commits and the engine resolves the battle (experience, terrain,
rule modules: whatever the rules count). So the hover's figure and the battle screen's figure are the
same estimate, the battle screen's only knowing the cards actually drawn. The opponent is assumed to
answer with whichever of its strongest commitment, the same with a Ninja (against a Daimyo) or
Diplomacy is best for it (a cautious estimate, the same for attack and defence); the observing seat plays
its pick, or the better of its strongest commitment and the same with a Ninja. Diplomacy on either side
ends the battle without a winner and is counted separately.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from japanese_swords import cards as C
from japanese_swords.actions import Attack, Commit
from japanese_swords.cards import Card
from japanese_swords.chance import sample_chance
from japanese_swords.engine import State, decision
from japanese_swords.observation import Observation, determinize
from japanese_swords.rules import DEFAULT_RULES, Rules


@dataclass(frozen=True)
class Odds:
    """Fractions of sampled worlds the observing seat wins, loses, or where Diplomacy voids the battle."""

    win: float
    lose: float
    void: float
    samples: int


def strongest_commitment(hand: list[int], rules: Rules = DEFAULT_RULES) -> tuple[Card, ...]:
    """The highest-force commitment from a hand within the limits of ``rules`` (Treachery only if it adds
    force; honor ignored)."""
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


def answers(hand: list[int], rules: Rules = DEFAULT_RULES) -> list[tuple[Card, ...]]:
    """A side's candidate commitments: its strongest, the same with a Ninja in it (which zeroes a
    Daimyo), and Diplomacy; an opponent is assumed to pick the best one for itself."""
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


def chances(obs: Observation, rng: random.Random, samples: int = 150, attack: tuple[int, int] | None = None,
            pick: tuple[Card, ...] | None = None) -> Odds | None:
    """The observing seat's odds in the pending battle, or in attacking ``attack = (src, dst)`` when no
    battle is pending (its battle draw still to come). ``pick`` is the seat's commitment (default: the
    better of its strongest and the same with a Ninja). None if there is no battle of the seat's."""
    state = obs.state
    if attack is None:
        b = state.battle
        if b is None or obs.seat not in (b.attacker_seat, b.defender_seat):
            return None
    outcomes: list[int] = []
    for _ in range(samples):
        world = determinize(obs, rng)
        if attack is not None:
            world.apply(Attack(*attack))
        _to_commitments(world, rng)
        if world.battle is None:  # nothing to fight over any more (cannot happen in the base rules)
            continue
        outcomes.append(_play_out(world, obs.seat, pick))
    if not outcomes:
        return None
    n = len(outcomes)
    return Odds(outcomes.count(1) / n, outcomes.count(-1) / n, outcomes.count(0) / n, n)


def _to_commitments(world: State, rng: random.Random) -> None:
    """Play the chance events (the battle draw) up to the first commitment; any other decision a rule
    module puts first takes its first legal option."""
    while world.battle is not None and not world.is_terminal():
        kind = decision(world)  # asked by kind: listing a big hand's commitments costs seconds
        if kind == "commit":
            return
        world.apply(sample_chance(world, rng) if kind == "chance" else world.legal_actions()[0])


def _options(world: State, seat: int, observer: int, pick: tuple[Card, ...] | None) -> list[tuple[Card, ...]]:
    """What ``seat`` may commit in this world: the observer's pick (or its strongest, without Diplomacy),
    the opponent's candidate answers."""
    rules = world.game.rules
    hand = world.hands[seat]
    if seat == observer:
        if pick is not None:
            return [tuple(pick)]
        return [o for o in answers(hand, rules) if Card.DIPLOMACY not in o] or [strongest_commitment(hand, rules)]
    return answers(hand, rules)


def _play_out(world: State, observer: int, pick: tuple[Card, ...] | None) -> int:
    """+1 if the observer wins this world's battle, 0 if it is voided, -1 if it loses: the observer
    maximises over its options, the opponent minimises over its answers; the engine resolves each."""
    b = world.battle
    assert b is not None
    att_seat, def_seat = b.attacker_seat, b.defender_seat
    if b.attacker_cards is not None:  # committed already (the sampled face-down cards if hidden)
        att_opts: list[tuple[Card, ...] | None] = [None]
    else:
        att_opts = list(_options(world, att_seat, observer, pick))

    def result(a: tuple[Card, ...] | None, d: tuple[Card, ...]) -> int:
        w = world.clone()
        if a is not None:
            w.apply(Commit(a))
        _to_commitments(w, random.Random(0))
        if w.battle is not None and w.battle.defender_cards is None:
            w.apply(Commit(d))
        report = w.last_battle
        if report is None or report is world.last_battle or report.winner is None:
            return 0
        return 1 if report.winner == observer else -1

    def_opts = _options(world, def_seat, observer, pick)
    rows = [[result(a, d) for d in def_opts] for a in att_opts]
    if att_seat == observer:  # the observer picks its best commitment, the defender answers it
        return max(min(row) for row in rows)
    return min(max(row) for row in rows)  # the attacker's (sampled or assumed) commitment, the observer answers
