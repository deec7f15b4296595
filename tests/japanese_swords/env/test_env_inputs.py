"""The PettingZoo environment at the input boundary (issue 35): out-of-range, non-integer and masked actions,
steps before ``reset`` and after the game, odd seeds and options all give one line of a documented type
(``EnvInputError``, its subclass ``IllegalEnvAction``) and leave the state as it was. A hypothesis fuzz
drives random call sequences through the bare and the wrapped environment (``CORPUS["env"]``)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from japanese_swords.env import env, raw_env
from japanese_swords.env.checks import EnvInputError, IllegalEnvAction, as_index
from japanese_swords.records import state_digest
from tests.japanese_swords.fuzzing import CORPUS, fuzz_settings, hang_guard, one_line, run_bounded

ODD_ACTIONS = [-1, 10**9, 2**80, -(2**80), 1.5, 2.0, math.inf, -math.inf, math.nan, "3", "", b"1", [1], (1,), {},
               True, False, np.float32(1.0), np.array([1, 2]), np.array(1.0), np.int64(-5), np.uint64(2**63),
               complex(1, 0), object()]
ODD_SEEDS = [1.5, math.nan, "abc", b"x", True, [1], (1,), np.float64(2.0), object(), complex(1, 1)]


def _id(value: object) -> str:
    """A test id that is the same in every process (a bare object's repr holds its address)."""
    return "object()" if type(value) is object else repr(value)


def _masked_index(e) -> int:
    return int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])


def _legal_index(e, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])))


@pytest.mark.parametrize("action", ODD_ACTIONS, ids=_id)
def test_a_bad_action_is_one_line_and_changes_nothing(action: object) -> None:
    for make in (raw_env, env):
        e = make()
        e.reset(seed=3)
        before = state_digest(e.unwrapped.engine_state)
        with pytest.raises(IllegalEnvAction) as caught:
            e.step(action)
        one_line(str(caught.value))
        assert state_digest(e.unwrapped.engine_state) == before


def test_integer_types_are_accepted_and_mean_the_same_index() -> None:
    played = []
    for kind in (int, np.int64, np.int32, np.uint16, lambda i: np.array(i)):
        e = raw_env()
        e.reset(seed=4)
        index = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
        e.step(kind(index))
        played.append(state_digest(e.engine_state))
    assert len(set(played)) == 1
    assert as_index(True) is None and as_index(2.0) is None and as_index(np.bool_(True)) is None


def test_a_masked_action_raises_in_the_bare_env_and_loses_in_the_wrapped_one() -> None:
    e = raw_env()
    e.reset(seed=1)
    before = state_digest(e.engine_state)
    with pytest.raises(IllegalEnvAction, match="not allowed"):
        e.step(_masked_index(e))
    assert state_digest(e.engine_state) == before
    w = env()
    w.reset(seed=1)
    offender = w.agent_selection
    w.step(_masked_index(w))
    assert all(w.terminations.values()) and w.rewards[offender] == -1


@pytest.mark.parametrize("seed", ODD_SEEDS, ids=_id)
def test_an_odd_seed_is_one_line(seed: object) -> None:
    for make in (raw_env, env):
        e = make()
        with pytest.raises(EnvInputError, match="seed must be a whole number") as caught:
            e.reset(seed=seed)
        one_line(str(caught.value))


@pytest.mark.parametrize("seed", [0, -7, 2**100, np.int64(9), np.uint64(2**63)], ids=repr)
def test_any_integer_seed_is_reproducible(seed: object) -> None:
    a, b = raw_env(), raw_env()
    a.reset(seed=seed)
    b.reset(seed=int(seed))  # type: ignore[call-overload]
    assert state_digest(a.engine_state) == state_digest(b.engine_state)


def _play_out(e, rng: np.random.Generator) -> None:
    while e.agents:
        agent = e.agent_selection
        e.step(None if e.terminations[agent] or e.truncations[agent] else _legal_index(e, rng))


def test_stepping_after_the_game_and_before_reset() -> None:
    e = raw_env(max_rounds=2)
    with pytest.raises(EnvInputError, match="before reset"):
        e.step(0)
    e.reset(seed=2)
    _play_out(e, np.random.default_rng(0))
    for action in (None, 0, 5.5):
        with pytest.raises(EnvInputError, match="game is over"):
            e.step(action)
    e.reset(seed=2)  # and a new game starts as usual
    assert e.agents and e.observe(e.agent_selection)["action_mask"].sum() > 0


def test_a_done_agent_may_only_pass_none() -> None:
    e = raw_env(max_rounds=2)
    e.reset(seed=5)
    rng = np.random.default_rng(1)
    while not any(e.terminations.values()):
        e.step(_legal_index(e, rng))
    with pytest.raises(EnvInputError, match="only action it may take is None"):
        e.step(0)
    e.step(None)


@pytest.mark.parametrize("options", [{"max_rounds": 0}, {"max_rounds": -1}, {"max_rounds": 1.5}, {"max_rounds": True},
                                     {"max_rounds": 10**7}, {"loss_reward": "x"}, {"loss_reward": math.nan},
                                     {"loss_reward": math.inf}, {"map_name": 3}, {"map_name": ""},
                                     {"render_mode": "rgb"}, {"rules": "fast"}], ids=repr)
def test_bad_options_are_one_line(options: dict) -> None:
    with pytest.raises(EnvInputError) as caught:
        raw_env(**options)
    one_line(str(caught.value))


# ----- fuzz ----------------------------------------------------------------------------------------------

CALL = st.one_of(
    st.just(("legal", None)), st.just(("legal", None)), st.just(("legal", None)), st.just(("masked", None)),
    st.tuples(st.just("action"), st.sampled_from(ODD_ACTIONS)),
    st.tuples(st.just("action"), st.integers(-(10**12), 10**12)),
    st.tuples(st.just("action"), st.floats(allow_nan=True, allow_infinity=True)),
    st.tuples(st.just("reset"), st.one_of(st.none(), st.integers(-(2**70), 2**70), st.sampled_from(ODD_SEEDS))),
    st.just(("finish", None)),
)


@fuzz_settings("env")
@given(st.sampled_from(["classic-2p", "kanto-3p"]), st.booleans(), st.integers(0, 2**32),
       st.lists(CALL, min_size=1, max_size=12))
def _env_case(map_name: str, wrapped: bool, seed: int, calls: list[tuple[str, object]]) -> None:
    CORPUS["env"] += 1
    e = (env if wrapped else raw_env)(map_name=map_name, max_rounds=3)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    with hang_guard():
        for what, value in calls:
            base = e.unwrapped
            over = not base.agents
            before = state_digest(base.engine_state)
            try:
                if what == "reset":
                    e.reset(seed=value)
                elif what == "finish":
                    _play_out(e, rng)
                elif over:
                    e.step(0 if what != "action" else value)
                elif what == "legal":
                    agent = e.agent_selection
                    e.step(None if e.terminations[agent] else _legal_index(e, rng))
                elif what == "masked":
                    if not e.terminations[e.agent_selection]:
                        e.step(_masked_index(e))
                else:
                    e.step(value)
            except EnvInputError as exc:  # IllegalEnvAction included: the documented types
                one_line(str(exc))
                assert state_digest(base.engine_state) == before, "a refused call changed the game"
            except AssertionError as exc:  # the wrapped env's OrderEnforcingWrapper: step before reset only
                assert wrapped and "reset" in str(exc), exc


def test_random_call_sequences_give_only_documented_one_line_errors() -> None:
    run_bounded("env", _env_case)
