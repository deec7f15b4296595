"""Agent specs at the input boundary: every bad spec is the package's one-line SpecError naming the option;
the MCTS knobs live in one frozen config with presets."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from ai.agent import SpecError, known_agents, make_agent, parse_spec
from ai.mcts import MCTSAgent, MCTSConfig
from ai.mcts.config import KNOBS, PRESETS, parse_options


@pytest.mark.parametrize(("spec", "option"), [
    ("mcts:time=inf", "time"), ("mcts:time=nan", "time"), ("mcts:time=-1", "time"), ("mcts:time=1e400", "time"),
    ("mcts:iterations=1.5", "iterations"), ("mcts:iterations=-4", "iterations"), ("mcts:c=-0.5", "c"),
    ("mcts:lanes=0", "lanes"), ("mcts:batch=-2", "batch"), ("mcts:depth=-1", "depth"), ("mcts:depth=2.5", "depth"),
    ("mcts:seed=x", "seed"), ("mcts:rollouts=gpu", "rollouts"), ("mcts:scope=travel+dance", "scope"),
    ("mcts:difficulty=brutal", "difficulty"), ("mcts:bogus=1", "bogus"), ("greedy:samples=-3", "samples"),
    ("greedy:hand=2.5", "hand"), ("greedy:style=wild", "style"), ("random:speed=2", "speed"),
    ("honor_racer:samples=0", "samples"), ("rollout:army_cap=-1", "army_cap"), ("mcts:time=1:time=2", "time"),
    ("mcts:leaf_mix=1.5", "leaf_mix"), ("mcts:leaf_mix=0.5:rollouts=scalar", "leaf_mix"),
])
def test_bad_specs_name_the_option(spec: str, option: str) -> None:
    with pytest.raises(SpecError) as err:
        make_agent(spec)
    message = str(err.value)
    assert f"'{option}'" in message and "\n" not in message


def test_config_is_frozen_documented_and_the_agent_follows_it() -> None:
    config = MCTSConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        config.c = 1.0  # type: ignore[misc]
    assert all(f.metadata["doc"] for f in dataclasses.fields(MCTSConfig))
    assert config.turn_budget == PRESETS["normal"]  # no budget at all: the normal preset
    agent = make_agent("mcts:iterations=7:c=0.5:expand_visits=3:depth=1:rollouts=scalar")
    assert isinstance(agent, MCTSAgent)
    assert agent.config == MCTSConfig(iterations=7, c=0.5, expand_visits=3, depth=1, rollouts="scalar")
    assert (agent.iterations, agent.c, agent.depth, agent.turn_budget) == (7, 0.5, 1, None)
    for name, (turn, cap) in PRESETS.items():
        assert MCTSConfig.preset(name).turn_budget == (turn, cap)
    assert MCTSConfig().playout_depth == 8 and parse_options({"rollouts": "scalar"}).playout_depth == 2
    assert parse_options({"scope": "commit+travel"}).scopes == {"commit", "travel"}


def test_existing_spec_strings_keep_working() -> None:
    for spec in ("mcts", "mcts:time=0.5", "mcts:iterations=400:seed=3", "mcts:difficulty=hard",
                 "mcts:time=0.1:depth=6:lanes=32", "mcts:value=material:policy=greedy:scope=all",
                 "greedy", "greedy:style=tuned:hand=6", "random", "rollout:army_cap=4"):
        assert make_agent(spec).name == spec


_values = st.one_of(
    st.integers(min_value=-10**6, max_value=10**6).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["inf", "-inf", "nan", "1e400", "0", "1.0", "", "all", "batch", "easy", "tuned", "9" * 5000,
                     "١٢", "+3", "0x10", "commit+travel", "true"]),
    st.text(max_size=8),
)
_keys = st.one_of(st.sampled_from(sorted(KNOBS) + ["samples", "hand", "style", "army_cap", "move_noise"]),
                  st.text(max_size=6))
_names = st.one_of(st.sampled_from(["mcts", "greedy", "random", "rollout", "honor_racer", "rusher", "turtle",
                                    "hoarder"]), st.text(max_size=6))


@given(_names, st.lists(st.tuples(_keys, _values), max_size=4))
@example("mcts", [("\x1f\x1f\x1f\x1f\U00018cd6\U00018cd6", "0")])  # a long repr that once made the line too long
@settings(max_examples=300, deadline=None)
def test_fuzzed_specs_build_an_agent_or_fail_with_one_named_line(name: str, opts: list[tuple[str, str]]) -> None:
    spec = ":".join([name] + [f"{k}={v}" for k, v in opts])
    try:
        agent = make_agent(spec)
    except SpecError as exc:
        message = str(exc)
        # one line; quoted values and names are clipped, so only the list of known options may make it long
        assert message and "\n" not in message and len(message) < 160 + len(", ".join(KNOBS))
        try:
            parsed_name, kwargs = parse_spec(spec)
        except SpecError:
            return  # a syntax error: it quotes the bad option text
        if parsed_name in known_agents() and kwargs:
            assert any(repr(k) in message for k in kwargs)  # names the option at fault
        return
    assert agent.name == spec
    if isinstance(agent, MCTSAgent):
        for f in dataclasses.fields(MCTSConfig):
            value = getattr(agent.config, f.name)
            if isinstance(value, float):
                assert value == value and abs(value) != float("inf")
            if isinstance(value, int) and f.metadata["low"] is not None:
                assert value >= f.metadata["low"]


def test_a_misspelt_option_or_agent_is_answered_with_the_nearest_known_name() -> None:
    with pytest.raises(SpecError, match=r"^mcts: unknown option 'trade_hnd', did you mean 'trade_hand'\? \(known: "):
        make_agent("mcts:trade_hnd=1")
    with pytest.raises(SpecError, match=r"^mcts: unknown option 'zzzz' \(known: time, "):
        make_agent("mcts:zzzz=1")
    with pytest.raises(SpecError, match=r"^random: unknown option 'x' \(known: none\)$"):
        make_agent("random:x=1")
    with pytest.raises(SpecError, match=r"^greedy: unknown option '" + "a" * 56 + r"\.\.\. \(known"):
        make_agent("greedy:" + "a" * 500 + "=1")
    with pytest.raises(SpecError, match=r"^unknown agent 'greddy', did you mean 'greedy'\? \(known: "):
        make_agent("greddy")
