"""The battle searches: a battle commitment (decoupled UCT when the opponent has yet to commit, or with
``battle=eq`` the commitment game of sampled worlds solved by CFR+) and which attack to start, each
sampled world played only through the battle and judged at once (or by short playouts with
``battle_turns``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable

import numpy as np

from ai.mcts.battle_equilibrium import BattleGame, option_values, solve
from ai.mcts.config import MCTSConfig
from ai.mcts.descent import Descent, _spent, settle_discards, turn_ordinal
from ai.mcts.evaluator import Evaluator
from ai.mcts.node import Node, mixed_policy, select
from ai.mcts.options import Option, commit_options
from ai.toolkit.view import View
from japanese_swords.actions import Action, Attack, Commit
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, decision
from japanese_swords.observation import Observation

#: Equilibrium probabilities below this are dropped before the draw (CFR+ averages keep traces of
#: options it has abandoned).
PURIFY = 0.02
#: Share of a time budget kept for solving the game once the worlds are played.
SOLVE_SHARE = 0.25


class BattleSearch(Descent):
    """The battle and attack searches (a mixin of :class:`~ai.mcts.bot.MCTSAgent`)."""

    config: MCTSConfig
    iterations: int | None
    batch: int
    evaluator: Evaluator
    value: Callable[[State], list[float]]
    last_iterations: int
    last_root: Node | None
    last_stats: list[tuple[str, int, float]]
    last_commit: list[tuple[Action, float]]

    def commit_policy(self, obs: Observation, root_opts: list[Option], rng: random.Random, start: float,
                      budget: float | None) -> list[float]:
        """The mixed strategy over ``root_opts`` the final commitment is drawn from: decoupled UCT's visit
        counts near the best mean (``battle=uct``) or the CFR+ equilibrium (``battle=eq``). Kept in
        ``last_commit`` as (action, probability) pairs for tools that measure it."""
        if self.config.battle == "eq":
            probs = self.solve_battle(obs, root_opts, rng, start, budget)
        else:
            root = self.search_battle(obs, root_opts, rng, start, budget)
            probs = mixed_policy(root.edges, [k for k, _ in root_opts], self.config.mix_margin)
        self.last_commit = [(a, p) for (_, a), p in zip(root_opts, probs, strict=True)]
        return probs

    def solve_battle(self, obs: Observation, root_opts: list[Option], rng: random.Random, start: float,
                     budget: float | None) -> list[float]:
        """The equilibrium commitment: sampled worlds, every pair of commitments in each played through the
        battle and judged by :meth:`_battle_values`, the game solved by CFR+
        (:mod:`ai.mcts.battle_equilibrium`); returns probabilities over ``root_opts``. The worlds count
        against the budget like the leaves of :meth:`search_battle`."""
        b = obs.state.battle
        assert b is not None
        attacking = b.attacker_cards is None
        limit = None if self.iterations is None else self.iterations * (
            1 if self.config.battle_turns > 0 else self.config.battle_iterations)
        deadline = None if budget is None else start + budget * (1 - SOLVE_SHARE)
        target = turn_ordinal(obs.state) + self.config.battle_turns
        build = GameBuilder(b.attacker_seat, b.defender_seat)
        w = 0
        while True:
            world = self.world(obs, rng)
            if attacking:
                build.attacker_world(w, world, root_opts, rng)
            else:
                build.defender_world(w, world, root_opts, b.attacker_count, rng)
            w += 1
            if _spent(len(build.leaves), limit, deadline) or (budget is None and limit is None):
                break
        values = self._battle_values(build.leaves, target, rng)
        game = build.game(values)
        sa, sd = solve(game)
        index = 0 if attacking else build.defender_sets[b.attacker_count][0]
        probs = sa[index] if attacking else sd[index]
        leaves, chance = option_values(game, sa, sd, attacking, index)
        self.last_iterations, self.last_root = len(build.leaves), None  # (no tree: a solved game)
        self.last_stats = [(str(k), int(leaves[i]), float(chance[i])) for i, (k, _) in enumerate(root_opts)]
        probs = np.where(probs >= PURIFY, probs, 0.0)
        if probs.sum() <= 0:
            return [1.0 / len(root_opts)] * len(root_opts)
        return [float(p) for p in probs[:len(root_opts)] / probs.sum()]

    def search_battle(self, obs: Observation, root_opts: list[Option], rng: random.Random, start: float,
                      budget: float | None) -> Node:
        """Search a battle commitment: UCT at the root (decoupled UCT when the opponent has yet to commit),
        each sampled world played only until the battle is resolved and judged by :meth:`_battle_values`
        (the outcome is immediate, so hundreds of cheap iterations beat a few long playouts)."""
        root = Node()

        def walk(world: State) -> list:
            path = self._descend(root, world, root_opts, rng, shallow=True)
            settle_discards(world)
            return path

        done = self._battle_loop(obs, rng, start, budget, walk)
        self._record_root(root, [k for k, _ in root_opts], done)
        return root

    def _battle_loop(self, obs: Observation, rng: random.Random, start: float, budget: float | None,
                     walk: Callable[[State], list]) -> int:
        """Walk sampled worlds through a battle search (``walk`` plays one and returns its edge path) until
        the budget is spent, backing up each leaf's value; returns the iterations run. Judged by the static
        value, each iteration is cheap (``battle_iterations`` per iteration of budget); with
        ``battle_turns`` the leaves are gathered ``batch`` at a time for the playouts."""
        deadline = None if budget is None else start + budget
        playouts = self.config.battle_turns > 0
        per_iteration = 1 if playouts else self.config.battle_iterations
        limit = None if self.iterations is None else self.iterations * per_iteration
        target = turn_ordinal(obs.state) + self.config.battle_turns
        done = 0
        per_leaf = 0.0
        while not _spent(done, limit, deadline):
            group = 1
            if playouts:
                group = self.batch if limit is None else min(self.batch, limit - done)
                if deadline is not None:  # a few leaves until their cost is known, then what fits
                    fit = int((deadline - time.perf_counter()) / per_leaf) if per_leaf > 0 else 4
                    group = max(1, min(group, fit))
            t0 = time.perf_counter()
            worlds: list[State] = []
            paths: list[list] = []
            for _ in range(group):
                world = self.world(obs, rng)
                paths.append(walk(world))
                worlds.append(world)
            for path, value in zip(paths, self._battle_values(worlds, target, rng), strict=True):
                for edge, seat in path:
                    edge.w += value[seat]
            done += group
            per_leaf = (time.perf_counter() - t0) / group
            if budget is None and limit is None:
                break
        return done

    def _battle_values(self, worlds: list[State], target: int, rng: random.Random) -> list[list[float]]:
        """Per-seat values of battle-search leaves: the static value right after the battle, or with
        ``battle_turns`` playouts to turn ordinal ``target`` (the counter-attack an attack invites)."""
        if self.config.battle_turns == 0:
            return [self.value(w) for w in worlds]
        turns = [max(0, target - turn_ordinal(w)) for w in worlds]
        return self.evaluator.evaluate(worlds, rng, turns=turns)

    def _record_root(self, root: Node, keys: list, done: int) -> None:
        """Keep the finished search's root, its iteration count and per-option (visits, mean) for callers."""
        self.last_iterations = done
        self.last_root = root
        self.last_stats = [(str(k), root.edges[k].n if k in root.edges else 0,
                            root.edges[k].mean if k in root.edges else 0.0) for k in keys]

    def _attack_pick(self, root: Node, keys: list[Hashable], prior: int | None) -> int:
        """The attack (or End) with the best mean, the policy's choice given ``prior_bonus``: End is scored
        as the position stands, blind to the counter-attack it invites, so a small edge of an attack over
        it is noise or bias, not a reason to overrule the policy. Options seen in fewer than ``min_visits``
        worlds do not count."""
        def mean(i: int) -> float:
            edge = root.edges.get(keys[i])
            if edge is None or edge.n < self.config.min_visits:
                return -1.0
            return edge.w / edge.n + (self.config.prior_bonus if i == prior else 0.0)

        best = max(range(len(keys)), key=lambda i: (mean(i), -i))
        if prior is not None and mean(best) < 0:
            return prior
        return best

    def search_attack(self, obs: Observation, root_opts: list[Option], rng: random.Random, start: float,
                      budget: float | None) -> Node:
        """Search which attack to start (or none): UCT over the attacks and End at the root; an attack is
        played out through its battle (the cards dealt, both commitments by decoupled UCT, the discards)
        and judged by :meth:`_battle_values`; End by the position as it stands (static value) or, with
        ``battle_turns``, by playouts from the end of the battle phase."""
        root = Node()
        keys = [k for k, _ in root_opts]
        actions = dict(root_opts)
        playouts = self.config.battle_turns > 0

        def walk(world: State) -> list:
            key, edge = select(root.edges, keys, self.c)
            path = [(edge, obs.seat)]
            action = actions[key]
            if isinstance(action, Attack):
                world.apply(action)
                child, _ = root.child(key)
                path += self._descend(child, world, None, rng, shallow=True)
                settle_discards(world)
            elif playouts and world.why_illegal(action) is None:
                world.apply(action)
            return path

        done = self._battle_loop(obs, rng, start, budget, walk)
        self._record_root(root, keys, done)
        return root


def _advance(world: State, rng: random.Random) -> None:
    """Play the chance events pending in ``world`` (from ``rng``)."""
    while not world.is_terminal() and world.current_player() == CHANCE:
        world.apply(sample_chance(world, rng))


def commit_answers(world: State, seat: int) -> list[tuple[object, Action | None]]:
    """The commitment options of ``seat`` if it is to commit in ``world``, else one option of no action
    (an empty hand commits nothing, without a decision)."""
    if decision(world) != "commit" or world.current_player() != seat:
        return [("none", None)]
    opts = [(k, a) for k, a in commit_options(View.of_state(world, seat)) if world.why_illegal(a) is None]
    return opts or [("first", world.legal_actions()[0])]


#: A side's commitment options in a world: (world index, state, seat) -> [(label, action or None)].
Answers = Callable[[int, State, int], list[tuple[object, "Action | None"]]]


class GameBuilder:
    """Gathers the leaves of a commitment game world by world and the information set of every choice
    (see :class:`~ai.mcts.battle_equilibrium.BattleGame`)."""

    def __init__(self, attacker: int, defender: int, answers: Answers | None = None) -> None:
        """``answers(world index, state, seat)`` lists a side's options in a world (default: the search's
        commitment options, :func:`commit_answers`); a tool measuring other policies adds their choices."""
        self.attacker, self.defender = attacker, defender
        self.answers: Answers = answers or (lambda _w, world, seat: commit_answers(world, seat))
        self.leaves: list[State] = []
        self.cells: list[tuple[int, int, int]] = []  # (world, attacker option, defender option) per leaf
        self.a_sets: list[int] = []  # per world
        self.a_width = 1
        self.d_of: dict[tuple[int, int], int] = {}  # (world, attacker option) -> defender information set
        self.defender_sets: dict[object, tuple[int, list[object]]] = {}  # key -> (index, option labels)
        self.columns: dict[int, dict[int, Action | None]] = {}  # defender set -> column -> action (last seen)

    def _defender_set(self, key: object, opts: list[tuple[object, Action | None]]) -> tuple[int, list[int]]:
        """The index of the defender's information set ``key`` and the column of each of ``opts`` in it:
        columns are given by label, so "just enough" is one option of the set in every world."""
        if key not in self.defender_sets:
            self.defender_sets[key] = (len(self.defender_sets), [])
        index, labels = self.defender_sets[key]
        cols = []
        for label, _ in opts:
            if label not in labels:
                labels.append(label)
            cols.append(labels.index(label))
        return index, cols

    def _play(self, w: int, i: int, after: State, key: object, opts: list[tuple[object, Action | None]],
              rng: random.Random) -> None:
        """Every defender answer in ``after`` (the attacker's option ``i`` applied), played to a leaf; the
        defender's information set is ``key``."""
        index, cols = self._defender_set(key, opts)
        self.d_of[(w, i)] = index
        self.columns.setdefault(index, {}).update(zip(cols, (a for _, a in opts), strict=True))
        for j, (_, action) in zip(cols, opts, strict=True):
            leaf = after.clone()
            if action is not None:
                leaf.apply(action)
            _advance(leaf, rng)
            settle_discards(leaf)
            self.leaves.append(leaf)
            self.cells.append((w, i, j))

    def attacker_world(self, w: int, world: State, options: list[Option], rng: random.Random) -> None:
        """World ``w`` of the attacker's decision: its options are ``options`` in every world (one
        information set); the defender knows its hand, so its sets are keyed by (world, count)."""
        self.a_sets.append(0)
        self.a_width = max(self.a_width, len(options))
        for i, (_, action) in enumerate(options):
            after = world.clone()
            after.apply(action)
            _advance(after, rng)
            key = (w, len(action.cards) if isinstance(action, Commit) else 0)
            self._play(w, i, after, key, self.answers(w, after, self.defender), rng)

    def defender_world(self, w: int, world: State, options: list[Option], count: int, rng: random.Random) -> None:
        """World ``w`` of the defender's decision: the attacker's commitment is taken back into its hand
        and every option it had is played (its own information set per world); the defender sees only
        the count, so its sets are keyed by count, ``options`` being its answers to the count seen."""
        b = world.battle
        assert b is not None and b.attacker_cards is not None
        pre = world.clone()
        pb = pre.battle
        assert pb is not None
        for c in b.attacker_cards:
            pre.hands[self.attacker][c] += 1
        pb.attacker_cards, pb.attacker_count = None, 0
        a_opts = self.answers(w, pre, self.attacker)
        if all(a != Commit(b.attacker_cards) for _, a in a_opts):  # so the count seen is always reached
            a_opts.append(("sampled", Commit(b.attacker_cards)))
        self.a_sets.append(w)
        self.a_width = max(self.a_width, len(a_opts))
        for i, (_, action) in enumerate(a_opts):
            after = pre.clone()
            if action is not None:
                after.apply(action)
            _advance(after, rng)
            n = len(action.cards) if isinstance(action, Commit) else 0
            opts = list(options) if n == count else self.answers(w, after, self.defender)
            if n == count and (decision(after) != "commit" or after.current_player() != self.defender):
                opts = [("none", None)]
            self._play(w, i, after, n, opts, rng)

    def hidden_attacker_world(self, w: int, world: State, rng: random.Random) -> None:
        """World ``w`` of a game seen from the defender's side before the attacker commits: the attacker
        knows its sampled hand (one information set per world), the defender sees only the count."""
        a_opts = self.answers(w, world, self.attacker)
        self.a_sets.append(w)
        self.a_width = max(self.a_width, len(a_opts))
        for i, (_, action) in enumerate(a_opts):
            after = world.clone()
            if action is not None:
                after.apply(action)
            _advance(after, rng)
            n = len(action.cards) if isinstance(action, Commit) else 0
            self._play(w, i, after, n, self.answers(w, after, self.defender), rng)

    def game(self, values: list[list[float]]) -> BattleGame:
        """The game of the gathered leaves, ``values`` being their per-seat values."""
        k = len(self.a_sets)
        d_width = max(len(labels) for _, labels in self.defender_sets.values())
        ua = np.zeros((k, self.a_width, d_width))
        ud = np.zeros_like(ua)
        amask = np.zeros((k, self.a_width), dtype=bool)
        dmask = np.zeros_like(ua, dtype=bool)
        jd = np.full((k, self.a_width), -1)
        for (w, i, j), v in zip(self.cells, values, strict=True):
            ua[w, i, j], ud[w, i, j] = v[self.attacker], v[self.defender]
            amask[w, i] = dmask[w, i, j] = True
            jd[w, i] = self.d_of[(w, i)]
        return BattleGame(ua, ud, amask, dmask, np.array(self.a_sets), jd)
