"""Plain-words game log: one line per action and chance event, plus what followed automatically.

``describe(action, events, actor, human, board)`` reads the engine's events of one action (see
:mod:`japanese_swords.events`), as the human may see them: other players' drawn cards and face-down
commitments stay hidden, because every event is passed through ``Event.seen_by(human)`` first.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from japanese_swords import events as E
from japanese_swords.actions import (
    Accept,
    Action,
    Attack,
    Bid,
    BuyHonor,
    Commit,
    Deal,
    Decline,
    Disband,
    Discard,
    Draw,
    End,
    Fortify,
    HireRonin,
    IntrigueReply,
    Move,
    Offer,
    PlayCard,
    Raise,
    SetOrder,
    SetWeather,
    Support,
)
from japanese_swords.app.client.theme import possessive, seat_label
from japanese_swords.board import Board, square_name
from japanese_swords.cards import Card
from japanese_swords.core import BattleReport, Phase


def _where(board: Board, square: int) -> str:
    """A square's name with its terrain."""
    terrain = board.terrain[square]
    return f"{square_name(square)} ({terrain.title.lower()})"


def _first(events: Sequence[E.Event], kind: type[E.Event]):
    """The first event of a kind, or None."""
    return next((e for e in events if isinstance(e, kind)), None)


def _bundle(bundle) -> str:
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


def action_text(
    action: Action, events: Sequence[E.Event], actor: int, human: int | None, board: Board
) -> str:
    """One sentence for an action by seat ``actor`` (CHANCE for chance), from its events as the human
    may see them (hidden information stays hidden)."""
    events = E.public(events, human)
    who_seat = actor
    tie_draw = isinstance(action, SetOrder) and _first(events, E.BidsRevealed) is not None
    if isinstance(action, (Bid, HireRonin, Fortify)) or tie_draw:  # the bidding, ronin and castles modules
        return shogun_text(action, events, actor, human)
    if isinstance(action, SetOrder):
        return (
            "Turn order (rock-paper-scissors): " + ", ".join(seat_label(s, human) for s in action.order) + "."
        )
    if isinstance(action, SetWeather):  # the weather module (docs/variants.md)
        drawn = _first(events, E.WeatherDrawn)
        return f"Weather for round {drawn.round}: {action.weather}." if drawn else f"Weather: {action.weather}."
    if isinstance(action, Deal):
        dealt = _first(events, E.CardDealt)
        if dealt is None:
            return ""
        name = seat_label(dealt.seat, human)
        battle = " for the battle" if dealt.for_battle else ""
        if dealt.card is not None and dealt.seat == human:
            cost = "" if dealt.price is None else (" (free)" if dealt.price == 0 else f" for {dealt.price} gold")
            return f"You draw {dealt.card.title}{cost}{battle}."
        if not dealt.for_battle:
            return ""  # the Draw action's own line already said "draws a card (free)"
        return f"{name} draws a card{battle}."
    who = seat_label(who_seat, human)
    if isinstance(action, End):
        ended = _first(events, E.PhaseEnded)
        phase = ended.phase.title.lower() if ended is not None else "current"
        return f"{who} end{'s' if who != 'You' else ''} the {phase} phase."
    s = "" if who == "You" else "s"
    if isinstance(action, Draw):
        if who_seat == human:
            return ""  # the Deal that follows names the card and the cost
        paid = _first(events, E.GoldChanged)
        cost = f"for {-paid.delta} gold" if paid is not None else "(free)"
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
        raised = _first(events, E.ArmyRaised)
        cost = raised.cost if raised is not None else 0
        return f"{who} raise{s} a new army at {square_name(action.square)} for {cost} gold."
    if isinstance(action, Move):
        return f"{who} move{s} the army at {square_name(action.src)} to {_where(board, action.dst)}."
    if isinstance(action, Attack):
        started = _first(events, E.BattleStarted)
        target = seat_label(started.defender_seat, human) if started is not None else "?"
        target = "your" if target == "You" else f"{target}'s"
        return (
            f"{who} attack{s} {target} army at {_where(board, action.dst)} from {square_name(action.src)}."
        )
    if isinstance(action, Commit):
        committed = _first(events, E.CardsCommitted)
        count = committed.count if committed is not None else len(action.cards)
        if who_seat == human and committed is not None:
            listed = ", ".join(c.title for c in committed.cards) or "nothing"
            return f"You commit {count} card(s) face down: {listed}."
        return f"{who} commits {count} card(s) face down."
    if isinstance(action, Discard):
        discarded = _first(events, E.CardDiscarded)
        if discarded is not None and discarded.reason == "intrigue":
            return f"{who} discard{s} {action.card.title} (Intrigue)."
        return f"{who} discard{s} {action.card.title} (hand limit)."
    if isinstance(action, IntrigueReply):
        return f"{who} choose{s} to lose {'3 cards' if action.cards else '3 honor'}."
    if isinstance(action, Offer):
        to = seat_label(action.to, human)
        text = (
            f"{who} offer{s} {to} a trade: give {_bundle(action.give)}, get {_bundle(action.get)}"
        )
        if action.promise:
            text += f', promising "{action.promise}"'
        return text + "."
    if isinstance(action, Support):  # the support module (docs/variants.md)
        paid = _first(events, E.SupportPaid)
        gold = paid.gold if paid is not None else action.count
        if not action.count:
            return f"{who} pay{s} for no supporters."
        return f"{who} pay{s} {gold} gold for {action.count} supporter(s): {action.count} more battle card(s)."
    if isinstance(action, Accept):
        return f"{who} accept{s} the trade."
    if isinstance(action, Decline):
        return f"{who} decline{s} the trade."
    return f"{who}: {action}."


def shogun_text(action: Action, events: Sequence[E.Event], actor: int, human: int | None) -> str:
    """The bidding, ronin and castles modules' actions in words (docs/variants.md); another seat's bid
    amount and ronin's army stay hidden (the events are the human's version)."""
    who = seat_label(actor, human)
    s = "" if who == "You" else "s"
    if isinstance(action, Bid):
        made = _first(events, E.BidMade)
        amount = f" {made.amount} gold" if made is not None and made.amount is not None else ""
        return f"{who} bid{s}{amount} for the turn order, face down."
    if isinstance(action, HireRonin):
        hired = _first(events, E.RoninHired)
        if hired is not None and hired.square is not None:
            return f"{who} hire{s} a ronin for {hired.cost} gold: it joins the army at {square_name(hired.square)}."
        return f"{who} hire{s} a ronin for {hired.cost if hired else '?'} gold, face down with one of their armies."
    if isinstance(action, Fortify):
        built = _first(events, E.WallsBuilt)
        level = f" (level {built.levels}, {built.cost} gold)" if built is not None else ""
        return f"{who} build{s} walls on the keep at {square_name(action.square)}{level}."
    return "Equal bids: the turn order among them is drawn."


def weather_note(state) -> str:
    """The round's weather under the weather module, for the side panel's title (" - rain: attackers -2"),
    empty in a game without it or before the round's draw."""
    if not state.game.rules.modules or state.weather is None:
        return ""
    from japanese_swords.modules import weather

    penalty = weather.attack_penalty(state)
    return f" - {state.weather}" + (f": attackers -{penalty}" if penalty else "")


def shogun_status(state, seat: int) -> str:
    """A player's public state under the bidding, ronin and castles modules, for the side panel: whether
    it has bid, its ronin count and its walls (empty in a game without them)."""
    if not state.game.rules.modules:
        return ""
    from japanese_swords.modules import ronin

    parts = []
    if state.bids is not None and state.alive[seat]:
        parts.append("bid made" if state.bids[seat] != -1 else "to bid")
    hired = ronin.counts(state)[seat] if state.ronin else 0
    if hired:
        parts.append(f"ronin {hired}")
    walls = sum(n for sq, n in state.walls.items() if state.control[sq] == seat)
    if walls:
        parts.append(f"walls {walls}")
    return "".join(f"   {p}" for p in parts)


def shogun_after_text(events: Sequence[E.Event], human: int | None) -> list[str]:
    """The revealed bids and the ronin revealed in battle (the bidding and ronin modules)."""
    lines: list[str] = []
    for e in events:
        if isinstance(e, E.BidsRevealed):
            bids = ", ".join(f"{seat_label(s, human)} {b}" for s, b in enumerate(e.bids) if b >= 0)
            order = ", ".join(seat_label(s, human) for s in e.order)
            lines.append(f"Bids for round {e.round}: {bids} (all spent). Turn order: {order}"
                         f"{' (tie drawn)' if e.tied else ''}.")
        elif isinstance(e, E.RoninFought):
            lines.append(f"  {e.count} ronin fight for {seat_label(e.seat, human)} at {square_name(e.square)} "
                         f"(+{e.force}).")
    return lines


def battle_text(report: BattleReport, human: int | None) -> list[str]:
    """The battle result with its force breakdown, in words."""
    att, dfn = seat_label(report.attacker_seat, human), seat_label(report.defender_seat, human)
    a_cards = ", ".join(c.title for c in report.attacker_cards) or "none"  # names, not codes
    d_cards = ", ".join(c.title for c in report.defender_cards) or "none"
    lines = [
        f"Battle at {square_name(report.defender_square)}: "
        f"{att} reveal{'s' if att != 'You' else ''} {a_cards}; "
        f"{dfn} reveal{'s' if dfn != 'You' else ''} {d_cards}.",
        f"  Force {att} {report.attacker_force} (cards {report.attacker_card_force} + experience "
        f"{report.attacker_experience}) vs {dfn} {report.defender_force} (cards {report.defender_card_force} "
        f"+ experience {report.defender_experience} + terrain {report.terrain_defense:+d}).",
    ]
    if report.attacker_modifier or report.defender_modifier:  # rule modules: weather, ronin, walls
        lines.append(f"  Rule modules: {att} {report.attacker_modifier:+d}, {dfn} {report.defender_modifier:+d} "
                     "(weather, ronin, walls; included above).")
    if report.winner is None and Card.DIPLOMACY not in report.attacker_cards + report.defender_cards:
        lines.append("  The battlefield's rule leaves it without a winner: no army lost; both discard down to 5.")
    elif report.winner is None:
        lines.append("  Diplomacy: no winner, no army lost; both discard down to 5.")
    else:
        win = seat_label(report.winner, human)
        changes = ", ".join(f"{seat_label(s, human)} {d:+d}" for s, d in enumerate(report.honor_changes) if d)
        lines.append(f"  {win} win{'s' if win != 'You' else ''}. Honor: {changes or 'no change'}.")
    return lines


def after_text(events: Sequence[E.Event], human: int | None) -> list[str]:
    """What happened automatically after an action: battles, eliminations, the end of the game, new
    turns with their revenue, upkeep, Forced March's extra phases."""
    lines: list[str] = shogun_after_text(events, human)
    for e in events:
        if isinstance(e, E.BattleResolved):
            lines += battle_text(e.report, human)
    lines += module_lines(events, human)
    for e in events:
        if isinstance(e, E.PlayerEliminated):
            captor = seat_label(e.by, human)
            lines.append(f"{seat_label(e.seat, human)} lost the home fortress to {captor} and is out of the game.")
    over = _first(events, E.GameOver)
    if over is not None:
        if over.winner is None:
            lines.append(f"The game ends in a draw after {over.round} rounds.")
        elif (team := _first(events, E.TeamWon)) is not None:  # the teams module: partners win together
            names = " and ".join(seat_label(s, human) for s in team.seats)
            lines.append(f"{names} win the game together (team {'+'.join(f'p{s + 1}' for s in team.seats)})!")
        else:
            w = seat_label(over.winner, human)
            lines.append(f"{w} win{'s' if w != 'You' else ''} the game!")
        return lines
    turns = [e for e in events if isinstance(e, E.TurnStarted)]
    if turns:
        turn = turns[-1]
        revenue = next(
            (e.delta for e in events[events.index(turn):] if isinstance(e, E.GoldChanged) and e.reason == "revenue"), 0
        )
        lines.append(f"-- Round {turn.round}: {possessive(turn.seat, human)} turn. Revenue +{revenue} gold.")
    for e in events:
        if isinstance(e, E.GoldChanged) and e.reason == "upkeep":
            lines.append(f"{seat_label(e.seat, human)} pay{'s' if e.seat != human else ''} {-e.delta} gold upkeep.")
    if any(isinstance(e, E.PhaseStarted) and e.phase == Phase.MARCH_TRAVEL for e in events):
        lines.append("Forced March: the marched armies get an extra travel phase.")
    return lines


def module_lines(events: Sequence[E.Event], human: int | None) -> list[str]:
    """What the sites, support and retreat-siege modules did (docs/variants.md): a retreat, a breach, the
    supporters' pay and a site's honor."""
    lines: list[str] = []
    for e in events:
        if isinstance(e, E.ArmyRetreated):
            lines.append(f"{possessive(e.seat, human)} beaten army retreats from {square_name(e.src)} to "
                         f"{square_name(e.dst)} and loses 1 experience.")
        elif isinstance(e, E.FortressBreached):
            lines.append(f"{possessive(e.seat, human)} home fortress at {square_name(e.square)} is breached: "
                         "the next win takes it.")
        elif isinstance(e, E.GoldChanged) and e.reason == "support":
            who = seat_label(e.seat, human)
            lines.append(f"{who} earn{'s' if who != 'You' else ''} {e.delta} gold: the winner's supporters are "
                         "paid back with interest.")
        elif isinstance(e, E.HonorChanged) and e.reason == "sites":
            who = seat_label(e.seat, human)
            lines.append(f"{who} gain{'s' if who != 'You' else ''} {e.delta} honor for the battlefield sites "
                         "held.")
    return lines


def describe(
    action: Action, events: Sequence[E.Event], actor: int, human: int | None, board: Board
) -> list[str]:
    """Log lines for one applied action by ``actor``: the action itself, then its automatic consequences."""
    events = E.public(events, human)
    lines = [action_text(action, events, actor, human, board), *after_text(events, human)]
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
