"""Revenue phase (ruling 5): the turn's gold from fortresses and keeps, and Prosperity (+3 gold, any number)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import events as E
from japanese_swords.actions import Action, PlayCard
from japanese_swords.cards import Card
from japanese_swords.modules import sites

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State


def collect(state: State, ev: Events = None) -> None:
    """The player whose turn starts takes the revenue of the fortresses and keeps it controls."""
    seat = state.turn_player
    gold = state.revenue(seat)
    state.gold[seat] += gold
    if ev is not None:
        ev.append(E.GoldChanged(seat, gold, "revenue"))
    if state.game.rules.modules:
        sites.revenue_honor(state, ev)  # the sites module: +1 honor per site held (docs/variants.md)


def candidates(state: State) -> list[Action]:
    """Actions to check at a revenue-phase decision (besides End)."""
    return [PlayCard(Card.PROSPERITY)]


def play_prosperity(state: State, ev: Events = None) -> None:
    before = state.gold[state.turn_player]
    state.gold[state.turn_player] += state.game.rules.prosperity_gold
    if ev is not None:
        ev.append(E.GoldChanged(state.turn_player, state.gold[state.turn_player] - before, "prosperity"))
