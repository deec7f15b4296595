"""The searcher's personalities (ai.mcts.personality) and the difficulty's near-best choice (choice_margin)."""

from __future__ import annotations

import random

import pytest

from ai.agent import SpecError, make_agent
from ai.batch.policy import RolloutPolicy
from ai.greedy import STYLES, GreedyPolicy
from ai.league.hoarder import HoarderPolicy
from ai.league.honor_racer import HonorRacerPolicy
from ai.league.rusher import RusherPolicy
from ai.league.turtle import TurtlePolicy
from ai.mcts import MCTSAgent
from ai.mcts.config import MCTSConfig
from ai.mcts.personality import (
    NEAR,
    PERSONALITIES,
    TABLE,
    TiltedEvaluator,
    hoarder_aim,
    playout_policies,
    rusher_aim,
    turtle_aim,
)
from japanese_swords.board import orthogonal_steps
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.ai.mcts.test_mcts import decision_states, interesting
from tests.positions import clear_armies, make_game, place, sq, started


def test_the_personality_option_names_a_league_style_and_refuses_others_in_one_line() -> None:
    classes = {"honor_racer": HonorRacerPolicy, "rusher": RusherPolicy, "turtle": TurtlePolicy,
               "hoarder": HoarderPolicy}
    for name, cls in classes.items():
        agent = make_agent(f"mcts:iterations=5:personality={name}")
        assert type(agent.policy) is cls and type(agent.playout_policy) is cls
        assert isinstance(agent.evaluator, TiltedEvaluator)
    plain = make_agent("mcts:iterations=5")  # balanced: today's search, nothing wrapped
    assert type(plain.policy) is GreedyPolicy and plain.policy.hand_target == STYLES["tuned"]["hand_target"]
    assert not isinstance(plain.evaluator, TiltedEvaluator) and plain.config.personality == "balanced"
    with pytest.raises(SpecError, match="personality.*balanced, honor_racer") as err:
        make_agent("mcts:personality=ninja")
    assert "\n" not in str(err.value)


class _Half:
    """An evaluator scoring every leaf 0.5 for every seat."""

    name = "batch"
    policy = None

    def evaluate(self, states, rng, seeds=None, turns=None):
        return [[0.5] * s.num_players for s in states]


def test_the_tilt_rewards_the_styles_aim_for_our_seat_only() -> None:
    state = started()
    state.honor[:] = [20, 30]
    tilted = TiltedEvaluator(_Half(), TABLE["honor_racer"])
    assert tilted.evaluate([state], random.Random(1)) == [[0.5, 0.5]]  # no seat yet: no tilt
    tilted.seat = 1
    [row] = tilted.evaluate([state], random.Random(1))
    assert row[0] == 0.5 and row[1] == pytest.approx(0.5 + TABLE["honor_racer"].weight * 30)
    tilted.policy = "knobs"  # the playout knobs the agent sets reach the wrapped evaluator
    assert tilted.inner.policy == "knobs" and tilted.name == "batch"


def _name(square: int) -> str:
    """The name of a square of the 10x10 test board."""
    return next(f"{c}{r}" for c in "abcdefghij" for r in range(1, 11) if sq(f"{c}{r}") == square)


def test_the_aims_count_armies_home_and_hand() -> None:
    state = started(make_game())
    clear_armies(state)
    home, away = state.game.board.fortresses[0], state.game.board.fortresses[1]
    place(state, 0, _name(away - 1))  # far from home, next to the enemy fortress: counted twice by the rusher
    assert rusher_aim(state, 0) == 2 and rusher_aim(state, 1) == 0 and turtle_aim(state, 0) == 0
    place(state, 0, _name(home))  # far from the enemy fortress: counted once
    assert orthogonal_steps(home, away) > NEAR
    assert rusher_aim(state, 0) == 3 and turtle_aim(state, 0) == 3  # near home, and home garrisoned
    state.hands[0] = [0] * len(state.hands[0])
    state.hands[0][0] = 3
    assert hoarder_aim(state, 0) == 3


def test_playouts_give_our_seat_the_styles_knobs() -> None:
    racer = TABLE["honor_racer"]
    mine = playout_policies(racer, 1, 2, None)
    assert mine == (RolloutPolicy(), racer.playout)
    other = RolloutPolicy(army_cap=2)
    assert playout_policies(racer, 0, 2, (RolloutPolicy(), other)) == (racer.playout, other)
    assert playout_policies(TABLE["balanced"], 0, 2, None) is None  # balanced: the default, as before


def test_the_near_best_choice_draws_only_among_options_within_the_margin() -> None:
    agent = MCTSAgent(iterations=5, choice_margin=0.05)
    visits, means = [10, 10, 10, 2, 10], [0.60, 0.57, 0.40, 0.61, 0.56]
    picks = {agent._near_best(0, visits, means, random.Random(k)) for k in range(60)}
    assert picks == {0, 1, 4}  # 2 is far below the best; 3 was seen in too few worlds to count
    plain = MCTSAgent(iterations=5)
    rng = random.Random(3)
    before = rng.getstate()
    assert plain._near_best(2, visits, means, rng) == 2 and rng.getstate() == before  # no margin, no draw


def test_the_levels_margin_easy_chooses_near_best_normal_and_hard_the_best() -> None:
    assert MCTSConfig.preset("easy").margin == 0.04
    assert MCTSConfig.preset("normal").margin == 0.0 and MCTSConfig.preset("hard").margin == 0.0
    assert MCTSConfig().margin == 0.0
    assert MCTSConfig.preset("easy").with_options({"choice_margin": 0}).margin == 0.0


@pytest.mark.parametrize("name", PERSONALITIES[1:])
def test_each_personality_and_easy_choose_legal_actions(name: str) -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=150))
    agent = MCTSAgent(iterations=6, personality=name, choice_margin=0.1, seed=2)
    for state in interesting(decision_states(game, 11, limit=200)):
        seat = state.current_player()
        legal = state.legal_actions()
        assert agent.choose(observation(state, seat), legal, random.Random(5)) in legal
