"""The module spec parser under fuzzing, and records refusing a module list in one line: an unknown module,
a bad value, an excluded pair, a player count the module does not allow (docs/variants.md)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from japanese_swords.errors import RecordError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.modules import MODULES, ModuleError, RuleModule, canonical, params_of, parse_spec, validate
from japanese_swords.records import Record
from tests.positions import make_game

NAMES = sorted(MODULES)
_PIECES = st.sampled_from([*NAMES, *(p.name for m in MODULES.values() for p in m.params), ":", "=", "-", " ",
                           "0", "7", "99", "1e3", "x", "\n", "é", "٣", ""])


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(max_size=60), st.lists(_PIECES, max_size=8).map("".join)))
def test_any_text_parses_to_a_checked_spec_or_one_line_of_module_error(text):
    try:
        name, values = parse_spec(text)
    except ModuleError as exc:
        assert str(exc) and "\n" not in str(exc) and len(str(exc)) < 400
        return
    module = MODULES[name]
    for key, value in values.items():
        param = module.param(key)
        assert param is not None and param.low <= value <= param.high
    assert canonical(canonical(text)) == canonical(text)


@st.composite
def _specs(draw):
    """A valid spec: a module name and some of its parameters at values within their ranges."""
    module = MODULES[draw(st.sampled_from(NAMES))]
    chosen = draw(st.lists(st.sampled_from(module.params), unique=True)) if module.params else []
    values = {p.name: draw(st.integers(p.low, p.high)) for p in chosen}
    return module.name, values


@settings(max_examples=200, deadline=None)
@given(_specs())
def test_a_valid_spec_round_trips_through_its_canonical_form(spec):
    name, values = spec
    text = ":".join([name.upper() if len(values) % 2 else name, *(f"{k}={v}" for k, v in values.items())])
    assert parse_spec(text) == (name, values)
    stored = canonical(text)
    full = {p.name: values.get(p.name, p.default) for p in MODULES[name].params}
    assert params_of((stored,), name) == full
    assert validate([stored], 4) == (stored,)


_PARAMS = [(m.name, p) for m in MODULES.values() for p in m.params]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_PARAMS), st.one_of(st.integers(-10**12, -1), st.integers(21, 10**12)))
def test_a_value_out_of_range_is_refused_naming_the_range(param, value):
    name, p = param
    if p.low <= value <= p.high:
        return
    pattern = rf"module {name}: {p.name} must be (a whole number )?{p.low}-{p.high}"
    with pytest.raises(ModuleError, match=pattern) as info:
        validate([f"{name}:{p.name}={value}"], 4)
    assert "\n" not in str(info.value)


def _record_with(modules, map_name: str = "classic-2p") -> dict:
    game = make_game() if map_name == "classic-2p" else Game(load_map(map_name), Rules())
    data = Record(game, ["a"] * game.num_players, 1).to_json()
    data["rules"]["modules"] = modules
    return data


@pytest.mark.parametrize(("modules", "message"), [
    (["teams"], "module teams is for 4 players, not 2"),
    (["weather:storm=x"], "storm must be a whole number"),
    (["ronin:most=0"], "ronin: most must be 1-10, got 0"),
    (["support:fee"], "unknown parameter 'fee'"),
    ([7], "a module must be named by text, not int"),
])
def test_a_record_with_a_module_its_game_cannot_play_is_refused_in_one_line(modules, message):
    with pytest.raises(RecordError, match=message) as info:
        Record.from_json(json.loads(json.dumps(_record_with(modules))))
    assert "\n" not in str(info.value)


def test_a_record_naming_an_excluded_pair_is_refused_in_one_line(monkeypatch):
    monkeypatch.setitem(MODULES, "calm", RuleModule("calm", "test", "no weather", excludes=("weather",)))
    with pytest.raises(RecordError, match="module calm excludes module weather") as info:
        Record.from_json(_record_with(["weather", "calm"]))
    assert "\n" not in str(info.value)


def test_a_four_player_record_of_a_team_game_reads():
    again = Record.from_json(_record_with(["teams", "weather"], "onin-4p"))
    assert again.game.rules.modules == ("teams", "weather")
