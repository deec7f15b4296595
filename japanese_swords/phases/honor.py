"""Honor phase (ruling 8): buy at most one honor for 1 gold, play Much Honor (+4) and Intrigue, whose
target loses 3 honor or discards 3 cards of their choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords import events as E
from japanese_swords.actions import Action, BuyHonor, IntrigueReply, PlayCard
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.modules import teams

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData as State


def candidates(state: State, held: list[Card]) -> list[Action]:
    """Actions to check at an honor-phase decision (besides End)."""
    seat = state.turn_player
    out: list[Action] = [BuyHonor(), PlayCard(Card.MUCH_HONOR)]
    if Card.INTRIGUE in held:
        out += [PlayCard(Card.INTRIGUE, t) for t in range(state.num_players) if t != seat]
    return out


def buy_honor_problem(state: State) -> str | None:
    seat, phase, rules = state.turn_player, state.phase, state.game.rules
    if phase != Phase.HONOR:
        return f"honor is bought in the honor phase, not the {phase.title.lower()} phase"
    if state.honor_bought >= rules.honor_buys_per_phase:
        return "at most one honor may be bought per honor phase (ruling 8)"
    if state.gold[seat] < rules.honor_price:
        return f"honor costs {rules.honor_price} gold; you have {state.gold[seat]}"
    return None


def intrigue_target_problem(state: State, target: int | None) -> str | None:
    seat = state.turn_player
    if target is None or not 0 <= target < state.num_players or target == seat or not state.alive[target]:
        return "Intrigue names an opponent still in the game"
    if state.game.rules.modules and teams.allied(state, seat, target):
        return "Intrigue names an opponent, not your partner (teams ruling TM5)"
    return None


def intrigue_reply_problem(state: State, seat: int, action: IntrigueReply) -> str | None:
    need = state.game.rules.intrigue_cards
    if action.cards and sum(state.hands[seat]) < need:
        return f"only a player holding at least {need} cards may lose cards to Intrigue (ruling 8)"
    return None


def buy_honor(state: State, a: BuyHonor, ev: Events = None) -> None:
    seat, rules = state.turn_player, state.game.rules
    gold, honor = state.gold[seat], state.honor[seat]
    state.gold[seat] -= rules.honor_price
    state.honor[seat] += rules.honor_per_buy
    state.honor_bought += 1
    if ev is not None:
        ev += [E.GoldChanged(seat, state.gold[seat] - gold, "honor"),
               E.HonorChanged(seat, state.honor[seat] - honor, "bought")]


def play_much_honor(state: State, ev: Events = None) -> None:
    before = state.honor[state.turn_player]
    state.honor[state.turn_player] += state.game.rules.much_honor
    if ev is not None:
        ev.append(E.HonorChanged(state.turn_player, state.honor[state.turn_player] - before, "much honor"))


def play_intrigue(state: State, target: int) -> None:
    state.intrigue = (target, -1)


def intrigue_reply(state: State, a: IntrigueReply, ev: Events = None) -> None:
    target = state.intrigue[0]  # type: ignore[index]
    rules = state.game.rules
    before = state.honor[target]
    if a.cards and rules.intrigue_cards > 0:
        state.intrigue = (target, rules.intrigue_cards)
    elif a.cards:
        state.intrigue = None  # nothing to discard
    else:
        state.honor[target] -= rules.intrigue_honor
        state.intrigue = None
        if ev is not None:
            ev.append(E.HonorChanged(target, state.honor[target] - before, "intrigue"))
