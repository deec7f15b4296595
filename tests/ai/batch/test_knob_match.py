"""ai.batch.knob_match: paired whole-game matches between rollout knobs, mutation in range, and a seeded
hill climb that keeps only confirmed gains."""

from __future__ import annotations

import random
from dataclasses import asdict, fields, replace

import pytest

from ai.batch.knob_match import KNOBS, hill_climb, knob_changes, match, mutate, pool_score, starts
from ai.batch.policy import RolloutPolicy
from ai.learned.selfplay import new_game
from japanese_swords.game import Game


@pytest.fixture(scope="module")
def game() -> Game:
    return new_game("classic-2p")


@pytest.fixture(scope="module")
def deals(game: Game):
    return starts(game, 64, 3)


def test_the_knobs_are_the_policys_and_leave_the_shared_field_decay() -> None:
    names = [k.name for k in KNOBS]
    assert set(names) <= {f.name for f in fields(RolloutPolicy)} and "field_decay" not in names
    assert all(k.low <= getattr(RolloutPolicy(), k.name) <= k.high for k in KNOBS)


def test_a_setting_against_itself_scores_exactly_half(deals) -> None:
    assert match(RolloutPolicy(), RolloutPolicy(), deals, 1) == 0.5


def test_the_two_sides_scores_sum_to_one(deals) -> None:
    bold = replace(RolloutPolicy(), attack_margin=-3.0, army_cap=8)
    assert match(bold, RolloutPolicy(), deals, 5) + match(RolloutPolicy(), bold, deals, 5) == pytest.approx(1.0)


def test_a_side_that_neither_raises_armies_nor_buys_honor_loses(deals) -> None:
    idle = replace(RolloutPolicy(), army_cap=0, honor_reserve=1000)
    assert match(idle, RolloutPolicy(), deals, 2) < 0.3


def test_matches_reproduce_and_leave_the_deals_untouched(deals) -> None:
    before = deals.copy()
    bold = replace(RolloutPolicy(), attack_margin=-2.0)
    assert match(bold, RolloutPolicy(), deals, 9) == match(bold, RolloutPolicy(), deals, 9)
    assert (deals.round == before.round).all() and (deals.gold == before.gold).all()


def test_two_player_games_only() -> None:
    with pytest.raises(ValueError, match="2-player"):
        match(RolloutPolicy(), RolloutPolicy(), starts(new_game("kanto-3p"), 2, 1), 1)


def test_mutants_move_one_to_three_knobs_within_range() -> None:
    rng = random.Random(4)
    ranges = {k.name: k for k in KNOBS}
    for _ in range(200):
        m = mutate(RolloutPolicy(), rng)
        changed = knob_changes(m)
        assert 0 <= len(changed) <= 3 and set(changed) <= set(ranges)
        for name, value in asdict(m).items():
            if name in ranges:
                assert ranges[name].low <= value <= ranges[name].high
                assert isinstance(value, int) == ranges[name].whole or not ranges[name].whole
    assert any(knob_changes(mutate(RolloutPolicy(), rng)) for _ in range(5))


def test_mutants_move_only_the_knobs_given() -> None:
    rng = random.Random(8)
    two = tuple(k for k in KNOBS if k.name in ("army_cap", "w_home"))
    for _ in range(50):
        assert set(knob_changes(mutate(RolloutPolicy(), rng, two))) <= {"army_cap", "w_home"}
    with pytest.raises(ValueError, match="no knob"):
        hill_climb(new_game("classic-2p"), [RolloutPolicy()], 1, 1, 4, 1, knobs=())


def test_pool_score_is_the_mean_of_the_matches(deals) -> None:
    pool = [RolloutPolicy(), replace(RolloutPolicy(), army_cap=3)]
    p = replace(RolloutPolicy(), avg_force=5.0)
    each = [match(p, q, deals, 11 + 7919 * i) for i, q in enumerate(pool)]
    assert pool_score(p, pool, deals, 11) == pytest.approx(sum(each) / 2)


def test_the_hill_climb_reproduces_and_keeps_only_confirmed_gains(game: Game) -> None:
    pool = [RolloutPolicy()]
    seen = []
    best, steps = hill_climb(game, pool, generations=3, mutants=2, games=24, seed=5, log=seen.append)
    again, _ = hill_climb(game, pool, generations=3, mutants=2, games=24, seed=5)
    assert best == again and seen == steps and len(steps) == 3
    for step in steps:
        assert step.kept == (step.confirmed is not None and step.kept)
        if step.mutant < step.current + 0.01:
            assert step.confirmed is None and not step.kept
    if not any(s.kept for s in steps):
        assert best == RolloutPolicy()
