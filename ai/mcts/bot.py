"""The ``mcts`` agent: information-set MCTS (Cowling, Powley & Whitehouse 2012) over sampled worlds.

Each iteration samples a world consistent with the observation (:mod:`ai.mcts.worlds`), walks one
open-loop tree of information sets (:mod:`ai.mcts.node`) choosing among a handful of options per
decision (:mod:`ai.mcts.options`) by UCT with availability counts (:mod:`ai.mcts.descent`), expands one
node, and queues the leaf.
Queued leaves are evaluated together by depth-limited playouts (:mod:`ai.mcts.evaluator`, batch
simulator when available) and their values backed up. A simultaneous battle commitment is searched with
decoupled UCT and the final commitment is drawn from a mixed policy, so the AI cannot be read. The
searches live in their own modules: the root search (:mod:`ai.mcts.root_search`), the battle and attack
searches (:mod:`ai.mcts.battle_search`) and trades (:mod:`ai.mcts.trade`); this module holds the agent,
its budgets and the choice of search.

Budgets: ``time`` seconds per decision, ``iterations`` per decision, or a ``difficulty`` preset that is
a budget for a whole turn spread over its decisions. Decisions with one sensible option answer at once.
Everything random comes from the generator passed to ``choose`` (mixed with ``seed``), so a fixed seed
and iteration budget give the same decision, and nothing but the observation is read.
"""

from __future__ import annotations

import random
import time

from ai import heap
from ai.agent import SpecError, register
from ai.batch.policy import PLAYOUTS, RolloutPolicy, knobs_from_file
from ai.greedy import GreedyPolicy
from ai.learned.policy import weights as policy_weights
from ai.mcts import parallel
from ai.mcts.battle_search import BattleSearch
from ai.mcts.config import DEFAULT_DEPTH, MCTSConfig, parse_options
from ai.mcts.evaluator import Evaluator, ValueFn, fitted_value_from, make_evaluator, value_function
from ai.mcts.hand_prior import shipped_weights
from ai.mcts.node import Node, RootStats
from ai.mcts.opponent_model import LEAGUE_POLICIES, OpponentModel
from ai.mcts.options import admissible, options
from ai.mcts.personality import TiltedEvaluator, personality, playout_policies, tilted
from ai.mcts.root_search import RootSearch
from ai.mcts.trade import TradeSearch
from ai.mcts.worlds import sample_world
from ai.offers import OfferMemory
from ai.toolkit.view import View, safe_choice
from japanese_swords.actions import Action, Attack, End
from japanese_swords.core import Phase
from japanese_swords.engine import State, decision
from japanese_swords.modules import needs_scalar_rollouts
from japanese_swords.observation import Observation

_BATTLE_PHASES = (Phase.BATTLE, Phase.MARCH_BATTLE)


@register("mcts")
class MCTSAgent(RootSearch, BattleSearch, TradeSearch):
    """Information-set MCTS. Spec options: ``time`` (s per decision), ``iterations``, ``difficulty``
    (easy/normal/hard), ``seed``, ``c`` (UCT exploration), ``rollouts`` (auto/batch/scalar), ``depth``
    (playout turns), ``batch`` (leaves gathered per evaluation call), ``scope`` (decision families
    searched), ``value`` (leaf value: material, fitted or learned), ``lanes`` (batch rollouts per leaf), ``policy``
    (the greedy style used in playouts and for the decisions not searched), ``personality`` (a league style's
    habits: :mod:`ai.mcts.personality`), ``choice_margin`` (a near-best choice, by level)."""

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
        self.persona = personality(config.personality)
        self.policy: GreedyPolicy = self.persona.policy(self.style, samples=24)
        self.playout_policy: GreedyPolicy = self.persona.policy(self.style, samples=4)
        base = "tuned" if config.opponent_policy == "model" else config.opponent_policy
        self.opponent_policy = GreedyPolicy.styled(base, samples=4)
        self.seat_policies = None  # opponent_policy=model: per seat, set by set_tree_styles each decision
        self._tree_styles: tuple[str, ...] | None = None
        self._league_policies: dict[str, GreedyPolicy] = {}
        self._seat = -1  # the seat searched for (set by choose)
        self.value = self._value(config)
        if config.leaf_mix and config.rollouts == "scalar":
            raise SpecError("mcts option 'leaf_mix': read only with rollouts=batch")
        try:
            self.evaluator: Evaluator = tilted(make_evaluator(config.rollouts, max_turns=self.depth,
                                                              value=self.value, lanes=config.lanes,
                                                              style=self.style, threads=config.thread_count,
                                                              mix=config.leaf_mix),
                                               self.persona)
        except ValueError as exc:
            raise SpecError(f"mcts: {exc}") from None
        # options that only the learned prior reads: given without it, they would do nothing
        learned_only = {"prior_weights": config.prior_weights is not None,
                        "prior_others": config.prior_others != "world"}
        for name, given in learned_only.items():
            if given and config.root_prior != "learned":
                raise SpecError(f"mcts option '{name}': read only with prior=learned")
        try:  # read here (once a process for each file), so a bad file fails now, not at the first decision
            self.prior_net = policy_weights(config.prior_weights) if config.root_prior == "learned" else None
        except ValueError as exc:
            raise SpecError(f"mcts option 'prior_weights': {' '.join(str(exc).split())}") from None
        self.batch = config.batch if self.evaluator.name == "batch" else 1
        self._compiled = (self.evaluator, self.depth, self.batch)  # the setup for games it can play
        self._scalar: tuple[Evaluator, int, int] | None = None  # built on the first game that needs it
        self._turn_key: tuple[int, int] | None = None
        self._turn_spent = 0.0
        self.last_iterations = 0  # iterations run by the last search (for tools and tests)
        self.last_root: Node | None = None
        self.last_stats: list[tuple[str, int, float]] = []  # root option, visits, mean value
        self.last_root_stats: RootStats | None = None  # the last travel/economy root's record (tools)
        self.last_actions: list[Action] = []  # the root options' actions, in last_stats's order (hints)
        self.last_commit: list[tuple[Action, float]] = []  # the last commitment's mixed strategy
        self.offers = OfferMemory(bool(config.haggle))
        self.opponents = OpponentModel()  # the opponents' styles in the batch playouts (playout_opponent)
        self.hand_weights = shipped_weights() if config.hand_prior == "fitted" else None
        self.expand_visits, self.unprune_step = config.tree_steps(self.time)  # set per decision by choose
        self.own_playout = self._playout(config)  # our batch playout knobs (None: the default)

    @staticmethod
    def _value(config: MCTSConfig) -> ValueFn:
        """The leaf value the options name: ``value``, with ``value_weights``'s file for the fitted one."""
        if config.value_weights is None:
            return value_function(config.value)
        if config.value != "fitted":
            raise SpecError("mcts option 'value_weights': read only with value=fitted")
        try:
            return fitted_value_from(config.value_weights)
        except ValueError as exc:
            raise SpecError(f"mcts option 'value_weights': {exc}") from None

    @staticmethod
    def _playout(config: MCTSConfig) -> RolloutPolicy | None:
        """Our batch playouts' knobs: ``playout_knobs``'s file, else ``playout``'s (None for the default)."""
        if config.playout_knobs is not None:
            try:
                return knobs_from_file(config.playout_knobs)
            except ValueError as exc:
                raise SpecError(f"mcts option 'playout_knobs': {exc}") from None
        return None if config.playout == "default" else PLAYOUTS[config.playout]

    def world(self, obs: Observation, rng: random.Random, known: dict[int, list[int]] | None = None) -> State:
        """A world consistent with the observation, the opponents' hands dealt by the hand prior."""
        return sample_world(obs, rng, known, self.hand_weights)

    def own_worlds(self) -> bool:
        """True unless a subclass samples its worlds its own way (the test-only oracle does)."""
        return type(self).world is MCTSAgent.world

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
        leaf an evaluation call; back to the batch setup in a game without such a module."""
        fallback = None if self._scalar is None else self._scalar[0]
        if needs_scalar_rollouts(obs.state.game.rules.modules):
            if self.evaluator.name != "batch":  # scalar already (chosen, or this fallback)
                return
            self._compiled = (self.evaluator, self.depth, self.batch)
            if self._scalar is None:
                depth = self.config.depth if self.config.depth is not None else DEFAULT_DEPTH["scalar"]
                scalar = make_evaluator("scalar", max_turns=depth, value=self.value, style=self.style)
                self._scalar = (tilted(scalar, self.persona), depth, 1)
            self.evaluator, self.depth, self.batch = self._scalar
        elif fallback is not None and self.evaluator is fallback:
            self.evaluator, self.depth, self.batch = self._compiled

    def _model_opponents(self, obs: Observation) -> None:
        """Note the opponents' public play and give the batch playouts their modelled knobs."""
        self.opponents.observe(obs)
        if self.config.opponent_policy == "model":
            self.set_tree_styles(self.opponents.readings(obs))
        if isinstance(self.evaluator, TiltedEvaluator):
            self.evaluator.seat = obs.seat
        if self.evaluator.name == "batch":
            others = self.opponents.policies(obs, self.config.playout_opponent, self.own_playout)
            self.evaluator.policy = playout_policies(self.persona, obs.seat, obs.state.num_players, others)

    def set_tree_styles(self, styles: tuple[str, ...] | None) -> None:
        """Rank each seat's options in the tree by the league policy of its style (``self``: by
        ``opponent_policy``); None: ``opponent_policy`` for every other seat. Unchanged styles keep the same
        policies, so the remembered rankings stay valid."""
        if styles == self._tree_styles:
            return
        self._tree_styles = styles
        if styles is None:
            self.seat_policies = None
            return
        out = []
        for style in styles:
            if style == "self":
                out.append(self.opponent_policy)
            else:
                if style not in self._league_policies:
                    self._league_policies[style] = LEAGUE_POLICIES[style](samples=4)
                out.append(self._league_policies[style])
        self.seat_policies = tuple(out)

    @property
    def tree_styles(self) -> tuple[str, ...] | None:
        """The styles set by :meth:`set_tree_styles` (None: none)."""
        return self._tree_styles

    def _near_best(self, pick: int, visits: list[int], means: list[float], rng: random.Random) -> int:
        """The level's final choice (``choice_margin``, by difficulty: docs/ai.md, "Difficulty"): with a
        margin, any root option seen in ``min_visits`` worlds whose mean is within the margin of the best
        such mean, drawn at random (a near-best option, not a blunder); without one, ``pick`` (no draw)."""
        margin = self.config.margin
        if margin <= 0:
            return pick
        seen = [i for i, n in enumerate(visits) if n >= max(1, self.config.min_visits)]
        if not seen:
            return pick
        best = max(means[i] for i in seen)
        near = [i for i in seen if means[i] >= best - margin]
        return near[int(rng.random() * len(near))] if len(near) > 1 else pick

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
        self.last_actions = [a for _, a in opts]
        if decision(obs.state) == "commit":
            pick = sample_index(self.commit_policy(obs, opts, srng, start, budget), srng)
        elif family(obs) == "attack" and all(isinstance(a, (Attack, End)) for _, a in opts):
            root = self.search_attack(obs, opts, srng, start, budget)
            keys = [k for k, _ in opts]
            pick = self._attack_pick(root, keys, prior)
            edges = [root.edges.get(k) for k in keys]
            pick = self._near_best(pick, [e.n if e else 0 for e in edges], [e.mean if e else -1.0 for e in edges],
                                   srng)
        else:
            _root, stats = self._root_search(obs, opts, srng, start, budget, prior)
            self.last_root_stats = stats
            means = [self._root_score(stats, i, prior) if n else -1.0 for i, n in enumerate(stats.visits)]
            pick = max(range(len(opts)), key=lambda i: (stats.visits[i], means[i], -i))
            if prior is not None and stats.visits[pick] < self.config.min_visits:
                pick = prior  # too few samples to overrule the policy: noise would decide
            pick = self._near_best(pick, stats.visits, means, srng)
        if self.turn_budget is not None:
            self._turn_spent += time.perf_counter() - start
        heap.settle()  # the kernels and tables the first search loaded stay: out of the collector's way
        return safe_choice(opts[pick][1], legal)

    def _root_search(self, obs: Observation, opts: list, srng: random.Random, start: float, budget: float | None,
                     prior: int | None) -> tuple[Node, RootStats]:
        """The travel or economy root search: on ``threads`` processes when more than one
        (:mod:`ai.mcts.parallel`), else here."""
        if self.config.thread_count > 1:
            return parallel.search(self, obs, opts, srng, start, budget, prior, self.config.thread_count)
        return self.search(obs, opts, srng, start, budget, prior)


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


