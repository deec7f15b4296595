"""ai.batch.evaluate: leaf values for search from any decision point; the heuristic value at cut-offs."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ai.batch import RolloutPolicy, evaluate
from ai.batch.evaluate import heuristic_values, lane_values
from ai.batch.state import BatchState
from ai.heuristic import value
from ai.rollout_policy import RolloutAgent, finish_turn, finished_turns
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, decision, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map


def random_points(map_name: str, n: int, seed: int, max_rounds: int = 150) -> list[State]:
    """States at arbitrary decision points (chance, commit, discard, travel...) of rollout-policy games."""
    game = Game(load_map(map_name), Rules(max_rounds=max_rounds))
    rng = random.Random(seed)
    agent = RolloutAgent()
    out = []
    for _ in range(n):
        s = initial_state(game)
        for _ in range(rng.randrange(0, 900)):
            if s.is_terminal():
                break
            seat = s.current_player()
            a = sample_chance(s, rng) if seat == CHANCE else agent.decide(
                s, seat, [sum(h) for h in s.hands], s.legal_actions(), rng)
            s.apply(a)
        out.append(s)
    return out


@pytest.mark.parametrize("map_name", ["classic-2p", "sekigahara-3p", "onin-4p"])
def test_values_from_any_decision_point(map_name: str) -> None:
    states = random_points(map_name, 40, seed=7)
    before = [s.to_json() for s in states]
    values = evaluate(states, np.random.default_rng(3), max_turns=6)
    assert values.shape == (40, states[0].num_players)
    assert ((values >= 0) & (values <= 1)).all()
    assert [s.to_json() for s in states] == before  # the caller's states are not touched
    if states[0].num_players == 2:
        assert np.allclose(values.sum(1), 1.0)
    for s, v in zip(states, values, strict=True):
        if s.is_terminal():
            assert v.tolist() == s.returns()
        for seat in range(s.num_players):
            if not s.alive[seat]:
                assert v[seat] == 0.0


def test_the_points_include_mid_battle_and_pending_decisions() -> None:
    kinds = {decision(s) for m in ("classic-2p", "onin-4p") for s in random_points(m, 40, seed=7)}
    assert {"chance", "main", "commit"} <= kinds


def test_same_seed_same_values_and_depth_zero_is_the_heuristic() -> None:
    states = random_points("kanto-3p", 20, seed=11)
    a = evaluate(states, np.random.default_rng(5), max_turns=4)
    b = evaluate(states, np.random.default_rng(5), max_turns=4)
    assert np.array_equal(a, b)
    # depth 0 from a turn start: nothing is played, the value is the heuristic of the state itself
    starts = finished_turns(states, random.Random(9))
    flat = evaluate(starts, np.random.default_rng(9), max_turns=0)
    for t, v in zip(starts, flat, strict=True):
        assert np.allclose(v, value(t))


def test_batch_heuristic_agrees_with_the_scalar_one() -> None:
    states = []
    for s in random_points("shikoku-4p", 30, seed=2) + random_points("classic-2p", 10, seed=3):
        finish_turn(s, random.Random(1))
        states.append(s)
    for group in (states[:30], states[30:]):
        live = [s for s in group if not s.is_terminal()]
        batch = BatchState.from_states(live)
        got = heuristic_values(batch)
        for s, v in zip(live, got, strict=True):
            assert np.allclose(v, value(s))
            assert abs(v.sum() - 1) < 1e-9


def test_finished_lanes_score_their_result() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=1))
    s = initial_state(game)
    finish_turn(s, random.Random(0))
    batch = BatchState.from_states([s])
    from ai.batch.turn import run

    run(batch, np.random.default_rng(0), 5)
    assert batch.done[0] and batch.winner[0] == -1
    assert lane_values(batch).tolist() == [[0.5, 0.5]]


def test_deeper_rollouts_end_more_games() -> None:
    states = random_points("classic-2p", 30, seed=13, max_rounds=40)
    shallow = evaluate(states, np.random.default_rng(1), max_turns=1)
    deep = evaluate(states, np.random.default_rng(1), max_turns=200)
    decided = lambda v: np.isin(v, (0.0, 0.5, 1.0)).all(1)  # noqa: E731
    assert decided(deep).all()  # max_rounds=40 ends every game within 200 turns
    assert decided(deep).sum() > decided(shallow).sum()


def test_a_custom_policy_is_used() -> None:
    states = random_points("classic-2p", 16, seed=17)
    a = evaluate(states, np.random.default_rng(2), max_turns=12, policy=RolloutPolicy(army_cap=0))
    b = evaluate(states, np.random.default_rng(2), max_turns=12)
    assert not np.array_equal(a, b)
    assert evaluate([], np.random.default_rng(0)).shape == (0, 0)


def test_states_left_by_random_play_forced_march_included() -> None:
    """Random play reaches what the rollout policy never does (Forced March phases, Treachery, odd
    commitments); evaluate still finishes those turns legally and values them."""
    game = Game(load_map("kawanakajima-2p"), Rules(max_rounds=80))
    rng = random.Random(21)
    states, marched = [], 0
    for _ in range(30):
        s = initial_state(game)
        for _ in range(rng.randrange(50, 1500)):
            if s.is_terminal():
                break
            legal = s.legal_actions()
            chance = s.current_player() == CHANCE
            s.play(sample_chance(s, rng) if chance else legal[rng.randrange(len(legal))])
        marched += s.phase.name.startswith("MARCH") or bool(s.marched)
        states.append(s)
    values = evaluate(states, np.random.default_rng(4), max_turns=4)
    assert values.shape == (30, 2) and np.allclose(values.sum(1), 1.0)
    assert marched > 0


def test_lanes_average_several_rollouts_per_state() -> None:
    states = random_points("classic-2p", 24, seed=19)
    with pytest.raises(ValueError, match="lanes"):
        evaluate(states, np.random.default_rng(0), max_turns=2, lanes=0)
    spread = {}
    for lanes in (1, 16):
        runs = np.stack([evaluate(states, np.random.default_rng(r), max_turns=3, lanes=lanes)
                         for r in range(6)])
        assert runs.shape == (6, 24, 2) and np.allclose(runs.sum(-1), 1.0)
        spread[lanes] = runs[:, :, 0].std(0).mean()
    assert spread[16] < 0.6 * spread[1]  # averaging 16 rollouts leaves much less noise


def test_repeat_copies_each_lane_in_place() -> None:
    states = random_points("sekigahara-3p", 6, seed=4)
    rng = random.Random(1)
    for s in states:
        finish_turn(s, rng)
    batch = BatchState.from_states(states)
    rep = batch.repeat(3)
    assert rep.size == 18
    for i in range(18):
        assert rep.to_state(i).to_json() == batch.to_state(i // 3).to_json()


def test_a_leaf_mix_takes_its_share_from_the_leaf_before_its_playouts() -> None:
    """From turn starts, ``mix=1`` is the leaf's own value (no playout counts), ``mix=0`` the playouts
    alone, and a share in between their weighted mean on the same chance stream."""
    starts = finished_turns(random_points("classic-2p", 16, seed=23), random.Random(3))
    plain = evaluate(starts, np.random.default_rng(8), max_turns=3, lanes=2)
    assert np.array_equal(plain, evaluate(starts, np.random.default_rng(8), max_turns=3, lanes=2, mix=0.0))
    own = evaluate(starts, np.random.default_rng(8), max_turns=3, lanes=2, mix=1.0)
    assert np.allclose(own, [value(s) for s in starts])
    assert np.allclose(own, evaluate(starts, np.random.default_rng(1), max_turns=6, lanes=2, mix=1.0))
    quarter = evaluate(starts, np.random.default_rng(8), max_turns=3, lanes=2, mix=0.25)
    assert np.allclose(quarter, 0.75 * plain + 0.25 * own) and not np.allclose(plain, own)
