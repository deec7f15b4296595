"""Commitments under the rules' limits: the strongest legal set, just enough force, the rules followed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.toolkit.commit import HandSets, best_commit, just_enough, max_force
from japanese_swords import cards as C
from japanese_swords.game import Rules
from japanese_swords.phases.battle import commit_options

hands = st.lists(st.integers(min_value=0, max_value=3), min_size=C.NUM_TYPES, max_size=C.NUM_TYPES)


@given(hands)
@settings(max_examples=150, deadline=None)
def test_best_commit_is_legal_and_strongest(hand: list[int]) -> None:
    chosen = best_commit(hand)
    assert C.commit_problem(chosen) is None
    assert all(chosen.count(c) <= hand[c] for c in set(chosen))
    if sum(hand) <= 9:  # brute force over every legal commitment of small hands
        best = max((sum(c.force for c in cs if c not in (C.Card.TREACHERY, C.Card.NINJA))
                    for cs in commit_options(hand)), default=0)
        assert max_force(hand) == best


@given(hands, st.integers(min_value=1, max_value=60))
@settings(max_examples=150, deadline=None)
def test_just_enough_reaches_target_or_says_none(hand: list[int], target: int) -> None:
    chosen = just_enough(hand, target)
    if chosen is None:
        assert sum(c.force for c in best_commit(hand, treachery=True)) < target
    else:
        assert C.commit_problem(chosen) is None
        assert sum(c.force for c in chosen) >= target
        assert len(chosen) <= len(best_commit(hand, treachery=True))



@given(hands, st.sampled_from([Rules(commit_cards=4, commit_soldiers=2), Rules(commit_daimyo=2, commit_cards=9)]))
@settings(max_examples=150, deadline=None)
def test_best_commit_follows_changed_limits(hand: list[int], rules: Rules) -> None:
    chosen = best_commit(hand, treachery=True, rules=rules)
    assert C.commit_problem(chosen, rules) is None
    if sum(hand) <= 9:
        best = max((sum(c.force for c in cs if c not in (C.Card.TREACHERY, C.Card.NINJA))
                    for cs in commit_options(hand, rules)), default=0)
        assert max_force(hand, rules) == best


def _plain_best_commit(hand: list[int], treachery: bool, rules: Rules) -> list[C.Card]:
    """The strongest set taken card type by card type with every limit looked up as it goes (the rule
    :func:`best_commit` follows with its limits worked out once)."""
    from ai.toolkit.commit import _WITH_TREACHERY, COMMIT_ORDER

    out: list[C.Card] = []
    soldiers = 0
    for c in _WITH_TREACHERY if treachery else COMMIT_ORDER:
        n = min(hand[c], C.commit_limit(c, rules), rules.commit_cards - len(out))
        if c.is_soldier:
            n = min(n, rules.commit_soldiers - soldiers)
        if n > 0:
            out.extend([c] * n)
            if c.is_soldier:
                soldiers += n
        if len(out) >= rules.commit_cards:
            break
    return out


limits = st.builds(Rules, commit_cards=st.integers(1, 9), commit_soldiers=st.integers(0, 9),
                   commit_daimyo=st.integers(0, 3), commit_ninja=st.integers(0, 3))


@given(st.lists(st.tuples(hands, st.booleans(), limits), min_size=1, max_size=6))
@settings(max_examples=200, deadline=None)
def test_best_commit_is_the_plain_rule_under_any_limits_in_any_order(asks: list) -> None:
    """The same set as the rule applied card by card, whatever limits were asked for before."""
    for hand, treachery, rules in asks:
        assert best_commit(hand, treachery, rules) == _plain_best_commit(hand, treachery, rules)
        assert best_commit(tuple(hand), treachery, rules) == _plain_best_commit(hand, treachery, rules)


def _plain_just_enough(hand: list[int], target: int, rules: Rules) -> list[C.Card] | None:
    """The strongest set (with Treachery if it falls short), then the card most worth keeping that is not
    needed dropped, one at a time (the rule :func:`just_enough` follows with its lookups made once)."""
    from ai.material import KEEP_VALUE

    chosen = _plain_best_commit(hand, False, rules)
    if sum(c.force for c in chosen) < target:
        chosen = _plain_best_commit(hand, True, rules)
        if sum(c.force for c in chosen) < target:
            return None
    total = sum(c.force for c in chosen)
    changed = True
    while changed:
        changed = False
        for c in sorted(set(chosen), key=lambda c: -KEEP_VALUE[c]):
            if total - c.force >= target and len(chosen) > 1:
                chosen.remove(c)
                total -= c.force
                changed = True
                break
    return chosen


@given(hands, st.integers(-2, 60), limits)
@settings(max_examples=200, deadline=None)
def test_just_enough_is_the_plain_rule(hand: list[int], target: int, rules: Rules) -> None:
    assert just_enough(hand, target, rules) == _plain_just_enough(hand, target, rules)


def _plain_fewest_enough(hand: list[int], target: int, rules: Rules) -> list[C.Card] | None:
    """The strongest set (no Treachery) taken card by card until its force reaches ``target``."""
    chosen: list[C.Card] = []
    for c in _plain_best_commit(hand, False, rules):
        if sum(x.force for x in chosen) >= target:
            break
        chosen.append(c)
    return chosen if chosen and sum(x.force for x in chosen) >= target else None


@given(hands, st.lists(st.integers(-2, 60), min_size=1, max_size=6), limits)
@settings(max_examples=200, deadline=None)
def test_hand_sets_answer_every_ask_as_the_plain_rules(hand: list[int], targets: list[int], rules: Rules) -> None:
    """One :class:`HandSets` asked several force levels in turn (as a commitment search asks) gives each the
    plain rule's answer: its strongest sets worked out once are never changed by an answer."""
    sets = HandSets(hand, rules)
    for target in targets:
        assert sets.just_enough(target) == _plain_just_enough(hand, target, rules)
        assert sets.fewest_enough(target) == _plain_fewest_enough(hand, target, rules)
    assert sets.strongest == _plain_best_commit(hand, False, rules)
    assert sets.with_treachery()[0] == _plain_best_commit(hand, True, rules)
    assert sets.force == sum(c.force for c in sets.strongest)
