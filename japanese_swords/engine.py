"""The rules: who decides next, which actions are legal (and why not), and what each action does.

One function, :func:`why_illegal`, is the single source of truth for legality: :func:`legal_actions`
generates candidates and keeps those it accepts, and :func:`play` (the checked entry point) raises its
reason. :func:`apply` is the unchecked fast path. After every action :func:`_settle` runs what needs no
decision: reshuffles, empty-hand commitments, battle resolution, upkeep, victory, turn changes.
"""

from __future__ import annotations

from itertools import permutations

from japanese_swords import battle as B
from japanese_swords import cards as C
from japanese_swords import trading as T
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
    parse_action,
    seat_name,
)
from japanese_swords.board import NEIGHBOURS, Terrain, square_name
from japanese_swords.cards import Card
from japanese_swords.errors import IllegalActionError
from japanese_swords.movement import attack_targets, reachable
from japanese_swords.state import CHANCE, TERMINAL, Battle, Phase, State

_NEXT_PHASE = {Phase.REVENUE: Phase.EXPENSE, Phase.EXPENSE: Phase.DRAW, Phase.DRAW: Phase.HONOR,
               Phase.HONOR: Phase.TRAVEL, Phase.TRAVEL: Phase.BATTLE, Phase.MARCH_TRAVEL: Phase.MARCH_BATTLE}
_CARD_PHASES = {Card.PROSPERITY: (Phase.REVENUE,), Card.MUCH_HONOR: (Phase.HONOR,),
                Card.INTRIGUE: (Phase.HONOR,), Card.FORCED_MARCH: (Phase.TRAVEL, Phase.BATTLE)}
_TRAVEL = (Phase.TRAVEL, Phase.MARCH_TRAVEL)
_BATTLE = (Phase.BATTLE, Phase.MARCH_BATTLE)


# ----- who decides ---------------------------------------------------------------------------------------
def decision(state: State) -> str:
    """The kind of decision pending: chance, reply, intrigue, commit, discard, disband, main or over."""
    if state.phase == Phase.GAME_OVER:
        return "over"
    if state.order is None or state.pending_draws:
        return "chance"
    if state.offer is not None:
        return "reply"
    if state.intrigue is not None:
        return "intrigue"
    if state.battle is not None:
        return "commit"
    if state.discard_queue:
        return "discard"
    if state.phase == Phase.EXPENSE and not state.upkeep_paid:
        return "disband"
    return "main"


def current_player(state: State) -> int:
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
    if kind == "discard":
        return state.discard_queue[0][0]
    return state.turn_player


def chance_outcomes(state: State) -> list[tuple[Action, float]]:
    """Outcomes of the pending chance event with their probabilities ([] if none is pending)."""
    if state.phase == Phase.GAME_OVER:
        return []
    if state.order is None:
        perms = list(permutations(range(state.num_players)))
        return [(SetOrder(p), 1.0 / len(perms)) for p in perms]
    if state.pending_draws:
        total = sum(state.deck)
        return [(Deal(Card(c)), n / total) for c, n in enumerate(state.deck) if n]
    return []


# ----- legality ------------------------------------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    """Every legal action, in a fixed order. Trade offers are open-ended and never listed: check them with
    :func:`why_illegal`."""
    kind = decision(state)
    if kind == "over":
        return []
    if kind == "chance":
        return [a for a, _ in chance_outcomes(state)]
    actor = current_player(state)
    hand = state.hands[actor]
    held = [Card(c) for c in range(C.NUM_TYPES) if hand[c]]
    if kind == "reply":
        cands: list[Action] = [Accept(), Decline()]
    elif kind == "intrigue":
        if state.intrigue[1] < 0:  # type: ignore[index]
            cands = [IntrigueReply(False), IntrigueReply(True)]
        else:
            cands = [Discard(c) for c in held]
    elif kind == "commit":
        return [Commit(cs) for cs in B.commit_options(hand)]
    elif kind == "discard":
        cands = [Discard(c) for c in held]
    elif kind == "disband":
        return [Disband(a.square) for _, a in sorted(state.armies_of(actor), key=lambda x: x[1].square)]
    else:
        return _main_actions(state, held)
    return [a for a in cands if why_illegal(state, a) is None]


def _main_actions(state: State, held: list[Card]) -> list[Action]:
    """Legal actions at a main decision. Moves, attacks and raises are generated from the same helpers
    :func:`why_illegal` uses (reachable, attack_targets, raise_squares), so they are legal by
    construction; the rest are filtered through :func:`why_illegal`. A test checks both agree."""
    seat, phase = state.turn_player, state.phase
    own = sorted(state.armies_of(seat), key=lambda x: x[1].square)
    out: list[Action] = []
    checked: list[Action] = []
    if phase == Phase.REVENUE:
        checked.append(PlayCard(Card.PROSPERITY))
    elif phase == Phase.EXPENSE:
        if state.gold[seat] >= state.game.rules.army_cost:
            out += [Raise(sq) for sq in raise_squares(state, seat)]
    elif phase == Phase.DRAW:
        checked.append(Draw())
    elif phase == Phase.HONOR:
        checked += [BuyHonor(), PlayCard(Card.MUCH_HONOR)]
        if Card.INTRIGUE in held:
            checked += [PlayCard(Card.INTRIGUE, t) for t in range(state.num_players) if t != seat]
    elif phase in _TRAVEL:
        for aid, a in own:
            if aid not in state.moved and (phase == Phase.TRAVEL or aid in state.marched):
                out += [Move(a.square, dst) for dst in sorted(reachable(state, aid))]
    elif phase in _BATTLE:
        for aid, a in own:
            if aid not in state.attacked and (phase == Phase.BATTLE or aid in state.marched):
                out += [Attack(a.square, dst) for dst in attack_targets(state, aid)]
    if phase in (Phase.TRAVEL, Phase.BATTLE) and Card.FORCED_MARCH in held:
        out += [PlayCard(Card.FORCED_MARCH, a.square) for aid, a in own if aid not in state.marched]
    out += [a for a in checked if why_illegal(state, a) is None]
    out.append(End())
    return out


def raise_squares(state: State, seat: int) -> list[int]:
    """Empty squares where the seat may raise an army: a fortress it controls or a passable square next
    to one; not another player's fortress nor a keep it does not control (ruling 6)."""
    terrain, control = state.game.board.terrain, state.control
    out = set()
    for fort in state.fortresses_of(seat):
        for sq in (fort, *NEIGHBOURS[fort]):
            t = terrain[sq]
            if state.occupant[sq] >= 0 or not t.passable:
                continue
            if t in (Terrain.FORTRESS, Terrain.KEEP) and control[sq] != seat:
                continue
            out.add(sq)
    return sorted(out)


def _expect(kind: str, state: State) -> str:
    actor = seat_name(current_player(state)) if kind != "chance" else ""
    return {
        "chance": "a chance event (a card dealt or the turn order) must happen first",
        "reply": f"{actor} must first accept or decline the trade offer",
        "intrigue": f"{actor} must first answer the Intrigue",
        "commit": f"{actor} must first commit cards to the battle",
        "discard": f"{actor} must first discard down to the hand limit",
        "disband": f"{actor} cannot supply every army: choose armies to disband first (ruling 6)",
        "main": "that action is not part of this decision",
    }[kind]


def why_illegal(state: State, action: Action) -> str | None:
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
            if action.cards and sum(hand) < 3:
                return "only a player holding at least 3 cards may lose cards to Intrigue (ruling 8)"
            return None
        if left > 0 and isinstance(action, Discard):
            return None if hand[action.card] else f"you hold no {action.card.title}"
        return _expect(kind, state)
    if kind == "commit":
        if isinstance(action, Commit):
            return B.commit_problem(state, actor, action.cards)
        return _expect(kind, state)
    if kind == "discard":
        if isinstance(action, Discard):
            return None if hand[action.card] else f"you hold no {action.card.title}"
        return _expect(kind, state)
    if isinstance(action, Offer):
        return T.offer_problem(state, action)
    if kind == "disband":
        if isinstance(action, Disband):
            army = state.army_at(action.square)
            if army is None or army.owner != actor:
                return f"you have no army at {square_name(action.square)}"
            return None
        return _expect(kind, state)
    return _main_problem(state, action)


def _main_problem(state: State, action: Action) -> str | None:
    seat, phase, rules = state.turn_player, state.phase, state.game.rules
    hand = state.hands[seat]
    phase_name = phase.title.lower()
    if isinstance(action, End):
        return None
    if isinstance(action, PlayCard):
        card = action.card
        if not hand[card]:
            return f"you hold no {card.title}"
        if card not in _CARD_PHASES:
            return f"{card.title} can only be committed to a battle"
        if phase not in _CARD_PHASES[card]:
            where = " or ".join(p.title.lower() for p in _CARD_PHASES[card])
            return f"{card.title} is played in your {where} phase, not the {phase_name} phase"
        if card == Card.INTRIGUE:
            t = action.target
            if t is None or not 0 <= t < state.num_players or t == seat or not state.alive[t]:
                return "Intrigue names an opponent still in the game"
        elif card == Card.FORCED_MARCH:
            army = None if action.target is None else state.army_at(action.target)
            if army is None or army.owner != seat:
                return "Forced March is played on one of your armies"
            if state.occupant[action.target] in state.marched:  # type: ignore[index]
                return "at most one Forced March per army per turn (ruling 13)"
        elif action.target is not None:
            return f"{card.title} takes no target"
        return None
    if isinstance(action, Raise):
        if phase != Phase.EXPENSE:
            return f"armies are raised in the expense phase, not the {phase_name} phase"
        if state.gold[seat] < rules.army_cost:
            return f"raising an army costs {rules.army_cost} gold; you have {state.gold[seat]}"
        if action.square not in raise_squares(state, seat):
            return "a new army goes on an empty fortress you control or an empty passable square next to it"
        return None
    if isinstance(action, Draw):
        if phase != Phase.DRAW:
            return f"cards are drawn in the draw phase, not the {phase_name} phase"
        if state.draws_this_phase and state.gold[seat] < 1:
            return "each card after the first costs 1 gold; you have none"
        if not sum(state.deck) and not sum(state.discard):
            return "the deck and the discard pile are both empty (ruling 7)"
        return None
    if isinstance(action, BuyHonor):
        if phase != Phase.HONOR:
            return f"honor is bought in the honor phase, not the {phase_name} phase"
        if state.honor_bought >= rules.honor_buys_per_phase:
            return "at most one honor may be bought per honor phase (ruling 8)"
        if state.gold[seat] < 1:
            return "honor costs 1 gold; you have none"
        return None
    if isinstance(action, (Move, Attack)):
        verb = "move" if isinstance(action, Move) else "attack"
        phases = _TRAVEL if verb == "move" else _BATTLE
        if phase not in phases:
            return f"armies {verb} in the {'travel' if verb == 'move' else 'battle'} phase, not the {phase_name} phase"
        army = state.army_at(action.src)
        if army is None or army.owner != seat:
            return f"you have no army at {square_name(action.src)}"
        aid = state.occupant[action.src]
        if phase in (Phase.MARCH_TRAVEL, Phase.MARCH_BATTLE) and aid not in state.marched:
            return "only armies given a Forced March act in the extra phases (ruling 13)"
        if verb == "move":
            if aid in state.moved:
                return "each army moves at most once per travel phase (ruling 2)"
            if action.dst not in reachable(state, aid):
                return (f"{square_name(action.dst)} is not reachable with {rules.move_points} movement points "
                        "(terrain costs; friendly squares may be passed, not ended on; enemies block)")
            return None
        if aid in state.attacked:
            return "each army starts at most one attack per battle phase (ruling 9)"
        if action.dst not in attack_targets(state, aid):
            return f"no enemy army orthogonally adjacent at {square_name(action.dst)}"
        return None
    return f"{action} is not possible in the {phase_name} phase"


# ----- applying ------------------------------------------------------------------------------------------
def play(state: State, action: Action | str) -> None:
    """Checked entry point: parse if needed, validate, apply; raise IllegalActionError naming the rule."""
    if isinstance(action, str):
        action = parse_action(action)
    reason = why_illegal(state, action)
    if reason is not None:
        raise IllegalActionError(f"illegal {action}: {reason}")
    apply(state, action)


def apply(state: State, action: Action) -> None:
    """Unchecked: carry out a legal action and everything that follows automatically."""
    handler = _HANDLERS[type(action)]
    handler(state, action)
    _settle(state)


def _deal(state: State, a: Deal) -> None:
    seat = state.pending_draws.pop(0)
    state.deck[a.card] -= 1
    state.hands[seat][a.card] += 1


def _set_order(state: State, a: SetOrder) -> None:
    state.order = a.order
    state.turn_index = 0
    state.round = 1
    _start_turn(state)


def _end(state: State, a: End) -> None:
    phase = state.phase
    if phase == Phase.BATTLE:
        if any(aid in state.armies for aid in state.marched):
            _enter(state, Phase.MARCH_TRAVEL)
        else:
            _end_turn(state)
    elif phase == Phase.MARCH_BATTLE:
        _end_turn(state)
    else:
        _enter(state, _NEXT_PHASE[phase])


def _enter(state: State, phase: Phase) -> None:
    state.phase = phase
    state.draws_this_phase = 0
    state.honor_bought = 0
    state.moved = set()
    state.attacked = set()
    if phase == Phase.EXPENSE:
        state.upkeep_paid = False
        _try_upkeep(state)


def _try_upkeep(state: State) -> None:
    seat = state.turn_player
    cost = state.game.rules.upkeep * len(state.armies_of(seat))
    if state.gold[seat] >= cost:
        state.gold[seat] -= cost
        state.upkeep_paid = True


def _start_turn(state: State) -> None:
    seat = state.turn_player
    state.offers_made = 0
    state.marched = set()
    state.upkeep_paid = False
    _enter(state, Phase.REVENUE)
    state.gold[seat] += state.revenue(seat)


def _end_turn(state: State) -> None:
    state.marched = set()
    assert state.order is not None
    n = len(state.order)
    i = state.turn_index
    while True:
        i += 1
        if i >= n:
            i = 0
            state.round += 1
            max_rounds = state.game.rules.max_rounds
            if max_rounds is not None and state.round > max_rounds:
                state.round = max_rounds
                state.phase = Phase.GAME_OVER
                return
        if state.alive[state.order[i]]:
            break
    state.turn_index = i
    _start_turn(state)


def _play_card(state: State, a: PlayCard) -> None:
    seat = state.turn_player
    state.hands[seat][a.card] -= 1
    state.discard[a.card] += 1
    if a.card == Card.PROSPERITY:
        state.gold[seat] += 3
    elif a.card == Card.MUCH_HONOR:
        state.honor[seat] += 4
    elif a.card == Card.INTRIGUE:
        state.intrigue = (a.target, -1)  # type: ignore[assignment]
    elif a.card == Card.FORCED_MARCH:
        state.marched.add(state.occupant[a.target])  # type: ignore[index]


def _disband(state: State, a: Disband) -> None:
    remove_army(state, state.occupant[a.square])
    _try_upkeep(state)


def _raise(state: State, a: Raise) -> None:
    seat = state.turn_player
    state.gold[seat] -= state.game.rules.army_cost
    aid = state.next_army_id
    state.next_army_id += 1
    from japanese_swords.state import Army

    state.armies[aid] = Army(seat, a.square, 0)
    state.occupant[a.square] = aid


def _draw(state: State, a: Draw) -> None:
    seat = state.turn_player
    if state.draws_this_phase:
        state.gold[seat] -= 1
    state.draws_this_phase += 1
    state.pending_draws.append(seat)


def _buy_honor(state: State, a: BuyHonor) -> None:
    seat = state.turn_player
    state.gold[seat] -= 1
    state.honor[seat] += 1
    state.honor_bought += 1


def _move(state: State, a: Move) -> None:
    aid = state.occupant[a.src]
    army = state.armies[aid]
    state.occupant[a.src] = -1
    state.occupant[a.dst] = aid
    state.armies[aid] = army._replace(square=a.dst)
    state.moved.add(aid)
    take_control(state, a.dst, army.owner)


def _attack(state: State, a: Attack) -> None:
    att, dfn = state.occupant[a.src], state.occupant[a.dst]
    state.attacked.add(att)
    att_seat, def_seat = state.armies[att].owner, state.armies[dfn].owner
    state.battle = Battle(att, dfn, att_seat, def_seat)
    n = state.game.rules.battle_draw
    state.pending_draws = [att_seat] * n + [def_seat] * n


def _commit(state: State, a: Commit) -> None:
    b = state.battle
    assert b is not None
    seat = b.attacker_seat if b.attacker_cards is None else b.defender_seat
    for c in a.cards:
        state.hands[seat][c] -= 1
    if b.attacker_cards is None:
        b.attacker_cards, b.attacker_count = a.cards, len(a.cards)
    else:
        b.defender_cards, b.defender_count = a.cards, len(a.cards)


def _discard(state: State, a: Discard) -> None:
    seat = current_player(state)
    state.hands[seat][a.card] -= 1
    state.discard[a.card] += 1
    if state.intrigue is not None:
        target, left = state.intrigue
        state.intrigue = (target, left - 1) if left > 1 else None


def _intrigue_reply(state: State, a: IntrigueReply) -> None:
    target = state.intrigue[0]  # type: ignore[index]
    if a.cards:
        state.intrigue = (target, 3)
    else:
        state.honor[target] -= 3
        state.intrigue = None


def _offer(state: State, a: Offer) -> None:
    state.offers_made += 1
    state.offer = a


def _accept(state: State, a: Accept) -> None:
    offer = state.offer
    state.offer = None
    T.carry_out(state, offer)  # type: ignore[arg-type]


def _decline(state: State, a: Decline) -> None:
    state.offer = None


_HANDLERS = {
    Deal: _deal, SetOrder: _set_order, End: _end, PlayCard: _play_card, Disband: _disband, Raise: _raise,
    Draw: _draw, BuyHonor: _buy_honor, Move: _move, Attack: _attack, Commit: _commit, Discard: _discard,
    IntrigueReply: _intrigue_reply, Offer: _offer, Accept: _accept, Decline: _decline,
}


# ----- shared helpers ------------------------------------------------------------------------------------
def remove_army(state: State, aid: int) -> None:
    army = state.armies.pop(aid)
    state.occupant[army.square] = -1
    state.moved.discard(aid)
    state.attacked.discard(aid)
    state.marched.discard(aid)


def take_control(state: State, square: int, seat: int) -> None:
    """An army of ``seat`` ended on ``square``: keeps and fortresses change hands (ruling 3); taking a
    player's home fortress puts that player out (ruling 4)."""
    board = state.game.board
    if board.terrain[square] not in (Terrain.KEEP, Terrain.FORTRESS):
        return
    state.control[square] = seat
    home = board.fortress_owner(square)
    if home is not None and home != seat and state.alive[home]:
        eliminate(state, home, seat)


def eliminate(state: State, seat: int, captor: int) -> None:
    """Remove a player who lost their home fortress: armies gone, holdings neutral, hand discarded."""
    state.alive[seat] = False
    state.eliminated_by[seat] = captor
    for aid in [aid for aid, a in state.armies.items() if a.owner == seat]:
        remove_army(state, aid)
    for sq, owner in enumerate(state.control):
        if owner == seat:
            state.control[sq] = -1
    hand = state.hands[seat]
    for c in range(C.NUM_TYPES):
        state.discard[c] += hand[c]
        hand[c] = 0
    state.pending_draws = [s for s in state.pending_draws if s != seat]
    state.discard_queue = [(s, n) for s, n in state.discard_queue if s != seat]


def _settle(state: State) -> None:
    """Run everything that follows without a decision, until a decision or chance event is pending."""
    while True:
        if state.phase == Phase.GAME_OVER:
            return
        alive = [s for s in range(state.num_players) if state.alive[s]]
        if len(alive) == 1:
            state.winner = alive[0]
            state.phase = Phase.GAME_OVER
            return
        if state.order is not None:
            target = state.game.rules.honor_to_win
            start = state.turn_index
            for k in range(len(state.order)):
                s = state.order[(start + k) % len(state.order)]
                if state.alive[s] and state.honor[s] >= target:
                    state.winner = s
                    state.phase = Phase.GAME_OVER
                    return
        while state.pending_draws and not sum(state.deck):
            if sum(state.discard):  # ruling 7: reshuffle the discard pile into the deck
                state.deck, state.discard = state.discard, C.empty()
            else:
                state.pending_draws.clear()
        if state.pending_draws or state.order is None:
            return
        b = state.battle
        if b is not None:
            if b.attacker_cards is None and not sum(state.hands[b.attacker_seat]):
                b.attacker_cards = ()
            if b.attacker_cards is not None and b.defender_cards is None and not sum(state.hands[b.defender_seat]):
                b.defender_cards = ()
            if b.attacker_cards is None or b.defender_cards is None:
                return
            B.resolve(state)
            continue
        while state.discard_queue:
            seat, limit = state.discard_queue[0]
            if state.alive[seat] and sum(state.hands[seat]) > limit:
                break
            state.discard_queue.pop(0)
        if state.discard_queue or state.offer is not None or state.intrigue is not None:
            return
        if not state.alive[state.turn_player]:
            _end_turn(state)
            continue
        return
