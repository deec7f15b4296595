"""Option generators: cut each decision down to a handful of meaningful candidates.

A commitment can be chosen thousands of ways and a travel phase offers every army every square, so the
search only considers: the greedy policy's choice, strategic alternatives (march toward a keep, an enemy
or home; raise at home or toward the front), commitments at a few force levels (strongest, just enough
against a weak / typical / strong opposing hand, a throwaway card, Diplomacy) and the cheapest discards.

Options are ``(key, action)`` pairs. Keys of public actions are their notation; commitments and discards
are keyed by *labels* (``"max"``, ``"just1"``, ``"cheap0"``...) so that an opponent's hidden-hand choice
means the same strategy in every sampled world. Generators read only what the acting seat may see.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Hashable

from ai.greedy import GreedyPolicy
from ai.material import KEEP_VALUE
from ai.mcts import team_play
from ai.toolkit import shogun
from ai.toolkit.commit import HandSets, best_commit, max_force, throwaway
from ai.toolkit.distances import INF, distances, keeps_of
from ai.toolkit.modules import support_options
from ai.toolkit.view import View, hostile
from japanese_swords import cards as C
from japanese_swords.actions import (
    Action,
    Attack,
    BuyHonor,
    Commit,
    Disband,
    Discard,
    Draw,
    End,
    IntrigueReply,
    Move,
    PlayCard,
    Raise,
)
from japanese_swords.board import Terrain
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import decision, raise_squares
from japanese_swords.modules import teams
from japanese_swords.movement import attack_targets, reachable
from japanese_swords.phases.battle import battle_bonuses
from japanese_swords.phases.common import attacking_armies
from japanese_swords.phases.travel import movable_armies

Option = tuple[Hashable, Action]
#: An enemy army within this many movement points of our home fortress pins its garrison: leaving it empty
#: loses the game to one move, a risk a short playout horizon and the leaf value do not see (docs/ai.md,
#: "Option generators").
HOME_GUARD = 6
#: An opponent with this much honor is near an honor win (50): giving up honor (Treachery's -7, an
#: Intrigue answered with honor) is then not worth it unless a fortress is at stake.
HONOR_RACE = 35
#: Three cards worth at most this much together (``KEEP_VALUE``) are the cheap answer to Intrigue.
INTRIGUE_KEEP = 16.0
_POLICY = GreedyPolicy(samples=8)


def _dedupe(opts: list[Option]) -> list[Option]:
    """Drop options whose action repeats an earlier one (the first key wins)."""
    seen: set[Action] = set()
    out = []
    for key, action in opts:
        if action not in seen:
            seen.add(action)
            out.append((key, action))
    return out


def guarded_homes(view: View) -> tuple[int, ...]:
    """The home fortresses whose fall this seat's side cannot afford: its own, and in a team game its
    partner's while the partner is in the game (its fall puts the partner out, ruling TM6)."""
    state = view.state
    homes = state.game.board.fortresses
    if state.game.rules.modules and teams.active(state):
        mate = teams.partner(view.seat)
        if state.alive[mate]:
            return (homes[view.seat], homes[mate])
    return (homes[view.seat],)


def partner_home_threatened(view: View) -> int | None:
    """In a team game, the partner's home fortress when an enemy army is within :data:`HOME_GUARD` movement
    points of it (one enemy move from putting the partner out), else None."""
    guarded = guarded_homes(view)
    if len(guarded) < 2:
        return None
    state = view.state
    home = guarded[1]
    d = distances(state.game.board)
    near = any(d[a.square][home] <= HOME_GUARD for a in state.armies.values() if hostile(state, view.seat, a.owner))
    return home if near else None


def treachery_worth(view: View) -> bool:
    """Whether revealing Treachery (-7 honor) can pay in the pending battle: only when a fortress is at
    stake, or a keep while no opponent is near an honor win (docs/ai.md, "Battles")."""
    state = view.state
    b = state.battle
    assert b is not None
    square = state.armies[b.defender].square
    terrain = state.game.board.terrain[square]
    if terrain == Terrain.FORTRESS:
        return True
    rival = max((state.honor[p] for p in range(state.num_players) if hostile(state, view.seat, p) and state.alive[p]),
                default=0)
    return terrain == Terrain.KEEP and rival < HONOR_RACE


def strongest_possible(view: View, n_cards: int) -> int:
    """The highest force any ``n_cards`` of the cards this seat has not seen can make (a legal set)."""
    pool = sorted(C.cards_of(view.unseen), key=lambda c: -c.force)
    return sum(c.force for c in best_commit(C.counts_of(pool[:max(n_cards, 0) + 8]), rules=view.rules)[:n_cards])


def commit_options(view: View) -> list[Option]:
    """Commitments at a few force levels, keyed by label; deterministic for a given hand and board. An
    attacker also gets the middle and high levels in the fewest cards (``few1``, ``few2``).

    Treachery is offered only where :func:`treachery_worth`; the throwaway card is never Treachery. A
    garrison defending the home fortress (or, in a team game, the partner's) does not gamble: ``home`` (just
    enough against the strongest cards the attacker's public count could hold, else the strongest set),
    Treachery and Diplomacy."""
    state, hand = view.state, view.hand
    if not sum(hand):
        return [("none", Commit(()))]
    b = state.battle
    assert b is not None
    att_bonus, def_bonus = battle_bonuses(state)
    attacking = b.attacker_seat == view.seat
    opp = b.defender_seat if attacking else b.attacker_seat
    if attacking:
        gap = def_bonus - att_bonus + 1  # +1: ties go to the defender
        n_opp = view.hand_sizes[opp]
    else:
        gap = att_bonus - def_bonus
        n_opp = b.attacker_count
    worth = treachery_worth(view)
    plain = list(hand)
    if not worth:
        plain[Card.TREACHERY] = 0
    pool = sum(view.unseen)
    mean = sum(map(operator.mul, C.FORCE, view.unseen)) / pool if pool else 0.0
    typical = min(n_opp, 6) * mean * 1.3  # the better cards of an average hand
    sets = HandSets(plain, view.rules)  # its strongest set (no Treachery) is the whole hand's
    opts: list[Option] = [("max", Commit(tuple(sets.strongest or [throwaway(hand)])))]
    if sum(plain):
        for label, factor in (("just0", 0.6), ("just1", 1.0), ("just2", 1.4)):
            chosen = sets.just_enough(max(1, int(typical * factor + gap)))
            if chosen is not None:
                opts.append((label, Commit(tuple(chosen))))
        if attacking:  # the same force levels in as few cards as can make them: an attacker's count is public
            # and a big one invites the defender's Diplomacy, which burns every committed card
            for label, factor in (("few1", 1.0), ("few2", 1.4)):
                chosen = sets.fewest_enough(max(1, int(typical * factor + gap)))
                if chosen is not None:
                    opts.append((label, Commit(tuple(chosen))))
    at_home = not attacking and state.armies[b.defender].square in guarded_homes(view)
    if (not attacking and not at_home and hand[Card.DIPLOMACY] and state.game.rules.modules
            and teams.active(state) and team_play.hopeless_defence(view)):
        return [("dip", Commit((Card.DIPLOMACY,)))]  # a team seat saves the army (team_play)
    if at_home:  # losing here loses the game (or the partner): no gamble below the strongest cards the count allows
        need = max(1, strongest_possible(view, b.attacker_count) + gap)
        chosen = sets.just_enough(need) if sum(plain) else None
        opts = [("home", Commit(tuple(chosen)))] if chosen is not None else opts[:1]
    if hand[Card.TREACHERY] and worth:
        opts.append(("maxT", Commit(tuple(sets.with_treachery()[0]))))  # worth it: ``plain`` is the hand
    if hand[Card.DIPLOMACY]:
        opts.append(("dip", Commit((Card.DIPLOMACY,))))
    if not at_home:
        opts.append(("min", Commit((throwaway(hand),))))
    if state.game.rules.modules and teams.active(state):
        return _dedupe(team_play.without_light(opts, attacking))
    return _dedupe(opts)


def intrigue_options(view: View) -> list[Option]:
    """Answers to Intrigue. Honor is bought one a turn and cards at a gold each, so three cheap cards
    (the three worst together worth at most :data:`INTRIGUE_KEEP`) are the price, and so is any hand
    once the race is on (a seat with :data:`HONOR_RACE` - 10 honor); only a hand of good cards early on
    leaves both answers to the search."""
    state = view.state
    lose_honor, lose_cards = ("lose honor", IntrigueReply(False)), ("lose cards", IntrigueReply(True))
    if sum(view.hand) < 3:
        return [lose_honor]
    worst = sorted(KEEP_VALUE[c] for c in C.cards_of(view.hand))[:3]
    leader = max((state.honor[p] for p in range(state.num_players) if state.alive[p]), default=0)
    if sum(worst) <= INTRIGUE_KEEP or leader >= HONOR_RACE - 10:
        return [lose_cards]
    return [lose_honor, lose_cards]


def honor_affordable(view: View) -> bool:
    """Whether buying the turn's honor leaves next turn's upkeep paid from gold plus revenue (honor is
    bought at most once a turn, so a turn without it is lost to the race for good)."""
    state, seat = view.state, view.seat
    if state.gold[seat] < 1 or state.honor_bought >= state.game.rules.honor_buys_per_phase:
        return False
    return state.gold[seat] - 1 + state.revenue(seat) >= len(state.armies_of(seat))


def discard_options(view: View) -> list[Option]:
    """The two cheapest distinct cards to discard, keyed by rank."""
    held = sorted((Card(c) for c in range(C.NUM_TYPES) if view.hand[c]), key=lambda c: (KEEP_VALUE[c], c))
    return [(f"cheap{i}", Discard(c)) for i, c in enumerate(held[:2])]


def _toward(view: View, aid: int, goal: int) -> Move | None:
    """The army's move that gets closest to ``goal``, or None if it cannot get closer."""
    state = view.state
    d = distances(state.game.board)
    army = state.armies[aid]
    reach = reachable(state, aid)
    if not reach:
        return None
    best = min(reach, key=lambda sq: (d[sq][goal], sq))
    if d[best][goal] >= d[army.square][goal]:
        return None
    return Move(army.square, best)


def home_threatened(view: View) -> bool:
    """Whether an enemy army is within :data:`HOME_GUARD` movement points of our home fortress."""
    state = view.state
    d = distances(state.game.board)
    home = state.game.board.fortresses[view.seat]
    return any(d[a.square][home] <= HOME_GUARD for a in state.armies.values() if hostile(state, view.seat, a.owner))


def travel_options(view: View, greedy: Action) -> list[Option]:
    """The greedy move, plus each movable army's step toward a free keep, the nearest enemy and home."""
    state, seat = view.state, view.seat
    board = state.game.board
    d = distances(board)
    home = board.fortresses[seat]
    phase = state.phase
    opts: list[Option] = [(str(greedy), greedy)]
    enemies = [a.square for a in state.armies.values() if hostile(state, seat, a.owner)]
    keeps = [k for k in keeps_of(board) if hostile(state, seat, state.control[k]) and state.occupant[k] < 0]
    movable = movable_armies(state, seat)
    if home_threatened(view):
        if state.occupant[home] < 0:  # an empty home in an enemy's reach: refill it if any army can
            refill = [Move(a.square, home) for aid, a in movable if home in reachable(state, aid)]
            if refill:
                return [(str(mv), mv) for mv in refill[:2]]
        movable = [(aid, a) for aid, a in movable if a.square != home]  # the garrison stays
    mate_home = partner_home_threatened(view)
    if mate_home is not None:  # a team game: the partner's home in an enemy's reach
        movable = [(aid, a) for aid, a in movable if a.square != mate_home]  # a guard there stays
        opts = [(k, a) for k, a in opts if not (isinstance(a, Move) and a.src == mate_home)]  # greedy's too
        if state.occupant[mate_home] < 0:  # empty: an army may step in to guard it (ruling TM3)
            guard = [Move(a.square, mate_home) for aid, a in movable if mate_home in reachable(state, aid)]
            opts += [(str(mv), mv) for mv in guard[:2]]
    for aid, a in movable[:4]:
        for goals in (keeps, enemies, [home]):
            if not goals:
                continue
            goal = min(goals, key=lambda g: (d[a.square][g], g))
            if d[a.square][goal] >= INF:
                continue
            mv = _toward(view, aid, goal)
            if mv is not None:
                opts.append((str(mv), mv))
    if phase == Phase.TRAVEL and view.hand[Card.FORCED_MARCH]:
        for aid, a in movable[:2]:
            if aid not in state.marched:
                fm = PlayCard(Card.FORCED_MARCH, a.square)
                opts.append((str(fm), fm))
    opts.append(("end", End()))
    return _dedupe(opts)


def sure_win(view: View, army: int, target: int) -> bool:
    """Whether the army's strongest commitment beats anything the target could commit (its hand plus the
    5 battle cards, drawn from the cards this seat has not seen): the only attacks risked out of home."""
    state = view.state
    mine = state.armies[army]
    enemy = state.armies[state.occupant[target]]
    defense = state.game.board.terrain[target].defense
    theirs = strongest_possible(view, view.hand_sizes[enemy.owner] + view.rules.battle_draw)
    return max_force(view.hand, view.rules) + mine.experience > theirs + enemy.experience + defense


def battle_options(view: View, greedy: Action, rng: random.Random | None = None) -> list[Option]:
    """Every attack available (there are few), the greedy choice and End. An attack out of the home
    fortress (or out of the partner's, guarding it in a team game) is left out unless it is a sure win:
    losing it hands the fortress to the defender. In a team game (given ``rng``) an attack other than the
    policy's is offered only at the odds :func:`ai.mcts.team_play.attack_worth` asks."""
    state, seat = view.state, view.seat
    opts: list[Option] = [(str(greedy), greedy)]
    team = rng is not None and bool(state.game.rules.modules) and teams.active(state)
    for aid, a in attacking_armies(state, seat):
        for n in attack_targets(state, aid):
            at = Attack(a.square, n)
            if team and at != greedy and not team_play.attack_worth(view, at, rng):  # type: ignore[arg-type]
                continue
            opts.append((str(at), at))
    opts.append(("end", End()))
    return [(k, a) for k, a in _dedupe(opts) if admissible_attack(view, a)]


def admissible_attack(view: View, action: Action) -> bool:
    """False for an attack out of a guarded home (:func:`guarded_homes`) that is not a sure win."""
    if not isinstance(action, Attack) or action.src not in guarded_homes(view):
        return True
    return sure_win(view, view.state.occupant[action.src], action.dst)


def admissible(view: View, action: Action) -> bool:
    """Whether the search may consider ``action`` at all: no attack out of the home fortress (or the
    partner's) short of a sure win, no guard leaving the partner's threatened home, no Treachery where it is
    not worth its honor, no home defence below the ``home`` level (the policy's own choice is checked too)."""
    state = view.state
    if isinstance(action, Attack):
        return admissible_attack(view, action)
    if isinstance(action, Move) and state.game.rules.modules:  # a guard of the partner's threatened home stays
        return action.src != partner_home_threatened(view)
    b = state.battle
    if isinstance(action, Commit) and b is not None:
        if b.defender_seat == view.seat and state.armies[b.defender].square in guarded_homes(view):
            return action in [a for _, a in commit_options(view)]  # the home garrison does not gamble
        if Card.TREACHERY in action.cards:
            return treachery_worth(view) or all(c == Card.TREACHERY for c in action.cards)
    return True


def options(view: View, rng: random.Random) -> list[Option]:
    """A handful of candidate actions for the seat deciding in ``view.state`` (legality checked by the
    caller)."""
    state, seat = view.state, view.seat
    kind = decision(state)
    if kind == "commit":
        return commit_options(view)
    if kind == "support":
        return support_options(state)  # type: ignore[return-value]
    if kind == "discard":
        return discard_options(view)
    if kind == "intrigue":
        if state.intrigue[1] < 0:  # type: ignore[index]
            return intrigue_options(view)
        return discard_options(view)
    if kind == "disband":
        home = state.game.board.fortresses[seat]
        own = sorted(state.armies_of(seat), key=lambda x: x[1].square)
        field = [a for _, a in own if a.square != home] or [a for _, a in own]  # the garrison goes last
        return [(f"disband{i}", Disband(a.square)) for i, a in enumerate(field)]
    if kind == "reply":
        from japanese_swords.actions import Accept, Decline

        return [("decline", Decline()), ("accept", Accept())]
    if kind == "bid":  # the bidding module
        return shogun.bid_options(view)
    phase = state.phase
    # no-brainers: a free card, free gold and free honor are always taken (no search needed)
    if phase == Phase.REVENUE:
        if view.hand[Card.PROSPERITY]:
            return [("play PR", PlayCard(Card.PROSPERITY))]
        return [("end", End())]
    if phase == Phase.EXPENSE:
        opts: list[Option] = [("end", End())]
        squares = raise_squares(state, seat)
        if state.gold[seat] >= state.game.rules.army_cost and squares:
            home = state.game.board.fortresses[seat]
            if home in squares and home_threatened(view):  # an empty home near an enemy: garrison it
                return [(str(Raise(home)), Raise(home))]
            if state.gold[seat] < state.game.rules.army_cost + 1:  # keep the gold for this turn's honor
                return opts
            greedy = _POLICY.expense(view)
            if isinstance(greedy, Raise):
                opts.append((str(greedy), greedy))
            if home in squares:
                opts.append((str(Raise(home)), Raise(home)))
            opts.append((str(Raise(squares[-1])), Raise(squares[-1])))
        if state.game.rules.modules:  # the ronin and castles modules: greedy's wall or ronin
            opts += shogun.expense_options(view)
        return _dedupe(opts)
    if phase == Phase.DRAW:
        if not state.draws_this_phase:
            return [("draw", Draw())]
        if state.gold[seat] < 2:  # the last gold buys this turn's honor
            return [("end", End())]
        return [("draw", Draw()), ("end", End())]
    if phase == Phase.HONOR:
        if view.hand[Card.MUCH_HONOR]:
            return [("play MH", PlayCard(Card.MUCH_HONOR))]
        opts = []
        buy = honor_affordable(view)
        if buy or (state.gold[seat] >= 1 and state.honor_bought < state.game.rules.honor_buys_per_phase):
            opts.append(("honor", BuyHonor()))
        if view.hand[Card.INTRIGUE]:
            for t in range(state.num_players):
                if hostile(state, seat, t) and state.alive[t]:
                    opts.append((f"play IN p{t + 1}", PlayCard(Card.INTRIGUE, t)))
        if not buy:  # affordable honor is always bought: ending the phase is no option then
            opts.append(("end", End()))
        return opts
    if phase in (Phase.TRAVEL, Phase.MARCH_TRAVEL):
        return travel_options(view, _POLICY.travel(view))
    if phase in (Phase.BATTLE, Phase.MARCH_BATTLE):
        return battle_options(view, _POLICY.battle(view, rng), rng)
    return [("end", End())]
