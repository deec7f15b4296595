"""A map's default rule modules (the ``modules:``/``rules:`` header line, docs/maps.md): parsing and its
``file:line:col`` errors, the checker, the map text round trip, and a hypothesis fuzz of the line."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from japanese_swords.errors import MapError
from japanese_swords.mapcheck import check_map, check_text
from japanese_swords.maps import load_map, map_text, parse_map
from japanese_swords.modules import MODULES, PRESETS, ModuleError, preset_modules, registry, validate

CLASSIC = load_map("classic-2p").source
ONIN = load_map("onin-4p").source


def with_header(*lines: str, base: str = CLASSIC) -> str:
    """``base`` with ``lines`` added after its ``players:`` line (line 4 of classic-2p, so the first added
    line is line 5)."""
    out = base.splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("players:")) + 1
    return "\n".join(out[:at] + list(lines) + out[at:]) + "\n"


def error_of(text: str) -> str:
    with pytest.raises(MapError) as info:
        parse_map(text, "m.map")
    message = str(info.value)
    assert "\n" not in message
    return message


def test_a_map_without_the_line_names_no_modules() -> None:
    assert load_map("classic-2p").modules == ()
    assert "modules" not in map_text(load_map("classic-2p"))


def test_presets_and_module_specs_give_the_canonical_sorted_list() -> None:
    board = parse_map(with_header("modules: shogun, weather:rain=3:storm=4 terrain-arms"), "m.map")
    assert board.modules == ("bidding", "castles", "ronin", "terrain-arms", "weather:rain=3")
    assert board.modules == validate([*preset_modules("shogun"), "weather:rain=3", "terrain-arms"], 2)


def test_rules_is_another_spelling_of_the_same_line() -> None:
    assert parse_map(with_header("Rules:  Tokugawa"), "m.map").modules == validate(PRESETS["tokugawa"], 2)
    assert parse_map(with_header("modules: classic"), "m.map").modules == ()
    message = error_of(with_header("rules: shogun", "modules: weather"))
    assert message.startswith("m.map:6:1: 'modules' (or 'rules') is given twice (first on line 5)")


def test_map_text_round_trips_the_modules() -> None:
    board = parse_map(with_header("rules: battlefields, weather:storm=6"), "m.map")
    text = map_text(board)
    assert "modules: sites, terrain-arms, weather:storm=6\n" in text
    assert parse_map(text, "again.map") == board
    assert parse_map(text, "again.map").modules == board.modules


@pytest.mark.parametrize(("line", "col", "words"), [
    ("modules: nope", 10, "unknown rules preset or module 'nope'"),
    ("modules: ronin, nope:x=1", 17, "unknown rules preset or module 'nope'"),
    ("modules:   weather:rain=99", 12, "module weather: rain must be 0-20, got 99"),
    ("modules: weather:wind=1", 10, "module weather: unknown parameter 'wind=1'"),
    ("modules: weather:rain=x", 10, "module weather: rain must be a whole number"),
    ("modules: shogun, castles", 18, "module castles is chosen twice"),
    ("modules: teams", 10, "module teams is for 4 players, not 2"),
    ("modules: weather, ,", 10, None),  # empty items are only separators
    ("modules: , ", 10, "a modules line names rules presets or modules"),
])
def test_a_bad_modules_line_is_one_line_at_its_item(line: str, col: int, words: str | None) -> None:
    text = with_header(line)
    if words is None:
        assert parse_map(text, "m.map").modules == ("weather",)
        return
    message = error_of(text)
    assert message.startswith(f"m.map:5:{col}: "), message
    assert words in message


def test_an_excluded_pair_points_at_the_second_module(monkeypatch: pytest.MonkeyPatch) -> None:
    """No module excludes another yet; a registry with such a pair must refuse it on the map line too."""
    monkeypatch.setitem(registry.MODULES, "weather", replace(MODULES["weather"], excludes=("castles",)))
    with pytest.raises(ModuleError, match="excludes"):
        validate(["castles", "weather"], 2)
    message = error_of(with_header("modules: castles, ronin, weather:rain=1"))
    assert message == "m.map:5:26: module weather excludes module castles"


def test_the_player_count_comes_from_the_grid() -> None:
    assert parse_map(with_header("modules: teams", base=ONIN), "m.map").modules == ("teams",)
    assert "module teams is for 4 players, not 2" in error_of(with_header("modules: teams"))


def test_the_checker_reports_the_line_and_unused_sites() -> None:
    bad = check_text(with_header("modules: weather:rain=99"), "m.map")
    assert [(p.line, p.col, p.severity) for p in bad] == [(5, 10, "error")]
    text = with_header("modules: weather", "site: e5 pass")
    problems = [p for p in check_text(text, "m.map") if "site: lines" in p.message]
    assert [(p.line, p.col, p.severity) for p in problems] == [(5, 1, "warning")]
    assert not [p for p in check_text(with_header("modules: sites", "site: e5 pass"), "m.map")
                if "site: lines" in p.message]
    assert not [p for p in check_text(with_header("site: e5 pass"), "m.map") if "site: lines" in p.message]
    # a board without source text is located as map_text writes it, the modules line before the grid
    board = replace(parse_map(with_header("modules: weather", "site: c3 pass"), "m.map"), source="")
    located = [(p.line, p.col, p.message) for p in check_map(board, "x.map")]
    assert located == [(p.line, p.col, p.message) for p in check_text(map_text(board), "x.map")]
    assert any(p.square is not None for p in check_map(board, "x.map"))


def test_tool_check_reports_the_modules_line(tmp_path, capsys) -> None:
    from japanese_swords.app import maptool

    path = tmp_path / "bad.map"
    path.write_text(with_header("modules: nope"), encoding="utf-8")
    assert maptool.main(["--check", str(path)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:5:10: error: unknown rules preset or module 'nope'")


# ----- fuzz --------------------------------------------------------------------------------------------

ITEMS = [*PRESETS, *MODULES, "weather:rain=3", "weather:rain=21", "weather:rain=-1", "weather:storm=\u0663",
         "ronin:cost=5:most=2", "ronin:most=0", "castles:levels=5", "castles:levels", "sites:honor=10",
         "nope", "", ":", "=", "weather:", "weather::rain=2", "WEATHER:RAIN=2", "\ufeff", "teams:x=1"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ITEMS), max_size=5), st.sampled_from([", ", ",", " ", " , "]),
       st.sampled_from(["modules", "rules", "MODULES"]), st.sampled_from([CLASSIC, ONIN]))
def test_fuzzed_modules_lines_give_one_line_errors_or_the_registry_list(items: list[str], sep: str, key: str,
                                                                        base: str) -> None:
    line = f"{key}: {sep.join(items)}"
    text = with_header(line, base=base)
    players = 4 if base is ONIN else 2
    names = [i for i in re.split(r"[,\s]+", sep.join(items)) if i]
    expected: tuple[str, ...] | None
    try:
        if not names:
            raise ModuleError("empty")
        expected = validate([s for n in names
                             for s in (preset_modules(n) if n.lower() in PRESETS else (n,))], players)
    except ModuleError:
        expected = None
    try:
        board = parse_map(text, "f.map")
    except MapError as exc:
        message = str(exc)
        assert expected is None, message
        m = re.match(r"f\.map:5:(\d+): \S", message)
        assert m and "\n" not in message, message
        assert len(key) + 2 <= int(m.group(1)) <= len(line), message  # inside the line's value
        return
    assert expected is not None and board.modules == expected
    assert parse_map(map_text(board), "again.map").modules == expected
