"""The policy's card helpers: legal commitments, and the compiled versions agreeing with the scalar ones."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.batch.hands import deal, discard_down, force
from ai.batch.hands import first_discard as first_discard_c
from ai.batch.hands import greedy_commit as greedy_commit_c
from ai.batch.params import int_params
from ai.batch.policy import (
    DISCARD_ORDER,
    RolloutPolicy,
    commit_force,
    first_discard,
    greedy_commit,
    knobs_from_file,
    with_knobs,
)
from japanese_swords.cards import COUNT, NUM_TYPES, Card, cards_of, commit_problem
from japanese_swords.game import Rules

hands = st.lists(st.integers(0, 5), min_size=NUM_TYPES, max_size=NUM_TYPES).map(
    lambda h: [min(n, COUNT[c]) for c, n in enumerate(h)])


@settings(max_examples=300, deadline=None)
@given(hands)
def test_greedy_commit_is_legal_and_strongest_first(hand: list[int]) -> None:
    counts = greedy_commit(hand)
    assert all(0 <= counts[c] <= hand[c] for c in range(NUM_TYPES))
    if sum(hand) == 0:
        assert sum(counts) == 0
        return
    assert 1 <= sum(counts) <= 7
    assert commit_problem(cards_of(counts)) is None
    if hand[Card.DAIMYO]:
        assert counts[Card.DAIMYO] == 1
    assert counts[Card.TREACHERY] == 0 or sum(hand) == hand[Card.TREACHERY] + sum(
        hand[c] for c in (Card.FORCED_MARCH, Card.PROSPERITY, Card.MUCH_HONOR, Card.DIPLOMACY, Card.INTRIGUE))


RULE_VARIANTS = st.sampled_from([Rules(), Rules(commit_cards=4, commit_soldiers=3),
                                  Rules(commit_cards=9, commit_soldiers=6, commit_daimyo=2, commit_ninja=0)])


@settings(max_examples=300, deadline=None)
@given(hands, RULE_VARIANTS)
def test_compiled_helpers_agree_with_scalar_ones(hand: list[int], rules: Rules) -> None:
    row = np.array(hand, dtype=np.int64)
    got = np.zeros_like(row)
    greedy_commit_c(row, got, int_params((RolloutPolicy(),), rules)[0])
    assert got.tolist() == greedy_commit(hand, rules)
    if sum(hand):
        assert commit_problem(cards_of(got.tolist()), rules) is None
    got = np.zeros_like(row)
    greedy_commit_c(row, got, int_params((RolloutPolicy(),), Rules())[0])
    assert force(got, False) == commit_force(greedy_commit(hand))
    assert force(got, True) == commit_force(greedy_commit(hand), opponent_ninja=True)
    assert first_discard_c(row) == (first_discard(hand) if sum(hand) else -1)
    excess = max(sum(hand) - 3, 0)
    dropped = np.zeros_like(row)
    discard_down(row, excess, dropped)
    h, want = list(hand), [0] * NUM_TYPES  # dropping one card at a time by first_discard gives the same
    for _ in range(excess):
        c = first_discard(h)
        h[c] -= 1
        want[c] += 1
    assert dropped.tolist() == want


@settings(max_examples=200, deadline=None)
@given(hands, hands, st.integers(0, 40), st.integers(0, 2**63 - 1))
def test_dealing_takes_the_discard_pile_when_the_deck_runs_out(deck: list[int], pile: list[int], n: int,
                                                               seed: int) -> None:
    d, p = np.array(deck, dtype=np.int64), np.array(pile, dtype=np.int64)
    seq = np.zeros(max(n, 1), dtype=np.int64)
    got = deal(d, p, n, np.array([seed], dtype=np.uint64), seq)
    assert got == min(n, sum(deck) + sum(pile))
    dealt = np.bincount(seq[:got], minlength=NUM_TYPES)
    assert (d + p + dealt == np.array(deck) + np.array(pile)).all()  # no card made or lost
    if n > sum(deck) and sum(pile):  # the pile was reshuffled into the deck once the deck ran out
        assert (np.bincount(seq[: sum(deck)], minlength=NUM_TYPES) == np.array(deck)).all()
        assert not p.any()
    else:
        assert (p == np.array(pile)).all()


def test_ninja_cancels_the_daimyo() -> None:
    counts = [0] * NUM_TYPES
    counts[Card.DAIMYO] = 1
    counts[Card.MOUNTED] = 1
    assert commit_force(counts) == 19
    assert commit_force(counts, opponent_ninja=True) == 9
    assert force(np.array(counts, dtype=np.int64), True) == 9


def test_discard_order_covers_every_card_once() -> None:
    assert sorted(DISCARD_ORDER) == list(Card)


@settings(max_examples=200, deadline=None)
@given(st.integers(-5, 60), st.integers(0, 100), st.integers(0, 20))
def test_compiled_bid_agrees_with_the_scalar_one(gold: int, percent: int, reserve: int) -> None:
    """The bidding module's bid: the same share of the gold above the reserve in both implementations,
    never above the gold, 0 with the default knobs."""
    from ai.batch.lane import seat_bid

    policy = RolloutPolicy(bid_percent=percent, bid_reserve=reserve)
    assert seat_bid(gold, percent, reserve) == policy.bid(gold)
    assert 0 <= policy.bid(gold) <= max(gold, 0)
    assert RolloutPolicy().bid(gold) == 0


def test_a_bid_share_above_all_gold_is_refused() -> None:
    with pytest.raises(ValueError, match="bid_percent"):
        RolloutPolicy(bid_percent=101)


# --- knobs read from JSON (mcts:playout_knobs=FILE, tools/tune_playout.py --start) ---


def test_knobs_are_read_over_the_defaults_from_either_file_form(tmp_path) -> None:
    assert with_knobs({"army_cap": 3, "avg_force": 5}) == RolloutPolicy(army_cap=3, avg_force=5.0)
    plain, report = tmp_path / "plain.json", tmp_path / "report.json"
    plain.write_text('{"hand_target": 11}')
    report.write_text('{"map": "classic-2p", "knobs": {"hand_target": 11}, "against_default": 0.9}')
    assert knobs_from_file(plain) == knobs_from_file(report) == RolloutPolicy(hand_target=11)


@pytest.mark.parametrize("content, says", [
    (None, "cannot read"), ("{", "1:2: not valid JSON"), ("[1]", "expected a JSON object"),
    ('{"ninjas": 1}', "unknown knob 'ninjas'"), ('{"army_cap": 2.5}', "expected a whole number"),
    ('{"avg_force": NaN}', "NaN is not a number JSON allows"), ('{"max_draws": 0}', "max_draws >= 1"),
    ('{"army_cap": 3, "army_cap": 4}', "given twice"), (" " * (2 << 20), "more than the limit"),
    ('{"field_decay": 1.0}', "field_decay is shared"), ('{"army_cap": true}', "expected a whole number"),
])
def test_bad_knob_files_fail_in_one_line_naming_the_file(tmp_path, content, says) -> None:
    path = tmp_path / "k.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(ValueError) as err:
        knobs_from_file(path)
    assert says in str(err.value) and str(err.value).startswith(str(path)) and "\n" not in str(err.value)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-5, 20) | st.floats(allow_nan=True)
                    | st.text(max_size=5),
                    lambda kids: st.lists(kids, max_size=3)
                    | st.dictionaries(st.sampled_from(["army_cap", "avg_force", "w_home", "knobs", "x"]), kids,
                                      max_size=4), max_leaves=8))
def test_any_json_gives_knobs_or_one_line(tmp_path_factory, data) -> None:
    """Fuzzing the loader: any JSON document is either read as knobs or refused with a one-line ValueError."""
    path = tmp_path_factory.mktemp("knobs") / "k.json"
    path.write_text(json.dumps(data))
    try:
        policy = knobs_from_file(path)
    except ValueError as exc:
        assert "\n" not in str(exc) and str(exc).startswith(str(path))
    else:
        assert isinstance(policy, RolloutPolicy) and policy.max_draws >= 1 and policy.army_cap >= 0
