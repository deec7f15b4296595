"""Trading (ruling 15): validating an offer's two bundles and carrying out an accepted trade."""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import cards as C
from japanese_swords import events as E
from japanese_swords.actions import Bundle, Offer, seat_name
from japanese_swords.board import Terrain, square_name
from japanese_swords.modules import teams

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State


def bundle_problem(state: State, seat: int, bundle: Bundle, check_cards: bool) -> str | None:
    """Why ``seat`` cannot hand over ``bundle``, or None. Cards are only checked by their holder."""
    who = seat_name(seat)
    if bundle.gold > state.gold[seat]:
        return f"{who} has only {state.gold[seat]} gold"
    if bundle.honor > max(state.honor[seat], 0):
        return f"{who} has only {max(state.honor[seat], 0)} honor to give"
    if check_cards:
        need = C.counts_of(bundle.cards)
        for c, n in enumerate(need):
            if n > state.hands[seat][c]:
                return f"{who} does not hold {n} {C.Card(c).title}"
    if len(set(bundle.armies)) != len(bundle.armies) or len(set(bundle.keeps)) != len(bundle.keeps):
        return "a square is named twice in the offer"
    terrain = state.game.board.terrain
    for sq in bundle.armies:
        army = state.army_at(sq)
        if army is None or army.owner != seat:
            return f"{who} has no army at {square_name(sq)}"
        if terrain[sq] == Terrain.FORTRESS:
            return f"the army at {square_name(sq)} stands in a fortress, and fortresses cannot be traded"
    for sq in bundle.keeps:
        if terrain[sq] != Terrain.KEEP or state.control[sq] != seat:
            return f"{who} does not control a keep at {square_name(sq)}"
        if state.occupant[sq] >= 0 and sq not in bundle.armies:
            return f"the keep at {square_name(sq)} is occupied: trade it with the army on it"
    return None


def offer_problem(state: State, offer: Offer) -> str | None:
    """Why the turn player may not make this offer now, or None."""
    maker = state.turn_player
    partners = bool(state.game.rules.modules) and teams.allied(state, maker, offer.to) and offer.to != maker
    if state.offers_made >= state.game.rules.offers_per_turn and not partners:
        return f"at most {state.game.rules.offers_per_turn} trade offers per turn (ruling 15)"
    if not 0 <= offer.to < state.num_players or offer.to == maker or not state.alive[offer.to]:
        return "offers go to another player still in the game"
    if offer.give.is_empty() and offer.get.is_empty() and not offer.promise:
        return "an offer must give, ask for or promise something"
    if partners and (offer.give.honor or offer.get.honor):
        return "honor cannot be traded between partners (teams ruling TM4)"
    return (bundle_problem(state, maker, offer.give, check_cards=True)
            or bundle_problem(state, offer.to, offer.get, check_cards=False))


def accept_problem(state: State, offer: Offer) -> str | None:
    """Why the target cannot accept (it lacks what is asked of it), or None."""
    return (bundle_problem(state, offer.to, offer.get, check_cards=True)
            or bundle_problem(state, state.turn_player, offer.give, check_cards=True))


def _hand_over(state: State, src: int, dst: int, bundle: Bundle, ev: Events) -> None:
    state.gold[src] -= bundle.gold
    state.gold[dst] += bundle.gold
    state.honor[src] -= bundle.honor
    state.honor[dst] += bundle.honor
    for c in bundle.cards:
        state.hands[src][c] -= 1
        state.hands[dst][c] += 1
    for sq in bundle.armies:
        aid = state.occupant[sq]
        state.armies[aid] = state.armies[aid]._replace(owner=dst)
        state.marched.discard(aid)
    for sq in bundle.keeps:
        state.control[sq] = dst
    if ev is not None:
        if bundle.gold:
            ev += [E.GoldChanged(src, -bundle.gold, "trade"), E.GoldChanged(dst, bundle.gold, "trade")]
        if bundle.honor:
            ev += [E.HonorChanged(src, -bundle.honor, "trade"), E.HonorChanged(dst, bundle.honor, "trade")]
        if bundle.cards:
            ev.append(E.CardsGiven(src, dst, tuple(bundle.cards)))
        ev += [E.ArmyGiven(state.occupant[sq], sq, src, dst) for sq in bundle.armies]
        ev += [E.ControlChanged(sq, src, dst, "trade") for sq in bundle.keeps]


def carry_out(state: State, offer: Offer, ev: Events = None) -> None:
    """Exchange both bundles between the turn player and the offer's target."""
    maker = state.turn_player
    _hand_over(state, maker, offer.to, offer.give, ev)
    _hand_over(state, offer.to, maker, offer.get, ev)
