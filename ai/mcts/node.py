"""Search-tree nodes of information-set MCTS: edge statistics with availability counts, UCT selection.

A :class:`Node` is one information set of the player to act (open loop: chance outcomes are not
branched on, so a node stands for every world reached by the same sequence of public choices). Its
edges are keyed by option keys (see :mod:`ai.mcts.options`). A simultaneous battle commitment uses
*decoupled* UCT: the node holds one edge table per side, each side selects from its own table without
seeing the other's choice, and the child is keyed by the pair.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence


class Edge:
    """Statistics of one option at one node: visits, total reward for the chooser, availability."""

    __slots__ = ("n", "w", "avail")

    def __init__(self) -> None:
        self.n = 0
        self.w = 0.0
        self.avail = 0

    @property
    def mean(self) -> float:
        """Average reward of the option for its chooser."""
        return self.w / self.n if self.n else 0.0


class Node:
    """One tree node: edges of the player to act, optional edges of the simultaneous second player,
    and children keyed by the chosen option key (or the pair of keys for a simultaneous node)."""

    __slots__ = ("edges", "sim_edges", "children", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[Hashable, Edge] = {}
        self.sim_edges: dict[Hashable, Edge] | None = None
        self.children: dict[Hashable, Node] = {}

    def child(self, key: Hashable) -> tuple[Node, bool]:
        """The child under ``key`` and whether it was just created."""
        node = self.children.get(key)
        if node is None:
            node = Node()
            self.children[key] = node
            return node, True
        return node, False


def unpruned(visits: int, count: int, step: int) -> int:
    """Progressive unpruning (Chaslot et al. 2008): how many of a node's ranked options are open after
    ``visits`` visits; the first (the playout policy's choice) always is, one more every ``step`` visits."""
    return min(count, 1 + visits // step)


def select(edges: dict[Hashable, Edge], keys: Sequence[Hashable], c: float) -> tuple[Hashable, Edge]:
    """UCT with availability counts (Cowling et al. 2012) over the options available in this world.

    Every available edge's availability is counted; an untried option is taken first (in option order,
    so the search is deterministic); otherwise the upper confidence bound uses the availability count in
    place of the parent's visit count. The chosen edge gets a virtual visit now (its reward is added at
    backpropagation), so several leaves can be gathered before one batch evaluation.
    """
    chosen: tuple[Hashable, Edge] | None = None
    best = -math.inf
    for key in keys:
        edge = edges.get(key)
        if edge is None:
            edge = edges[key] = Edge()
        edge.avail += 1
        if chosen is not None and best == math.inf:
            continue
        if edge.n == 0:
            chosen, best = (key, edge), math.inf
            continue
        score = edge.w / edge.n + c * math.sqrt(math.log(edge.avail) / edge.n)
        if score > best:
            chosen, best = (key, edge), score
    assert chosen is not None
    chosen[1].n += 1
    return chosen


def most_visited(edges: dict[Hashable, Edge], keys: Sequence[Hashable]) -> Hashable:
    """The robust final choice: most visits, then best mean, then option order."""
    return max(keys, key=lambda k: (edges[k].n if k in edges else 0, edges[k].mean if k in edges else 0.0))


def mixed_policy(edges: dict[Hashable, Edge], keys: Sequence[Hashable], margin: float = 1.0) -> list[float]:
    """Probabilities for a mixed final choice (simultaneous commitments): among the options whose mean
    value is within ``margin`` of the best, proportional to visits (the decoupled-UCT average strategy);
    options tried only for exploration and clearly worse ones get nothing."""
    tried = [k for k in keys if k in edges and edges[k].n > 0]
    if not tried:
        return [1.0 / len(keys)] * len(keys)
    best = max(edges[k].mean for k in tried)
    weights = [float(edges[k].n) if k in edges and edges[k].n > 0 and edges[k].mean >= best - margin else 0.0
               for k in keys]
    total = sum(weights)
    return [w / total for w in weights]


def policy_margin(sweeps: Sequence[dict[int, float]], option: int, prior: int, z: float, cap: float) -> float:
    """How much better than the policy's choice ``prior`` root option ``option`` must look to overrule it:
    ``cap``, or with ``z > 0`` at most ``z`` standard errors of their paired difference over the sweeps that
    played both (each sweep plays its options in the same world with the same random stream), so a bigger
    budget can act on smaller edges while a small one keeps the policy's choice."""
    if z <= 0:
        return cap
    diffs = [row[option] - row[prior] for row in sweeps if option in row and prior in row]
    if len(diffs) < 2:
        return cap
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return min(cap, z * math.sqrt(var / len(diffs)))


def learned_margin(probs: Sequence[float], option: int, top: int) -> float:
    """The share of the policy margin root option ``option`` must clear over the learned policy's top choice
    ``top``: ``1 - p(option) / p(top)``, so an option the policy finds as likely as its top needs no margin
    and an unlikely one the full margin (a bonus by prior probability, in the spirit of PUCT)."""
    if option == top or probs[top] <= 0:
        return 0.0
    return max(0.0, 1.0 - probs[option] / probs[top])


class RootStats:
    """The travel and economy root's record: visits and total value per option and, when ``paired``, each
    sweep's value per option (a sweep plays its options in one world), which :meth:`score` reads."""

    __slots__ = ("visits", "totals", "sweeps", "paired")

    def __init__(self, options: int, paired: bool) -> None:
        self.visits = [0] * options
        self.totals = [0.0] * options
        self.sweeps: list[dict[int, float]] = []
        self.paired = paired

    def new_sweep(self) -> None:
        """Start a sweep's row (kept only when paired: nothing reads it otherwise)."""
        if self.paired:
            self.sweeps.append({})

    def add(self, option: int, value: float, sweep: int) -> None:
        """One leaf of ``option`` worth ``value`` to the searcher, played in sweep number ``sweep``."""
        self.visits[option] += 1
        self.totals[option] += value
        if self.paired:
            self.sweeps[sweep][option] = value

    def mean(self, option: int) -> float:
        """Average value of ``option`` (0 before its first leaf)."""
        n = self.visits[option]
        return self.totals[option] / n if n else 0.0

    def score(self, option: int, prior: int | None, z: float, cap: float) -> float:
        """``option``'s mean less the margin by which it must beat the policy's choice ``prior``
        (:func:`policy_margin`)."""
        if prior is None or option == prior:
            return self.mean(option)
        return self.mean(option) - policy_margin(self.sweeps, option, prior, z, cap)
