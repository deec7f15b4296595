"""Draw phase (ruling 7): the first card is free, each further card costs 1 gold; cards are dealt by
chance from the deck, and the discard pile is reshuffled into an empty deck."""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import cards as C
from japanese_swords import events as E
from japanese_swords.actions import Action, Deal, Draw
from japanese_swords.core import Phase

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State


def candidates(state: State) -> list[Action]:
    """Actions to check at a draw-phase decision (besides End)."""
    return [Draw()]


def draw_problem(state: State) -> str | None:
    seat, phase = state.turn_player, state.phase
    if phase != Phase.DRAW:
        return f"cards are drawn in the draw phase, not the {phase.title.lower()} phase"
    rules = state.game.rules
    if state.draws_this_phase >= rules.free_draws and state.gold[seat] < rules.draw_price:
        return f"each card after the free ones costs {rules.draw_price} gold; you have {state.gold[seat]}"
    if not sum(state.deck) and not sum(state.discard):
        return "the deck and the discard pile are both empty (ruling 7)"
    return None


def draw(state: State, a: Draw, ev: Events = None) -> None:
    seat, rules = state.turn_player, state.game.rules
    if state.draws_this_phase >= rules.free_draws:
        state.gold[seat] -= rules.draw_price
        if ev is not None and rules.draw_price:
            ev.append(E.GoldChanged(seat, -rules.draw_price, "draw"))
    state.draws_this_phase += 1
    state.pending_draws.append(seat)


def deal(state: State, a: Deal, ev: Events = None) -> None:
    """Chance: the next pending draw (a draw-phase card or a battle hand) receives ``a.card``."""
    seat = state.pending_draws.pop(0)
    state.deck[a.card] -= 1
    state.hands[seat][a.card] += 1
    if ev is not None:
        # a draw-phase card when no battle is pending (the draws so far say its price: first one free)
        price = None if state.battle is not None else min(state.draws_this_phase - 1, 1)
        ev.append(E.CardDealt(seat, a.card, price))


def reshuffle_if_needed(state: State, ev: Events = None) -> None:
    """Ruling 7: deals pending on an empty deck reshuffle the discard pile into it, or are dropped when
    both are empty."""
    while state.pending_draws and not sum(state.deck):
        if sum(state.discard):
            if ev is not None:
                ev.append(E.DeckReshuffled(sum(state.discard)))
            state.deck, state.discard = state.discard, C.empty()
        else:
            state.pending_draws.clear()
