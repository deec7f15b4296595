"""Battle phase (rulings 9-12): attacks on adjacent enemy armies, the secret commitments of 1-7 cards,
their resolution, and the discards that follow."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from japanese_swords import cards as C
from japanese_swords import events as E
from japanese_swords.actions import Action, Attack, Commit
from japanese_swords.board import Terrain, square_name
from japanese_swords.cards import Card
from japanese_swords.core import Army, Battle, BattleReport
from japanese_swords.modules import castles, retreat_siege, ronin, sites, support, terrain_arms, weather
from japanese_swords.movement import attack_targets
from japanese_swords.phases.common import acting_army_problem, may_attack, remove_army, take_control
from japanese_swords.rules import DEFAULT_RULES, Rules

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State


# ----- the battle outcome: pure helpers the engine, the odds and the AIs share -----------------------------
def side_force(cards: Sequence[Card], opponent_cards: Sequence[Card], experience: int, terrain: int = 0) -> int:
    """A side's total in a battle (ruling 10): its committed cards' force (a Daimyo counts 0 against a
    Ninja), its army's experience and, for the defender, the terrain's defence."""
    return C.battle_force(cards, opponent_cards) + experience + terrain


def battle_bonuses(state: State) -> tuple[int, int]:
    """The pending battle's force beyond the cards (ruling 10): the attacker's experience, and the
    defender's experience plus its square's terrain defence."""
    b = state.battle
    assert b is not None
    att, dfn = state.armies[b.attacker], state.armies[b.defender]
    walls = castles.defence(state, dfn.square) if state.walls else 0  # public: the castles module's walls
    return att.experience, dfn.experience + state.game.board.terrain[dfn.square].defense + walls


def voided(attacker_cards: Sequence[Card], defender_cards: Sequence[Card]) -> bool:
    """Diplomacy on either side ends the battle without a winner (ruling 12)."""
    return Card.DIPLOMACY in attacker_cards or Card.DIPLOMACY in defender_cards


def attacker_wins(attacker_total: int, defender_total: int) -> bool:
    """Whether the attacker's total beats the defender's: ties go to the defender (ruling 10)."""
    return attacker_total > defender_total


def battle_winner(attacker_cards: Sequence[Card], defender_cards: Sequence[Card], attacker_experience: int,
                  defender_experience: int, terrain: int) -> bool | None:
    """True if the attacker wins, False if the defender does, None if Diplomacy voids the battle."""
    if voided(attacker_cards, defender_cards):
        return None
    return attacker_wins(side_force(attacker_cards, defender_cards, attacker_experience),
                         side_force(defender_cards, attacker_cards, defender_experience, terrain))


def attack_actions(state: State, own: list[tuple[int, Army]]) -> list[Action]:
    """Every legal Attack at a battle decision (legal by construction: the same helper as the check)."""
    out: list[Action] = []
    for aid, a in own:
        if may_attack(state, aid):
            out += [Attack(a.square, dst) for dst in attack_targets(state, aid)]
    return out


def attack_problem(state: State, action: Attack) -> str | None:
    problem = acting_army_problem(state, action)
    if problem is not None:
        return problem
    aid = state.occupant[action.src]
    if aid in state.attacked:
        return "each army starts at most one attack per battle phase (ruling 9)"
    if action.dst not in attack_targets(state, aid):
        return f"no enemy army orthogonally adjacent at {square_name(action.dst)}"
    return None


def attack(state: State, a: Attack, ev: Events = None) -> None:
    """Start a battle: both sides are dealt the battle draw, attacker first (ruling 9)."""
    att, dfn = state.occupant[a.src], state.occupant[a.dst]
    state.attacked.add(att)
    att_seat, def_seat = state.armies[att].owner, state.armies[dfn].owner
    state.battle = Battle(att, dfn, att_seat, def_seat)
    if ev is not None:
        ev.append(E.BattleStarted(att_seat, def_seat, att, dfn, a.src, a.dst))
    if state.game.rules.modules and support.params(state) is not None:
        support.start(state, state.battle, ev)  # the support choices come first; they deal the hands
        return
    n = state.game.rules.battle_draw
    state.pending_draws = [att_seat] * n + [def_seat] * n


def commit_rules(state: State) -> Rules:
    """The rules the pending battle's commitments follow: the game's, with a site's card limit (a pass)."""
    rules = state.game.rules
    if rules.modules:
        limit = sites.commit_limit(state)
        if limit is not None and limit < rules.commit_cards:
            return replace(rules, commit_cards=limit)
    return rules


def commit(state: State, a: Commit, ev: Events = None) -> None:
    """The attacker, then the defender, commits cards face down (only the count is public)."""
    b = state.battle
    assert b is not None
    seat = b.attacker_seat if b.attacker_cards is None else b.defender_seat
    for c in a.cards:
        state.hands[seat][c] -= 1
    if ev is not None:
        ev.append(E.CardsCommitted(seat, len(a.cards), a.cards))
    if b.attacker_cards is None:
        b.attacker_cards, b.attacker_count = a.cards, len(a.cards)
    else:
        b.defender_cards, b.defender_count = a.cards, len(a.cards)


def empty_hands_commit_nothing(state: State) -> None:
    """Ruling 9: a side with an empty hand commits nothing, without a decision."""
    b = state.battle
    assert b is not None
    if b.attacker_cards is None and not sum(state.hands[b.attacker_seat]):
        b.attacker_cards = ()
    if b.attacker_cards is not None and b.defender_cards is None and not sum(state.hands[b.defender_seat]):
        b.defender_cards = ()


def commit_options(hand: list[int], rules: Rules = DEFAULT_RULES) -> Iterator[tuple[Card, ...]]:
    """Every distinct legal commitment from a hand: 1 to ``commit_cards`` cards, at most
    ``commit_soldiers`` soldiers, ``commit_daimyo`` Daimyo and ``commit_ninja`` Ninja (default 7, 5, 1, 1).

    An empty hand yields the single empty commitment (ruling 9: it commits nothing).
    """
    if sum(hand) == 0:
        yield ()
        return
    types = [c for c in C.CARD_TYPES if hand[c] > 0]
    # per type: (card, most that may be taken, is it a soldier)
    spec = [(c, min(hand[c], C.commit_limit(c, rules)), c.is_soldier) for c in types]
    n = len(spec)
    chosen: list[Card] = []

    def rec(i: int, soldiers: int) -> Iterator[tuple[Card, ...]]:
        if i == n:
            if chosen:
                yield tuple(chosen)
            return
        card, most, soldier = spec[i]
        limit = min(most, rules.commit_cards - len(chosen))
        if soldier:
            limit = min(limit, rules.commit_soldiers - soldiers)
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
        return f"a battle commitment must be 1 to {state.game.rules.commit_cards} cards (ruling 9)"
    need = C.counts_of(cards)
    for c, n in enumerate(need):
        if n > hand[c]:
            return f"you hold {hand[c]} {Card(c).title} but commit {n}"
    return C.commit_problem(cards, commit_rules(state) if state.game.rules.modules else state.game.rules)


def module_forces(state: State, ac: tuple[Card, ...], dc: tuple[Card, ...], square: int, acf: int,
                  dcf: int) -> tuple[int, int, int]:
    """The rule modules' changes of a battle (docs/variants.md): the cards' force under terrain-and-arms,
    and the attacker's weather penalty. Returns (attacker card force, defender card force, attacker
    modifier)."""
    arms = terrain_arms.params(state)
    if arms is not None:
        terrain = state.game.board.terrain[square]
        acf += terrain_arms.force_change(ac, "attack", terrain, arms)
        dcf += terrain_arms.force_change(dc, "defend", terrain, arms)
    site = sites.kind_at(state, square)
    if site is not None:
        acf, dcf = sites.card_forces(site, ac, dc, acf, dcf)
    return acf, dcf, -weather.attack_penalty(state)


def shogun_forces(state: State, b: Battle, square: int, ev: Events) -> tuple[int, int]:
    """The ronin and castles modules' force in a battle (docs/variants.md): each side's ronin (revealed
    now, a RoninFought event each) and the defended keep's walls. Returns (attacker's, defender's)."""
    out = [0, 0]
    for i, (aid, seat) in enumerate(((b.attacker, b.attacker_seat), (b.defender, b.defender_seat))):
        n, force = ronin.battle_force(state, aid)
        out[i] += force
        if n and ev is not None:
            ev.append(E.RoninFought(seat, state.armies[aid].square, n, force))
    return out[0], out[1] + castles.defence(state, square)


def resolve(state: State, ev: Events = None) -> None:
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
    att_mod = def_mod = 0
    if rules.modules:
        acf, dcf, att_mod = module_forces(state, ac, dc, dfn.square, acf, dcf)
        if state.ronin or state.walls:
            att_extra, def_mod = shogun_forces(state, b, dfn.square, ev)
            att_mod += att_extra
    changes = [0] * state.num_players
    state.battle = None
    mark = 0 if ev is None else len(ev)
    no_winner = voided(ac, dc)
    if rules.modules and not no_winner:
        no_winner = sites.nobody_wins(sites.kind_at(state, dfn.square), ac, dc, acf + att.experience + att_mod,
                                      dcf + dfn.experience + terrain_def + def_mod)
    if no_winner:
        winner_seat = None
        state.discard_queue = [(b.attacker_seat, rules.diplomacy_hand_limit),
                               (b.defender_seat, rules.diplomacy_hand_limit)]
    else:
        if attacker_wins(acf + att.experience + att_mod, dcf + dfn.experience + terrain_def + def_mod):
            wid, lid = b.attacker, b.defender
        else:
            wid, lid = b.defender, b.attacker
        winner, loser = state.armies[wid], state.armies[lid]
        winner_seat = winner.owner
        changes[winner.owner] += rules.winner_honor
        changes[loser.owner] += rules.loser_honor
        for seat, played in ((b.attacker_seat, ac), (b.defender_seat, dc)):
            changes[seat] -= rules.treachery_honor_cost * played.count(Card.TREACHERY)
            changes[seat] -= rules.ninja_honor_cost * played.count(Card.NINJA)
        for seat, delta in enumerate(changes):
            state.honor[seat] += delta
        spared = (rules.modules and lid == b.defender and retreat_siege.params(state) is not None
                  and retreat_siege.spare_defender(state, wid, lid, ev))
        if not spared:
            remove_army(state, lid, ev, "battle")
        moved_square = winner.square
        if not spared and board.terrain[loser.square] in (Terrain.KEEP, Terrain.FORTRESS):
            state.occupant[winner.square] = -1
            state.occupant[loser.square] = wid
            moved_square = loser.square
        state.armies[wid] = winner._replace(square=moved_square,
                                            experience=winner.experience + rules.winner_experience)
        if ev is not None and moved_square != winner.square:
            ev.append(E.ArmyMoved(winner.owner, wid, winner.square, moved_square))
        state.discard_queue = [(winner.owner, rules.winner_hand_limit), (loser.owner, rules.loser_hand_limit)]
        if moved_square != winner.square:
            take_control(state, moved_square, winner.owner, ev)
    if rules.modules and b.support is not None:
        support.reward(state, b, winner_seat, ev)
    state.last_battle = BattleReport(
        attacker_seat=b.attacker_seat, defender_seat=b.defender_seat, attacker_square=att.square,
        defender_square=dfn.square, attacker_cards=ac, defender_cards=dc, attacker_card_force=acf,
        defender_card_force=dcf, attacker_experience=att.experience, defender_experience=dfn.experience,
        terrain_defense=terrain_def, winner=winner_seat, honor_changes=tuple(changes), attacker_modifier=att_mod,
        defender_modifier=def_mod)
    if ev is not None:  # the result goes before the removals and captures it caused
        ev[mark:mark] = [E.BattleResolved(b.attacker, b.defender, state.last_battle,
                                          None if winner_seat is None else lid),
                         *(E.HonorChanged(s, d, "battle") for s, d in enumerate(changes) if d)]
