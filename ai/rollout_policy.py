"""The rollout policy as an ordinary agent over the engine API: the scalar reference of the batch simulator.

:class:`RolloutAgent` makes exactly the choices :class:`ai.batch.policy.RolloutPolicy` describes, one
engine decision at a time, from the seat's observation. It is what :mod:`tools.bench_rollouts` measures the
compiled batch simulator against (the same work), and :func:`to_batch_start` uses it to bring any state to a
point where the batch simulator can take over (:func:`finish_turn`: to the start of the next turn).
"""

from __future__ import annotations

import math
import random
from dataclasses import fields

import numpy as np

from ai.agent import number_option, register, whole_option
from ai.batch.policy import Policies, RolloutPolicy, commit_force, first_discard, greedy_commit, per_seat
from ai.batch.tables import MAX_MOVE_POINTS, map_tables
from ai.specerror import unknown_option
from ai.toolkit.modules import support_choice
from japanese_swords.actions import (
    Action,
    Attack,
    Bid,
    BuyHonor,
    Commit,
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
)
from japanese_swords.board import NEIGHBOURS, SIZE, Terrain
from japanese_swords.cards import Card, cards_of
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, decision, initial_state, raise_squares
from japanese_swords.game import Game
from japanese_swords.modules import castles, ronin, teams
from japanese_swords.movement import attack_targets, reachable
from japanese_swords.observation import Observation, observation
from japanese_swords.phases.battle import commit_rules
from japanese_swords.phases.common import may_attack, may_move

_EPS = 1e-12


def _side(state: State, seat: int) -> tuple[int, ...]:
    """The seats whose armies and holdings are not the policy's targets: ``seat``, and its partner in a
    team game (the teams module)."""
    return teams.team(seat) if state.game.rules.modules and teams.active(state) else (seat,)


def attraction(state: State, seat: int, policy: RolloutPolicy) -> list[float]:
    """log of the policy's attraction field for ``seat`` at every square (see :class:`RolloutPolicy`)."""
    # the distances do not depend on the movement points: any tables of the board serve
    tables = map_tables(state.game.board, min(state.game.rules.move_points, MAX_MOVE_POINTS))
    kernel = tables.kernel(policy.field_decay)
    weights = [0.0] * len(state.control)
    board = state.game.board
    side = _side(state, seat)
    for sq, t in enumerate(board.terrain):
        if t in (Terrain.KEEP, Terrain.FORTRESS) and state.control[sq] not in side:
            if t == Terrain.KEEP:
                weights[sq] = policy.w_keep
            else:
                home = board.fortress_owner(sq)
                live_home = home is not None and home != seat and state.alive[home]
                weights[sq] = policy.w_home if live_home else policy.w_fortress
    for a in state.armies.values():
        if a.owner not in side:
            weights[a.square] += policy.w_army
    field = np.asarray(weights) @ kernel  # one matrix product instead of a Python loop per target
    return np.log(field + _EPS).tolist()


def threatened_keep(state: State, seat: int, policy: RolloutPolicy) -> int | None:
    """The castles module: the keep the policy walls this turn, or None: the lowest keep ``seat`` controls
    with its own army on it and fewer than the most levels, with an enemy army within ``wall_threat`` row
    plus column steps, while ``gold >= cost + wall_reserve`` (once a turn)."""
    p = castles.params(state)
    if p is None or state.fortified or state.gold[seat] < p["cost"] + policy.wall_reserve:
        return None
    side = _side(state, seat)
    enemies = [a.square for a in state.armies.values() if a.owner not in side]
    terrain = state.game.board.terrain
    for sq, holder in enumerate(state.control):
        army = state.army_at(sq)
        if (holder != seat or terrain[sq] != Terrain.KEEP or army is None or army.owner != seat
                or state.walls.get(sq, 0) >= p["levels"]):
            continue
        if any(abs(e // SIZE - sq // SIZE) + abs(e % SIZE - sq % SIZE) <= policy.wall_threat for e in enemies):
            return sq
    return None


def ronin_square(state: State, seat: int, policy: RolloutPolicy) -> int | None:
    """The ronin module: the army (its square) the policy hires a ronin for now, or None: the first in
    square order with an enemy army orthogonally next to it and fewer than ``ronin_cap`` (and the module's
    most) ronin, while ``gold >= cost + ronin_reserve``."""
    p = ronin.params(state)
    if p is None or state.gold[seat] < p["cost"] + policy.ronin_reserve:
        return None
    side = _side(state, seat)
    cap = min(policy.ronin_cap, p["most"])
    for aid, army in sorted(state.armies_of(seat), key=lambda x: x[1].square):
        if state.ronin.get(aid, 0) >= cap:
            continue
        near = (state.army_at(n) for n in NEIGHBOURS[army.square])
        if any(e is not None and e.owner not in side for e in near):
            return army.square
    return None


@register("rollout")
class RolloutAgent:
    """The rollout policy as an agent: economy, marching on targets, favourable attacks, greedy commits."""

    def __init__(self, **options: object) -> None:
        """Options are :class:`RolloutPolicy` fields (``rollout:army_cap=4``)."""
        checked: dict[str, object] = {}
        for f in fields(RolloutPolicy):
            if f.name in options:
                value = options.pop(f.name)
                if f.type in (int, "int"):
                    top = 100 if f.name == "bid_percent" else 1000  # (a bid is a share of the gold)
                    checked[f.name] = whole_option("rollout", f.name, value, 0, top)
                else:
                    checked[f.name] = number_option("rollout", f.name, value, 0.0, 1000.0)
        if options:
            raise unknown_option("rollout", next(iter(options)), (f.name for f in fields(RolloutPolicy)))
        self.policy = RolloutPolicy(**checked)  # type: ignore[arg-type]
        self.name = "rollout"
        self._key: tuple[int, int, int] | None = None
        self._done: set[int] = set()  # armies already considered in this travel or battle phase
        self._field: list[float] | None = None

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """The rollout policy never trades."""
        return False, "the rollout policy does not trade"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """The policy's action for the seat's pending decision (always one of ``legal``)."""
        return self.decide(obs.state, obs.seat, list(obs.hand_sizes), legal, rng)

    def decide(self, state: State, seat: int, hand_sizes: list[int], legal: list[Action] | None,
               rng: random.Random) -> Action:
        """Choose from what ``seat`` may see: ``state`` (own hand, public facts) and every hand's size.

        ``legal`` may be None when ``state`` is a full state (not an observation): the few candidates the
        policy looks at are then generated directly, which is much faster than listing every legal action.
        """
        p = self.policy
        kind = decision(state)
        hand = state.hands[seat]
        if kind == "reply":
            return Decline()
        if kind == "intrigue":
            if state.intrigue[1] < 0:  # type: ignore[index]
                return IntrigueReply(sum(hand) >= max(state.game.rules.intrigue_cards, p.intrigue_cards_min))
            return Discard(Card(first_discard(hand)))
        if kind == "discard":
            return Discard(Card(first_discard(hand)))
        if kind == "commit":
            return Commit(tuple(cards_of(self._commit(state, seat))))
        if kind == "bid":  # the bidding module: a share of the gold above a reserve (0 by default)
            return Bid(p.bid(state.gold[seat]))
        if kind == "support":
            return support_choice(state)
        if kind == "disband":
            if legal is None:
                legal = [Disband(a.square) for _, a in state.armies_of(seat)]
            return min(legal, key=lambda a: self._disband_key(state, a))
        phase, gold = state.phase, state.gold[seat]
        rules = state.game.rules
        if phase == Phase.REVENUE:
            return PlayCard(Card.PROSPERITY) if hand[Card.PROSPERITY] else End()
        if phase == Phase.EXPENSE:
            if legal is None:
                raises = ([Raise(sq) for sq in raise_squares(state, seat)] if gold >= rules.army_cost else [])
            else:
                raises = [a for a in legal if isinstance(a, Raise)]
            n_armies = sum(1 for a in state.armies.values() if a.owner == seat)
            if raises and gold >= rules.army_cost + p.raise_reserve and n_armies < p.army_cap:
                forts = [a for a in raises if state.game.board.terrain[a.square] == Terrain.FORTRESS]
                return forts[0] if forts else raises[rng.randrange(len(raises))]
            keep = threatened_keep(state, seat, p) if p.wall_threat and rules.modules else None
            if keep is not None:
                return Fortify(keep)
            hire = ronin_square(state, seat, p) if p.ronin_cap and rules.modules else None
            return End() if hire is None else HireRonin(hire)
        if phase == Phase.DRAW:
            d, free, price = state.draws_this_phase, rules.free_draws, rules.draw_price
            if legal is None:
                can = (d < free or gold >= price) and (sum(state.deck) + sum(state.discard) > 0)
            else:
                can = Draw() in legal
            if can and (d < free or (d < p.max_draws and gold >= price + p.draw_reserve
                                                and sum(hand) < p.hand_target)):
                return Draw()
            return End()
        if phase == Phase.HONOR:
            if hand[Card.MUCH_HONOR]:
                return PlayCard(Card.MUCH_HONOR)
            can = (state.honor_bought < rules.honor_buys_per_phase and gold >= rules.honor_price) \
                if legal is None else BuyHonor() in legal
            if state.honor_bought == 0 and gold >= rules.honor_price + p.honor_reserve and can:
                return BuyHonor()
            if hand[Card.INTRIGUE]:
                side = _side(state, seat)
                opponents = [s for s in range(state.num_players) if s not in side and state.alive[s]]
                target = max(opponents, key=lambda s: (state.honor[s], -s))
                return PlayCard(Card.INTRIGUE, target)
            return End()
        if phase == Phase.TRAVEL:
            return self._travel(state, seat, legal, rng)
        if phase == Phase.BATTLE:
            return self._battle(state, seat, hand_sizes, legal, rng)
        return End()  # the Forced March phases: the policy never marches

    # ----- helpers ---------------------------------------------------------------------------------------
    def _phase_memory(self, state: State) -> None:
        """Forget the considered armies and the field when a new phase (or turn) starts."""
        key = (state.round, state.turn_index, int(state.phase))
        if key != self._key:
            self._key, self._done, self._field = key, set(), None

    def _travel(self, state: State, seat: int, legal: list[Action] | None, rng: random.Random) -> Action:
        """Move the first not-yet-considered army that wants to move (square order), else end."""
        self._phase_memory(state)
        p = self.policy
        if self._field is None:
            self._field = attraction(state, seat, p)
        field = self._field
        home = state.game.board.fortresses[seat]
        for aid, army in sorted(state.armies.items(), key=lambda x: x[1].square):
            if army.owner != seat or not may_move(state, aid) or aid in self._done:
                continue
            self._done.add(aid)
            if army.square == home:
                continue  # the garrison stays
            best, best_score = None, field[army.square] + p.move_noise * rng.random()
            moves = legal
            if moves is None:
                moves = [Move(army.square, d) for d in sorted(reachable(state, aid))]
            for a in moves:
                if isinstance(a, Move) and a.src == army.square:
                    score = field[a.dst] + p.move_noise * rng.random()
                    if score > best_score:
                        best, best_score = a, score
            if best is not None:
                return best
        return End()

    def _battle(self, state: State, seat: int, hand_sizes: list[int], legal: list[Action] | None,
                rng: random.Random) -> Action:
        """Attack with the first not-yet-considered army whose best target looks favourable, else end."""
        self._phase_memory(state)
        p = self.policy
        rules = state.game.rules
        mine = commit_force(greedy_commit(state.hands[seat], rules))
        defense = state.game.board.terrain
        for aid, army in sorted(state.armies.items(), key=lambda x: x[1].square):
            if army.owner != seat or not may_attack(state, aid) or aid in self._done:
                continue
            self._done.add(aid)
            best, best_adv = None, -math.inf
            attacks = legal
            if attacks is None:
                attacks = [Attack(army.square, d) for d in attack_targets(state, aid)]
            for a in attacks:
                if isinstance(a, Attack) and a.src == army.square:
                    enemy = state.army_at(a.dst)
                    assert enemy is not None
                    theirs = p.avg_force * min(hand_sizes[enemy.owner], rules.commit_cards) + enemy.experience
                    adv = mine + army.experience - theirs - defense[a.dst].defense
                    if adv > best_adv:
                        best, best_adv = a, adv
            if best is not None and best_adv + p.attack_noise * (rng.random() - 0.5) > p.attack_margin:
                return best
        return End()

    def _commit(self, state: State, seat: int) -> list[int]:
        """The greedy commitment, or Diplomacy alone for a defender facing a clearly stronger attack."""
        hand = state.hands[seat]
        counts = greedy_commit(hand, commit_rules(state) if state.game.rules.modules else state.game.rules)
        b = state.battle
        assert b is not None
        if seat == b.defender_seat and hand[Card.DIPLOMACY]:
            att, dfn = state.armies[b.attacker], state.armies[b.defender]
            mine = commit_force(counts) + dfn.experience + state.game.board.terrain[dfn.square].defense
            theirs = self.policy.avg_force * b.attacker_count + att.experience
            if mine < theirs - self.policy.diplomacy_margin:
                counts = [0] * len(hand)
                counts[Card.DIPLOMACY] = 1
        return counts

    @staticmethod
    def _disband_key(state: State, a: Action) -> tuple[int, int, int]:
        """Disband order: not the garrison first, then lowest experience, then lowest square."""
        assert isinstance(a, Disband)
        army = state.army_at(a.square)
        assert army is not None
        return (int(a.square == state.game.board.fortresses[army.owner]), army.experience, a.square)


def at_turn_start(state: State) -> bool:
    """True at the start of a turn: the revenue phase's own decision, nothing pending."""
    return state.order is not None and state.phase == Phase.REVENUE and decision(state) == "main"


def _play_until(state: State, rng: random.Random, agent: RolloutAgent, stop,
                seats: tuple[RolloutPolicy, ...] | None = None) -> int:
    """Apply the policy's choices (chance from ``rng``; ``seats``: each seat's own policy) until
    ``stop(state)`` or the game ends; the count."""
    steps = 0
    while not state.is_terminal() and not stop(state):
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            if seats is not None:
                agent.policy = seats[seat]
            action = agent.decide(state, seat, [sum(h) for h in state.hands], None, rng)
        state.apply(action)
        steps += 1
    return steps


def play_turn(state: State, rng: random.Random, agent: RolloutAgent | None = None) -> int:
    """Play the rest of the current turn with the rollout policy (chance from ``rng``), until another turn
    starts or the game ends; returns the actions played. (Playing Prosperity leaves a state at a turn
    start, so turns are told apart by round and turn index, not by :func:`at_turn_start`.)"""
    key = (state.round, state.turn_index)
    return _play_until(state, rng, agent or RolloutAgent(), lambda s: (s.round, s.turn_index) != key)


def opening_states(game: Game, n: int, seed: int, first: int = 0, tag: str = "") -> list[State]:
    """``n`` new games of ``game``, game ``i`` brought to the start of its first turn (turn order drawn) by
    ``random.Random(f"{tag}{seed}:{first + i}")``: the same arguments, the same games."""
    out = []
    for i in range(n):
        s = initial_state(game)
        finish_turn(s, random.Random(f"{tag}{seed}:{first + i}"))
        out.append(s)
    return out


def finish_turn(state: State, rng: random.Random, policy: Policies | None = None) -> int:
    """Play ``state`` (a full state, mutated in place) with the rollout policy (one for all seats or one per
    seat) and ``rng`` for chance until the next turn starts or the game ends; returns the number of actions
    played. A state already at the start of a turn is left as it is."""
    return _play_until(state, rng, RolloutAgent(), at_turn_start, per_seat(policy, state.num_players))


def finished_turns(states: list[State], rng: random.Random) -> list[State]:
    """Clones of ``states``, each played by the rollout policy to the start of the next turn
    (:func:`finish_turn`, chance from ``rng``); the states themselves are not touched."""
    out = []
    for s in states:
        t = s.clone()
        finish_turn(t, rng)
        out.append(t)
    return out


def to_batch_start(state: State, rng: random.Random, policy: Policies | None = None) -> int:
    """Play ``state`` (a full state, mutated in place) with the rollout policy until the batch simulator
    can take it over (:func:`ai.batch.state.resumable`: a turn start, or a main decision with nothing
    pending at a phase the simulator resumes at) or the game ends; returns the actions played. Much cheaper
    than :func:`finish_turn` for search leaves, which are mostly at such a decision already."""
    from ai.batch.state import resumable

    return _play_until(state, rng, RolloutAgent(), resumable, per_seat(policy, state.num_players))


def scalar_rollout(start: State, turns: int, rng: random.Random) -> int:
    """The rollout benchmarks' unit of scalar work: play up to ``turns`` player-turns of a copy of ``start``
    with a :class:`RolloutAgent` in every seat going through the agent protocol (observation, legal
    actions, choose); returns the player-turns played."""
    s = start.clone()
    agents = [RolloutAgent() for _ in range(s.num_players)]
    played = 0
    key = (s.round, s.turn_index)
    while played < turns and not s.is_terminal():
        seat = s.current_player()
        if seat == CHANCE:
            action = sample_chance(s, rng)
        else:
            action = agents[seat].choose(observation(s, seat), s.legal_actions(), rng)
        s.apply(action)
        if s.is_terminal() or (s.round, s.turn_index) != key:  # a turn ended
            played += 1
            key = (s.round, s.turn_index)
    return played
