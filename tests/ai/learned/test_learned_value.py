"""Tests of the learned value: the encoding, the compiled forward pass, the weights file, self-play positions,
training and its checkpoint, and the MCTS option that uses it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from ai.agent import SpecError, make_agent
from ai.batch.state import BatchState
from ai.batch.value import strongest_rivals
from ai.learned import network
from ai.learned.encode import WIDTH, encode, encode_dense, lanes_of_states, states_arrays
from ai.learned.network import Network, forward
from ai.learned.selfplay import engine_play, play
from ai.learned.train import Trainer, report
from ai.learned.value import learned_value, learned_values, state_values
from ai.mcts.config import parse_options
from ai.mcts.evaluator import value_function
from ai.rollout_policy import finish_turn
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


def turn_starts(map_name: str, n: int, seed: int) -> list:
    """``n`` states at a turn start, each a few turns into a game played by the rollout policy."""
    game = Game(load_map(map_name), Rules(max_rounds=150))
    out = []
    for i in range(n):
        s = initial_state(game)
        rng = random.Random(f"{seed}:{i}")
        for _ in range(1 + i % 6):
            finish_turn(s, rng)
        out.append(s)
    return out


def test_engine_states_and_simulator_lanes_encode_alike() -> None:
    states = [s for s in turn_starts("classic-2p", 8, 1) if not s.is_terminal()]
    a = encode(lanes_of_states(states))
    b = encode(BatchState.from_states(states))
    assert a.shape == (len(states), 2, WIDTH)
    np.testing.assert_array_equal(a, b)
    assert (a[..., -700:] != 0).any(), "the board planes hold the armies"


def test_the_compiled_forward_pass_matches_numpy() -> None:
    rng = np.random.default_rng(3)
    net = Network.initial(WIDTH, (16, 8), rng)
    x = rng.normal(size=(40, WIDTH)) * (rng.random((40, WIDTH)) < 0.2)  # mostly zeros, as the planes are
    np.testing.assert_allclose(forward(net, x), net.g(x), rtol=1e-10, atol=1e-10)


def test_folding_the_standardisation_keeps_the_function() -> None:
    rng = np.random.default_rng(4)
    net = Network.initial(WIDTH, (8, 4), rng)
    mean, std = rng.normal(size=WIDTH), rng.uniform(0.5, 2.0, WIDTH)
    x = rng.normal(size=(10, WIDTH))
    np.testing.assert_allclose(net.folded(mean, std).g(x), net.g((x - mean) / std), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("map_name", ["classic-2p", "sekigahara-3p", "onin-4p"])
def test_values_are_chances_that_sum_to_one(map_name: str) -> None:
    states = [s for s in turn_starts(map_name, 6, 2) if not s.is_terminal()]
    values = learned_values(lanes_of_states(states))
    assert values.shape == (len(states), states[0].num_players)
    assert ((values > 0) & (values < 1)).all()
    np.testing.assert_allclose(values.sum(1), 1.0, atol=1e-9)
    for state, row in zip(states, values, strict=True):  # the one-state path gives the lanes' numbers
        assert learned_value(state) == pytest.approx(row.tolist(), abs=1e-12)


@pytest.mark.parametrize(("map_name", "modules"), [("classic-2p", ()), ("sekigahara-3p", ()),
                                                   ("onin-4p", ("teams",))])
def test_a_batch_of_states_is_valued_as_each_alone(map_name: str, modules: tuple[str, ...]) -> None:
    game = Game(load_map(map_name), Rules(max_rounds=150, modules=modules))
    states = []
    for i in range(6):
        s = initial_state(game)
        rng = random.Random(f"batch:{i}")
        for _ in range(1 + i):
            finish_turn(s, rng)
        states.append(s)
    states[2] = states[2].clone()
    states[2].winner, states[2].phase = 0, Phase.GAME_OVER  # a finished game among them
    live = [s for s in states if not s.is_terminal()]
    dense, owner, exp, control, rival = states_arrays(live)
    S = lanes_of_states(live)
    want_rival = strongest_rivals(S)
    np.testing.assert_array_equal(rival, want_rival)  # a partner is never the rival in a team game
    np.testing.assert_array_equal(dense, encode_dense(S, want_rival))
    np.testing.assert_array_equal(owner, S.owner)
    np.testing.assert_array_equal(exp, S.exp)
    np.testing.assert_array_equal(control, S.control)
    batch = state_values(states)
    assert batch[2] == [1.0] + [0.0] * (game.num_players - 1)
    assert batch == [learned_value(s) for s in states]  # bit for bit: the pass runs lane by lane


def test_a_finished_game_is_worth_its_result() -> None:
    state = turn_starts("classic-2p", 1, 5)[0]
    state.winner = 1
    state.phase = Phase.GAME_OVER
    assert learned_value(state) == [0.0, 1.0]


def test_weights_round_trip_and_bad_files_fail_in_one_line(tmp_path: Path) -> None:
    net = Network.initial(WIDTH, (8, 4), np.random.default_rng(1))
    path = tmp_path / "net.npz"
    network.save(net, path, "python tools/train_value.py --seed 1")
    back = network.load(path)
    for k in network.LAYERS:
        np.testing.assert_array_equal(getattr(back, k), getattr(net, k))
    assert path.with_suffix(".txt").read_text().startswith("python tools/train_value.py")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="bad.npz") as err:
        network.load(bad)
    assert "\n" not in str(err.value)


def test_the_shipped_weights_and_their_command_are_package_data() -> None:
    net = network.load()
    assert net.w1.shape[0] == WIDTH
    assert "tools/train_value.py" in network.WEIGHTS_PATH.with_suffix(".txt").read_text()


def test_self_play_is_seeded_and_labelled_by_the_result() -> None:
    a, b = play("classic-2p", 16, 7, keep=0.2), play("classic-2p", 16, 7, keep=0.2)
    assert len(a) > 16
    for k in a.arrays:
        np.testing.assert_array_equal(a.arrays[k], b.arrays[k])
    np.testing.assert_array_equal(a.score, b.score)
    assert set(np.unique(a.score).tolist()) <= {0.0, 0.5, 1.0}
    np.testing.assert_allclose(a.score.sum(1), 1.0)
    # every position of one game carries that game's one result
    for g in np.unique(a.game):
        assert len({tuple(r) for r in a.score[a.game == g]}) == 1
    c = play("classic-2p", 16, 8, keep=0.2)
    assert len(c) != len(a) or not np.array_equal(c.arrays["owner"], a.arrays["owner"])


def test_engine_games_give_positions_of_both_seats() -> None:
    pos = engine_play("classic-2p", ("greedy", "rusher"), 3, 42, keep=0.5)
    assert len(pos) > 5 and (pos.game == 42).all()
    assert encode(pos.lanes(np.arange(len(pos)))).shape == (len(pos), 2, WIDTH)


def test_training_lowers_the_loss_and_a_resumed_run_matches_an_uninterrupted_one(tmp_path: Path) -> None:
    parts = [play("classic-2p", 64, 11, keep=0.2)]
    train = [np.arange(len(parts[0]))]
    one = Trainer.start(parts, (16, 8), seed=2)
    first = one.run_epoch(parts, train, seed=2, batch=64)
    one.save(tmp_path / "ckpt.npz")
    resumed = Trainer.load(tmp_path / "ckpt.npz")
    assert resumed.epoch == 1
    for _ in range(3):
        last = one.run_epoch(parts, train, seed=2, batch=64)
        resumed.run_epoch(parts, train, seed=2, batch=64)
    assert last < first
    for k in network.LAYERS:
        np.testing.assert_array_equal(getattr(one.net, k), getattr(resumed.net, k))
    rep = report(parts, train, one.exported())
    assert rep["rows"] == 2 * len(parts[0])
    assert rep["learned_logloss"] < 0.69


def test_a_bad_checkpoint_fails_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "ckpt.npz"
    path.write_bytes(b"garbage")
    with pytest.raises(ValueError, match="not a training checkpoint"):
        Trainer.load(path)


def test_the_mcts_option_selects_the_learned_value() -> None:
    assert parse_options({"value": "learned"}).value == "learned"
    with pytest.raises(SpecError, match="value"):
        make_agent("mcts:value=learnt")
    state = turn_starts("classic-2p", 1, 3)[0]
    assert value_function("learned")(state) == pytest.approx(learned_value(state))


def test_mcts_with_the_learned_value_plays_legal_moves() -> None:
    agent = make_agent("mcts:iterations=12:value=learned")
    rng = random.Random(9)
    state = initial_state(Game(load_map("classic-2p"), Rules(max_rounds=150)))
    for _ in range(200):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        action = agent.choose(observation(state, seat), legal, rng)
        assert action in legal
        state.apply(action)


@pytest.mark.parametrize("map_name", ["classic-2p", "onin-4p"])
def test_the_lane_forward_pass_matches_the_dense_rows(map_name: str) -> None:
    from ai.batch.value import strongest_rivals
    from ai.learned.encode import EXP_SCALE, encode_dense
    from ai.learned.network import forward_lanes

    S = lanes_of_states([s for s in turn_starts(map_name, 8, 6) if not s.is_terminal()])
    S.exp[S.owner >= 0] += np.arange(int((S.owner >= 0).sum())) % 3  # veterans, so the experience planes count
    net = Network.initial(WIDTH, (16, 8), np.random.default_rng(8))
    rival = strongest_rivals(S)
    dense = forward(net, encode(S, rival).reshape(-1, WIDTH)).reshape(S.size, S.num_players)
    lanes = forward_lanes(net, encode_dense(S, rival), S.owner, S.exp, S.control, rival, EXP_SCALE)
    np.testing.assert_allclose(lanes, dense, rtol=1e-9, atol=1e-9)


def test_the_blend_is_the_mean_of_the_fitted_and_learned_values_at_leaves_and_cut_offs() -> None:
    from ai.batch.value import fitted_values
    from ai.mcts.evaluator import BatchEvaluator, _fitted_model, blended_value, fitted_value

    assert parse_options({"value": "blend"}).value == "blend"
    states = [s for s in turn_starts("classic-2p", 6, 4) if not s.is_terminal()]
    blend = value_function("blend")
    assert blend is blended_value
    for state in states:
        want = [(a + b) / 2 for a, b in zip(fitted_value(state), learned_value(state), strict=True)]
        assert blend(state) == pytest.approx(want, abs=1e-12)
        assert blend(state) != pytest.approx(fitted_value(state), abs=1e-6)  # the network moves it
    S = lanes_of_states(states)
    cut_off = BatchEvaluator(value=blend)._batch_value(S)
    np.testing.assert_allclose(cut_off, (fitted_values(S, _fitted_model()) + learned_values(S)) / 2, atol=1e-12)
    np.testing.assert_allclose(cut_off.sum(1), 1.0, atol=1e-9)
