"""The root search of ordinary decisions: Sequential Halving over the root options with common random
numbers, each leaf judged by playouts to the same turn."""

from __future__ import annotations

import math
import random
import time

import numpy as np

from ai.batch.state import LaneLeaf
from ai.learned.policy import FAMILIES, PolicyNet
from ai.learned.policy_features import option_features, policy_family
from ai.mcts.config import MCTSConfig
from ai.mcts.deal import deal_many
from ai.mcts.descent import Descent, LazyRandom, turn_ordinal
from ai.mcts.evaluator import BatchEvaluator, Evaluator
from ai.mcts.node import Node, RootStats, learned_margin
from ai.mcts.options import Option
from ai.mcts.public import PublicState, WorldCards, public_root, quiet_stand_in
from ai.mcts.worlds import deal_hidden, has_secrets
from japanese_swords.core import Phase
from japanese_swords.engine import State, decision
from japanese_swords.observation import Observation, observation

_BATTLE_PHASES = (Phase.BATTLE, Phase.MARCH_BATTLE)


class RootSearch(Descent):
    """The root search (a mixin of :class:`~ai.mcts.bot.MCTSAgent`)."""

    config: MCTSConfig
    #: The learned policy of ``prior=learned`` (the shipped one, or ``prior_weights``'s), else None.
    prior_net: PolicyNet | None
    iterations: int | None
    depth: int
    batch: int
    evaluator: Evaluator
    last_iterations: int
    last_root: Node | None
    last_stats: list[tuple[str, int, float]]
    #: The learned policy's probabilities of the current root's options (``prior=learned``), else None.
    prior_probs: list[float] | None = None
    #: Whether root searches may walk public states (:meth:`public_leaves`); off, every world is walked as
    #: an engine state (the same decisions, slower: tests and tools/bench_search.py compare the two).
    use_public: bool = True
    hand_weights: list[float] | None
    #: The policy's bonus at the current root (``MCTSConfig.root_bonus`` of the decision's budget), else
    #: ``prior_bonus``.
    root_bonus: float | None = None

    def search(self, obs: Observation, root_opts: list[Option], rng: random.Random, start: float,
               budget: float | None, prior: int | None = None) -> tuple[Node, RootStats]:
        """Run iterations until the iteration or time budget is spent; return the root and the root
        options' statistics.

        The root is searched by Sequential Halving (Karnin et al. 2013) with common random numbers: each
        sweep samples one world and plays every surviving root option in it with the same random stream,
        so options are compared pairwise; after each fraction of the budget the worse half is dropped.
        Below the root, selection is UCT with availability counts. ``prior`` (the greedy choice) gets a
        small bonus so that noise alone never overturns a sound default; with ``prior=learned`` the margin
        an option must beat the learned policy's top choice by shrinks with its probability instead.
        """
        self.prior_probs = self._learned_prior(obs, root_opts, prior)
        self.root_bonus = self.config.root_bonus(budget)
        root = Node()
        deadline = None if budget is None else start + budget
        target = turn_ordinal(obs.state) + self.depth_for(obs)  # every leaf is judged at the same turn
        stats = RootStats(len(root_opts), paired=self.config.prior_z > 0)  # sweeps feed prior_z's margin
        alive = list(range(len(root_opts)))
        phases = max(1, math.ceil(math.log2(len(root_opts))))
        halvings = 0
        done = 0
        per_leaf = 0.0
        public = self.public_leaves(obs)  # leaves as lanes of the public states (same decisions, faster)
        proot: PublicState | None = None
        plain_keys = self.plain_keys(obs.state.num_players)

        def score(i: int) -> float:
            """Mean value of root option ``i`` less the greedy prior's bonus over it."""
            return self._root_score(stats, i, prior)

        while True:
            now = time.perf_counter()
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and now >= deadline:
                break
            progress = 0.0
            if self.iterations is not None:
                progress = done / self.iterations
            if deadline is not None and budget:
                progress = max(progress, (now - start) / budget)
            while len(alive) > 1 and halvings < phases - 1 and progress >= (halvings + 1) / phases:
                alive.sort(key=lambda i: (-score(i), i))
                alive = sorted(alive[:(len(alive) + 1) // 2])
                halvings += 1
            sweeps = max(1, self.batch // len(alive))
            if deadline is not None:  # one sweep until the cost of a leaf is known, then what fits
                fit = int((deadline - now) / (per_leaf * len(alive))) if per_leaf > 0 else 1
                sweeps = max(1, min(sweeps, fit))
            t0 = time.perf_counter()
            leaves: list[tuple[State | LaneLeaf, list, int]] = []
            seeds: list[int] = []
            turns: list[int] = []
            first = len(stats.sweeps)
            wseeds = [rng.getrandbits(64) for _ in range(sweeps)]
            dealt = self._deal(obs, wseeds) if public else None
            for k, wseed in enumerate(wseeds):
                stats.new_sweep()
                if dealt is not None:
                    cards = dealt[k]
                    if proot is None:
                        proot = public_root(obs.state, cards.hidden)
                    for i in alive:
                        path, leaf, ordinal = self._descend_public(root, proot, root_opts, cards,
                                                                   LazyRandom(wseed + 1), i, target, plain_keys)
                        leaves.append((leaf, path, i))
                        seeds.append(wseed + 2)
                        turns.append(max(0, target - ordinal))
                    continue
                base = self.world(obs, random.Random(wseed))
                for i in alive:
                    world = base.clone()
                    path = self._descend(root, world, root_opts, random.Random(wseed + 1), forced=i,
                                         horizon=target, cut=self.config.tree == "public")
                    leaves.append((world, path, i))
                    seeds.append(wseed + 2)
                    turns.append(max(0, target - turn_ordinal(world)))
            values = self.evaluator.evaluate([w for w, _, _ in leaves], rng, seeds=seeds,  # type: ignore[misc]
                                             turns=turns)
            for k, ((_, path, i), value) in enumerate(zip(leaves, values, strict=True)):
                for edge, seat in path:
                    edge.w += value[seat]
                stats.add(i, value[obs.seat], first + k // len(alive))
            done += len(leaves)
            per_leaf = (time.perf_counter() - t0) / len(leaves)
            if budget is None and self.iterations is None:
                break
        self.last_iterations = done
        self.last_root = root
        self.last_stats = [(str(k), stats.visits[i], stats.mean(i)) for i, (k, _) in enumerate(root_opts)]
        return root, stats

    def public_leaves(self, obs: Observation) -> bool:
        """Whether this decision's worlds may be walked on public states (:mod:`ai.mcts.public`): batch
        rollouts scored as they are (no personality's tilt), worlds that differ only in the hands and the
        deck, dealt by :meth:`~ai.mcts.bot.MCTSAgent.world`'s own sampler (the rankings, greedy's or the
        learned prior's, read only what a seat sees, so a public state ranks as every world does)."""
        return (self.use_public and type(self.evaluator) is BatchEvaluator and self.own_worlds()
                and not has_secrets(obs))

    def _deal(self, obs: Observation, seeds: list[int]) -> list[WorldCards]:
        """The hidden cards of the worlds ``random.Random(seed)`` samples, one per seed: dealt in compiled
        code for the hand prior's weights (:mod:`ai.mcts.deal`), by :func:`~ai.mcts.worlds.deal_hidden`
        for a uniform deal."""
        players = obs.state.num_players
        if self.hand_weights is None:
            return [WorldCards.of(deal_hidden(obs, random.Random(s), None), players) for s in seeds]
        hands, deck = deal_many(seeds, obs.unseen, obs.hand_sizes, obs.seat, self.hand_weights)
        others = np.arange(players) != obs.seat
        return [WorldCards(hands, deck, k, others) for k in range(len(seeds))]

    def own_worlds(self) -> bool:
        """Whether worlds are the sampler's (:func:`~ai.mcts.worlds.sample_world` with ``hand_weights``),
        which :func:`~ai.mcts.worlds.deal_hidden` repeats; a searcher with other worlds says no."""
        return False

    def _root_score(self, stats: RootStats, i: int, prior: int | None) -> float:
        """Root option ``i``'s mean value, less the margin by which it must beat the policy's choice
        (:func:`~ai.mcts.node.policy_margin`: ``prior_bonus``, or ``prior_z`` standard errors); with the
        learned prior, that margin over its top choice scaled by :func:`~ai.mcts.node.learned_margin`."""
        probs = self.prior_probs
        bonus = self.config.prior_bonus if self.root_bonus is None else self.root_bonus
        if probs is None or len(probs) != len(stats.visits):
            return stats.score(i, prior, self.config.prior_z, bonus)
        top = max(range(len(probs)), key=lambda k: (probs[k], -k))
        return stats.score(i, top, self.config.prior_z, bonus * learned_margin(probs, i, top))

    def _learned_prior(self, obs: Observation, root_opts: list[Option], prior: int | None) -> list[float] | None:
        """The learned policy's probabilities of the root options (``prior=learned``, a travel or economy
        decision), else None."""
        fam = policy_family(obs.state)
        if self.prior_net is None or fam not in FAMILIES:
            return None
        rows = option_features(obs.state, obs.seat, [a for _, a in root_opts], prior)
        return [float(p) for p in self.prior_net.probs(fam, rows)]

    def _rank(self, world: State, seat: int, rng: random.Random) -> list[Option]:
        """Below the root, the options in the order progressive unpruning opens them: the playout policy's
        choice first, or with ``prior=learned`` (travel and economy) by the learned policy's probability,
        read from what the seat sees in the world (other hands and the deck hidden, as the policy was fitted
        on observations), so the ranking is remembered by :func:`~ai.mcts.descent.seen_key` like greedy's.
        With ``prior_others=stand_in`` another seat's ranking reads the hand standing in for its world hand's
        quiet key (:func:`~ai.mcts.public.quiet_stand_in`): the worlds of one key share it, as they share
        the greedy ranking, and the walk through that seat's turn stays on public states."""
        opts = super()._rank(world, seat, rng)
        if self.prior_net is None or len(opts) <= 2:
            return opts
        fam = policy_family(world)
        if fam not in FAMILIES:
            return opts
        view = observation(world, seat).state
        if self._stand_in(seat):
            view.hands[seat] = quiet_stand_in(view.hands[seat])
        probs = self.prior_net.probs(fam, option_features(view, seat, [a for _, a in opts], 0))
        return [opts[i] for i in sorted(range(len(opts)), key=lambda i: (-probs[i], i))]

    def _plain_key(self, seat: int) -> bool:
        """The learned ranking reads the seat's whole hand, so its rankings are remembered by the full key; with
        ``prior_others=stand_in`` another seat's reads only its hand's quiet key (:meth:`_rank`), as greedy's
        does."""
        return (self._stand_in(seat) or self.config.root_prior != "learned") and super()._plain_key(seat)

    def _stand_in(self, seat: int) -> bool:
        """Whether ``seat``'s learned ranking reads its hand's stand-in (``prior_others=stand_in``, another
        seat), not its hand."""
        return seat != self._seat and self.config.prior_others == "stand_in"

    def depth_for(self, obs: Observation) -> int:
        """Playout turns for this decision: battle-phase choices and discards are judged at the end of the
        current turn (their effect is immediate); everything else looks ``depth`` turns ahead."""
        kind = decision(obs.state)
        if kind in ("discard", "intrigue") or (kind == "main" and obs.state.phase in _BATTLE_PHASES):
            return min(1, self.depth)
        return self.depth
