"""The ``greedy`` agent: the hand-written baseline a good hobbyist would write, and the MCTS playout policy.

The policy reads only what its seat may see: its own hand, the board, gold, honor, hand sizes and the
cards it has not seen (:class:`View`). Economy first (Prosperity, free draw, one honor a turn, armies in
proportion to the opponent), march on the nearest worthwhile target (empty enemy fortress, uncontrolled
keeps, weak enemy armies), attack when a Monte Carlo estimate of both sides' best force favours it,
commit just enough cards to win, and play Much Honor, Intrigue and Forced March when they help.
"""

from __future__ import annotations

import random

from ai.agent import SpecError, clip, register, whole_option
from ai.material import KEEP_VALUE, bundle_worth, heuristic_value
from ai.offers import OfferMemory, choose_offer
from ai.toolkit import shogun
from ai.toolkit.commit import HandSets, cheapest_card, max_force
from ai.toolkit.distances import INF, distances, keeps_of
from ai.toolkit.modules import site_attack_handicap, site_target, support_choice
from ai.toolkit.odds import attack_chance, committed_forces, opponent_forces
from ai.toolkit.view import View, hostile, opponents, safe_choice
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
from japanese_swords.board import NEIGHBOURS, Terrain
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import State, decision, raise_squares
from japanese_swords.modules import terrain_arms, weather
from japanese_swords.movement import reachable
from japanese_swords.observation import Observation
from japanese_swords.phases.battle import battle_bonuses
from japanese_swords.phases.common import attacking_armies
from japanese_swords.phases.travel import movable_armies
from japanese_swords.trading import carry_out


def attack_hand(state: State, hand: list[int], square: int) -> list[int]:
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


# ----- the policy ---------------------------------------------------------------------------------------
def attack_odds(view: View, army: int, target: int, samples: int, rng: random.Random) -> float:
    """The chance that army ``army``'s strongest commitment beats the army on ``target`` (``samples``
    deals of the unseen cards): experience and terrain, and under modules walls, ronin, the weather,
    horses that may not count and a site's handicap."""
    state = view.state
    occ = state.occupant[target]
    enemy = state.armies[occ]
    bonus = enemy.experience + state.game.board.terrain[target].defense
    mine = state.armies[army].experience
    if state.game.rules.modules:  # the weather weakens us; horses may not count here
        bonus += shogun.defence(view, target) + shogun.ronin_force(view, occ)
        mine += shogun.ronin_force(view, army)
        mine -= weather.attack_penalty(state)
        mine -= max_force(view.hand, view.rules) - max_force(attack_hand(state, view.hand, target), view.rules)
        mine -= site_attack_handicap(state, target)
    return attack_chance(view, mine, enemy.owner, bonus, samples, rng)


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
        if kind == "support":
            return support_choice(state)
        if kind == "discard":
            return Discard(cheapest_card(view.hand))
        if kind == "disband":
            return self.disband(view)
        if kind == "bid":  # the bidding module
            return shogun.choose_bid(view)
        phase = state.phase
        if phase == Phase.REVENUE:
            return PlayCard(Card.PROSPERITY) if view.hand[Card.PROSPERITY] else End()
        if phase == Phase.EXPENSE:
            action = self.expense(view)
            if isinstance(action, End) and state.game.rules.modules:  # walls and ronin with gold to spare
                action = shogun.expense(view) or action
            return action
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
        return opponents(view)

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
        """Answer Intrigue: lose cards when the ones to lose are cheap, else honor; then discard cheapest."""
        state = view.state
        _target, left = state.intrigue  # type: ignore[misc]
        hand = view.hand
        if left < 0:
            n = view.rules.intrigue_cards
            if sum(hand) < n:
                return IntrigueReply(False)
            worst = sorted(KEEP_VALUE[c] for c in C.cards_of(hand))[:n]
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
        state, seat, rules = view.state, view.seat, view.rules
        hand = sum(view.hand)
        if state.draws_this_phase < rules.free_draws:
            return Draw()
        reserve = rules.honor_price  # the honor bought later this turn
        if len(state.armies_of(seat)) < self.wanted_armies(view):
            reserve += rules.army_cost  # saving for the next army
        if state.gold[seat] - rules.draw_price >= reserve and hand < self.hand_target:
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
        rules = view.rules
        if state.honor_bought < rules.honor_buys_per_phase and state.gold[seat] >= rules.honor_price:
            return BuyHonor()
        return End()

    def threat_to_home(self, view: View) -> int:
        """Movement points from the nearest enemy army to our home fortress."""
        state = view.state
        d = distances(state.game.board)
        home = self.home(view)
        return min((d[a.square][home] for a in state.armies.values() if hostile(state, view.seat, a.owner)),
                   default=INF)

    def targets(self, view: View) -> list[int]:
        """Squares worth marching on: keeps we do not hold and no one guards, and enemy fortresses."""
        state = view.state
        board = state.game.board
        out = [k for k in keeps_of(board) if hostile(state, view.seat, state.control[k]) and state.occupant[k] < 0]
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
        keeps = [k for k in keeps_of(board) if hostile(state, view.seat, state.control[k]) and state.occupant[k] < 0
                 and k not in claimed]
        if keeps:
            return min(keeps, key=lambda k: (d[square][k], k))
        if state.game.rules.modules:  # the sites module: hold a battlefield site for its honor
            site = site_target(state, square, claimed, d)
            if site is not None:
                return site
        if edge >= self.aggression_edge or sum(view.hand) >= self.aggression_hand:
            enemies = [a.square for a in state.armies.values() if hostile(state, view.seat, a.owner)]
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
        best: tuple[float, Attack] | None = None
        for _aid, a in attacking_armies(state, seat):
            for n in NEIGHBOURS[a.square]:
                occ = state.occupant[n]
                if occ < 0 or not hostile(state, seat, state.armies[occ].owner):
                    continue
                p = attack_odds(view, _aid, n, self.samples, rng)
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
        dfn = state.armies[b.defender]
        attacking = b.attacker_seat == seat
        opp = b.defender_seat if attacking else b.attacker_seat
        att_bonus, def_bonus = battle_bonuses(state)
        if state.game.rules.modules:  # the weather's and a site's penalty; ronin as this seat knows them
            att_bonus += shogun.ronin_force(view, b.attacker) - weather.attack_penalty(state)
            att_bonus -= site_attack_handicap(state, dfn.square)
            def_bonus += shogun.ronin_force(view, b.defender)
        if attacking:
            my_bonus, opp_bonus = att_bonus, def_bonus
            useful = attack_hand(state, hand, dfn.square)
            if sum(useful):  # horses that count 0 here stay in hand
                hand = useful
            forces = opponent_forces(view, opp, 0, self.samples, rng)
        else:
            my_bonus, opp_bonus = def_bonus + 1, att_bonus  # +1: ties go to the defender
            forces = committed_forces(view, opp, self.samples, rng)
        margin = self.stake_margin if board.fortress_owner(dfn.square) is not None else self.win_margin
        k = min(len(forces) - 1, int(len(forces) * margin))
        target = forces[k] + opp_bonus - my_bonus + 1
        sets = HandSets(hand, view.rules)
        chosen = sets.just_enough(max(target, 1))
        if chosen is not None:
            return Commit(tuple(chosen))
        if sets.force + my_bonus > forces[len(forces) // 2] + opp_bonus:  # the strongest set is likely enough
            return Commit(tuple(sets.strongest))
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
