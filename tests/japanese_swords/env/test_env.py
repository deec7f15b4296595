"""The PettingZoo environment: PettingZoo's own API and seed tests, rewards at the end, seeded resets,
and the action layout (every legal engine action has exactly one index or one commitment sequence)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from japanese_swords.actions import Commit
from japanese_swords.cards import Card
from japanese_swords.env import env, raw_env
from japanese_swords.env.aec import IllegalEnvAction, JapaneseSwordsEnv
from japanese_swords.env.codec import COMMIT_ADD, COMMIT_DONE, commit_steps
from japanese_swords.env.encoding import SIZE, size

# A Dict observation (vector + action_mask) is PettingZoo's own convention for masked games, yet its API
# test still suggests a Box; those two advisory warnings are expected here.
API_TEST_ADVICE = pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning",
                                             "ignore:Observation is not a NumPy array:UserWarning")


@API_TEST_ADVICE
def test_pettingzoo_api_test_passes() -> None:
    api_test(env(), num_cycles=200)


@API_TEST_ADVICE
def test_pettingzoo_api_test_passes_on_four_players() -> None:
    api_test(env(map_name="onin-4p"), num_cycles=100)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: env(map_name="kanto-3p"), num_cycles=100)


def _play_random(e: JapaneseSwordsEnv, seed: int, check_layout: bool = False) -> tuple[list, dict[str, float]]:
    """One masked-random episode; returns the actions taken and each agent's summed reward."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    taken, totals = [], dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, term, _trunc, _info = e.last()
        totals[agent] += reward
        if term:
            e.step(None)
            continue
        allowed = np.flatnonzero(obs["action_mask"]).tolist()
        assert obs["observation"].shape == (size(e.game.rules),) and obs["observation"].dtype == np.float32
        assert e.game.rules.modules or size(e.game.rules) == SIZE  # a classic game: the classic vector
        if check_layout:
            _check_layout(e, agent, allowed)
        action = rng.choice(allowed)
        taken.append(action)
        e.step(action)
    return taken, totals


def _check_layout(e: JapaneseSwordsEnv, agent: str, allowed: list[int]) -> None:
    """The mask is exactly the legal engine actions: decoding is legal, encoding lands in the mask."""
    legal = e.legal_engine_actions(agent)
    if not legal:  # mid-commitment: the steps that continue a legal commitment, from the full list
        commits = [a.cards for a in e.engine_state.legal_actions() if isinstance(a, Commit)]
        assert commits and allowed == sorted(commit_steps(commits, e._partial))
        return
    seat = e.possible_agents.index(agent)
    expected = set()
    for a in legal:
        steps = e.action_steps(agent, a)
        expected.add(steps[0])
        if not isinstance(a, Commit):
            assert len(steps) == 1 and e.codec.decode(steps[0], seat, e.game.num_players).action == a
    assert sorted(expected) == allowed
    commits = [a.cards for a in legal if isinstance(a, Commit)]
    if commits:
        assert allowed == sorted(commit_steps(commits, ()))


@pytest.mark.parametrize("map_name", ["classic-2p", "kanto-3p", "onin-4p"])
def test_mask_is_exactly_the_legal_actions_and_rewards_come_at_the_end(map_name: str) -> None:
    e = raw_env(map_name=map_name, max_rounds=40)
    _taken, totals = _play_random(e, seed=3, check_layout=True)
    st = e.engine_state
    assert st.is_terminal()
    n = st.num_players
    if st.winner is None:
        assert list(totals.values()) == [0.0] * n
    else:
        assert totals[f"player_{st.winner}"] == 1.0
        assert sorted(totals.values()) == [-1.0] * (n - 1) + [1.0]


def test_loss_reward_zero_gives_zero_to_losers() -> None:
    e = raw_env(map_name="kanto-3p", max_rounds=60, loss_reward=0.0)
    for seed in range(6):
        _taken, totals = _play_random(e, seed)
        if e.engine_state.winner is not None:
            assert sorted(totals.values()) == [0.0, 0.0, 1.0]
            return
    raise AssertionError("no decided game in 6 seeds")


def test_same_seed_same_game_and_different_seed_different_game() -> None:
    e = raw_env(max_rounds=10)
    a, _ = _play_random(e, 5)
    state_a = e.engine_state.to_json()
    b, _ = _play_random(e, 5)
    assert a == b and e.engine_state.to_json() == state_a
    c, _ = _play_random(e, 6)
    assert c != a


def test_commitments_are_built_in_canonical_order_one_path_each() -> None:
    commits = [(Card.PEASANT,), (Card.PEASANT, Card.PEASANT), (Card.PEASANT, Card.DAIMYO), (Card.NINJA,)]
    assert commit_steps(commits, ()) == {COMMIT_ADD + Card.PEASANT, COMMIT_ADD + Card.NINJA}
    assert commit_steps(commits, (Card.PEASANT,)) == {COMMIT_DONE, COMMIT_ADD + Card.PEASANT,
                                                     COMMIT_ADD + Card.DAIMYO}
    assert commit_steps(commits, (Card.PEASANT, Card.DAIMYO)) == {COMMIT_DONE}
    assert commit_steps(commits, (Card.DAIMYO,)) == set()


def test_a_whole_commitment_is_played_through_its_steps() -> None:
    e = raw_env(max_rounds=30)
    rng = random.Random(0)
    e.reset(seed=0)
    while True:  # random play until someone must commit with more than one card in hand
        agent = e.agent_selection
        legal = e.legal_engine_actions(agent)
        commits = [a for a in legal if isinstance(a, Commit)]
        if len(commits) > 3:
            break
        assert not e.terminations[agent], "no battle in 30 rounds"
        e.step(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]).tolist()))
    chosen = max(commits, key=lambda c: len(c.cards))
    hand_before = e.engine_state.hand_size(e.possible_agents.index(agent))
    for i, step in enumerate(e.action_steps(agent, chosen)):
        assert e.agent_selection == agent and e.observe(agent)["action_mask"][step] == 1
        if i:
            assert e.legal_engine_actions(agent) == []  # mid-commitment
        e.step(step)
    assert e.engine_state.hand_size(e.possible_agents.index(agent)) == hand_before - len(chosen.cards)


def test_illegal_index_raises_in_raw_env_and_loses_in_wrapped_env() -> None:
    e = raw_env()
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalEnvAction):
        e.step(bad)
    w = env()
    w.reset(seed=1)
    offender = w.agent_selection
    w.step(bad)  # PettingZoo's TerminateIllegalWrapper logs a warning and ends the game
    assert all(w.terminations.values()) and w.rewards[offender] == -1


def test_only_the_agent_to_move_has_a_mask_and_observations_hide_other_hands() -> None:
    e = raw_env(map_name="kanto-3p")
    e.reset(seed=2)
    others = [a for a in e.agents if a != e.agent_selection]
    assert e.observe(e.agent_selection)["action_mask"].sum() > 0
    assert all(e.observe(a)["action_mask"].sum() == 0 for a in others)
    e.engine_state.hands[1] = [0] * 16  # another seat's hand changes nothing in seat 0's observation
    before = e.observe("player_0")["observation"].copy()
    e.engine_state.hands[1][Card.DAIMYO] = 1
    after = e.observe("player_0")["observation"]
    assert len(np.flatnonzero(before != after)) == 1  # seat 1's public hand size, nothing about the card


def test_every_index_decodes_to_an_action_that_encodes_back() -> None:
    from japanese_swords.actions import Attack, Move, PlayCard
    from japanese_swords.env.codec import ActionCodec
    from japanese_swords.game import Rules

    for rules in (Rules(), Rules(move_points=3)):
        codec = ActionCodec(rules)
        for players in (2, 3, 4):
            for seat in range(players):
                for i in range(codec.size):
                    d = codec.decode(i, seat, players)
                    if d.action is None:
                        assert (d.add is not None) != d.done
                        continue
                    a = d.action
                    if isinstance(a, Move | Attack) and a.src == a.dst:
                        continue  # an offset that leaves the board: never legal, never in a mask
                    if 7 + players - 1 <= i < 10:
                        continue  # Intrigue slot beyond the table (k >= players): never in a mask
                    if isinstance(a, PlayCard) and a.card == Card.INTRIGUE:
                        assert a.target != seat, f"index {i} targets the player itself"
                    assert codec.encode(a, seat, players) == i, (i, a)
    assert ActionCodec(Rules(move_points=3)).size > ActionCodec().size == 1943


def test_engine_state_is_its_own_attribute_and_state_is_pettingzoos_method() -> None:
    from japanese_swords.engine import State

    e = env()
    e.reset(seed=1)
    assert isinstance(e.unwrapped.engine_state, State)
    with pytest.raises(NotImplementedError, match="env.unwrapped.engine_state"):
        e.unwrapped.state()


def test_the_env_takes_rule_modules_and_plays_their_chance() -> None:
    from japanese_swords.errors import JapaneseSwordsError

    e = raw_env(map_name="kanto-3p", modules=("weather", "terrain-arms"), max_rounds=4)
    assert e.game.rules.modules == ("terrain-arms", "weather")
    _play_random(e, 3)
    assert e.engine_state.is_terminal() and e.engine_state.weather in ("clear", "rain", "storm")
    with pytest.raises(JapaneseSwordsError, match="unknown rule module 'hail'"):
        raw_env(modules=("hail",))
    api_test(env(modules=("weather",)), num_cycles=50)
