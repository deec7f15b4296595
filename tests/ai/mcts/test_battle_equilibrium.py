"""The commitment game's CFR+ solver and its best responses, on games whose answers are known."""

from __future__ import annotations

import numpy as np
import pytest

from ai.mcts.battle_equilibrium import (
    BattleGame,
    attacker_value,
    best_attacker,
    best_defender,
    exploitability,
    option_values,
    solve,
)


def one_world(ua: list[list[float]], counts: list[int]) -> BattleGame:
    """One world; attacker options with equal counts share the defender's information set."""
    u = np.array([ua], dtype=float)
    _, jd = np.unique(counts, return_inverse=True)
    return BattleGame(u, 1 - u, np.ones(u.shape[:2], bool), np.ones(u.shape, bool), np.zeros(1, int),
                      jd.reshape(1, -1))


def test_matching_pennies_is_solved_at_one_half() -> None:
    game = one_world([[1, 0], [0, 1]], counts=[2, 2])  # the defender cannot tell the options apart
    sa, sd = solve(game)
    assert sa[0] == pytest.approx([0.5, 0.5], abs=0.02) and sd[0] == pytest.approx([0.5, 0.5], abs=0.02)
    ex = exploitability(game, sa, sd)
    assert ex.value == pytest.approx(0.5, abs=0.01) and ex.attacker < 0.01 and ex.defender < 0.01
    pure = exploitability(game, np.array([[1.0, 0.0]]), np.array([[1.0, 0.0]]))
    assert pure.attacker == pytest.approx(0.5, abs=0.01) and pure.defender == pytest.approx(0.5, abs=0.01)


def test_a_count_the_defender_sees_is_answered() -> None:
    """Different counts are different information sets: the defender answers each, so the attacker's
    bluff is worth nothing and it takes the option whose best answer hurts it least."""
    game = one_world([[1.0, 0.0], [0.3, 0.6]], counts=[1, 5])
    sa, sd = solve(game)
    assert sa[0, 1] > 0.97  # option 0 is met by answer 1 (payoff 0); option 1 at worst gives 0.3
    assert attacker_value(game, sa, sd) == pytest.approx(0.3, abs=0.01)
    assert best_defender(game, sa) == pytest.approx(0.3, abs=0.01)
    assert best_attacker(game, sd) == pytest.approx(0.3, abs=0.01)


def test_a_defender_knowing_its_world_answers_each_world() -> None:
    """With the defender's sets keyed by world, it answers each world; the attacker's single set mixes
    over worlds."""
    u = np.array([[[1.0, 0.0]], [[0.0, 1.0]]])
    game = BattleGame(u, 1 - u, np.ones((2, 1), bool), np.ones((2, 1, 2), bool), np.zeros(2, int),
                      np.array([[0], [1]]))
    sa, sd = solve(game)
    assert sd[0, 1] > 0.97 and sd[1, 0] > 0.97
    assert attacker_value(game, sa, sd) == pytest.approx(0.0, abs=0.01)


def test_cfr_plus_converges_on_a_random_game() -> None:
    rng = np.random.default_rng(5)
    k, a, d = 12, 5, 4
    u = rng.random((k, a, d))
    counts = np.array([1, 2, 2, 4, 7])
    _, jd = np.unique(np.add.outer(np.arange(k) * 10, counts), return_inverse=True)
    dmask = np.ones((k, a, d), bool)
    dmask[:6, :, 3] = False  # some worlds lack an answer
    game = BattleGame(u, 1 - u, np.ones((k, a), bool), dmask, np.zeros(k, int), jd.reshape(k, a))
    sa, sd = solve(game, iterations=1000)
    ex = exploitability(game, sa, sd)
    assert ex.attacker < 0.002 and ex.defender < 0.002
    assert sd[np.unique(game.jd[:6]), 3].sum() == 0  # an answer these worlds lack is never played there
    uniform = exploitability(game, np.full((1, a), 1 / a), sd, ex.value)
    assert uniform.attacker > 10 * max(ex.attacker, 1e-4)


def test_option_values_price_each_option_against_the_other_sides_strategy() -> None:
    """What a hint shows: each option's chance of winning against the opponent's strategy and its leaves."""
    game = one_world([[1.0, 0.0], [0.3, 0.6]], counts=[1, 5])
    sa = np.array([[0.25, 0.75]])
    sd = np.array([[0.0, 1.0], [1.0, 0.0]])  # set 0 (count 1) answers with 1, set 1 (count 5) with 0
    leaves, chance = option_values(game, sa, sd, True, 0)
    assert leaves.tolist() == [2, 2]
    assert chance == pytest.approx([0.0, 0.3])  # option 0 meets answer 1, option 1 answer 0
    leaves, chance = option_values(game, sa, sd, False, 1)  # the defender after the 5-card count
    assert leaves.tolist() == [1, 1]
    assert chance == pytest.approx([0.7, 0.4])  # the defender's payoff is 1 - the attacker's
    game.amask[0, 1] = False  # an option never reached is worth nothing shown
    assert option_values(game, sa, sd, True, 0)[1][1] == 0.0
