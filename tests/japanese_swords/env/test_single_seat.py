"""The Gymnasium single-seat environment: Gymnasium's own checker, masks that are the engine's legal
actions for the learner's seat, fixed opponents by spec, seeded episodes and end-of-game rewards."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ai.agent import SpecError
from ai.gym import single_seat_env
from japanese_swords.env.single import SingleSeatEnv


def _play(env: SingleSeatEnv, seed: int, policy_seed: int = 0) -> tuple[list[int], float, dict]:
    """A masked-random episode: the indices played, the final reward and info."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(policy_seed)
    played, reward, done = [], 0.0, False
    while not done:
        assert (obs["action_mask"] == info["action_mask"]).all()
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        played.append(a)
        obs, reward, done, truncated, info = env.step(a)
        assert not truncated
    return played, reward, info


def test_gymnasiums_env_checker_passes() -> None:
    check_env(single_seat_env("random", max_rounds=20), skip_render_check=True)


def test_the_mask_is_the_learners_legal_actions_and_the_reward_follows_the_winner() -> None:
    env = single_seat_env("greedy", seat=1, max_rounds=40)
    rewards = []
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        s = env.engine_state
        assert s.current_player() == 1
        allowed = set(np.flatnonzero(obs["action_mask"]))
        assert allowed == set(env.codec.mask_indices(s.legal_actions(), 1, 2))
        _, reward, info = _play(env, seed)
        expected = 0.0 if info["winner"] is None else 1.0 if info["winner"] == 1 else -1.0
        assert reward == expected
        rewards.append(reward)
    assert env.engine_state.is_terminal()


def test_the_same_seed_gives_the_same_episode() -> None:
    env = single_seat_env(["random"], max_rounds=15)
    first = _play(env, seed=7)
    again = _play(env, seed=7)
    assert first[0] == again[0] and env.engine_state.is_terminal()


def test_an_index_the_mask_forbids_ends_the_episode_with_the_illegal_reward() -> None:
    env = single_seat_env("random", illegal_reward=-5.0)
    obs, _ = env.reset(seed=1)
    forbidden = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, _, info = env.step(forbidden)
    assert (reward, done, info["illegal_action"]) == (-5.0, True, True)
    assert not obs["action_mask"].any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)


def test_four_seats_with_one_spec_for_every_opponent_and_ansi_render() -> None:
    env = single_seat_env("greedy", seat=2, map_name="onin-4p", max_rounds=10, render_mode="ansi")
    assert [a.name for a in env.opponents.values()] == ["greedy"] * 3 and sorted(env.opponents) == [0, 1, 3]
    env.reset(seed=3)
    assert env.render().startswith("p3 sees:")
    _play(env, seed=3)
    with pytest.raises(SpecError, match="give 1 or 3 opponent specs"):
        single_seat_env(["greedy", "random"], map_name="onin-4p")
