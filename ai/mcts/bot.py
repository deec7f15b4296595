"""The ``mcts`` agent: information-set MCTS (Cowling, Powley & Whitehouse 2012) over sampled worlds.

Each iteration samples a world consistent with the observation (:mod:`ai.mcts.worlds`), walks one
open-loop tree of information sets (:mod:`ai.mcts.node`) choosing among a handful of options per
decision (:mod:`ai.mcts.options`) by UCT with availability counts, expands one node, and queues the leaf.
Queued leaves are evaluated together by depth-limited playouts (:mod:`ai.mcts.evaluator`, batch
simulator when available) and their values backed up. A simultaneous battle commitment is searched with
decoupled UCT and the final commitment is drawn from a mixed policy, so the AI cannot be read.

Budgets: ``time`` seconds per decision, ``iterations`` per decision, or a ``difficulty`` preset that is
a budget for a whole turn spread over its decisions. Decisions with one sensible option answer at once.
Everything random comes from the generator passed to ``choose`` (mixed with ``seed``), so a fixed seed
and iteration budget give the same decision, and nothing but the observation is read.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable

from ai.agent import SpecError, register
from ai.greedy import GreedyPolicy, View, cheapest_card, safe_choice
from ai.mcts.config import DEFAULT_DEPTH, parse_options
from ai.mcts.evaluator import Evaluator, make_evaluator, value_function
from ai.mcts.hand_prior import shipped_weights
from ai.mcts.node import Edge, Node, RootStats, mixed_policy, select, unpruned
from ai.mcts.opponent_model import OpponentModel
from ai.mcts.options import Option, admissible, commit_options, options
from ai.mcts.worlds import sample_world
from ai.offers import OfferMemory, choose_offer
from japanese_swords import cards as C
from japanese_swords.actions import Action, Attack, Commit, Discard, End, Offer
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, decision
from japanese_swords.modules import needs_scalar_rollouts
from japanese_swords.observation import Observation
from japanese_swords.phases import battle as B
from japanese_swords.trading import accept_problem, carry_out

_BATTLE_PHASES = (Phase.BATTLE, Phase.MARCH_BATTLE)


@register("mcts")
class MCTSAgent:
    """Information-set MCTS. Spec options: ``time`` (s per decision), ``iterations``, ``difficulty``
    (easy/normal/hard), ``seed``, ``c`` (UCT exploration), ``rollouts`` (auto/batch/scalar), ``depth``
    (playout turns), ``batch`` (leaves gathered per evaluation call), ``scope`` (decision families
    searched), ``value`` (leaf value: material or fitted), ``lanes`` (batch rollouts per leaf), ``policy``
    (the greedy style used in playouts and for the decisions not searched)."""

    def __init__(self, **options: object) -> None:
        """Options are :class:`~ai.mcts.config.MCTSConfig` fields; SpecError names a bad one."""
        config = parse_options(options)
        self.config = config
        self.name = "mcts"
        self.time = config.time
        self.iterations = config.iterations
        self.turn_budget, self.decision_cap = config.turn_budget
        self.seed = config.seed
        self.c = config.c
        self.depth = config.playout_depth
        self.scope = set(config.scopes)
        self.style = config.policy
        self.policy = GreedyPolicy.styled(self.style)
        self.playout_policy = GreedyPolicy.styled(self.style, samples=4)
        self.opponent_policy = GreedyPolicy.styled(config.opponent_policy, samples=4)
        self._seat = -1  # the seat searched for (set by choose)
        try:
            self.value = value_function(config.value)
            self.evaluator: Evaluator = make_evaluator(config.rollouts, max_turns=self.depth, value=self.value,
                                                       lanes=config.lanes, style=self.style)
        except ValueError as exc:
            raise SpecError(f"mcts: {exc}") from None
        self.batch = config.batch if self.evaluator.name == "batch" else 1
        self._compiled = (self.evaluator, self.depth, self.batch)  # the setup for games it can play
        self._scalar: tuple[Evaluator, int, int] | None = None  # built on the first game that needs it
        self._turn_key: tuple[int, int] | None = None
        self._turn_spent = 0.0
        self.last_iterations = 0  # iterations run by the last search (for tools and tests)
        self.last_root: Node | None = None
        self.last_stats: list[tuple[str, int, float]] = []  # root option, visits, mean value
        self.offers = OfferMemory()
        self.opponents = OpponentModel()  # the opponents' styles in the batch playouts (playout_opponent)
        self.hand_weights = shipped_weights() if config.hand_prior == "fitted" else None
        self.expand_visits, self.unprune_step = config.tree_steps(self.time)  # set per decision by choose

    def world(self, obs: Observation, rng: random.Random, known: dict[int, list[int]] | None = None) -> State:
        """A world consistent with the observation, the opponents' hands dealt by the hand prior."""
        return sample_world(obs, rng, known, self.hand_weights)

    # ----- budgets ---------------------------------------------------------------------------------------
    def _allot(self, obs: Observation) -> float | None:
        """Seconds for this decision (None: iterations only)."""
        if self.turn_budget is not None and self.decision_cap is not None:
            key = (obs.state.round, obs.state.turn_player)
            if key != self._turn_key:
                self._turn_key, self._turn_spent = key, 0.0
            remaining = max(0.0, self.turn_budget - self._turn_spent)
            share = self.config.economy_share if family(obs) == "economy" else self.config.turn_share
            allot = min(self.decision_cap, remaining * share)
            return max(allot, 0.005) if self.time is None else min(allot, self.time)
        return self.time

    def _fit_rollouts(self, obs: Observation) -> None:
        """Play out by the scalar engine in a game with a rule module the batch simulator does not play
        (docs/ai.md, "Rule modules"): its own playout depth (2 turns unless ``depth`` is given) and one
        leaf an evaluation call."""
        if self._compiled[0].name != "batch":
            return
        if needs_scalar_rollouts(obs.state.game.rules.modules):
            if self._scalar is None:
                depth = self.config.depth if self.config.depth is not None else DEFAULT_DEPTH["scalar"]
                self._scalar = (make_evaluator("scalar", max_turns=depth, value=self.value, style=self.style),
                                depth, 1)
            self.evaluator, self.depth, self.batch = self._scalar
        else:
            self.evaluator, self.depth, self.batch = self._compiled

    def _model_opponents(self, obs: Observation) -> None:
        """Note the opponents' public play and give the batch playouts their modelled knobs."""
        self.opponents.observe(obs)
        if self.evaluator.name == "batch":
            self.evaluator.policy = self.opponents.policies(obs, self.config.playout_opponent)

    # ----- the agent protocol ----------------------------------------------------------------------------
    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """Search from the observation and return the chosen legal action."""
        if len(legal) == 1:
            return legal[0]
        start = time.perf_counter()
        self._seat = obs.seat
        self._fit_rollouts(obs)
        self._model_opponents(obs)
        srng = random.Random(f"mcts:{self.seed}:{rng.getrandbits(64)}")
        view = View.of_obs(obs)
        legal_set = set(legal)
        opts = [(k, a) for k, a in options(view, random.Random(srng.getrandbits(64))) if a in legal_set]
        if not opts:
            return safe_choice(self.policy.act(view, srng), legal)
        if len(opts) == 1:
            return opts[0][1]
        if self.config.trade:
            offer = self._offer(obs, view, random.Random(srng.getrandbits(64)))
            if offer is not None:
                return offer
        greedy = self.policy.act(view, random.Random(srng.getrandbits(64)))
        if family(obs) not in self.scope:
            return safe_choice(greedy, legal)
        budget = self._allot(obs)
        self.expand_visits, self.unprune_step = self.config.tree_steps(budget)
        prior = next((i for i, (_, a) in enumerate(opts) if a == greedy), None)
        if prior is None and greedy in legal_set and admissible(view, greedy):
            opts.insert(0, ("greedy", greedy))
            prior = 0
        if decision(obs.state) == "commit":
            root = self.search_battle(obs, opts, srng, start, budget)
            probs = mixed_policy(root.edges, [k for k, _ in opts], self.config.mix_margin)
            pick = sample_index(probs, srng)
        elif family(obs) == "attack" and all(isinstance(a, (Attack, End)) for _, a in opts):
            root = self.search_attack(obs, opts, srng, start, budget)
            pick = self._attack_pick(root, [k for k, _ in opts], prior)
        else:
            _root, stats = self.search(obs, opts, srng, start, budget, prior)
            means = [self._root_score(stats, i, prior) if n else -1.0 for i, n in enumerate(stats.visits)]
            pick = max(range(len(opts)), key=lambda i: (stats.visits[i], means[i], -i))
            if prior is not None and stats.visits[pick] < self.config.min_visits:
                pick = prior  # too few samples to overrule the policy: noise would decide
        if self.turn_budget is not None:
            self._turn_spent += time.perf_counter() - start
        return safe_choice(opts[pick][1], legal)

    def _offer(self, obs: Observation, view: View, rng: random.Random) -> Offer | None:
        """A trade offer that raises our evaluation averaged over sampled worlds (:mod:`ai.offers`), or
        None; each offer is made at most once a turn."""
        tried = self.offers.for_turn(view)
        worlds: list[tuple[State, float]] = []

        def gain(offer: Offer) -> float:
            if not worlds:
                for _ in range(self.config.trade_worlds):
                    w = self.world(obs, random.Random(rng.getrandbits(64)))
                    worlds.append((w, self.value(w)[obs.seat]))
            total = 0.0
            for world, before in worlds:
                after = world.clone()
                carry_out(after, offer)
                total += self.value(after)[obs.seat] - before
            return total / len(worlds)

        offer = choose_offer(view, gain, tried, min_gain=self.config.trade_gain)
        if offer is not None:
            tried.add(offer)
        return offer

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """Accept when the trade raises our evaluation, averaged over sampled worlds; one-line reason."""
        srng = random.Random(f"mcts-trade:{self.seed}:{rng.getrandbits(64)}")
        seat = obs.seat
        self._model_opponents(obs)
        maker = obs.state.turn_player
        known = {maker: C.counts_of(offer.give.cards)} if offer.give.cards else None
        before = after = 0.0
        worlds = 16
        for _ in range(worlds):
            try:
                world = self.world(obs, srng, known)
            except ValueError:
                return False, "declined: the offer names cards that cannot be in the offerer's hand"
            problem = accept_problem(world, offer)
            if problem is not None:
                return False, f"declined: {problem}"
            before += self.value(world)[seat]
            carry_out(world, offer)
            after += self.value(world)[seat]
        before, after = before / worlds, after / worlds
        if after > before + 0.002:
            return True, f"accepted: my evaluation rises from {before:.2f} to {after:.2f}"
        return False, f"declined: my evaluation would go from {before:.2f} to {after:.2f}"

    # ----- search ----------------------------------------------------------------------------------------
    def search(self, obs: Observation, root_opts: list[Option], rng: random.Random, start: float,
               budget: float | None, prior: int | None = None) -> tuple[Node, RootStats]:
        """Run iterations until the iteration or time budget is spent; return the root and the root
        options' statistics.

        The root is searched by Sequential Halving (Karnin et al. 2013) with common random numbers: each
        sweep samples one world and plays every surviving root option in it with the same random stream,
        so options are compared pairwise; after each fraction of the budget the worse half is dropped.
        Below the root, selection is UCT with availability counts. ``prior`` (the greedy choice) gets a
        small bonus so that noise alone never overturns a sound default.
        """
        root = Node()
        deadline = None if budget is None else start + budget
        target = turn_ordinal(obs.state) + self.depth_for(obs)  # every leaf is judged at the same turn
        stats = RootStats(len(root_opts), paired=self.config.prior_z > 0)  # sweeps feed prior_z's margin
        alive = list(range(len(root_opts)))
        phases = max(1, math.ceil(math.log2(len(root_opts))))
        halvings = 0
        done = 0
        per_leaf = 0.0

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
            leaves: list[tuple[State, list, int]] = []
            seeds: list[int] = []
            first = len(stats.sweeps)
            for _ in range(sweeps):
                stats.new_sweep()
                wseed = rng.getrandbits(64)
                base = self.world(obs, random.Random(wseed))
                for i in alive:
                    world = base.clone()
                    path = self._descend(root, world, root_opts, random.Random(wseed + 1), forced=i,
                                         horizon=target)
                    leaves.append((world, path, i))
                    seeds.append(wseed + 2)
            turns = [max(0, target - turn_ordinal(w)) for w, _, _ in leaves]
            values = self.evaluator.evaluate([w for w, _, _ in leaves], rng, seeds=seeds, turns=turns)
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

    def _root_score(self, stats: RootStats, i: int, prior: int | None) -> float:
        """Root option ``i``'s mean value, less the margin by which it must beat the policy's choice
        (:func:`~ai.mcts.node.policy_margin`: ``prior_bonus``, or ``prior_z`` standard errors)."""
        return stats.score(i, prior, self.config.prior_z, self.config.prior_bonus)

    def depth_for(self, obs: Observation) -> int:
        """Playout turns for this decision: battle-phase choices and discards are judged at the end of the
        current turn (their effect is immediate); everything else looks ``depth`` turns ahead."""
        kind = decision(obs.state)
        if kind in ("discard", "intrigue") or (kind == "main" and obs.state.phase in _BATTLE_PHASES):
            return min(1, self.depth)
        return self.depth

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

    def _pick(self, node: Node, opts: list[Option], forced: int | None) -> tuple[Hashable, Edge]:
        """UCT selection, or the forced option (with its statistics kept up to date)."""
        if forced is None:
            return select(node.edges, [k for k, _ in opts], self.c)
        key = opts[forced][0]
        edge = node.edges.get(key)
        if edge is None:
            edge = node.edges[key] = Edge()
        edge.avail += 1
        edge.n += 1
        return key, edge

    def _ranked(self, world: State, seat: int, rng: random.Random) -> list[Option]:
        """The legal options of ``seat`` in ``world``, the policy's own choice first (the order progressive
        unpruning opens them in): our ``policy`` for our seat, ``opponent_policy`` for the others."""
        view = View.of_state(world, seat)
        opts = self._valid(world, options(view, rng))
        if len(opts) <= 1:
            return opts
        policy = self.playout_policy if seat == self._seat else self.opponent_policy
        preferred = policy.act(view, rng)
        for i, (_, a) in enumerate(opts):
            if a == preferred:
                return [opts[i]] + opts[:i] + opts[i + 1:]
        if world.why_illegal(preferred) is None:
            return [("policy", preferred)] + opts
        return opts

    def _valid(self, world: State, opts: list[Option]) -> list[Option]:
        """The options legal in this world."""
        return [(k, a) for k, a in opts if world.why_illegal(a) is None]

    def _descend(self, root: Node, world: State, root_opts: list[Option] | None, rng: random.Random,
                 forced: int | None = None, shallow: bool = False, horizon: int | None = None) -> list:
        """Walk one world down the tree, expanding one node; returns the (edge, chooser seat) path. At the
        root, option ``forced`` is taken (the root's choice is made by the halving schedule); without
        ``root_opts`` the root's options are generated in the world and all open."""
        node = root
        path: list = []
        first = True
        while not world.is_terminal():
            if horizon is not None and not first and turn_ordinal(world) >= horizon:
                break  # the playout horizon: every leaf is judged at the same turn
            seat = world.current_player()
            if seat == CHANCE:
                world.apply(sample_chance(world, rng))
                continue
            at_root = node is root
            if not shallow and not at_root and node.visits < self.expand_visits:
                node.visits += 1  # not yet worth a tree step: the rollout takes over from here
                break
            if first and root_opts is not None:
                opts = root_opts
                first = False
            elif first:
                opts = self._ranked(world, seat, rng) or [("first", world.legal_actions()[0])]
                first = False
            else:
                opts = self._ranked(world, seat, rng)
                if not opts:
                    opts = [("first", world.legal_actions()[0])]
                if len(opts) > 1:
                    opts = opts[:unpruned(node.visits, len(opts), self.unprune_step)]
            node.visits += 1
            b = world.battle
            if decision(world) == "commit" and b is not None and b.attacker_cards is None:
                # The defender sees how many cards were committed (public) and answers that count, so its
                # options are generated after the attacker's commitment and keyed by (count, label): a big
                # commitment meets the Diplomacy it invites (docs/ai.md, "Battles").
                d_seat = b.defender_seat
                ka, ea = self._pick(node, opts, forced if at_root else None)
                world.apply(dict(opts)[ka])
                path.append((ea, seat))
                b2 = world.battle
                count = b2.attacker_count if b2 is not None else 0
                d_opts = [((count, k), a) for k, a in commit_options(View.of_state(world, d_seat))
                          if isinstance(a, Commit) and B.commit_problem(world, d_seat, a.cards) is None]
                if not at_root:
                    d_opts = d_opts[:unpruned(node.visits - 1, len(d_opts), self.unprune_step)]
                if node.sim_edges is None:
                    node.sim_edges = {}
                kd: Hashable = (count, "none")
                if d_opts and b2 is not None and b2.defender_cards is None and world.current_player() == d_seat:
                    kd, ed = select(node.sim_edges, [k for k, _ in d_opts], self.c)
                    world.apply(dict(d_opts)[kd])
                    path.append((ed, d_seat))
                key: Hashable = (ka, kd)
            else:
                if len(opts) == 1:
                    world.apply(opts[0][1])
                    continue
                key, edge = self._pick(node, opts, forced if at_root else None)
                world.apply(dict(opts)[key])
                path.append((edge, seat))
            node, new = node.child(key)
            if new or (shallow and world.battle is None):
                break
        return path


def turn_ordinal(state: State) -> int:
    """How many turns have started: leaves are cut at the same ordinal so options compare fairly."""
    return state.round * state.num_players + state.turn_index


def settle_discards(world: State) -> None:
    """Play the discards owed after a battle (cheapest card first), so a lost battle's cut to 3 cards
    shows in the value."""
    while decision(world) == "discard":
        seat = world.current_player()
        world.apply(Discard(cheapest_card(world.hands[seat])))


def family(obs: Observation) -> str:
    """Which scope family the pending decision belongs to (see ``SCOPES``)."""
    kind = decision(obs.state)
    if kind == "commit":
        return "commit"
    if kind in ("discard", "intrigue", "reply"):
        return "cards"
    phase = obs.state.phase
    if phase in _BATTLE_PHASES:
        return "attack"
    if phase in (Phase.TRAVEL, Phase.MARCH_TRAVEL):
        return "travel"
    return "economy"


def sample_index(probs: list[float], rng: random.Random) -> int:
    """Draw an index with the given probabilities (the mixed final commitment, so it cannot be read)."""
    r = rng.random()
    for i, p in enumerate(probs):
        r -= p
        if r < 0:
            return i
    return max(range(len(probs)), key=lambda i: probs[i])


def _spent(done: int, limit: int | None, deadline: float | None) -> bool:
    """True when an iteration limit or a deadline (perf_counter seconds) has been reached."""
    return (limit is not None and done >= limit) or (deadline is not None and time.perf_counter() >= deadline)
