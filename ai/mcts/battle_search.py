"""The battle searches: a battle commitment (decoupled UCT when the opponent has yet to commit) and which
attack to start, each sampled world played only through the battle and judged at once (or by short
playouts with ``battle_turns``)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable

from ai.mcts.config import MCTSConfig
from ai.mcts.descent import Descent, _spent, settle_discards, turn_ordinal
from ai.mcts.evaluator import Evaluator
from ai.mcts.node import Node, select
from ai.mcts.options import Option
from japanese_swords.actions import Attack
from japanese_swords.engine import State
from japanese_swords.observation import Observation


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
