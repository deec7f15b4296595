"""``mcts:playout=``: the batch playouts' knobs for our seat and for every opponent played as ours."""

from __future__ import annotations

import pytest

from ai.agent import SpecError, make_agent
from ai.batch.policy import PLAYOUTS, TUNED, RolloutPolicy
from ai.match import play_game
from ai.mcts.opponent_model import STYLES, OpponentModel
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.ai.spec_errors import file_option_error


def test_the_tuned_knobs_are_not_the_default() -> None:
    assert PLAYOUTS["default"] == RolloutPolicy() and PLAYOUTS["tuned"] is TUNED and TUNED != RolloutPolicy()
    assert TUNED.field_decay == RolloutPolicy().field_decay  # shared by every seat of a batch


def test_own_knobs_go_to_our_seat_and_to_opponents_read_as_ourselves() -> None:
    game = Game(load_map("classic-2p"))
    obs = observation(initial_state(game), 0)
    model = OpponentModel()
    assert model.policies(obs, "self") is None
    assert model.policies(obs, "self", TUNED) == (TUNED, TUNED)
    assert model.policies(obs, "model", TUNED) == (TUNED, TUNED)  # no evidence yet: read as ourselves
    assert model.policies(obs, "rusher", TUNED) == (TUNED, STYLES["rusher"])
    assert model.policies(obs, "rusher") == (STYLES["self"], STYLES["rusher"])


def test_the_option_is_checked() -> None:
    assert make_agent("mcts:iterations=4").config.playout == "default"
    with pytest.raises(SpecError, match="playout"):
        make_agent("mcts:playout=ninja")


def test_a_game_with_tuned_playouts_plays_them() -> None:
    """Every action goes through the checked engine, and the playouts played the tuned knobs for both seats
    (and the default knobs leave the evaluator's policy unset, as before)."""
    short = Game(load_map("classic-2p"), Rules(max_rounds=6))
    tuned = make_agent("mcts:iterations=6:playout=tuned:lanes=2:batch=4")
    plain = make_agent("mcts:iterations=6:lanes=2:batch=4")
    result = play_game(short, [tuned, plain], 3)
    assert result.record.actions
    assert tuned.evaluator.policy == (TUNED, TUNED)
    assert plain.evaluator.policy is None


def test_a_knobs_file_gives_our_playouts_its_knobs(tmp_path) -> None:
    path = tmp_path / "knobs.json"
    path.write_text('{"map": "classic-2p", "knobs": {"army_cap": 3, "avg_force": 5.5}}')
    agent = make_agent(f"mcts:iterations=4:playout=tuned:playout_knobs={path}")
    assert agent.own_playout == RolloutPolicy(army_cap=3, avg_force=5.5)  # the file wins over playout=
    assert make_agent("mcts:iterations=4:playout=tuned").own_playout is TUNED
    assert make_agent("mcts:iterations=4").own_playout is None


@pytest.mark.parametrize("content, says", [(None, "cannot read"), ('{"ninjas": 2}', "unknown knob 'ninjas'")])
def test_a_bad_knobs_file_fails_when_the_agent_is_made(tmp_path, content, says) -> None:
    assert says in file_option_error("playout_knobs", tmp_path / "knobs.json", content)


def test_a_leaf_mix_reaches_the_batch_evaluator_and_its_workers() -> None:
    """``leaf_mix`` is the evaluator's; a parallel worker is built from the same settings."""
    from ai.mcts.parallel import worker_config

    agent = make_agent("mcts:iterations=8:leaf_mix=0.25:threads=2")
    assert agent.evaluator.mix == 0.25 and make_agent("mcts:iterations=8").evaluator.mix == 0.0
    assert worker_config(agent.config)["leaf_mix"] == 0.25
