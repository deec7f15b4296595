"""Tests of the fitted value: symmetric features, the logistic fit, the shipped weights, the MCTS option."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest

from ai.agent import SpecError, make_agent
from ai.greedy import GreedyPolicy
from ai.mcts.evaluator import ScalarEvaluator, fitted_value, heuristic_value, value_function
from ai.toolkit.view import View
from ai.value_fit import (
    FEATURES,
    WEIGHTS_FILE_LIMIT,
    WEIGHTS_PATH,
    TurnStartSampler,
    ValueModel,
    features,
    fit_and_report,
    fit_logistic,
    game_samples,
    load_weights,
    log_loss,
    parse_matchups,
    record_samples,
    save_weights,
)
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.ai.spec_errors import file_option_error


def positions(map_name: str, seed: int, steps: int = 600, every: int = 25) -> list[State]:
    """Copies of the states of a seeded greedy-vs-greedy game, every ``every`` steps."""
    rng = random.Random(seed)
    state = initial_state(Game(load_map(map_name), Rules(max_rounds=150)))
    policy = GreedyPolicy(samples=4)
    out = []
    for i in range(steps):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            action = policy.act(View.of_state(state, seat), rng)
            if state.why_illegal(action) is not None:
                action = state.legal_actions()[0]
            state.apply(action)
        if i % every == 0 and state.order:
            out.append(state.clone())
    return out


@pytest.mark.parametrize("map_name", ["classic-2p", "kawanakajima-2p", "nagashino-2p"])
def test_features_are_antisymmetric_between_the_two_seats(map_name: str) -> None:
    states = positions(map_name, seed=3)
    assert len(states) >= 10
    nonzero = 0
    for s in states:
        a, b = features(s, 0), features(s, 1)
        assert len(a) == len(FEATURES)
        assert a == pytest.approx([-v for v in b])
        nonzero += any(abs(v) > 1e-9 for v in a)
    assert nonzero > 0  # the positions are not all level, so the check means something


@pytest.mark.parametrize("map_name", ["classic-2p", "kawanakajima-2p", "nagashino-2p"])
def test_two_player_values_are_each_seats_own_logistic_bit_for_bit(map_name: str) -> None:
    """The two-seat value computes one logit (the other's is its negation): the values each seat's own
    features give, exactly, so the searches' decisions are those of the seat-by-seat formula."""
    model = load_weights()
    states = positions(map_name, seed=5, steps=900, every=7)
    assert len(states) >= 40
    for s in states:
        own = []
        for seat in (0, 1):
            z = max(-30.0, min(30.0, model.logit(features(s, seat))))
            own.append(1.0 / (1.0 + math.exp(-z)))
        assert model.value(s) == own


def test_features_follow_the_position() -> None:
    state = positions("classic-2p", seed=5)[3]
    before = features(state, 0)
    state.honor[0] += 10
    after = features(state, 0)
    assert after[FEATURES.index("honor")] == before[FEATURES.index("honor")] + 10
    state.gold[1] = 0
    state.gold[0] = 7
    assert features(state, 0)[FEATURES.index("gold")] == 7


def test_logistic_fit_recovers_known_weights() -> None:
    gen = np.random.default_rng(7)
    true_w = np.array([1.5, -0.8, 0.0, 0.4])
    x = gen.normal(size=(40_000, 4))
    y = (gen.random(40_000) < 1 / (1 + np.exp(-(x @ true_w)))).astype(float)
    w = fit_logistic(x, y, l2=0.0)
    assert w == pytest.approx(true_w, abs=0.06)
    # the fit beats a coin flip and the truth is about as good as the fit
    p_fit = 1 / (1 + np.exp(-(x @ w)))
    assert log_loss(p_fit, y) < log_loss(np.full(len(y), 0.5), y) - 0.1


def test_l2_penalty_shrinks_the_weights() -> None:
    gen = np.random.default_rng(8)
    x = gen.normal(size=(2000, 3))
    y = (gen.random(2000) < 1 / (1 + np.exp(-(x @ np.array([2.0, 1.0, -1.0]))))).astype(float)
    loose, tight = fit_logistic(x, y, l2=0.0), fit_logistic(x, y, l2=1.0)
    assert np.linalg.norm(tight) < 0.7 * np.linalg.norm(loose)


def test_shipped_weights_load_and_give_two_player_values_that_sum_to_one() -> None:
    model = load_weights()
    assert model.features == FEATURES
    assert "command" in model.meta
    for map_name in ("classic-2p", "nagashino-2p"):
        for s in positions(map_name, seed=11):
            v = fitted_value(s)
            assert len(v) == 2
            assert all(0.0 <= x <= 1.0 for x in v)
            assert sum(v) == pytest.approx(1.0)


def test_fitted_value_of_a_finished_game_is_its_result() -> None:
    state = positions("classic-2p", seed=2, steps=100_000, every=100_000)[0]
    rng = random.Random(2)
    policy = GreedyPolicy(samples=4)
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(sample_chance(state, rng) if seat == CHANCE else policy.act(View.of_state(state, seat), rng))
    assert fitted_value(state) == state.returns()


def test_weights_round_trip_and_stale_files_are_rejected(tmp_path) -> None:
    model = ValueModel(FEATURES, tuple(0.1 * i for i in range(len(FEATURES))), (1.0,) * len(FEATURES),
                       {"command": "test"})
    path = tmp_path / "w.json"
    save_weights(model, path)
    assert load_weights(path) == model
    data = json.loads(path.read_text())
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="features"):
        load_weights(path)


def test_fit_and_report_scores_both_values_on_held_out_games() -> None:
    rng = random.Random(1)
    samples = []
    for g in range(8):
        samples += game_samples("classic-2p", ["greedy", "greedy"], 100 + g, g, 0.5, rng)
    model, report = fit_and_report(samples, holdout=0.25)
    assert report["games"] == 8
    assert report["heldout_positions"] + report["train_positions"] == len(samples)
    assert 0 < report["heldout_logloss_fitted"] and 0 < report["heldout_logloss_heuristic"]
    assert len(model.weights) == len(FEATURES)
    # the material heuristic's value stored with each sample is the real one of that seat
    assert all(0.0 <= s.heuristic <= 1.0 for s in samples) and {s.y for s in samples} <= {0.0, 0.5, 1.0}
    # a compared model scored on the same held-out positions: the fit itself scores exactly as the fit
    _, again = fit_and_report(samples, holdout=0.25, compare={"same": model_on_train(samples)})
    assert again["heldout_logloss_same"] == again["heldout_logloss_fitted"]


def model_on_train(samples):
    """The model fit_and_report scores on the held-out games (fitted on the training games only)."""
    import numpy as np

    from ai.value_fit import ValueModel, arrays, fit_logistic

    x, y, _h, g = arrays(samples)
    test = (g % 4) == 0
    std = np.std(x, axis=0)
    scale = np.where(std > 1e-3, std, 1.0)
    w = fit_logistic(x[~test] / scale, y[~test], l2=1e-3)
    return ValueModel(FEATURES, tuple(float(v) for v in w), tuple(float(v) for v in scale), {})


def test_value_option_selects_the_leaf_value() -> None:
    assert value_function("material") is heuristic_value
    assert value_function("fitted") is fitted_value
    with pytest.raises(ValueError, match="unknown value"):
        value_function("neural")
    state = positions("classic-2p", seed=4)[5]
    ev = ScalarEvaluator(max_turns=0, value=fitted_value)
    assert ev.evaluate([state.clone()], random.Random(0)) == [fitted_value(state)]


def test_mcts_with_the_fitted_value_plays_legal_moves() -> None:
    agent = make_agent("mcts:iterations=12:value=fitted:scope=all")
    rng = random.Random(9)
    state = initial_state(Game(load_map("classic-2p"), Rules(max_rounds=150)))
    for _ in range(300):
        if state.is_terminal():
            break
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        action = agent.choose(observation(state, seat), legal, rng)
        assert action in legal or state.is_legal(action)  # (trade offers are legal but never listed)
        state.play(action)


def test_matchups_parse_as_pairs_and_anything_else_is_refused() -> None:
    assert parse_matchups(["greedy,rusher", "a:x=1,b"]) == [("greedy", "rusher"), ("a:x=1", "b")]
    for bad in (["greedy"], ["a,b,c"], ["a,b", ""]):
        with pytest.raises(ValueError, match="two specs"):
            parse_matchups(bad)


def test_a_recorded_game_gives_the_samples_of_the_game_as_it_was_played(tmp_path) -> None:
    """Replaying a record samples the same turn starts, with the same numbers and labels, as sampling the
    game while it was played (``fit_value.py --records`` fits the games the searcher really played)."""
    from ai.match import play_game
    from japanese_swords.records import save_record

    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    live = TurnStartSampler(0.5, random.Random(3))
    result = play_game(game, [make_agent("greedy"), make_agent("random")], 11, on_action=live)
    save_record(result.record, tmp_path / "g.json")
    played = live.samples(result.winner, 7)
    replayed = record_samples(tmp_path / "g.json", 7, 0.5, random.Random(3))
    assert len(played) > 10 and played == replayed
    assert {s.y for s in played} == ({0.5} if result.winner is None else {0.0, 1.0})


def test_a_record_that_does_not_replay_is_refused_in_one_line_naming_it(tmp_path) -> None:
    from ai.match import play_game
    from japanese_swords.records import RecordError, save_record

    result = play_game(Game(load_map("classic-2p"), Rules(max_rounds=5)), [make_agent("greedy")] * 2, 2)
    save_record(result.record, tmp_path / "g.json")
    data = json.loads((tmp_path / "g.json").read_text())
    data["actions"].insert(3, "attack 0 99")
    (tmp_path / "bad.json").write_text(json.dumps(data))
    with pytest.raises(RecordError, match=r"bad\.json: action 3 \('attack 0 99'\)") as err:
        record_samples(tmp_path / "bad.json", 0, 1.0, random.Random(0))
    assert "\n" not in str(err.value)


def test_value_weights_puts_another_fitted_value_in_the_search(tmp_path) -> None:
    """``mcts:value_weights=PATH`` scores the leaves (static and at the batch playouts' cut-off) with that
    file's model; the shipped file's own path plays the default search decision for decision."""
    from ai.mcts.evaluator import BatchEvaluator, FittedValue

    state = positions("classic-2p", seed=4)[5]
    honor_only = ValueModel(FEATURES, tuple(5.0 if f == "honor" else 0.0 for f in FEATURES),
                            (1.0,) * len(FEATURES), {"command": "test"})
    save_weights(honor_only, tmp_path / "honor.json")
    agent = make_agent(f"mcts:iterations=16:value_weights={tmp_path / 'honor.json'}")
    assert isinstance(agent.value, FittedValue) and agent.value(state) == honor_only.value(state)
    zero = FittedValue(ValueModel(FEATURES, (0.0,) * len(FEATURES), (1.0,) * len(FEATURES), {}))
    batch = BatchEvaluator(max_turns=1, value=zero, lanes=4)
    assert batch.evaluate([state.clone()], random.Random(1)) == [[0.5, 0.5]]  # the cut-off reads the file
    obs = observation(state, state.current_player())
    same = make_agent(f"mcts:iterations=24:value_weights={WEIGHTS_PATH}")
    default = make_agent("mcts:iterations=24")
    chosen = [a.choose(obs, state.legal_actions(), random.Random(5)) for a in (same, default)]
    assert chosen[0] == chosen[1] and same.last_stats == default.last_stats


@pytest.mark.parametrize("content, says", [
    (None, "cannot read"),
    ("{not json", "Expecting property name"),
    ('{"features": ["honor"], "weights": [1], "scale": [1]}', "do not match"),
    ('[1, 2]', "not a fitted value's weights"),
    ("REPLACE_NAN", "NaN is not a number JSON allows"),
    ("REPEAT_KEY", "given twice"),
    ("OVERSIZED", "more than the limit"),
])
def test_value_weights_that_cannot_be_used_fail_at_construction_in_one_line(tmp_path, content, says) -> None:
    path = tmp_path / "w.json"
    if content == "REPLACE_NAN":
        save_weights(ValueModel(FEATURES, (0.1,) * len(FEATURES), (1.0,) * len(FEATURES), {}), path)
        content = path.read_text().replace("0.1", "NaN", 1)
    elif content == "REPEAT_KEY":
        save_weights(ValueModel(FEATURES, (0.1,) * len(FEATURES), (1.0,) * len(FEATURES), {}), path)
        content = path.read_text().replace('"meta"', '"scale": [], "meta"', 1)
    elif content == "OVERSIZED":
        content = " " * (WEIGHTS_FILE_LIMIT + 1) + "{}"
    assert says in file_option_error("value_weights", path, content)


def test_value_weights_needs_the_fitted_value() -> None:
    with pytest.raises(SpecError, match="'value_weights': read only with value=fitted"):
        make_agent(f"mcts:value=learned:value_weights={WEIGHTS_PATH}")
