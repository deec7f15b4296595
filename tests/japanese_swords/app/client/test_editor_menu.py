"""The map editor from the menu: a new map or one of the player's maps (a broken one opens repaired with
its problems listed), Quit and Escape back to the menu, and the player's maps in the new-game choices."""

from __future__ import annotations

import os
from pathlib import Path

import arcade
import pytest

from japanese_swords.app.client.library import maps_dir, maps_for
from japanese_swords.maps import MAPS_DIR

pytestmark = pytest.mark.gl


def _menu(ctx):
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.on_draw()
    return menu


def _keys(view) -> set[str]:
    return {b.key for b in view.buttons}


def test_a_new_map_from_the_menu_saves_into_the_players_folder_and_becomes_playable(ctx):
    menu = _menu(ctx)
    assert "editor" in _keys(menu)
    menu.press("editor")
    menu.on_draw()
    assert "edit:new" in _keys(menu) and menu.texts._texts["saves"].text.startswith("Map editor")
    menu.press("edit:new")
    editor = ctx.window.current_view
    assert type(editor).__name__ == "EditorView"
    assert Path(editor.model.path).parent == maps_dir() and not editor.model.dirty
    editor.on_draw()
    editor.do_generate()  # a playable seeded 2-player map
    editor.on_key_press(arcade.key.S, arcade.key.MOD_CTRL)
    saved = Path(editor.model.path)
    assert saved.is_file() and "Saved" in editor.status
    editor.on_key_press(arcade.key.ESCAPE, 0)  # saved: Escape leaves at once
    menu = ctx.window.current_view
    assert type(menu).__name__ == "MenuView"
    assert str(saved) in maps_for(2)
    menu.on_draw()
    label = f"{saved.stem} (yours)"
    assert any(b.label == label for b in menu.buttons)
    menu.press(f"map:{saved}")
    menu.press("start")
    assert ctx.controller is not None and ctx.controller.session.game.board.name == editor.model.current.name


def test_a_broken_map_opens_repaired_with_its_problems_listed_and_quit_asks_first(ctx):
    folder = maps_dir()
    folder.mkdir(parents=True)
    lines = (MAPS_DIR / "classic-2p.map").read_text(encoding="utf-8").splitlines()
    broken = folder / "broken.map"
    broken.write_text("\n".join(lines[:-2]) + "\n", encoding="utf-8")  # two grid rows short
    assert str(broken) not in maps_for(2)  # not offered for a game
    menu = _menu(ctx)
    menu.press("editor")
    menu.on_draw()
    shown = " ".join(t.text for k, t in menu.texts._texts.items() if k.startswith("save"))
    assert "broken.map" in shown and "cannot be played" in shown
    menu.press(f"edit:{broken}")
    editor = ctx.window.current_view
    assert type(editor).__name__ == "EditorView"
    listed = [t.text for t in editor.problem_texts if t.text]
    assert listed and listed[0].startswith("repaired on opening:") and "8 grid rows" in listed[0]
    assert "malformed" in editor.status and editor.model.dirty
    editor.on_draw()
    quit_button = editor.buttons["quit"]
    editor.on_mouse_press(quit_button.left + 5, quit_button.bottom + 5, arcade.MOUSE_BUTTON_LEFT, 0)
    assert ctx.window.current_view is editor and "Unsaved changes" in editor.status  # asked first
    editor.on_key_press(arcade.key.ESCAPE, 0)  # the second Quit discards the repair
    assert type(ctx.window.current_view).__name__ == "MenuView"
    assert len(broken.read_text(encoding="utf-8").splitlines()) == len(lines) - 2  # the file is untouched


def test_the_editor_needs_a_writable_maps_folder(ctx, tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("JS_MAPS_DIR", os.fspath(blocker / "maps"))  # below a file: cannot be made
    menu = _menu(ctx)
    menu.press("edit:new")
    assert ctx.window.current_view is menu and ctx.notice.startswith("cannot open the map editor")
