"""Every MCTS knob in one frozen, documented object: defaults, difficulty presets, spec parsing, validation.

An agent spec ``mcts:KEY=VALUE:...`` sets the fields of :class:`MCTSConfig` by name (``time``,
``iterations``, ``difficulty``, ``seed``, ``c``, ``rollouts``, ``depth``, ``lanes``, ``batch``, ``scope``,
``value``, ``policy``, ``personality``, and the search constants below them). :func:`parse_options` checks each value
against the field's kind and range and raises :class:`~ai.agent.SpecError` with one line naming the
option and what it accepts: numbers must be finite, whole-number knobs must be whole numbers, and no knob
may be negative. docs/ai.md ("Configuration") describes each knob and the measurements behind its default.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, fields, replace

from ai.agent import SpecError, clip
from ai.batch.policy import PLAYOUTS
from ai.mcts.evaluator import VALUES
from ai.mcts.opponent_model import MODES
from ai.mcts.personality import PERSONALITIES
from ai.specerror import unknown_option

#: Decision families the search may take; the rest are left to the policy (``scope``).
SCOPES = ("commit", "attack", "travel", "economy", "cards")
ROLLOUTS = ("batch", "scalar", "auto")
POLICIES = ("tuned", "greedy")
HAND_PRIORS = ("fitted", "uniform")
#: The root's prior and the order options open in below it: the greedy policy's, or the learned policy's
#: (the default of the plain search: MCTSConfig.root_prior).
PRIORS = ("greedy", "learned")
#: What another seat's learned ranking reads of its hidden hand: the world's deal, or its quiet key's stand-in.
PRIOR_OTHERS = ("world", "stand_in")
#: How a battle commitment is chosen: decoupled UCT's visit counts, or the CFR+ equilibrium of sampled worlds.
BATTLE_MODES = ("uct", "eq")
#: difficulty -> (seconds for a whole turn, at most seconds for one decision). Strength rises steeply up to
#: 0.02 s a decision, so easy searches 5 ms a decision; normal keeps a whole turn under 2 s on a 2-core
#: machine, its decisions up to 0.5 s (which beats 0.1 s); docs/ai.md, "Measured figures" and "Budgets".
PRESETS: dict[str, tuple[float, float]] = {"easy": (0.05, 0.005), "normal": (1.8, 0.5), "hard": (15.0, 3.0)}
#: difficulty -> ``choice_margin`` when not given: easy takes any root option whose mean is within this of
#: the best (a near-best choice, never a blunder); normal and hard take the best (docs/ai.md, "Difficulty").
LEVEL_MARGINS: dict[str, float] = {"easy": 0.04, "normal": 0.0, "hard": 0.0}
#: difficulty -> ``bonus_leaves`` when not given: beyond normal's budget (its 0.5 s a decision, 2,000 leaves)
#: hard's root margin over the policy's choice shrinks like a standard error, so its extra leaves act on
#: the smaller edges they can see (docs/ai.md, "Difficulty"); easy and normal keep the margin whole.
LEVEL_BONUS_LEAVES: dict[str, int] = {"easy": 0, "normal": 0, "hard": 2000}
#: Playout turns per rollout kind when ``depth`` is not given (batch: 8, docs/ai.md "Measured figures").
DEFAULT_DEPTH = {"batch": 8, "auto": 8, "scalar": 2}
#: The tree grows with the budget (``expand_visits`` and ``unprune_step`` not given): up to TREE_LEAVES
#: leaves a decision (about 0.1 s on a 2-core machine) a node below the root is walked after TREE_STEP
#: visits and opens one more option every TREE_STEP; a bigger budget lowers both in proportion, to
#: TREE_FLOOR from 5 times that (0.5 s). A time budget counts as LEAVES_PER_SECOND leaves a second, so the
#: tree's shape follows the budget, not the machine's load (docs/ai.md, "Measured figures").
TREE_LEAVES = 400
TREE_STEP = 40
TREE_FLOOR = 8
LEAVES_PER_SECOND = 4000

#: How far a root search's tree reaches (the ``tree`` knob).
TREES = ("full", "public")


def _knob(default: object, doc: str, kind: str, low: float | None = None, high: float | None = None,
          choices: tuple[str, ...] = ()) -> object:
    """A dataclass field carrying its documentation and the range :func:`parse_options` enforces."""
    return field(default=default, metadata={"doc": doc, "kind": kind, "low": low, "high": high,
                                            "choices": choices})


@dataclass(frozen=True)
class MCTSConfig:
    """The MCTS agent's settings. Budget: ``time`` per decision, ``iterations`` per decision, or a
    ``difficulty`` preset (a budget for a whole turn); with none of them, ``difficulty=normal``."""

    time: float | None = _knob(None, "seconds of search per decision", "float", 1e-4, 3600.0)
    iterations: int | None = _knob(None, "search iterations (leaves) per decision", "int", 1, 10_000_000)
    difficulty: str | None = _knob(None, "a preset turn budget (PRESETS)", "choice", choices=tuple(PRESETS))
    seed: int = _knob(0, "mixed into the caller's generator: different seeds, different games", "int",
                      0, 2**63 - 1)
    c: float = _knob(0.2, "UCT exploration constant (leaf values are chances of winning)", "float", 0.0, 10.0)
    rollouts: str = _knob("batch", "leaf playouts: the batch simulator, the scalar engine, or auto",
                          "choice", choices=ROLLOUTS)
    depth: int | None = _knob(None, "playout turns before the leaf value (default by rollouts)", "int", 0, 40)
    lanes: int = _knob(8, "batch rollouts averaged per leaf", "int", 1, 1024)
    leaf_mix: float = _knob(0.0, "batch rollouts: the share of a leaf's value taken from the leaf value "
                            "(value=) of the leaf itself, the rest from its playouts (a mix, as AlphaGo mixed "
                            "its value network with rollouts); 0: the playouts alone", "float", 0.0, 1.0)
    threads: int = _knob(1, "cores one decision uses (0: one a core): travel and economy roots are cut into "
                         "this many shares searched on worker processes and merged (ai.mcts.parallel), battle "
                         "and attack searches cut the simulator's lanes into parts on threads; 1 searches in "
                         "one process as one stream; reproducible for a seed at a fixed count", "int", 0, 64)
    batch: int = _knob(32, "leaves gathered per evaluation call (batch rollouts; scalar uses 1)", "int", 1, 4096)
    scope: str = _knob("all", "decision families searched: all or a '+'-list of " + ", ".join(SCOPES), "scope")
    value: str = _knob("fitted", "leaf value: fitted (logistic regression), material, learned (the network "
                       "of ai.learned trained on self-play) or blend (the mean of fitted and learned)", "choice",
                       choices=VALUES)
    value_weights: str | None = _knob(None, "with value=fitted: the fitted value's weights, a file written by "
                                      "tools/fit_value.py (default: the shipped ai/mcts/value_weights.json); "
                                      "a path without ':' or ','", "path")
    policy: str = _knob("tuned", "greedy style for the prior, the playouts and unsearched decisions",
                        "choice", choices=POLICIES)
    personality: str = _knob("balanced", "the searcher's style: balanced (the plain search) or a league style "
                             "(honor_racer, rusher, turtle, hoarder) as its prior, ranked options, playouts and a "
                             "small value tilt towards the style's aim (ai.mcts.personality)", "choice",
                             choices=PERSONALITIES)
    choice_margin: float | None = _knob(None, "ordinary and attack decisions: choose at random among the root "
                                        "options whose mean is within this of the best (default: the "
                                        "difficulty's, LEVEL_MARGINS: easy 0.04, else 0 = the best)",
                                        "float", 0.0, 1.0)
    opponent_policy: str = _knob("tuned", "greedy style that ranks opponents' options in the tree (greedy: the "
                                 "yardstick's rules, which every league style varies; model: the league policy of "
                                 "the style each opponent's play reads as, ai.mcts.opponent_model)", "choice",
                                 choices=(*POLICIES, "model"))
    playout_opponent: str = _knob("self", "the opponents' knobs in batch playouts: self (ours), model (the "
                                  "style each plays like, read from its public play: ai.mcts.opponent_model) "
                                  "or one style for all: racer, rusher, turtle, hoarder", "choice",
                                  choices=MODES)
    playout: str = _knob("default", "the batch playouts' knobs for our seat and for every opponent played as "
                         "ours: default or tuned (ai.batch.policy.PLAYOUTS, chosen by tools/tune_playout.py)",
                         "choice", choices=tuple(PLAYOUTS))
    playout_knobs: str | None = _knob(None, "the batch playouts' knobs from a JSON file in place of playout's: "
                                      "tools/tune_playout.py's --out report or an object of knobs; a path "
                                      "without ':' or ','", "path")
    hand_prior: str = _knob("fitted", "how sampled worlds deal the opponents' hands: fitted (weighted by card type, "
                            "ai.mcts.hand_prior: hands hold more Daimyo and Diplomacy than the unseen pool) or "
                            "uniform", "choice", choices=HAND_PRIORS)
    prior_bonus: float = _knob(0.03, "mean-value bonus of the policy's choice at the root", "float", 0.0, 1.0)
    prior_z: float = _knob(0.0, "travel and economy roots: the policy's bonus over an option is at most this "
                           "many standard errors of their paired difference (common worlds), so a bigger "
                           "budget can act on smaller edges; 0 keeps the fixed prior_bonus", "float", 0.0, 10.0)
    prior: str | None = _knob(None, "travel and economy decisions: greedy (the policy's choice gets prior_bonus at "
                              "the root, options below it open in the playout policy's order) or learned "
                              "(ai.learned.policy, fitted to the search's own choices: the root's margin shrinks "
                              "with an option's probability, options below it open by probability); default: "
                              "learned, greedy for a league personality (its style is its prior)", "choice",
                              choices=PRIORS)
    prior_others: str = _knob("world", "with prior=learned, another seat's options below the root: ranked from "
                              "its hand in each sampled world (world) or from the stand-in of that hand's size "
                              "and playable cards (stand_in: one ranking serves every world, so its turn is "
                              "walked once on public states; about 1.6 times the travel leaves a second, but below "
                              "the default in paired games: 0.46 at time=0.1, 0.41 at 400 iterations, docs/ai.md)",
                              "choice", choices=PRIOR_OTHERS)
    prior_weights: str | None = _knob(None, "with prior=learned: the policy's weights, a file written by "
                                      "tools/train_policy.py (default: the shipped ai/learned/policy_net.npz); "
                                      "a path without ':' or ','", "path")
    battle_iterations: int = _knob(8, "cheap battle/attack iterations per iteration of budget", "int", 1, 1000)
    battle_turns: int = _knob(0, "battle and attack searches: playout turns after the battle before the leaf "
                              "value (2 reaches the end of the next player's turn, so the counter-attack an "
                              "attack invites is seen); 0 scores the position right after the battle", "int", 0, 8)
    battle: str = _knob("eq", "battle commitments: eq (the commitment game of sampled worlds solved by CFR+, "
                        "drawn from its equilibrium: ai.mcts.battle_equilibrium) or uct (decoupled UCT, drawn "
                        "from the visit counts)", "choice", choices=BATTLE_MODES)
    tree: str = _knob("full", "travel and economy roots: full (a world walks the tree through every seat's "
                      "decisions and chance) or public (the tree holds only our own choices that no hidden card "
                      "changes, and a world's leaf is cut where it meets anything else, so every leaf is a lane "
                      "of a public state: ai.mcts.public)", "choice", choices=TREES)
    mix_margin: float = _knob(0.02, "the final commitment mixes options this close to the best mean",
                              "float", 0.0, 1.0)
    bonus_leaves: int | None = _knob(None, "travel and economy roots: above this many leaves a decision prior_bonus "
                                     "shrinks like a standard error, by sqrt(bonus_leaves / leaves), so a bigger "
                                     "budget can act on smaller edges while this budget and smaller ones keep it "
                                     "whole; 0 keeps it fixed (default: the difficulty's, LEVEL_BONUS_LEAVES: hard "
                                     "2000, else 0)", "int", 0, 10_000_000)
    tree_leaves: int = _knob(TREE_LEAVES, "up to this many leaves a decision the tree keeps TREE_STEP (40) for "
                             "expand_visits and unprune_step; a bigger budget lowers both in proportion (tree_steps)",
                             "int", 1, 10_000_000)
    tree_floor: int = _knob(TREE_FLOOR, "the least expand_visits and unprune_step the budget lowers them to "
                            "(tree_steps)", "int", 1, 100_000)
    unprune_step: int | None = _knob(None, "below the root, one more ranked option opens every this many visits "
                                     "(default: 40 up to 0.1 s a decision, down to 8 from 0.5 s: tree_steps)",
                                     "int", 1, 100_000)
    expand_visits: int | None = _knob(None, "a node below the root is walked only after this many visits "
                                      "(default: as unprune_step)", "int", 0, 100_000)
    min_visits: int = _knob(4, "a root option seen in fewer worlds does not overrule the policy", "int",
                            0, 100_000)
    turn_share: float = _knob(0.3, "share of the turn's remaining budget for one decision (presets)",
                              "float", 0.001, 1.0)
    economy_share: float = _knob(0.1, "the same share for raising, drawing and honor", "float", 0.001, 1.0)
    trade: int = _knob(1, "1: offer trades that raise the evaluation (ai.offers); 0: never offer", "int", 0, 1)
    trade_gain: float = _knob(0.01, "least rise of the evaluation (chance of winning) an offer must bring",
                              "float", 0.0, 1.0)
    trade_worlds: int = _knob(8, "sampled worlds a trade offer is evaluated on", "int", 1, 256)
    trade_honor: int = _knob(1, "1: buying honor with the cards beyond the kept hand (trade_hand) is among the offers; "
                             "0: it is not",
                             "int", 0, 1)
    haggle: int = _knob(0, "1: honor purchases learn each seller's price from its answers and next ask less than "
                        "it last sold for (ai.offers.OfferMemory); 0: asked as greedy's rule would accept", "int",
                        0, 1)
    sell_honor: int = _knob(0, "1: an offer asking for our honor is judged like any other; 0: declined (honor "
                            "traded away is a 2-point swing in the race that buying recovers 1 a turn)",
                            "int", 0, 1)
    trade_hand: int = _knob(8, "a trade is judged with every hand cut to its best this many cards (the "
                            "surplus is worth nothing in a trade); 0: every card counts", "int", 0, 116)
    trade_players: int = _knob(2, "trade_hand and trade_honor apply in games of at most this many players; in "
                               "larger games a trade is judged on whole hands and honor is not bought (on kanto-3p "
                               "they lose games)", "int", 2, 4)

    # ----- derived ---------------------------------------------------------------------------------------
    @property
    def thread_count(self) -> int:
        """``threads``, with 0 meaning one a core of this machine."""
        return self.threads or (os.cpu_count() or 1)

    @property
    def playout_depth(self) -> int:
        """``depth``, or the rollout kind's default."""
        return self.depth if self.depth is not None else DEFAULT_DEPTH[self.rollouts]

    @property
    def margin(self) -> float:
        """``choice_margin``, or the difficulty's (:data:`LEVEL_MARGINS`; 0 without a difficulty)."""
        if self.choice_margin is not None:
            return self.choice_margin
        return LEVEL_MARGINS[self.difficulty] if self.difficulty else 0.0

    @property
    def root_prior(self) -> str:
        """``prior``, or the default: the learned policy for the plain search, greedy's for a league personality,
        whose style proposes its prior (docs/ai.md, "Learned policy prior")."""
        if self.prior is not None:
            return self.prior
        return "learned" if self.personality == "balanced" else "greedy"

    @property
    def scopes(self) -> frozenset[str]:
        """The decision families searched."""
        kinds = set(self.scope.split("+"))
        return frozenset(SCOPES) if "all" in kinds else frozenset(kinds)

    @property
    def turn_budget(self) -> tuple[float, float] | tuple[None, None]:
        """(seconds per turn, cap per decision) of the difficulty preset; (None, None) without one."""
        if self.difficulty is None and self.time is None and self.iterations is None:
            return PRESETS["normal"]
        return PRESETS[self.difficulty] if self.difficulty else (None, None)

    def budget_leaves(self, seconds: float | None) -> float:
        """The leaves a decision allotted ``seconds`` (None: the iteration budget alone) stands for: the
        iterations, or LEAVES_PER_SECOND a second, whichever is fewer; TREE_LEAVES without a budget. A time
        budget counts by this rate, so what scales with the budget does not follow the machine's load."""
        budgets = [float(b) for b in (self.iterations, None if seconds is None else seconds * LEAVES_PER_SECOND)
                   if b is not None]
        return min(budgets) if budgets else float(TREE_LEAVES)

    def tree_steps(self, seconds: float | None) -> tuple[int, int]:
        """(expand_visits, unprune_step) for a decision allotted ``seconds``: the given ones, else TREE_STEP
        scaled down in proportion to the budget beyond ``tree_leaves`` leaves, to ``tree_floor`` at the least."""
        leaves = self.budget_leaves(seconds)
        step = max(self.tree_floor, min(TREE_STEP, round(TREE_STEP * self.tree_leaves / max(leaves, 1.0))))
        return (step if self.expand_visits is None else self.expand_visits,
                step if self.unprune_step is None else self.unprune_step)

    def root_bonus(self, seconds: float | None) -> float:
        """The policy's bonus at a travel or economy root for a decision allotted ``seconds``: ``prior_bonus``,
        or with ``bonus_leaves`` above that many leaves ``prior_bonus x sqrt(bonus_leaves / leaves)`` (the
        noise it guards against shrinks so)."""
        leaves = self.budget_leaves(seconds)
        above = self.shrink_above
        if above <= 0 or leaves <= above:
            return self.prior_bonus
        return self.prior_bonus * math.sqrt(above / leaves)

    @property
    def shrink_above(self) -> int:
        """``bonus_leaves``, or the difficulty's (:data:`LEVEL_BONUS_LEAVES`; 0 without a difficulty)."""
        if self.bonus_leaves is not None:
            return self.bonus_leaves
        return LEVEL_BONUS_LEAVES[self.difficulty] if self.difficulty else 0

    @classmethod
    def preset(cls, difficulty: str) -> MCTSConfig:
        """The configuration of a difficulty preset (easy, normal, hard)."""
        return parse_options({"difficulty": difficulty})

    def with_options(self, options: dict[str, object]) -> MCTSConfig:
        """A copy with spec options applied (validated like :func:`parse_options`)."""
        return replace(self, **{k: _check(k, v) for k, v in _named(options).items()})


KNOBS = {f.name: f for f in fields(MCTSConfig)}


def _named(options: dict[str, object]) -> dict[str, object]:
    """Reject unknown option names with the list of known ones."""
    for key in options:
        if key not in KNOBS:
            raise unknown_option("mcts", key, KNOBS)
    return options


def _expect(key: str, what: str, value: object) -> SpecError:
    return SpecError(f"mcts option {key!r}: expected {what}, got {clip(value)}")


def _check(key: str, value: object) -> object:
    """One option's value, converted and range-checked; SpecError naming the option otherwise."""
    meta = KNOBS[key].metadata
    kind, low, high = meta["kind"], meta["low"], meta["high"]
    if kind in ("choice", "scope"):
        text = str(value)
        if kind == "choice" and text not in meta["choices"]:
            raise _expect(key, "one of " + ", ".join(meta["choices"]), value)
        if kind == "scope" and (not text or not set(text.split("+")) <= set(SCOPES) | {"all"}):
            raise _expect(key, "all or a '+'-list of " + ", ".join(SCOPES), value)
        return text
    if kind == "path":
        text = str(value)
        if not text.strip() or "\n" in text or "\x00" in text:
            raise _expect(key, "a file's path", value)
        return text
    span = f"in [{int(low)}, {int(high)}]" if kind == "int" else f"in [{low:g}, {high:g}]"
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, str) and value.strip().lstrip("+").isdecimal() and len(value) < 30:
                value = int(value)
            else:
                raise _expect(key, f"a whole number {span}", value)
    else:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise _expect(key, f"a number {span}", value)
        try:
            value = float(value)
        except (ValueError, OverflowError):
            raise _expect(key, f"a number {span}", value) from None
        if not math.isfinite(value):
            raise _expect(key, f"a finite number {span}", value)
    if not low <= value <= high:
        raise _expect(key, f"a {'whole ' if kind == 'int' else ''}number {span}", value)
    return value


def parse_options(options: dict[str, object]) -> MCTSConfig:
    """The configuration for spec options (values as :func:`ai.agent.parse_spec` gives them)."""
    return MCTSConfig().with_options(options)
