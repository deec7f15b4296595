"""Battle commitments under the rules' limits (``Rules.commit_*``): the strongest set, the cheapest set
that is strong enough, and the card to give up."""

from __future__ import annotations

from ai.material import KEEP_VALUE
from japanese_swords.cards import FORCE, Card, commit_limit
from japanese_swords.game import DEFAULT_RULES, Rules

Hand = list[int] | tuple[int, ...]

# Force used when choosing a commitment; Treachery (10 force, -7 honor) only when desperate.
COMMIT_ORDER = sorted((c for c in Card if c.force > 0 and c not in (Card.TREACHERY, Card.NINJA)),
                      key=lambda c: (-c.force, KEEP_VALUE[c]))
_WITH_TREACHERY = sorted(COMMIT_ORDER + [Card.TREACHERY], key=lambda c: -c.force)
_LESS_KEPT = {c: -KEEP_VALUE[c] for c in Card}.__getitem__  # the sort key of the cards worth keeping most first


def best_commit(hand: Hand, treachery: bool = False, rules: Rules = DEFAULT_RULES) -> list[Card]:
    """The legal commitment of highest force within the limits of ``rules`` (no Ninja; Treachery only
    if asked), strongest first."""
    cards, most_soldiers = rules.commit_cards, rules.commit_soldiers
    out: list[Card] = []
    soldiers = 0
    for c, most, soldier in _order(treachery, rules):
        held = hand[c]
        if not held:
            continue
        n = min(held, most, cards - len(out))
        if soldier:
            n = min(n, most_soldiers - soldiers)
        if n > 0:
            out.extend([c] * n)
            if soldier:
                soldiers += n
            if len(out) >= cards:
                break
    return out


_ORDERS: dict[tuple, tuple[tuple[Card, int, bool], ...]] = {}


def _order(treachery: bool, rules: Rules) -> tuple[tuple[Card, int, bool], ...]:
    """The cards :func:`best_commit` takes, in order, with each one's limit under ``rules`` and whether it
    is a soldier (worked out once per set of limits: a battle search asks thousands of times)."""
    key = (treachery, rules.commit_cards, rules.commit_soldiers, rules.commit_daimyo, rules.commit_ninja)
    order = _ORDERS.get(key)
    if order is None:
        order = _ORDERS[key] = tuple((c, commit_limit(c, rules), c.is_soldier)
                                     for c in (_WITH_TREACHERY if treachery else COMMIT_ORDER))
    return order


def max_force(hand: Hand, rules: Rules = DEFAULT_RULES) -> int:
    """Force of :func:`best_commit` (no Treachery)."""
    return sum(map(FORCE.__getitem__, best_commit(hand, rules=rules)))


def just_enough(hand: Hand, target: int, rules: Rules = DEFAULT_RULES) -> list[Card] | None:
    """A cheap commitment with force >= target: the strongest set, then drop the most valuable cards that
    are not needed. None if even the strongest set falls short."""
    return HandSets(hand, rules).just_enough(target)


class HandSets:
    """One hand's commitments under one set of limits, its strongest sets worked out once: a commitment
    search asks a hand for several force levels (:func:`ai.mcts.options.commit_options` up to six)."""

    __slots__ = ("hand", "rules", "strongest", "force", "_treachery")

    def __init__(self, hand: Hand, rules: Rules = DEFAULT_RULES) -> None:
        self.hand, self.rules = hand, rules
        #: :func:`best_commit` of the hand (no Treachery) and its force.
        self.strongest = best_commit(hand, rules=rules)
        self.force = sum(map(FORCE.__getitem__, self.strongest))
        self._treachery: tuple[list[Card], int] | None = None

    def with_treachery(self) -> tuple[list[Card], int]:
        """:func:`best_commit` of the hand with Treachery, and its force (worked out on first use)."""
        if self._treachery is None:
            chosen = best_commit(self.hand, treachery=True, rules=self.rules)
            self._treachery = (chosen, sum(map(FORCE.__getitem__, chosen)))
        return self._treachery

    def just_enough(self, target: int) -> list[Card] | None:
        """:func:`just_enough` of the hand."""
        chosen, total = self.strongest, self.force
        if total < target:
            chosen, total = self.with_treachery()
            if total < target:
                return None
        chosen = list(chosen)
        changed = True
        while changed:
            changed = False
            for c in sorted(set(chosen), key=_LESS_KEPT):
                if total - FORCE[c] >= target and len(chosen) > 1:
                    chosen.remove(c)
                    total -= FORCE[c]
                    changed = True
                    break
        return chosen

    def fewest_enough(self, target: int) -> list[Card] | None:
        """The fewest cards reaching ``target`` force: the strongest set (no Treachery) taken card by card
        until it does, None if it never does."""
        chosen: list[Card] = []
        total = 0
        for c in self.strongest:
            if total >= target:
                break
            chosen.append(c)
            total += FORCE[c]
        return chosen if chosen and total >= target else None


#: Card types from least to most worth keeping (ties: the lower type first, as ``min`` over types picks).
CHEAP_ORDER = tuple(sorted(Card, key=lambda c: (KEEP_VALUE[c], c)))


def cheapest_card(hand: Hand) -> Card:
    """The held card least worth keeping (ValueError for an empty hand)."""
    for c in CHEAP_ORDER:
        if hand[c]:
            return c
    raise ValueError("cheapest_card of an empty hand")


def throwaway(hand: Hand) -> Card:
    """The card to give up in a battle not worth fighting: the least worth keeping, but never Treachery
    (revealing it costs honor) unless it is all the hand holds."""
    if sum(hand) > hand[Card.TREACHERY]:
        rest = list(hand)
        rest[Card.TREACHERY] = 0
        return cheapest_card(rest)
    return Card.TREACHERY


def without(hand: list[int], card: Card) -> list[int]:
    """A copy of ``hand`` with every ``card`` removed (to plan a commitment that keeps them)."""
    out = list(hand)
    out[card] = 0
    return out
