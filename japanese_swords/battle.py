"""Battles: legal commitments, the secret-card resolution, and the discards that follow."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from japanese_swords import cards as C
from japanese_swords.board import Terrain
from japanese_swords.cards import Card
from japanese_swords.state import BattleReport

if TYPE_CHECKING:
    from japanese_swords.state import State

_GROUP_LIMIT = {Card.DAIMYO: 1, Card.NINJA: 1}


def commit_options(hand: list[int]) -> Iterator[tuple[Card, ...]]:
    """Every distinct legal commitment from a hand: 1-7 cards, <=5 soldiers, <=1 Daimyo, <=1 Ninja.

    An empty hand yields the single empty commitment (ruling 9: it commits nothing).
    """
    if sum(hand) == 0:
        yield ()
        return
    types = [c for c in C.CARD_TYPES if hand[c] > 0]
    # per type: (card, most that may be taken, is it a soldier)
    spec = [(c, min(hand[c], _GROUP_LIMIT.get(c, C.MAX_COMMIT)), c <= Card.MOUNTED) for c in types]
    n = len(spec)
    chosen: list[Card] = []

    def rec(i: int, soldiers: int) -> Iterator[tuple[Card, ...]]:
        if i == n:
            if chosen:
                yield tuple(chosen)
            return
        card, most, soldier = spec[i]
        limit = min(most, C.MAX_COMMIT - len(chosen))
        if soldier:
            limit = min(limit, C.MAX_SOLDIERS - soldiers)
        yield from rec(i + 1, soldiers)
        for k in range(1, limit + 1):
            chosen.append(card)
            yield from rec(i + 1, soldiers + k if soldier else soldiers)
        if limit > 0:
            del chosen[-limit:]

    yield from rec(0, 0)


def commit_problem(state: State, seat: int, cards: tuple[Card, ...]) -> str | None:
    """Why ``cards`` is not a legal commitment for ``seat`` now, or None."""
    hand = state.hands[seat]
    if not cards and sum(hand) > 0:
        return "a battle commitment must be 1 to 7 cards (ruling 9)"
    need = C.counts_of(cards)
    for c, n in enumerate(need):
        if n > hand[c]:
            return f"you hold {hand[c]} {Card(c).title} but commit {n}"
    return C.commit_problem(cards)


def resolve(state: State) -> None:
    """Reveal both commitments and settle the battle (rulings 10-12); the state's battle is cleared."""
    b = state.battle
    assert b is not None and b.attacker_cards is not None and b.defender_cards is not None
    rules = state.game.rules
    board = state.game.board
    att, dfn = state.armies[b.attacker], state.armies[b.defender]
    ac, dc = b.attacker_cards, b.defender_cards
    for c in ac + dc:
        state.discard[c] += 1
    acf, dcf = C.battle_force(ac, dc), C.battle_force(dc, ac)
    terrain_def = board.terrain[dfn.square].defense
    changes = [0] * state.num_players
    state.battle = None
    if Card.DIPLOMACY in ac or Card.DIPLOMACY in dc:
        winner_seat = None
        state.discard_queue = [(b.attacker_seat, rules.diplomacy_hand_limit),
                               (b.defender_seat, rules.diplomacy_hand_limit)]
    else:
        att_total = acf + att.experience
        def_total = dcf + dfn.experience + terrain_def
        if att_total > def_total:
            wid, lid = b.attacker, b.defender
        else:
            wid, lid = b.defender, b.attacker
        winner, loser = state.armies[wid], state.armies[lid]
        winner_seat = winner.owner
        changes[winner.owner] += 3
        changes[loser.owner] -= 1
        for seat, played in ((b.attacker_seat, ac), (b.defender_seat, dc)):
            changes[seat] -= rules.treachery_honor_cost * played.count(Card.TREACHERY)
            changes[seat] -= rules.ninja_honor_cost * played.count(Card.NINJA)
        for seat, delta in enumerate(changes):
            state.honor[seat] += delta
        from japanese_swords.engine import remove_army, take_control

        remove_army(state, lid)
        moved_square = winner.square
        if board.terrain[loser.square] in (Terrain.KEEP, Terrain.FORTRESS):
            state.occupant[winner.square] = -1
            state.occupant[loser.square] = wid
            moved_square = loser.square
        state.armies[wid] = winner._replace(square=moved_square, experience=winner.experience + 1)
        state.discard_queue = [(winner.owner, rules.winner_hand_limit), (loser.owner, rules.loser_hand_limit)]
        if moved_square != winner.square:
            take_control(state, moved_square, winner.owner)
    state.last_battle = BattleReport(
        attacker_seat=b.attacker_seat, defender_seat=b.defender_seat, attacker_square=att.square,
        defender_square=dfn.square, attacker_cards=ac, defender_cards=dc, attacker_card_force=acf,
        defender_card_force=dcf, attacker_experience=att.experience, defender_experience=dfn.experience,
        terrain_defense=terrain_def, winner=winner_seat, honor_changes=tuple(changes))
