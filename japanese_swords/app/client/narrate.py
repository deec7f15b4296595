"""Plain-words game log: one line per action and chance event, plus what followed automatically.

``describe(before, action, after, human)`` takes the state before and after an action. It only says
what the human may know: other players' drawn cards and face-down commitments stay hidden.
"""

from __future__ import annotations

import re

from japanese_swords.actions import (
    Accept,
    Action,
    Attack,
    BuyHonor,
    Commit,
    Deal,
    Decline,
    Disband,
    Discard,
    Draw,
    End,
    IntrigueReply,
    Move,
    Offer,
    PlayCard,
    Raise,
    SetOrder,
)
from japanese_swords.app.client.theme import possessive, seat_label
from japanese_swords.board import square_name
from japanese_swords.cards import Card
from japanese_swords.core import BattleReport, Phase
from japanese_swords.engine import State, current_player, decision


def _where(state: State, square: int) -> str:
    """A square's name with its terrain."""
    terrain = state.game.board.terrain[square]
    return f"{square_name(square)} ({terrain.title.lower()})"


def _bundle(state: State, bundle, human: int | None, owner: int) -> str:
    """One side of a trade in words."""
    parts = []
    if bundle.gold:
        parts.append(f"{bundle.gold} gold")
    if bundle.honor:
        parts.append(f"{bundle.honor} honor")
    if bundle.cards:
        parts.append(", ".join(c.title for c in bundle.cards))
    parts += [f"the army at {square_name(s)}" for s in bundle.armies]
    parts += [f"the keep at {square_name(s)}" for s in bundle.keeps]
    return " and ".join(parts) or "nothing"


def action_text(before: State, action: Action, human: int | None) -> str:
    """One sentence for an action, from the human's point of view (hidden information stays hidden)."""
    who_seat = current_player(before)
    if isinstance(action, SetOrder):
        return (
            "Turn order (rock-paper-scissors): " + ", ".join(seat_label(s, human) for s in action.order) + "."
        )
    if isinstance(action, Deal):
        seat = before.pending_draws[0]
        name = seat_label(seat, human)
        battle = " for the battle" if before.battle is not None else ""
        drawn = before.battle is None and before.phase == Phase.DRAW and before.draws_this_phase > 0
        if seat == human:
            cost = (" (free)" if before.draws_this_phase == 1 else " for 1 gold") if drawn else ""
            return f"You draw {action.card.title}{cost}{battle}."
        if drawn:
            return ""  # the Draw action's own line already said "draws a card (free)"
        return f"{name} draws a card{battle}."
    who = seat_label(who_seat, human)
    if isinstance(action, End):
        return f"{who} end{'s' if who != 'You' else ''} the {before.phase.title.lower()} phase."
    s = "" if who == "You" else "s"
    if isinstance(action, Draw):
        if who_seat == human:
            return ""  # the Deal that follows names the card and the cost
        cost = "for 1 gold" if before.draws_this_phase else "(free)"
        return f"{who} draw{s} a card {cost}."
    if isinstance(action, BuyHonor):
        return f"{who} buy{s} 1 honor for 1 gold."
    if isinstance(action, PlayCard):
        card = action.card
        if card == Card.PROSPERITY:
            return f"{who} play{s} Prosperity: +3 gold."
        if card == Card.MUCH_HONOR:
            return f"{who} play{s} Much Honor: +4 honor."
        if card == Card.INTRIGUE:
            target = seat_label(action.target or 0, human)
            return f"{who} play{s} Intrigue against {target}: lose 3 cards or 3 honor."
        if card == Card.FORCED_MARCH:
            return (
                f"{who} play{s} Forced March on the army at {square_name(action.target or 0)}: "
                "one more travel and battle phase after this battle phase."
            )
        return f"{who} play{s} {card.title}."
    if isinstance(action, Disband):
        return f"{who} cannot pay upkeep and disband{s} the army at {square_name(action.square)}."
    if isinstance(action, Raise):
        return f"{who} raise{s} a new army at {square_name(action.square)} for 4 gold."
    if isinstance(action, Move):
        return f"{who} move{s} the army at {square_name(action.src)} to {_where(before, action.dst)}."
    if isinstance(action, Attack):
        defender = before.army_at(action.dst)
        target = seat_label(defender.owner, human) if defender else "?"
        target = "your" if target == "You" else f"{target}'s"
        return (
            f"{who} attack{s} {target} army at {_where(before, action.dst)} from {square_name(action.src)}."
        )
    if isinstance(action, Commit):
        if who_seat == human:
            listed = ", ".join(c.title for c in action.cards) or "nothing"
            return f"You commit {len(action.cards)} card(s) face down: {listed}."
        return f"{who} commits {len(action.cards)} card(s) face down."
    if isinstance(action, Discard):
        if decision(before) == "intrigue":
            return f"{who} discard{s} {action.card.title} (Intrigue)."
        return f"{who} discard{s} {action.card.title} (hand limit)."
    if isinstance(action, IntrigueReply):
        return f"{who} choose{s} to lose {'3 cards' if action.cards else '3 honor'}."
    if isinstance(action, Offer):
        to = seat_label(action.to, human)
        text = (
            f"{who} offer{s} {to} a trade: give {_bundle(before, action.give, human, who_seat)}, "
            f"get {_bundle(before, action.get, human, action.to)}"
        )
        if action.promise:
            text += f', promising "{action.promise}"'
        return text + "."
    if isinstance(action, Accept):
        return f"{who} accept{s} the trade."
    if isinstance(action, Decline):
        return f"{who} decline{s} the trade."
    return f"{who}: {action}."


def battle_text(report: BattleReport, human: int | None) -> list[str]:
    """The battle result with its force breakdown, in words."""
    att, dfn = seat_label(report.attacker_seat, human), seat_label(report.defender_seat, human)
    a_cards = ", ".join(c.code for c in report.attacker_cards) or "none"
    d_cards = ", ".join(c.code for c in report.defender_cards) or "none"
    lines = [
        f"Battle at {square_name(report.defender_square)}: "
        f"{att} reveal{'s' if att != 'You' else ''} {a_cards}; "
        f"{dfn} reveal{'s' if dfn != 'You' else ''} {d_cards}.",
        f"  Force {att} {report.attacker_force} (cards {report.attacker_card_force} + experience "
        f"{report.attacker_experience}) vs {dfn} {report.defender_force} (cards {report.defender_card_force} "
        f"+ experience {report.defender_experience} + terrain {report.terrain_defense:+d}).",
    ]
    if report.winner is None:
        lines.append("  Diplomacy: no winner, no army lost; both discard down to 5.")
    else:
        win = seat_label(report.winner, human)
        changes = ", ".join(f"{seat_label(s, human)} {d:+d}" for s, d in enumerate(report.honor_changes) if d)
        lines.append(f"  {win} win{'s' if win != 'You' else ''}. Honor: {changes or 'no change'}.")
    return lines


def after_text(before: State, after: State, human: int | None) -> list[str]:
    """What happened automatically after an action: battles, eliminations, new turns, revenue, upkeep."""
    lines: list[str] = []
    if after.last_battle is not None and after.last_battle is not before.last_battle:
        lines += battle_text(after.last_battle, human)
    for seat in range(after.num_players):
        if before.alive[seat] and not after.alive[seat]:
            captor = seat_label(after.eliminated_by[seat], human)
            lines.append(
                f"{seat_label(seat, human)} lost the home fortress to {captor} and is out of the game."
            )
    if after.is_terminal():
        if after.winner is None:
            lines.append(f"The game ends in a draw after {after.round} rounds.")
        else:
            w = seat_label(after.winner, human)
            lines.append(f"{w} win{'s' if w != 'You' else ''} the game!")
        return lines
    new_turn = after.order is not None and (
        before.order is None or after.turn_index != before.turn_index or after.round != before.round
    )
    if new_turn:
        seat = after.turn_player
        lines.append(
            f"-- Round {after.round}: {possessive(seat, human)} turn. Revenue +{after.revenue(seat)} gold."
        )
    if (
        after.phase == Phase.EXPENSE
        and after.upkeep_paid
        and (before.phase != Phase.EXPENSE or not before.upkeep_paid)
    ):
        seat = after.turn_player
        n = len(after.armies_of(seat))
        lines.append(f"{seat_label(seat, human)} pay{'s' if seat != human else ''} {n} gold upkeep.")
    if after.phase == Phase.MARCH_TRAVEL and before.phase != Phase.MARCH_TRAVEL:
        lines.append("Forced March: the marched armies get an extra travel phase.")
    return lines


def describe(before: State, action: Action, after: State, human: int | None) -> list[str]:
    """Log lines for one applied action: the action itself, then its automatic consequences."""
    lines = [action_text(before, action, human), *after_text(before, after, human)]
    return [line for line in lines if line]


_NUMBERS = re.compile(r"\d+\.\d+")


def trade_reason(name: str, accepted: bool, why: str) -> str:
    """An AI's reason for its trade answer in plain words: internal evaluation numbers ("my evaluation
    would go from 0.70 to 0.69") become what they mean for the player."""
    why = why.strip()
    if not why:
        return ""
    if "evaluation" in why or _NUMBERS.search(why):
        if accepted:
            return f"{name} accepts: the deal improves their position."
        return f"{name} declines: the deal would not improve their position enough."
    return f'{name}: "{why}"'
