"""The one door to the rules: :class:`State` (the game state with its rules API), :func:`initial_state`,
and the module functions it delegates to: who decides next, which actions are legal (and why not), and
what each action does.

The rules of each phase live in :mod:`japanese_swords.phases` (revenue, expense, draw, honor, travel,
battle); this module dispatches to them and runs the turn's flow. One function, :func:`why_illegal`, is
the single source of truth for legality: :func:`legal_actions` generates candidates and keeps those it
accepts, and :func:`play` (the checked entry point) raises its reason. :func:`apply` is the unchecked fast
path. After every action :func:`_settle` runs what needs no decision: reshuffles, empty-hand
commitments, battle resolution, victory, turn changes. Given a list, :func:`apply` appends the
:mod:`japanese_swords.events` of the action and of everything that followed; :meth:`State.play`
returns them.

The module functions take the plain :class:`~japanese_swords.state.StateData`; nothing below this
module imports it, so the rules have one entry point and no back-import.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from japanese_swords import cards as C
from japanese_swords import events as E
from japanese_swords import trading as T
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
    parse_action,
    seat_name,
)
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, TERMINAL, Army, Phase
from japanese_swords.errors import IllegalActionError
from japanese_swords.events import Events
from japanese_swords.modules import bidding, castles, ronin, support, teams, weather
from japanese_swords.phases import battle, draw, expense, honor, revenue, travel
from japanese_swords.phases.common import BATTLE_PHASES, TRAVEL_PHASES
from japanese_swords.phases.expense import raise_squares
from japanese_swords.state import StateData

if TYPE_CHECKING:
    from japanese_swords.game import Game

__all__ = ["State", "initial_state", "decision", "current_player", "chance_outcomes", "legal_actions",
           "why_illegal", "play", "apply", "raise_squares"]

_NEXT_PHASE = {Phase.REVENUE: Phase.EXPENSE, Phase.EXPENSE: Phase.DRAW, Phase.DRAW: Phase.HONOR,
               Phase.HONOR: Phase.TRAVEL, Phase.TRAVEL: Phase.BATTLE, Phase.MARCH_TRAVEL: Phase.MARCH_BATTLE}
_CARD_PHASES = {Card.PROSPERITY: (Phase.REVENUE,), Card.MUCH_HONOR: (Phase.HONOR,),
                Card.INTRIGUE: (Phase.HONOR,), Card.FORCED_MARCH: (Phase.TRAVEL, Phase.BATTLE)}


# ----- who decides ---------------------------------------------------------------------------------------
def decision(state: StateData) -> str:
    """The kind of decision pending: chance, reply, intrigue, support (the support module), commit,
    discard, disband, main or over (and bid, the bidding module's)."""
    if state.phase == Phase.GAME_OVER:
        return "over"
    if state.bids is not None:  # the bidding module's round bids (never set in a classic game)
        return bidding.decision(state)
    if state.order is None or state.pending_draws or (state.game.rules.modules and weather.pending(state)):
        return "chance"
    if state.offer is not None:
        return "reply"
    if state.intrigue is not None:
        return "intrigue"
    if state.battle is not None:
        return "support" if state.game.rules.modules and support.pending(state) else "commit"
    if state.discard_queue:
        return "discard"
    if state.phase == Phase.EXPENSE and not state.upkeep_paid:
        return "disband"
    return "main"


def current_player(state: StateData) -> int:
    """The seat to decide, CHANCE, or TERMINAL."""
    kind = decision(state)
    if kind == "over":
        return TERMINAL
    if kind == "chance":
        return CHANCE
    if kind == "reply":
        return state.offer.to  # type: ignore[union-attr]
    if kind == "intrigue":
        return state.intrigue[0]  # type: ignore[index]
    if kind == "commit":
        b = state.battle
        return b.attacker_seat if b.attacker_cards is None else b.defender_seat  # type: ignore[union-attr]
    if kind == "support":
        return support.deciding_seat(state.battle)  # type: ignore[arg-type]
    if kind == "discard":
        return state.discard_queue[0][0]
    if kind == "bid":
        return bidding.bidder(state)  # type: ignore[return-value]
    return state.turn_player


def chance_outcomes(state: StateData) -> list[tuple[Action, float]]:
    """Outcomes of the pending chance event with their probabilities ([] if none is pending)."""
    if state.phase == Phase.GAME_OVER:
        return []
    if state.order is None:
        perms = list(permutations(range(state.num_players)))
        return [(SetOrder(p), 1.0 / len(perms)) for p in perms]
    if state.bids is not None:  # the bidding module's tie draw
        return list(bidding.outcomes(state))
    if state.pending_draws:
        total = sum(state.deck)
        return [(Deal(Card(c)), n / total) for c, n in enumerate(state.deck) if n]
    if state.weather is None and weather.pending(state):
        return list(weather.outcomes())
    return []


# ----- legality ------------------------------------------------------------------------------------------
def legal_actions(state: StateData) -> list[Action]:
    """Every legal action, in a fixed order. Trade offers are open-ended and never listed: check them with
    :func:`why_illegal`."""
    kind = decision(state)
    if kind == "over":
        return []
    if kind == "chance":
        return [a for a, _ in chance_outcomes(state)]
    actor = current_player(state)
    hand = state.hands[actor]
    held = [Card(c) for c in range(len(hand)) if hand[c]]
    if kind == "reply":
        cands: list[Action] = [Accept(), Decline()]
    elif kind == "intrigue":
        if state.intrigue[1] < 0:  # type: ignore[index]
            cands = [IntrigueReply(False), IntrigueReply(True)]
        else:
            cands = [Discard(c) for c in held]
    elif kind == "commit":
        return [Commit(cs) for cs in battle.commit_options(hand, battle.commit_rules(state))]
    elif kind == "support":
        return list(support.actions(state))
    elif kind == "discard":
        cands = [Discard(c) for c in held]
    elif kind == "disband":
        return expense.disband_actions(state, actor)
    elif kind == "bid":
        return list(bidding.bid_actions(state))
    else:
        return _main_actions(state, held)
    return [a for a in cands if why_illegal(state, a) is None]


def _main_actions(state: StateData, held: list[Card]) -> list[Action]:
    """Legal actions at a main decision. Moves, attacks and raises come from the phase modules'
    generators, built on the same helpers their checks use (reachable, attack_targets, raise_squares),
    so they are legal by construction; the rest are filtered through :func:`why_illegal`. A test checks
    both agree."""
    seat, phase = state.turn_player, state.phase
    own = sorted(state.armies_of(seat), key=lambda x: x[1].square)
    out: list[Action] = []
    checked: list[Action] = []
    if phase == Phase.REVENUE:
        checked += revenue.candidates(state)
    elif phase == Phase.EXPENSE:
        out += expense.raise_actions(state, seat)
        if state.game.rules.modules:  # the ronin and castles modules' expenses
            out += ronin.hire_actions(state, seat) + castles.fortify_actions(state, seat)
    elif phase == Phase.DRAW:
        checked += draw.candidates(state)
    elif phase == Phase.HONOR:
        checked += honor.candidates(state, held)
    elif phase in TRAVEL_PHASES:
        out += travel.move_actions(state, own)
    elif phase in BATTLE_PHASES:
        out += battle.attack_actions(state, own)
    if phase in (Phase.TRAVEL, Phase.BATTLE) and Card.FORCED_MARCH in held:
        out += travel.forced_march_actions(state, own)
    out += [a for a in checked if why_illegal(state, a) is None]
    out.append(End())
    return out


def _expect(kind: str, state: StateData) -> str:
    actor = seat_name(current_player(state)) if kind != "chance" else ""
    return {
        "chance": "a chance event (a card dealt or the turn order) must happen first",
        "reply": f"{actor} must first accept or decline the trade offer",
        "intrigue": f"{actor} must first answer the Intrigue",
        "commit": f"{actor} must first commit cards to the battle",
        "support": f"{actor} must first choose how many supporters to pay for (support N)",
        "discard": f"{actor} must first discard down to the hand limit",
        "disband": f"{actor} cannot supply every army: choose armies to disband first (ruling 6)",
        "main": "that action is not part of this decision",
        "bid": f"{actor} must first bid for the turn order (bidding)",
    }[kind]


def why_illegal(state: StateData, action: Action) -> str | None:
    """The rule the action breaks in this state, or None if it is legal."""
    kind = decision(state)
    if kind == "over":
        return "the game is over"
    if action.is_chance or kind == "chance":
        if not action.is_chance or kind != "chance":
            return _expect(kind, state) if kind == "chance" else "no chance event is pending"
        if not any(a == action for a, _ in chance_outcomes(state)):
            return f"{action} is not a possible outcome of this chance event"
        return None
    actor = current_player(state)
    hand = state.hands[actor]
    if kind == "reply":
        if isinstance(action, Decline):
            return None
        if isinstance(action, Accept):
            return T.accept_problem(state, state.offer)  # type: ignore[arg-type]
        return _expect(kind, state)
    if kind == "intrigue":
        left = state.intrigue[1]  # type: ignore[index]
        if left < 0 and isinstance(action, IntrigueReply):
            return honor.intrigue_reply_problem(state, actor, action)
        if left > 0 and isinstance(action, Discard):
            return None if hand[action.card] else f"you hold no {action.card.title}"
        return _expect(kind, state)
    if kind == "commit":
        if isinstance(action, Commit):
            return battle.commit_problem(state, actor, action.cards)
        return _expect(kind, state)
    if kind == "support":
        return support.problem(state, action) if isinstance(action, Support) else _expect(kind, state)
    if kind == "discard":
        if isinstance(action, Discard):
            return None if hand[action.card] else f"you hold no {action.card.title}"
        return _expect(kind, state)
    if kind == "bid":
        return bidding.bid_problem(state, action) if isinstance(action, Bid) else _expect(kind, state)
    if isinstance(action, Offer):
        return T.offer_problem(state, action)
    if kind == "disband":
        if isinstance(action, Disband):
            return expense.disband_problem(state, actor, action)
        return _expect(kind, state)
    return _main_problem(state, action)


def _main_problem(state: StateData, action: Action) -> str | None:
    """Why an action at a main decision (the turn player's own choice) is illegal, or None."""
    if isinstance(action, End):
        return None
    if isinstance(action, PlayCard):
        return _play_card_problem(state, action)
    if isinstance(action, Raise):
        return expense.raise_problem(state, action)
    if isinstance(action, Draw):
        return draw.draw_problem(state)
    if isinstance(action, BuyHonor):
        return honor.buy_honor_problem(state)
    if isinstance(action, Move):
        return travel.move_problem(state, action)
    if isinstance(action, Attack):
        return battle.attack_problem(state, action)
    if isinstance(action, HireRonin):
        return ronin.hire_problem(state, action)
    if isinstance(action, Fortify):
        return castles.fortify_problem(state, action)
    return f"{action} is not possible in the {state.phase.title.lower()} phase"


def _play_card_problem(state: StateData, action: PlayCard) -> str | None:
    """Cards played outside battle: each in its own phase, with the target it needs (or none)."""
    card, phase = action.card, state.phase
    if not state.hands[state.turn_player][card]:
        return f"you hold no {card.title}"
    if card not in _CARD_PHASES:
        return f"{card.title} can only be committed to a battle"
    if phase not in _CARD_PHASES[card]:
        where = " or ".join(p.title.lower() for p in _CARD_PHASES[card])
        return f"{card.title} is played in your {where} phase, not the {phase.title.lower()} phase"
    if card == Card.INTRIGUE:
        return honor.intrigue_target_problem(state, action.target)
    if card == Card.FORCED_MARCH:
        return travel.forced_march_problem(state, action.target)
    if action.target is not None:
        return f"{card.title} takes no target"
    return None


# ----- applying ------------------------------------------------------------------------------------------
def play(state: StateData, action: Action | str, events: Events = None) -> None:
    """Checked entry point: parse if needed, validate, apply; raise IllegalActionError naming the rule."""
    if isinstance(action, str):
        action = parse_action(action)
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(f"illegal {action}: {reason}")
    apply(state, action, events)


def apply(state: StateData, action: Action, events: Events = None) -> None:
    """Unchecked: carry out a legal action and everything that follows automatically. With a list,
    append the events of both (without one, nothing is collected: the AI's fast path)."""
    handler = _HANDLERS[type(action)]
    handler(state, action, events)
    _settle(state, events)


def _set_order(state: StateData, a: SetOrder, ev: Events) -> None:
    if state.bids is not None:  # the bidding module's tie draw: the round goes on
        bidding.reveal(state, a.order, ev)
        _begin_round(state, ev)
        return
    state.order = a.order
    state.turn_index = 0
    state.round = 1
    if not weather.pending(state):  # else the round's weather is drawn first (_set_weather starts the turn)
        _start_turn(state, ev)


def _bid(state: StateData, a: Bid, ev: Events) -> None:
    """The bidding module: a seat's secret bid; the last one reveals them all and sets the order."""
    if bidding.make_bid(state, a, ev):
        _begin_round(state, ev)


def _begin_round(state: StateData, ev: Events) -> None:
    """A round after bidding begins: its weather is drawn first if the weather module is played."""
    if not weather.pending(state):
        _start_turn(state, ev)


def _set_weather(state: StateData, a: SetWeather, ev: Events) -> None:
    """The weather module's draw at the start of a round; the round's first turn follows."""
    state.weather = a.weather
    if ev is not None:
        ev.append(E.WeatherDrawn(a.weather, state.round))
    _start_turn(state, ev)


def _end(state: StateData, a: End, ev: Events) -> None:
    phase = state.phase
    if ev is not None:
        ev.append(E.PhaseEnded(state.turn_player, phase))
    if phase == Phase.BATTLE:
        if any(aid in state.armies for aid in state.marched):
            _enter(state, Phase.MARCH_TRAVEL, ev)
        else:
            _end_turn(state, ev)
    elif phase == Phase.MARCH_BATTLE:
        _end_turn(state, ev)
    else:
        _enter(state, _NEXT_PHASE[phase], ev)


def _enter(state: StateData, phase: Phase, ev: Events) -> None:
    state.phase = phase
    state.draws_this_phase = 0
    state.honor_bought = 0
    state.moved = set()
    state.attacked = set()
    if ev is not None:
        ev.append(E.PhaseStarted(state.turn_player, phase))
    if phase == Phase.EXPENSE:
        state.upkeep_paid = False
        expense.try_upkeep(state, ev)


def _start_turn(state: StateData, ev: Events) -> None:
    state.offers_made = 0
    state.marched = set()
    state.upkeep_paid = False
    if state.game.rules.modules:  # the turn player's ronin leave; a new turn's walls may be built
        ronin.expire(state, state.turn_player)
        state.fortified = False
    if ev is not None:
        ev.append(E.TurnStarted(state.turn_player, state.round))
    _enter(state, Phase.REVENUE, ev)
    revenue.collect(state, ev)


def _end_turn(state: StateData, ev: Events) -> None:
    state.marched = set()
    assert state.order is not None
    n = len(state.order)
    i = state.turn_index
    new_round = False
    while True:
        i += 1
        if i >= n:
            i = 0
            new_round = True
            state.round += 1
            max_rounds = state.game.rules.max_rounds
            if max_rounds is not None and state.round > max_rounds:
                state.round = max_rounds
                state.phase = Phase.GAME_OVER
                if ev is not None:
                    ev.append(E.GameOver(None, state.round))
                return
        if state.alive[state.order[i]]:
            break
    state.turn_index = i
    if new_round and state.game.rules.modules and bidding.active(state):
        bidding.open_round(state)  # the round's bids set the order (_bid or _set_order begins it)
        if weather.params(state) is not None:
            state.weather = None
        return
    if new_round and state.game.rules.modules and weather.params(state) is not None:
        state.weather = None  # a chance decision: the new round's weather (_set_weather starts the turn)
        return
    _start_turn(state, ev)


def _play_card(state: StateData, a: PlayCard, ev: Events) -> None:
    seat = state.turn_player
    state.hands[seat][a.card] -= 1
    state.discard[a.card] += 1
    if ev is not None:
        ev.append(E.CardPlayed(seat, a.card, a.target))
    if a.card == Card.PROSPERITY:
        revenue.play_prosperity(state, ev)
    elif a.card == Card.MUCH_HONOR:
        honor.play_much_honor(state, ev)
    elif a.card == Card.INTRIGUE:
        honor.play_intrigue(state, a.target)  # type: ignore[arg-type]
    elif a.card == Card.FORCED_MARCH:
        travel.play_forced_march(state, a.target)  # type: ignore[arg-type]


def _discard(state: StateData, a: Discard, ev: Events) -> None:
    seat = current_player(state)
    state.hands[seat][a.card] -= 1
    state.discard[a.card] += 1
    if ev is not None:
        ev.append(E.CardDiscarded(seat, a.card, "hand limit" if state.intrigue is None else "intrigue"))
    if state.intrigue is not None:
        target, left = state.intrigue
        state.intrigue = (target, left - 1) if left > 1 else None


def _offer(state: StateData, a: Offer, ev: Events) -> None:
    if not (state.game.rules.modules and teams.allied(state, state.turn_player, a.to)):
        state.offers_made += 1  # offers to a partner are not counted (teams ruling TM4)
    state.offer = a


def _accept(state: StateData, a: Accept, ev: Events) -> None:
    offer = state.offer
    state.offer = None
    T.carry_out(state, offer, ev)  # type: ignore[arg-type]
    if state.phase == Phase.EXPENSE and not state.upkeep_paid:
        # A trade made while choosing armies to disband (an army given away, gold received) may settle
        # the upkeep: re-check it exactly as entering the expense phase does.
        expense.try_upkeep(state, ev)


def _decline(state: StateData, a: Decline, ev: Events) -> None:
    state.offer = None


_HANDLERS = {
    Deal: draw.deal, SetOrder: _set_order, SetWeather: _set_weather, End: _end, PlayCard: _play_card,
    Disband: expense.disband,
    Raise: expense.raise_army, Draw: draw.draw, BuyHonor: honor.buy_honor, Move: travel.move,
    Attack: battle.attack, Commit: battle.commit, Discard: _discard, IntrigueReply: honor.intrigue_reply,
    Offer: _offer, Accept: _accept, Decline: _decline, Support: support.choose,
    Bid: _bid, HireRonin: ronin.hire, Fortify: castles.fortify,
}


# ----- settling ------------------------------------------------------------------------------------------
def _settle(state: StateData, ev: Events) -> None:
    """Run everything that follows without a decision, until a decision or chance event is pending."""
    while True:
        if state.phase == Phase.GAME_OVER:
            return
        if len(state.alive) - state.alive.count(False) == 1:  # one seat alive (the seats' flags are bools)
            _game_over(state, next(s for s, a in enumerate(state.alive) if a), ev)
            return
        if state.game.rules.modules and teams.active(state) and (left := teams.team_left(state)) is not None:
            _game_over(state, left, ev)  # both enemy home fortresses have fallen (teams ruling TM6)
            return
        if state.order is not None and max(state.honor) >= state.game.rules.honor_to_win:
            target = state.game.rules.honor_to_win
            start = state.turn_index
            for k in range(len(state.order)):
                s = state.order[(start + k) % len(state.order)]
                if state.alive[s] and state.honor[s] >= target:
                    _game_over(state, s, ev)
                    return
        draw.reshuffle_if_needed(state, ev)
        if state.bids is not None:  # the bidding module's round bids
            return
        if state.pending_draws or state.order is None or (
                state.game.rules.modules and (weather.pending(state) or support.pending(state))):
            return
        b = state.battle
        if b is not None:
            battle.empty_hands_commit_nothing(state)
            if b.attacker_cards is None or b.defender_cards is None:
                return
            battle.resolve(state, ev)
            continue
        while state.discard_queue:
            seat, limit = state.discard_queue[0]
            if state.alive[seat] and sum(state.hands[seat]) > limit:
                break
            state.discard_queue.pop(0)
        if state.discard_queue or state.offer is not None or state.intrigue is not None:
            return
        if not state.alive[state.turn_player]:
            _end_turn(state, ev)
            continue
        return


def _game_over(state: StateData, winner: int, ev: Events) -> None:
    state.winner = winner
    state.phase = Phase.GAME_OVER
    if ev is not None and state.game.rules.modules and teams.active(state):
        ev.append(E.TeamWon(teams.team(winner), winner, state.round))
    if ev is not None:
        ev.append(E.GameOver(winner, state.round))


# ----- the door ------------------------------------------------------------------------------------------
class State(StateData):
    """The game state with its rules: what callers outside the engine hold and play on."""

    def current_player(self) -> int:
        return current_player(self)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return chance_outcomes(self)

    def why_illegal(self, action: Action) -> str | None:
        return why_illegal(self, action)

    def is_legal(self, action: Action) -> bool:
        return why_illegal(self, action) is None

    def play(self, action: Action | str) -> tuple[E.Event, ...]:
        """Checked: apply a legal action and return what happened, or raise IllegalActionError and leave
        the state unchanged."""
        events: list[E.Event] = []
        play(self, action, events)
        return tuple(events)

    def apply(self, action: Action, events: Events = None) -> None:
        """Unchecked fast path: the caller guarantees the action is legal; events go to ``events`` if given."""
        apply(self, action, events)

    def child(self, action: Action) -> State:
        s = self.clone()
        apply(s, action)
        return s


def initial_state(game: Game) -> State:
    """Setup (ruling 16): each seat holds its fortress with one army in it and one beside it; no cards,
    gold or honor yet, and the turn order still to be drawn."""
    board = game.board
    n = board.players
    s = State(game=game, gold=[0] * n, honor=[0] * n, alive=[True] * n, hands=[C.empty() for _ in range(n)],
              eliminated_by=[-1] * n)
    for seat in range(n):
        fort = board.fortresses[seat]
        s.control[fort] = seat
        for sq in (fort, board.start_square(seat)):
            if sq is None:
                continue
            s.armies[s.next_army_id] = Army(seat, sq, 0)
            s.occupant[sq] = s.next_army_id
            s.next_army_id += 1
    return s
