"""ai.batch.judge: turn starts labelled with their games' results, the playouts' values scored against them,
two judges compared game by game, and simulation balancing that keeps only confirmed improvements."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

from ai.agent import make_agent
from ai.batch import judge as J
from ai.batch.policy import TUNED, RolloutPolicy
from ai.match import play_game
from ai.mcts.evaluator import value_function
from ai.value_fit import TurnStartSampler
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from tests.ai.records_fixture import write_records


@pytest.fixture(scope="module")
def positions() -> J.Positions:
    """Turn starts of six short greedy games on classic-2p."""
    return J.collect(6, 5, [("greedy", "greedy")], ["classic-2p"], keep=0.5, max_rounds=40)


def test_positions_are_turn_starts_labelled_with_their_games_result(positions) -> None:
    assert len(positions) > 20 and set(positions.game) == set(range(6))
    for g in range(6):
        rows = positions.results[positions.game == g]
        assert (rows == rows[0]).all()  # one result a game
        assert sorted(rows[0]) in ([0.0, 1.0], [0.5, 0.5])
    assert not any(s.is_terminal() for s in positions.states)
    assert len({id(s) for s in positions.states}) == len(positions)  # copies, not the game's live state
    rounds = [s.round for s in positions.states[:10]]
    assert rounds == sorted(rounds) and len(set(rounds)) > 1


def test_a_perfect_judge_and_a_coin_flip_score_as_they_must(positions) -> None:
    perfect = J.score(positions.results.copy(), positions)
    decided = positions.results.max(1) > positions.results.min(1)
    assert perfect.brier == 0.0
    assert perfect.accuracy == 1.0 and perfect.log_loss < 0.1
    flip = J.score(np.full(positions.results.shape, 0.5), positions)
    assert flip.log_loss == pytest.approx(math.log(2))
    assert flip.brier == pytest.approx(float(((positions.results - 0.5) ** 2).mean()))
    assert decided.any()


def test_depth_zero_is_the_fitted_value_of_the_position(positions) -> None:
    fitted = value_function("fitted")
    got = J.values(positions, None, depth=0, lanes=1)
    want = np.array([fitted(s) for s in positions.states])
    assert np.allclose(got, want)


def test_a_seed_is_one_chance_stream_and_knobs_change_the_values(positions) -> None:
    a = J.values(positions, None, depth=4, lanes=2, seed=3)
    assert np.array_equal(a, J.values(positions, None, depth=4, lanes=2, seed=3))
    assert not np.array_equal(a, J.values(positions, None, depth=4, lanes=2, seed=4))
    assert not np.array_equal(a, J.values(positions, TUNED, depth=4, lanes=2, seed=3))
    assert np.allclose(a.sum(1), 1.0)


def test_the_paired_difference_is_zero_for_one_judge_and_negative_for_a_better_one(positions) -> None:
    coin = np.full(positions.results.shape, 0.5)
    assert J.paired_difference(coin, coin, positions) == (0.0, 0.0, 0.0)
    better = 0.7 * positions.results + 0.3 * coin  # nearer the result in every position
    mean, low, high = J.paired_difference(coin, better, positions)
    assert low <= mean <= high < 0


def test_balancing_keeps_only_mutants_that_lower_the_loss_twice(positions) -> None:
    train, check = positions.subset(positions.game % 2 == 0), positions.subset(positions.game % 2 == 1)
    seen = []
    best, steps = J.balance(train, check, 3, 2, seed=2, depth=2, lanes=2, margin=0.0, log=seen.append)
    assert steps == seen and len(steps) == 3
    current = RolloutPolicy()
    for step in steps:
        assert (step.confirmed is not None) == (step.mutant <= step.current)
        if step.kept:
            assert step.mutant <= step.current and step.changes
    assert (best == current) == (not any(s.kept for s in steps))
    assert J.balance(train, check, 3, 2, seed=2, depth=2, lanes=2, margin=0.0)[0] == best
    with pytest.raises(ValueError, match="no knob"):
        J.balance(train, check, 1, 1, seed=2, knobs=())


def test_recorded_games_give_the_positions_their_games_gave(tmp_path) -> None:
    """Turn starts read from records are the same positions, with the same results, as those sampled while
    the games were played (the same sampler and keep)."""
    lineups = [("greedy", "random"), ("random", "greedy"), ("greedy", "greedy")]
    paths = write_records(tmp_path, lineups, max_rounds=20)
    read = J.collect_records(paths, seed=4, keep=1.0)
    assert set(read.game) == {0, 1, 2} and len(read) > 10
    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    played: list[str] = []

    def describe(state, seat: int) -> list[float]:
        if seat == 0:
            played.append(json.dumps(state.to_json()))  # (to_json shares the live state's lists)
        return [0.0]

    for i, lineup in enumerate(lineups):
        result = play_game(game, [make_agent(s) for s in lineup], seed=i,
                           on_action=TurnStartSampler(1.0, random.Random(0), describe=describe))
        want = [0.5, 0.5] if result.winner is None else [float(result.winner == s) for s in range(2)]
        assert (read.results[read.game == i] == want).all()
    assert [json.dumps(s.to_json()) for s in read.states] == played
