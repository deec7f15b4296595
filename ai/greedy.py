"""The ``greedy`` agent: the hand-written baseline a good hobbyist would write, and the MCTS playout policy.

The policy reads only what its seat may see: its own hand, the board, gold, honor, hand sizes and the
cards it has not seen (:class:`View`). Economy first (Prosperity, free draw, one honor a turn, armies in
proportion to the opponent), march on the nearest worthwhile target (empty enemy fortress, uncontrolled
keeps, weak enemy armies), attack when a Monte Carlo estimate of both sides' best force favours it,
commit just enough cards to win, and play Much Honor, Intrigue and Forced March when they help.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass

from ai.agent import SpecError, clip, register, whole_option
from ai.material import KEEP_VALUE, bundle_worth, heuristic_value
from ai.offers import OfferMemory, choose_offer
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
    Offer,
    PlayCard,
    Raise,
)
from japanese_swords.board import MOVE_COST, NEIGHBOURS, NUM_SQUARES, Board, Terrain
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import State, decision, raise_squares
from japanese_swords.modules import terrain_arms, weather
from japanese_swords.movement import reachable
from japanese_swords.observation import Observation
from japanese_swords.phases.travel import movable_armies
from japanese_swords.trading import carry_out

# Force used when choosing a commitment; Treachery (10 force, -7 honor) only when desperate.
_COMMIT_ORDER = sorted((c for c in Card if c.force > 0 and c not in (Card.TREACHERY, Card.NINJA)),
                       key=lambda c: (-c.force, KEEP_VALUE[c]))
INF = 1 << 20


@dataclass
class View:
    """What one seat may know, usable on a masked observation state and on a full rollout state alike.

    ``unseen`` (card counts the seat cannot place) is computed on first use for full states."""

    state: State
    seat: int
    hand_sizes: tuple[int, ...]
    _unseen: tuple[int, ...] | None = None

    @classmethod
    def of_obs(cls, obs: Observation) -> View:
        """The view an agent gets: the observation's masked state and its public counts."""
        return cls(obs.state, obs.seat, obs.hand_sizes, obs.unseen)

    @classmethod
    def of_state(cls, state: State, seat: int) -> View:
        """The seat's view of a full state (used in playouts, where building an Observation is too slow)."""
        return cls(state, seat, tuple(sum(h) for h in state.hands))

    @property
    def unseen(self) -> tuple[int, ...]:
        """Card counts this seat cannot place (deck, other hands, a hidden commitment)."""
        if self._unseen is None:
            hand, discard = self.state.hands[self.seat], self.state.discard
            self._unseen = tuple(C.COUNT[c] - hand[c] - discard[c] for c in range(C.NUM_TYPES))
        return self._unseen

    @property
    def hand(self) -> list[int]:
        """The seat's own hand (counts by card type)."""
        return self.state.hands[self.seat]


_KEEPS_CACHE: dict[tuple[Terrain, ...], tuple[int, ...]] = {}


def keeps_of(board: Board) -> tuple[int, ...]:
    """The board's keep squares (cached per terrain layout)."""
    keeps = _KEEPS_CACHE.get(board.terrain)
    if keeps is None:
        keeps = _KEEPS_CACHE[board.terrain] = board.keeps()
    return keeps


# ----- distances ----------------------------------------------------------------------------------------
_DIST_CACHE: dict[tuple[Terrain, ...], list[list[int]]] = {}


def distances(board: Board) -> list[list[int]]:
    """``d[a][b]``: movement points from square a to square b ignoring armies (terrain cost of entering)."""
    key = board.terrain
    table = _DIST_CACHE.get(key)
    if table is not None:
        return table
    table = []
    for src in range(NUM_SQUARES):
        best = [INF] * NUM_SQUARES
        best[src] = 0
        heap = [(0, src)]
        while heap:
            d, sq = heapq.heappop(heap)
            if d > best[sq]:
                continue
            for n in NEIGHBOURS[sq]:
                step = MOVE_COST[board.terrain[n]]
                if step is not None and d + step < best[n]:
                    best[n] = d + step
                    heapq.heappush(heap, (d + step, n))
        table.append(best)
    _DIST_CACHE[key] = table
    return table


# ----- cards and force ----------------------------------------------------------------------------------
def best_commit(hand: list[int] | tuple[int, ...], treachery: bool = False) -> list[Card]:
    """The legal commitment of highest force (<=7 cards, <=5 soldiers, <=1 Daimyo), strongest first."""
    out: list[Card] = []
    soldiers = 0
    order = _COMMIT_ORDER
    if treachery:
        order = sorted(_COMMIT_ORDER + [Card.TREACHERY], key=lambda c: -c.force)
    for c in order:
        n = hand[c]
        if c == Card.DAIMYO:
            n = min(n, 1)
        elif c.is_soldier:
            n = min(n, C.MAX_SOLDIERS - soldiers)
        n = min(n, C.MAX_COMMIT - len(out))
        if n > 0:
            out.extend([c] * n)
            if c.is_soldier:
                soldiers += n
        if len(out) >= C.MAX_COMMIT:
            break
    return out


def max_force(hand: list[int] | tuple[int, ...]) -> int:
    """Force of :func:`best_commit` (no Treachery)."""
    return sum(c.force for c in best_commit(hand))


def _sample_hand(pool: list[Card], n: int, rng: random.Random) -> list[int]:
    """Counts of ``n`` cards drawn at random from ``pool``."""
    counts = [0] * C.NUM_TYPES
    for c in rng.sample(pool, min(n, len(pool))):
        counts[c] += 1
    return counts


def opponent_forces(view: View, opp: int, extra: int, samples: int, rng: random.Random) -> list[int]:
    """Sampled best card force of ``opp`` holding its current hand plus ``extra`` more unseen cards."""
    pool = C.cards_of(view.unseen)
    n = view.hand_sizes[opp] + extra
    return sorted(max_force(_sample_hand(pool, n, rng)) for _ in range(samples))


def win_chance(view: View, my_bonus: int, opp: int, opp_bonus: int, my_extra: int, opp_extra: int,
               samples: int, rng: random.Random) -> float:
    """Monte Carlo chance that our best force (+bonus) beats the opponent's (ties go to ``opp`` if it
    defends: pass the tie-break in the bonuses)."""
    pool = C.cards_of(view.unseen)
    hand = view.hand
    wins = 0
    drawn = min(len(pool), my_extra + view.hand_sizes[opp] + opp_extra)
    for _ in range(samples):
        deal = rng.sample(pool, drawn)  # only the cards dealt, not a shuffle of the whole pool
        mine = list(hand)
        for c in deal[:my_extra]:
            mine[c] += 1
        theirs = [0] * C.NUM_TYPES
        for c in deal[my_extra:]:
            theirs[c] += 1
        if max_force(mine) + my_bonus > max_force(theirs) + opp_bonus:
            wins += 1
    return wins / max(samples, 1)


def just_enough(hand: list[int] | tuple[int, ...], target: int) -> list[Card] | None:
    """A cheap commitment with force >= target: the strongest set, then drop the most valuable cards that
    are not needed. None if even the strongest set falls short."""
    chosen = best_commit(hand)
    if sum(c.force for c in chosen) < target:
        with_t = best_commit(hand, treachery=True)
        if sum(c.force for c in with_t) < target:
            return None
        chosen = with_t
    total = sum(c.force for c in chosen)
    changed = True
    while changed:
        changed = False
        for c in sorted(set(chosen), key=lambda c: -KEEP_VALUE[c]):
            if total - c.force >= target and len(chosen) > 1:
                chosen.remove(c)
                total -= c.force
                changed = True
                break
    return chosen


def attack_hand(state: State, hand: list[int] | tuple[int, ...], square: int) -> list[int] | tuple[int, ...]:
    """The hand an attack on ``square`` should pick from: without the Mounted Samurai when terrain-and-arms
    makes them count 0 there (docs/variants.md); the hand itself otherwise."""
    arms = terrain_arms.params(state)
    if arms is None or not hand[Card.MOUNTED]:
        return hand
    terrain = state.game.board.terrain[square]
    if not terrain_arms.force_change((Card.MOUNTED,), "attack", terrain, arms):
        return hand
    out = list(hand)
    out[Card.MOUNTED] = 0
    return out


#: Card types from least to most worth keeping (ties: the lower type first, as ``min`` over types picks).
_CHEAP_ORDER = tuple(sorted(Card, key=lambda c: (KEEP_VALUE[c], c)))


def cheapest_card(hand: list[int] | tuple[int, ...]) -> Card:
    """The held card least worth keeping (ValueError for an empty hand)."""
    for c in _CHEAP_ORDER:
        if hand[c]:
            return c
    raise ValueError("cheapest_card of an empty hand")


def throwaway(hand: list[int] | tuple[int, ...]) -> Card:
    """The card to give up in a battle not worth fighting: the least worth keeping, but never Treachery
    (revealing it costs 7 honor) unless it is all the hand holds."""
    if sum(hand) > hand[Card.TREACHERY]:
        rest = list(hand)
        rest[Card.TREACHERY] = 0
        return cheapest_card(rest)
    return Card.TREACHERY


# ----- the policy ---------------------------------------------------------------------------------------
class GreedyPolicy:
    """The rules of thumb, as a function from a :class:`View` to an action (not checked for legality).

    The knobs beyond the constructor's (army counts, aggression, Intrigue answers, the margin when a home
    fortress is at stake) are attributes; :data:`STYLES` names whole sets of them (:meth:`styled`)."""

    def __init__(self, samples: int = 24, attack_threshold: float = 0.6, win_margin: float = 0.75,
                 hand_target: int = 9) -> None:
        self.samples = samples
        self.hand_target = hand_target
        self.attack_threshold = attack_threshold
        self.win_margin = win_margin
        self.min_armies = 3
        self.max_armies = 5
        self.fortress_bonus = 0.15
        self.aggression_edge = 2
        self.aggression_hand = 7
        self.intrigue_keep = 16.0
        self.stake_margin = win_margin

    @classmethod
    def styled(cls, style: str = "greedy", samples: int = 24) -> GreedyPolicy:
        """A policy with the knobs of :data:`STYLES` ``[style]``; ValueError for an unknown style."""
        if style not in STYLES:
            raise ValueError(f"unknown style {style!r} (use {' or '.join(STYLES)})")
        policy = cls(samples=samples)
        for key, val in STYLES[style].items():
            setattr(policy, key, val)
        return policy

    # -- dispatch --
    def act(self, view: View, rng: random.Random) -> Action:
        """The policy's action for the seat to decide in ``view.state``."""
        state = view.state
        kind = decision(state)
        if kind == "reply":
            return self.reply(view, state.offer)[0]  # type: ignore[arg-type]
        if kind == "intrigue":
            return self.intrigue(view)
        if kind == "commit":
            return self.commit(view, rng)
        if kind == "discard":
            return Discard(cheapest_card(view.hand))
        if kind == "disband":
            return self.disband(view)
        phase = state.phase
        if phase == Phase.REVENUE:
            return PlayCard(Card.PROSPERITY) if view.hand[Card.PROSPERITY] else End()
        if phase == Phase.EXPENSE:
            return self.expense(view)
        if phase == Phase.DRAW:
            return self.draw(view)
        if phase == Phase.HONOR:
            return self.honor(view)
        if phase in (Phase.TRAVEL, Phase.MARCH_TRAVEL):
            return self.travel(view)
        if phase in (Phase.BATTLE, Phase.MARCH_BATTLE):
            return self.battle(view, rng)
        return End()

    # -- helpers --
    def opponents(self, view: View) -> list[int]:
        """Seats still in the game other than ours."""
        s = view.state
        return [p for p in range(s.num_players) if p != view.seat and s.alive[p]]

    def home(self, view: View) -> int:
        """Our home fortress square."""
        return view.state.game.board.fortresses[view.seat]

    # -- decisions --
    def reply(self, view: View, offer: Offer) -> tuple[Action, str]:
        """Accept when what we get is worth clearly more than what we give (material count)."""
        from japanese_swords.actions import Accept, Decline

        got, gave = bundle_worth(view.state, offer.give), bundle_worth(view.state, offer.get)
        if got > gave * 1.2 + 0.5:
            return Accept(), f"accepted: gaining about {got:.0f} for {gave:.0f}"
        return Decline(), f"declined: {got:.0f} offered is not enough for {gave:.0f} asked"

    def intrigue(self, view: View) -> Action:
        """Answer Intrigue: lose cards when the three worst are cheap, else honor; then discard cheapest."""
        state = view.state
        _target, left = state.intrigue  # type: ignore[misc]
        hand = view.hand
        if left < 0:
            if sum(hand) < 3:
                return IntrigueReply(False)
            worst = sorted(KEEP_VALUE[c] for c in C.cards_of(hand))[:3]
            return IntrigueReply(sum(worst) <= self.intrigue_keep or state.honor[view.seat] >= 40)
        return Discard(cheapest_card(hand))

    def disband(self, view: View) -> Action:
        """Short of gold: disband the least useful army (never the garrison first)."""
        state = view.state
        home = self.home(view)
        own = state.armies_of(view.seat)
        victim = min(own, key=lambda x: (x[1].square == home, x[1].experience,
                                         state.game.board.terrain[x[1].square] == Terrain.KEEP, -x[1].square))
        return Disband(victim[1].square)

    def wanted_armies(self, view: View) -> int:
        """How many armies to keep: at least 3, one more than the strongest opponent, at most 5."""
        state = view.state
        enemy = max((len(state.armies_of(p)) for p in self.opponents(view)), default=0)
        return max(self.min_armies, min(self.max_armies, enemy + 1))

    def expense(self, view: View) -> Action:
        """Raise an army when the garrison is missing or we have fewer than we want (keeping 1 gold)."""
        state, seat = view.state, view.seat
        gold = state.gold[seat]
        if gold < state.game.rules.army_cost:
            return End()
        squares = raise_squares(state, seat)
        if not squares:
            return End()
        home = self.home(view)
        mine = len(state.armies_of(seat))
        threat = self.threat_to_home(view)
        if state.occupant[home] < 0 and home in squares and threat <= 4:
            return Raise(home)
        if mine < self.wanted_armies(view) and gold - state.game.rules.army_cost >= 1:
            if home in squares:
                return Raise(home)
            d = distances(state.game.board)
            targets = self.targets(view)
            best = min(squares, key=lambda sq: (min((d[sq][t] for t in targets), default=0), sq))
            return Raise(best)
        return End()

    def draw(self, view: View) -> Action:
        """The free card always; more while gold covers the honor and a wanted army, up to the target."""
        state, seat = view.state, view.seat
        hand = sum(view.hand)
        if not state.draws_this_phase:
            return Draw()
        reserve = 1  # the honor bought later this turn
        if len(state.armies_of(seat)) < self.wanted_armies(view):
            reserve += state.game.rules.army_cost  # saving for the next army
        if state.gold[seat] - 1 >= reserve and hand < self.hand_target:
            return Draw()
        return End()

    def honor(self, view: View) -> Action:
        """Much Honor, then Intrigue on the leader, then buy the turn's honor."""
        state, seat = view.state, view.seat
        hand = view.hand
        if hand[Card.MUCH_HONOR]:
            return PlayCard(Card.MUCH_HONOR)
        if hand[Card.INTRIGUE]:
            opps = self.opponents(view)
            if opps:
                return PlayCard(Card.INTRIGUE, max(opps, key=lambda p: (state.honor[p], view.hand_sizes[p])))
        if state.honor_bought < state.game.rules.honor_buys_per_phase and state.gold[seat] >= 1:
            return BuyHonor()
        return End()

    def threat_to_home(self, view: View) -> int:
        """Movement points from the nearest enemy army to our home fortress."""
        state = view.state
        d = distances(state.game.board)
        home = self.home(view)
        return min((d[a.square][home] for a in state.armies.values() if a.owner != view.seat), default=INF)

    def targets(self, view: View) -> list[int]:
        """Squares worth marching on: keeps we do not hold and no one guards, and enemy fortresses."""
        state = view.state
        board = state.game.board
        out = [k for k in keeps_of(board) if state.control[k] != view.seat and state.occupant[k] < 0]
        for p in self.opponents(view):
            out.append(board.fortresses[p])
        return out

    def strength_edge(self, view: View) -> int:
        """Our hand size minus the largest opponent hand (cards win battles)."""
        return sum(view.hand) - max((view.hand_sizes[p] for p in self.opponents(view)), default=0)

    def travel(self, view: View) -> Action:
        """One move at a time: take an empty enemy fortress, keep home garrisoned, march on targets."""
        state, seat = view.state, view.seat
        board = state.game.board
        d = distances(board)
        home = self.home(view)
        phase = state.phase
        movable = movable_armies(state, seat)
        if not movable:
            return End()
        opps = self.opponents(view)
        reaches = {aid: reachable(state, aid) for aid, _ in movable}
        # 1. walk into an empty enemy fortress: that wins outright
        for aid, a in movable:
            for p in opps:
                f = board.fortresses[p]
                if f in reaches[aid]:
                    return Move(a.square, f)
        threat = self.threat_to_home(view)
        garrison = state.occupant[home]
        # 2. keep the home fortress garrisoned
        if garrison < 0:
            for aid, a in sorted(movable, key=lambda x: d[x[1].square][home]):
                if home in reaches[aid] and (threat <= 6 or len(state.armies_of(seat)) >= 2):
                    return Move(a.square, home)
        # 3. march the others on their targets
        claimed: set[int] = set()
        edge = self.strength_edge(view)
        for aid, a in movable:
            if a.square == home:
                continue
            target = self.army_target(view, a.square, claimed, edge)
            if target is None:
                continue
            claimed.add(target)
            reach = reaches[aid]
            here = d[a.square][target]
            best = min(reach, key=lambda sq: (d[sq][target], -board.terrain[sq].defense, sq), default=None)
            if best is None or d[best][target] >= here:
                continue
            # do not step off a held keep next to an enemy into the open unless the target is a keep
            if (phase == Phase.TRAVEL and state.hands[seat][Card.FORCED_MARCH] and aid not in state.marched
                    and here > 2 and here <= 4 and board.terrain[target] in (Terrain.KEEP, Terrain.FORTRESS)):
                return PlayCard(Card.FORCED_MARCH, a.square)
            return Move(a.square, best)
        return End()

    def army_target(self, view: View, square: int, claimed: set[int], edge: int) -> int | None:
        """Where one army should head: the nearest free keep, else an enemy army/fortress when strong,
        else the nearest keep we hold (to guard it)."""
        state = view.state
        board = state.game.board
        d = distances(board)
        keeps = [k for k in keeps_of(board) if state.control[k] != view.seat and state.occupant[k] < 0
                 and k not in claimed]
        if keeps:
            return min(keeps, key=lambda k: (d[square][k], k))
        if edge >= self.aggression_edge or sum(view.hand) >= self.aggression_hand:
            enemies = [a.square for a in state.armies.values() if a.owner != view.seat]
            goals = enemies + [board.fortresses[p] for p in self.opponents(view)]
            goals = [g for g in goals if g not in claimed]
            if goals:
                return min(goals, key=lambda g: (d[square][g], g))
        held = [k for k in keeps_of(board) if state.control[k] == view.seat and k not in claimed
                and (state.occupant[k] < 0 or k == square)]
        if held:
            return min(held, key=lambda k: (d[square][k], k))
        return None

    def battle(self, view: View, rng: random.Random) -> Action:
        """Attack the adjacent enemy army we most likely beat, if likely enough."""
        state, seat = view.state, view.seat
        board = state.game.board
        phase = state.phase
        best: tuple[float, Attack] | None = None
        for aid, a in sorted(state.armies_of(seat), key=lambda x: x[1].square):
            if aid in state.attacked or (phase == Phase.MARCH_BATTLE and aid not in state.marched):
                continue
            for n in NEIGHBOURS[a.square]:
                occ = state.occupant[n]
                if occ < 0 or state.armies[occ].owner == seat:
                    continue
                enemy = state.armies[occ]
                bonus = enemy.experience + board.terrain[n].defense
                mine = a.experience
                if state.game.rules.modules:  # the weather weakens us; horses may not count here
                    mine -= weather.attack_penalty(state)
                    mine -= max_force(view.hand) - max_force(attack_hand(state, view.hand, n))
                p = win_chance(view, mine, enemy.owner, bonus, 5, 5, self.samples, rng)
                need = self.attack_threshold
                if board.fortress_owner(n) is not None:
                    need -= self.fortress_bonus  # taking a home fortress ends a player
                if p >= need and (best is None or p > best[0]):
                    best = (p, Attack(a.square, n))
        if best is not None:
            return best[1]
        return End()

    def commit(self, view: View, rng: random.Random) -> Action:
        """Commit just enough to beat the likely opposing force; Diplomacy or a throwaway card when the
        battle looks lost."""
        state, seat = view.state, view.seat
        hand = view.hand
        if not sum(hand):
            return Commit(())
        b = state.battle
        assert b is not None
        board = state.game.board
        att, dfn = state.armies[b.attacker], state.armies[b.defender]
        defense = board.terrain[dfn.square].defense
        attacking = b.attacker_seat == seat
        opp = b.defender_seat if attacking else b.attacker_seat
        weather_loss = weather.attack_penalty(state) if state.game.rules.modules else 0
        if attacking:
            my_bonus, opp_bonus = att.experience - weather_loss, dfn.experience + defense
            useful = attack_hand(state, hand, dfn.square)
            if sum(useful):
                hand = useful
            forces = opponent_forces(view, opp, 0, self.samples, rng)
        else:
            my_bonus, opp_bonus = dfn.experience + defense + 1, att.experience - weather_loss  # +1: ties go to defender
            hidden = b.attacker_count
            pool = C.cards_of(view.unseen)
            n = view.hand_sizes[opp] + hidden
            forces = sorted(sum(c.force for c in best_commit(_sample_hand(pool, n, rng))[:hidden])
                            for _ in range(self.samples))
        margin = self.stake_margin if board.fortress_owner(dfn.square) is not None else self.win_margin
        k = min(len(forces) - 1, int(len(forces) * margin))
        target = forces[k] + opp_bonus - my_bonus + 1
        chosen = just_enough(hand, max(target, 1))
        if chosen is not None:
            return Commit(tuple(chosen))
        mx = best_commit(hand)
        strong = sum(c.force for c in mx) + my_bonus > forces[len(forces) // 2] + opp_bonus
        if strong:
            return Commit(tuple(mx))
        if hand[Card.DIPLOMACY]:
            return Commit((Card.DIPLOMACY,))
        return Commit((cheapest_card(hand),))


#: Named knob settings. ``greedy`` is the yardstick as written; ``tuned`` is the best point of a coordinate
#: ascent against it over paired games on the three 2-player maps (docs/ai.md, "Styles"); the MCTS plays by it.
STYLES: dict[str, dict[str, float | int]] = {
    "greedy": {},
    "tuned": {"win_margin": 1.0, "stake_margin": 1.0, "hand_target": 7, "min_armies": 4},
}


def material_gain(obs: Observation, offer: Offer) -> float:
    """How much a trade would raise the seat's material value (:func:`ai.material.heuristic_value`) in the
    observed position (hidden hands play no part: they do not change hands)."""
    before = heuristic_value(obs.state)[obs.seat]
    after_state = obs.state.clone()
    carry_out(after_state, offer)
    return heuristic_value(after_state)[obs.seat] - before


def safe_choice(action: Action, legal: list[Action]) -> Action:
    """``action`` if it is legal, else End if legal, else the first legal action: never illegal."""
    if action in legal:
        return action
    end = End()
    return end if end in legal else legal[0]


@register("greedy")
class GreedyAgent:
    """The hand-written baseline. Options: ``samples`` (Monte Carlo samples per battle estimate),
    ``hand`` (hand size to draw up to), ``style`` (a named set of knobs, :data:`STYLES`)."""

    def __init__(self, samples: int = 24, hand: int | None = None, style: str = "greedy", trade: int = 1) -> None:
        samples = whole_option("greedy", "samples", samples, 1, 10_000)
        if str(style) not in STYLES:
            raise SpecError(f"greedy option 'style': expected one of {', '.join(STYLES)}, got {clip(style)}")
        self.name = "greedy" if style == "greedy" else f"greedy:style={style}"
        self.policy = GreedyPolicy.styled(str(style), samples=samples)
        if hand is not None:
            self.policy.hand_target = whole_option("greedy", "hand", hand, 0, 116)
        self.trade = bool(whole_option("greedy", "trade", trade, 0, 1))
        self.offers = OfferMemory()

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """A trade offer that raises our material value (:mod:`ai.offers`), else the policy's action, or
        a legal fallback if the rules of thumb ever name an illegal one."""
        if len(legal) == 1:
            return legal[0]
        view = View.of_obs(obs)
        if self.trade:
            tried = self.offers.for_turn(view)
            offer = choose_offer(view, lambda o: material_gain(obs, o), tried, min_gain=0.01)
            if offer is not None:
                tried.add(offer)
                return offer
        return safe_choice(self.policy.act(view, rng), legal)

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """Accept when the material we receive clearly outweighs what we hand over."""
        action, why = self.policy.reply(View.of_obs(obs), offer)
        return type(action).__name__ == "Accept", why
