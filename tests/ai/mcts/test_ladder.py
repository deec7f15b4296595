"""The budget-scaled knobs (docs/ai.md, "The budget ladder"): the root's bonus shrinking like a standard
error above ``bonus_leaves``, the tree's steps from ``tree_leaves`` down to ``tree_floor``; at or below their
budgets the search is the default's."""

from __future__ import annotations

import math
import random

import pytest

from ai.agent import SpecError
from ai.mcts import MCTSAgent
from ai.mcts.config import LEAVES_PER_SECOND, TREE_FLOOR, TREE_LEAVES, MCTSConfig, parse_options
from japanese_swords.engine import State, decision
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.ai.mcts.test_mcts import decision_states


@pytest.fixture(scope="module")
def travel_states() -> list[State]:
    found = [s for s in decision_states(Game(load_map("classic-2p"), Rules(max_rounds=150)), 7)
             if decision(s) == "main" and s.phase.name == "TRAVEL" and len(s.legal_actions()) > 2]
    return found[::max(1, len(found) // 6)][:6]


def test_the_defaults_keep_the_fixed_bonus_and_the_measured_tree() -> None:
    config = MCTSConfig()
    assert (config.shrink_above, config.tree_leaves, config.tree_floor) == (0, TREE_LEAVES, TREE_FLOOR)
    assert MCTSConfig(iterations=100_000).root_bonus(None) == config.prior_bonus  # 0: never scaled


def test_hard_shrinks_the_bonus_beyond_normals_budget() -> None:
    """Easy and normal keep the fixed bonus at every budget; hard's shrinks beyond normal's 0.5 s (2,000
    leaves by LEAVES_PER_SECOND), unless bonus_leaves is given."""
    level = {d: MCTSConfig.preset(d) for d in ("easy", "normal", "hard")}
    assert level["normal"].root_bonus(0.5) == level["easy"].root_bonus(0.005) == 0.03
    assert level["hard"].root_bonus(0.5) == 0.03  # normal's budget: whole
    assert level["hard"].root_bonus(3.0) == pytest.approx(0.03 * math.sqrt(2000 / (3.0 * LEAVES_PER_SECOND)))
    assert parse_options({"difficulty": "hard", "bonus_leaves": 0}).root_bonus(3.0) == 0.03
    assert parse_options({"difficulty": "normal", "bonus_leaves": 400}).root_bonus(0.5) < 0.03


def test_the_bonus_shrinks_like_a_standard_error_above_its_budget() -> None:
    def bonus(**options: object) -> float:
        return MCTSConfig(bonus_leaves=100, **options).root_bonus(options.get("time"))  # type: ignore[arg-type]

    assert bonus(iterations=50) == bonus(iterations=100) == 0.03  # up to bonus_leaves: whole
    assert bonus(iterations=400) == pytest.approx(0.015)  # 4 times the leaves: half (sqrt)
    assert bonus(iterations=1600) == pytest.approx(0.0075)
    assert bonus(time=0.1) == pytest.approx(0.03 * math.sqrt(100 / (0.1 * LEAVES_PER_SECOND)))  # by the rate
    assert bonus(iterations=400, prior_bonus=0.05) == pytest.approx(0.025)


def test_the_tree_grows_from_tree_leaves_down_to_tree_floor() -> None:
    assert MCTSConfig(iterations=100, tree_leaves=100).tree_steps(None) == (40, 40)  # its budget: the default's
    assert MCTSConfig(iterations=400, tree_leaves=100).tree_steps(None) == (10, 10)
    assert MCTSConfig(iterations=400).tree_steps(None) == (40, 40)
    assert MCTSConfig(time=3.0).tree_steps(3.0) == (8, 8)  # the default floor
    assert MCTSConfig(time=3.0, tree_floor=2).tree_steps(3.0) == (2, 2)  # hard's budget walks further
    assert MCTSConfig(time=0.5, tree_floor=2).tree_steps(0.5) == (8, 8)  # 2,000 leaves: 40 x 400 / 2,000


def test_bad_values_are_one_line_errors() -> None:
    for spec in ({"bonus_leaves": -1}, {"tree_leaves": 0}, {"tree_floor": 1.5}):
        with pytest.raises(SpecError, match="^mcts option"):
            MCTSAgent(**spec)


def test_at_their_budget_the_knobs_search_as_the_default(travel_states: list[State]) -> None:
    searched = 0
    for state in travel_states:
        seat = state.current_player()
        obs, legal = observation(state, seat), state.legal_actions()
        plain = MCTSAgent(iterations=24, rollouts="scalar", trade=0)
        scaled = MCTSAgent(iterations=24, rollouts="scalar", trade=0, bonus_leaves=24, tree_leaves=24)
        assert scaled.choose(obs, legal, random.Random(3)) == plain.choose(obs, legal, random.Random(3))
        assert scaled.last_stats == plain.last_stats and scaled.root_bonus == plain.root_bonus
        searched += plain.root_bonus == 0.03  # a root search ran, with the whole bonus
    assert searched >= 2


def test_a_bigger_search_overrules_the_policy_by_less(travel_states: list[State]) -> None:
    agent = MCTSAgent(iterations=40, rollouts="scalar", trade=0, bonus_leaves=10)
    for state in travel_states:
        agent.choose(observation(state, state.current_player()), state.legal_actions(), random.Random(3))
        if agent.last_root_stats is not None:
            break
    assert agent.root_bonus == pytest.approx(0.015)
    stats = agent.last_root_stats
    assert stats is not None and sum(stats.visits) == agent.last_iterations
