"""The map editor keeps a map's ``site:`` and ``modules:`` lines and edits the modules line (docs/maps.md):
open and save round-trips them, the Modules field changes the line (one undo step), and the checker
reports a bad line at its ``line:col``."""

from __future__ import annotations

from pathlib import Path

import arcade

from japanese_swords.app.client.editor.model import EditorModel
from japanese_swords.maps import parse_map
from tests.japanese_swords.test_map_modules import with_header


def _map(tmp_path: Path, *header: str) -> Path:
    path = tmp_path / "m.map"
    path.write_text(with_header(*header), encoding="utf-8")
    return path


def test_open_and_save_keep_the_site_and_modules_lines(tmp_path: Path) -> None:
    path = _map(tmp_path, "rules: battlefields, weather:rain=3", "site: e5 pass", "site: f6 ford")
    before = parse_map(path.read_text(encoding="utf-8"), str(path))
    model = EditorModel.load(str(path))
    assert model.current.modules == "battlefields, weather:rain=3"
    assert model.current.sites == ("e5 pass", "f6 ford")
    model.save()
    text = path.read_text(encoding="utf-8")
    assert "modules: battlefields, weather:rain=3\n" in text and "site: e5 pass\nsite: f6 ford\n" in text
    after = parse_map(text, str(path))
    assert after == before and after.modules == before.modules == ("sites", "terrain-arms", "weather:rain=3")


def test_the_modules_line_is_edited_undone_and_checked(tmp_path: Path) -> None:
    model = EditorModel.load(str(_map(tmp_path)))
    assert model.current.modules == "" and "modules:" not in model.to_text()
    assert model.set_header(modules="  shogun,   weather ")
    assert model.current.modules == "shogun, weather" and "modules: shogun, weather\n" in model.to_text()
    assert model.problems() == []
    model.set_header(modules="shogun, weather:rain=99")
    (problem,) = [p for p in model.problems() if p.is_error]
    line = model.to_text().splitlines().index("modules: shogun, weather:rain=99") + 1
    assert (problem.line, problem.col) == (line, 18) and "rain must be 0-20" in problem.message
    model.undo()
    assert model.current.modules == "shogun, weather"
    model.generate(2, 7)  # a generated grid keeps the map's rules
    assert model.current.modules == "shogun, weather" and model.problems() == []


def test_the_modules_field_sets_the_line(editor) -> None:
    _window, view = editor
    field = view.fields["modules"]
    assert field.value == ""
    view.on_mouse_press(field.left + 5, field.bottom + 5, arcade.MOUSE_BUTTON_LEFT, 0)
    assert field.active
    view.on_text("tokugawa")
    view.on_key_press(arcade.key.ENTER, 0)
    assert view.model.current.modules == "tokugawa" and "modules: tokugawa" in view.model.to_text()
    view.on_draw()
    view.do_undo()
    assert view.model.current.modules == "" and field.value == ""
