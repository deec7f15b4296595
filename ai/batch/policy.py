"""The rollout policy's parameters and the card tables both implementations share.

The same policy is written twice: compiled over the batch arrays in :mod:`ai.batch.phases` (many lanes)
and as an ordinary agent over the engine API in :mod:`ai.rollout_policy` (the scalar reference). Keeping
the parameters and card tables here means the two cannot drift apart silently.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from pathlib import Path

import numpy as np

from japanese_swords.cards import COUNT, FORCE, NUM_TYPES, Card, commit_limit
from japanese_swords.fileio import load_json
from japanese_swords.game import DEFAULT_RULES, Rules


@dataclass(frozen=True)
class RolloutPolicy:
    """A fast stochastic playing policy with a few knobs (economy, marching, attacking, committing).

    Economy: play every Prosperity, pay upkeep, raise armies while ``gold >= army_cost + raise_reserve``
    and fewer than ``army_cap`` armies; take the free card and buy up to ``max_draws`` cards in all while
    ``gold >= 1 + draw_reserve`` and the hand is below ``hand_target``; play every Much Honor, buy one honor
    when ``gold >= 1 + honor_reserve``, play every Intrigue on the leading opponent. Marching: the army on
    its own home fortress stays as a garrison; every other army moves to the reachable square (or stays)
    with the highest attraction ``log(sum_t w_t exp(-field_decay * dist(square, t)))`` plus
    ``move_noise * U(0,1)``, where the targets are keeps and fortresses the seat does not control and enemy
    armies. Attacking: an army attacks its best adjacent target when ``own best force + experience -
    (avg_force * min(their hand, 7) + their experience + terrain) + attack_noise * (U - 1/2) >
    attack_margin``. Committing: the strongest legal set (Daimyo, soldiers and Superior Tactics by force,
    then Ninja); a defender facing a clearly stronger attack commits Diplomacy alone when it holds one.
    Discards drop the lowest-valued cards first (:data:`DISCARD_ORDER`). Forced March, Treachery and
    trading are never used. Under the rule modules: bid ``bid_percent`` of the gold above ``bid_reserve``
    for the turn order (bidding), pay for every supporter it may (support); build a level of walls on the
    lowest keep it holds with an army whose square an enemy army is within ``wall_threat`` squares of
    (row plus column steps; 0: never) while ``gold >= cost + wall_reserve`` (castles); then hire ronin, one at a
    time, for each army in square order with an enemy army next to it, up to ``ronin_cap`` with one army
    (0: never), while ``gold >= cost + ronin_reserve`` (ronin).
    """

    army_cap: int = 6
    raise_reserve: int = 1
    max_draws: int = 3
    hand_target: int = 7
    draw_reserve: int = 2
    honor_reserve: int = 0
    intrigue_cards_min: int = 5
    bid_percent: int = 0
    bid_reserve: int = 0
    wall_threat: int = 0
    wall_reserve: int = 2
    ronin_cap: int = 0
    ronin_reserve: int = 4
    attack_margin: float = 0.0
    attack_noise: float = 4.0
    avg_force: float = 4.0
    diplomacy_margin: float = 5.0
    move_noise: float = 0.5
    field_decay: float = 0.7
    w_keep: float = 1.0
    w_fortress: float = 1.5
    w_home: float = 3.0
    w_army: float = 0.7

    def __post_init__(self) -> None:
        """Reject settings the policy cannot play with."""
        if self.army_cap < 0 or self.max_draws < 1 or self.field_decay <= 0 or not 0 <= self.bid_percent <= 100:
            raise ValueError("army_cap >= 0, max_draws >= 1, field_decay > 0 and bid_percent 0..100 are required")

    def bid(self, gold: int) -> int:
        """The bidding module's bid for the turn order: ``bid_percent`` of the gold above ``bid_reserve``,
        rounded down (0 by default: the policy keeps its gold)."""
        return self.bid_percent * max(gold - self.bid_reserve, 0) // 100


#: The batch playouts' knobs tuned by whole games in the simulator against the default knobs and the
#: opponent model's styles: ``python tools/tune_playout.py --generations 60 --mutants 8 --games 2048 --seed 1``
#: (classic-2p; 0.936 against the default knobs, and 0.935 and 0.904 on kawanakajima-2p and nagashino-2p).
#: Fewer armies, more cards, honor bought from a reserve, attacks only at clear odds, no noise in the march.
#: Not the search's default: the stronger player is not the better judge of a leaf (docs/ai.md, "Playout
#: knobs").
TUNED = RolloutPolicy(army_cap=4, raise_reserve=0, max_draws=5, hand_target=12, honor_reserve=3,
                      intrigue_cards_min=7, attack_margin=2.0, attack_noise=2.0, avg_force=6.0,
                      diplomacy_margin=0.5, move_noise=0.0, w_keep=1.4, w_fortress=1.1, w_home=1.4)
#: ``mcts:playout=`` values: the knobs the search's playouts play with (our seat, and the opponents under
#: ``playout_opponent=self``).
PLAYOUTS: dict[str, RolloutPolicy] = {"default": RolloutPolicy(), "tuned": TUNED}


def with_knobs(knobs: object, base: RolloutPolicy | None = None) -> RolloutPolicy:
    """``base`` (default: the default knobs) with the knobs of a JSON object; ValueError naming the first
    problem (not an object, an unknown knob, a value of the wrong kind or out of range). ``field_decay`` is
    not accepted: every seat of a batch shares it."""
    if not isinstance(knobs, dict):
        raise ValueError("expected a JSON object of knobs")
    kinds = {f.name: f.type for f in fields(RolloutPolicy)}
    for name, value in knobs.items():
        if name not in kinds:
            raise ValueError(f"unknown knob {name!r}")
        if name == "field_decay":
            raise ValueError("field_decay is shared by every seat of a batch and cannot be set")
        if kinds[name] == "int" and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValueError(f"knob {name!r}: expected a whole number, got {value!r}")
        if kinds[name] == "float" and (isinstance(value, bool) or not isinstance(value, int | float)
                                       or not math.isfinite(value)):
            raise ValueError(f"knob {name!r}: expected a finite number, got {value!r}")
    return replace(base or RolloutPolicy(), **{k: (float(v) if kinds[k] == "float" else v) for k, v in knobs.items()})


#: The largest knob file read (an object of knobs or a tuning report is well under a kilobyte).
KNOB_FILE_LIMIT = 1 << 20


def knobs_from_file(path: str | Path) -> RolloutPolicy:
    """The knobs of a JSON file over the defaults: an object of knobs, or ``tools/tune_playout.py``'s report
    (its ``knobs``); ValueError in one line naming the file (read and checked by
    :func:`japanese_swords.fileio.load_json`: size, UTF-8, strict JSON)."""
    data = load_json(path, KNOB_FILE_LIMIT, what="knob file")
    if isinstance(data, dict) and isinstance(data.get("knobs"), dict):
        data = data["knobs"]
    try:
        return with_knobs(data)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


#: A policy for every seat, or one for all.
Policies = RolloutPolicy | Sequence[RolloutPolicy]


def per_seat(policy: Policies | None, players: int) -> tuple[RolloutPolicy, ...]:
    """One policy per seat: ``None`` is the default policy everywhere, a single policy is shared, a
    sequence must name exactly one per seat. The seats share the map's attraction tables, so their
    ``field_decay`` must agree (ValueError otherwise)."""
    if policy is None:
        policy = RolloutPolicy()
    if isinstance(policy, RolloutPolicy):
        return (policy,) * players
    out = tuple(policy)
    if len(out) != players or not all(isinstance(p, RolloutPolicy) for p in out):
        raise ValueError(f"expected {players} rollout policies, one per seat, got {len(out)}")
    if len({p.field_decay for p in out}) > 1:
        raise ValueError("the seats' rollout policies must share field_decay")
    return out


#: Commitment priority: each card as many as the rules' limits allow (:func:`greedy_commit`).
COMMIT_PRIORITY: tuple[Card, ...] = (
    Card.DAIMYO, Card.MOUNTED, Card.ARCHERS, Card.TACTICS, Card.SWORDSMEN, Card.MUSKETEERS, Card.MONKS,
    Card.SPEARMEN, Card.PEASANT, Card.NINJA,
)
#: Discards (hand limits, Intrigue) take the first held card in this order: least useful first.
DISCARD_ORDER: tuple[Card, ...] = (
    Card.FORCED_MARCH, Card.TREACHERY, Card.NINJA, Card.PEASANT, Card.SPEARMEN, Card.INTRIGUE,
    Card.DIPLOMACY, Card.MONKS, Card.MUSKETEERS, Card.PROSPERITY, Card.SWORDSMEN, Card.TACTICS,
    Card.ARCHERS, Card.MUCH_HONOR, Card.MOUNTED, Card.DAIMYO,
)
FORCE_ARR = np.array(FORCE, dtype=np.int64)
COUNT_ARR = np.array(COUNT, dtype=np.int64)
SOLDIER_MASK = np.array([Card(c).is_soldier for c in range(NUM_TYPES)], dtype=bool)
DISCARD_ORDER_ARR = np.array([int(c) for c in DISCARD_ORDER], dtype=np.int64)
assert sorted(DISCARD_ORDER_ARR.tolist()) == list(range(NUM_TYPES))


def greedy_commit(hand: list[int], rules: Rules = DEFAULT_RULES) -> list[int]:
    """Counts of the strongest legal commitment from ``hand`` by :data:`COMMIT_PRIORITY` within the
    commitment limits of ``rules``; if the hand holds no fighting card, the single least useful card (a
    commitment is at least one card); empty for an empty hand."""
    out = [0] * NUM_TYPES
    slots, soldiers = rules.commit_cards, rules.commit_soldiers
    for card in COMMIT_PRIORITY:
        k = min(hand[card], commit_limit(card, rules), slots)
        if card.is_soldier:
            k = min(k, soldiers)
            soldiers -= k
        out[card] = k
        slots -= k
    if slots == rules.commit_cards and sum(hand):
        out[first_discard(hand)] = 1
    return out


def commit_force(counts: list[int], opponent_ninja: bool = False) -> int:
    """Battle force of a commitment given as counts (a Daimyo counts 0 against a Ninja)."""
    total = sum(FORCE[c] * n for c, n in enumerate(counts))
    if opponent_ninja:
        total -= FORCE[Card.DAIMYO] * counts[Card.DAIMYO]
    return total


def first_discard(hand: list[int]) -> int:
    """The card type the policy discards first from ``hand`` (which must not be empty)."""
    for c in DISCARD_ORDER:
        if hand[c]:
            return int(c)
    raise ValueError("cannot discard from an empty hand")
