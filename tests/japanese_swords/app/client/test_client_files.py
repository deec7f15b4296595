"""The client's own files at the input boundary (issue 35): damaged saves are listed with their reason and
never hide the others, a damaged settings file gives the defaults and is kept aside, and a save folder
that is a file, cannot be created or is full never stops the game. Headless: no window is needed.

Running as root, an unwritable place is a path under a regular file or a patched ``os`` function (see
``client_files.failing_os``); file modes would not stop root.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path

import platformdirs
import pytest

from japanese_swords.app.client import library, prefs
from japanese_swords.app.client.library import list_saves, menu_saves, prune_autosaves, save_dir, save_info
from japanese_swords.app.client.prefs import Prefs, prefs_path, read_prefs, save_prefs
from tests.japanese_swords.app.client.client_files import (
    DAMAGE,
    GOOD_AUTOSAVE,
    GOOD_SAVE,
    GOOD_SETTINGS,
    a_session,
    damage,
    failing_os,
    headless_context,
    temp_files,
)
from tests.japanese_swords.fuzzing import hang_guard, one_line

# ----- folders -------------------------------------------------------------------------------------------


def test_folders_come_from_platformdirs_unless_the_environment_overrides(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.delenv("JS_SAVE_DIR")
    monkeypatch.delenv("JS_CONFIG_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert save_dir() == Path(platformdirs.user_data_dir("japanese-swords", appauthor=False)) / "saves"
    assert save_dir() == tmp_path / "data" / "japanese-swords" / "saves"
    assert prefs_path() == tmp_path / "config" / "japanese-swords" / "settings.json"
    monkeypatch.setenv("JS_SAVE_DIR", str(tmp_path / "mine"))
    monkeypatch.setenv("JS_CONFIG_DIR", str(tmp_path / "cfg"))
    assert save_dir() == tmp_path / "mine" and prefs_path() == tmp_path / "cfg" / "settings.json"


# ----- reading saves -------------------------------------------------------------------------------------


def _folder_with_good_saves(tmp_path: Path) -> tuple[Path, Path, Path]:
    folder = tmp_path / "saves"
    folder.mkdir()
    good, auto = folder / "game-good.json", folder / "autosave-good.json"
    good.write_text(GOOD_SAVE, encoding="utf-8")
    auto.write_text(GOOD_AUTOSAVE, encoding="utf-8")
    return folder, good, auto


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_save_is_listed_with_its_reason_beside_the_good_ones(tmp_path: Path, kind: str) -> None:
    folder, good, auto = _folder_with_good_saves(tmp_path)
    bad = folder / "game-bad.json"
    damage(bad, kind, GOOD_SAVE, good)
    with hang_guard():
        listed = list_saves(folder, limit=50)
        infos = {p.name: save_info(p) for p in listed}
    assert set(infos) == {"game-good.json", "autosave-good.json", "game-bad.json"}
    assert infos["game-good.json"].error == "" and infos["game-good.json"].map_name == "Classic"
    assert infos["autosave-good.json"].error == "" and infos["autosave-good.json"].autosave
    assert infos["autosave-good.json"].seats == 2 and infos["autosave-good.json"].round >= 1
    if kind == "link_to_good":  # a link to a good save is a good save
        assert infos["game-bad.json"].error == ""
    else:
        reason = one_line(infos["game-bad.json"].error)
        assert reason.startswith("damaged: ") and len(reason) <= 220, reason


def test_the_reasons_name_the_problem(tmp_path: Path) -> None:
    folder, good, _ = _folder_with_good_saves(tmp_path)
    expected = {"deep_nesting": "nested too deeply", "rounds_infinity": "rounds must be a whole number",
                "rounds_1e400": "rounds must be a whole number", "broken_link": "a link to nothing",
                "link_loop": "symbolic links", "dev_zero": "not a regular file", "fifo": "not a regular file",
                "folder": "is a folder", "huge": "more than the limit"}
    for kind, words in expected.items():
        bad = folder / f"{kind}.json"
        damage(bad, kind, GOOD_SAVE, good)
        with hang_guard():
            assert words in save_info(bad).error, (kind, save_info(bad).error)


@pytest.mark.parametrize("kind", ["fifo", "dev_zero", "deep_nesting", "rounds_infinity", "link_loop"])
def test_loading_a_damaged_save_is_a_notice_and_the_game_goes_on(tmp_path: Path, kind: str) -> None:
    folder, good, _ = _folder_with_good_saves(tmp_path)
    bad = folder / "bad.json"
    damage(bad, kind, GOOD_SAVE, good)
    context = headless_context()
    with hang_guard():
        assert context.load(bad) is False
        one_line(context.notice)
        assert context.load(good) is True and len(context.started) == 1


def test_damaged_saves_never_push_the_good_ones_off_the_load_screen(tmp_path: Path) -> None:
    folder, good, auto = _folder_with_good_saves(tmp_path)
    os.utime(good, (5000, 5000))
    os.utime(auto, (5001, 5001))
    for i in range(6):
        damage(folder / f"bad-{i}.json", "truncated", GOOD_SAVE)
        os.utime(folder / f"bad-{i}.json", (9000 + i, 9000 + i))  # newer than the good ones
    for i in range(5):
        (folder / f"old-{i}.json").write_text(GOOD_SAVE, encoding="utf-8")
        os.utime(folder / f"old-{i}.json", (100 + i, 100 + i))
    shown = menu_saves(folder)
    assert [i.path.name for i in shown] == ["bad-5.json", "bad-4.json", "autosave-good.json", "game-good.json",
                                            "old-4.json", "old-3.json"]
    assert [bool(i.error) for i in shown] == [True, True, False, False, False, False]


def test_the_save_list_survives_a_folder_that_is_a_file_a_fifo_or_missing(tmp_path: Path) -> None:
    as_file = tmp_path / "file"
    as_file.write_text("x")
    os.mkfifo(tmp_path / "fifo")
    with hang_guard():
        for folder in (as_file, tmp_path / "fifo", tmp_path / "missing", as_file / "below"):
            assert list_saves(folder) == [] and prune_autosaves(folder) == []


# ----- the settings file ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [k for k in DAMAGE if k not in ("link_to_good", "folder")] + ["folder"])
def test_a_damaged_settings_file_gives_defaults_a_notice_and_is_kept_aside(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "settings.json"
    damage(path, kind, GOOD_SETTINGS)
    before = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    with hang_guard():
        loaded, notice = read_prefs(path)
    assert loaded == Prefs()
    one_line(notice)
    assert "settings damaged" in notice and "using the defaults" in notice
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("settings.json.damaged-")]
    assert len(aside) == 1 and not os.path.lexists(path), "kept aside, not left in the way"
    if before is not None:
        assert aside[0].read_bytes() == before
    assert save_prefs(Prefs(volume=10), path) is None  # the next save writes a fresh file beside it
    assert read_prefs(path) == (Prefs(volume=10), "")
    assert len([p for p in tmp_path.iterdir() if p.name.startswith("settings.json.damaged-")]) == 1


def test_a_second_damaged_file_does_not_overwrite_the_first_kept_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{one", encoding="utf-8")
    read_prefs(path)
    path.write_text("{two", encoding="utf-8")
    read_prefs(path)
    kept = sorted(p.read_text() for p in tmp_path.iterdir() if p.name.startswith("settings.json.damaged-"))
    assert kept == ["{one", "{two"]


def test_a_good_settings_file_and_a_missing_one_give_no_notice(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert read_prefs(path) == (Prefs(), "")
    path.write_text(GOOD_SETTINGS, encoding="utf-8")
    loaded, notice = read_prefs(path)
    assert notice == "" and loaded.volume == 40 and loaded.music is False


def test_a_damaged_settings_file_shows_its_notice_at_startup(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JS_CONFIG_DIR", str(tmp_path))
    os.mkfifo(tmp_path / "settings.json")
    with hang_guard():
        context = headless_context()
    assert context.prefs == Prefs() and "settings damaged" in one_line(context.notice)


@pytest.mark.parametrize("where", ["folder", "under_file"])
def test_settings_that_cannot_be_written_leave_no_temp_file(tmp_path: Path, where: str) -> None:
    if where == "folder":
        path = tmp_path / "settings.json"
        path.mkdir()
    else:
        (tmp_path / "file").write_text("x")
        path = tmp_path / "file" / "settings.json"
    problem = save_prefs(Prefs(), path)
    assert problem is not None and one_line(problem).startswith("cannot save settings")
    assert temp_files(tmp_path, path if path.is_dir() else tmp_path) == []


def test_a_full_disk_keeps_the_previous_settings_and_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(GOOD_SETTINGS, encoding="utf-8")
    with failing_os("fsync", errno.ENOSPC):
        problem = save_prefs(Prefs(volume=5), path)
    assert "No space left" in one_line(problem or "")
    assert path.read_text(encoding="utf-8") == GOOD_SETTINGS and temp_files(tmp_path) == []


# ----- writing saves -------------------------------------------------------------------------------------


def test_a_save_folder_that_is_a_file_is_a_notice_for_save_autosave_and_new_game(monkeypatch, tmp_path) -> None:
    blocker = tmp_path / "saves"
    blocker.write_text("not a folder")
    monkeypatch.setenv("JS_SAVE_DIR", str(blocker))
    context = headless_context(a_session())
    assert context.save() is None and "is a file, not a folder" in one_line(context.notice)
    context.notice = ""
    assert context.autosave() is None and one_line(context.notice)
    assert blocker.read_text() == "not a folder"


def test_a_save_folder_that_cannot_be_created_is_a_notice(monkeypatch, tmp_path: Path) -> None:
    # a missing folder under a read-only parent: as root no mode stops mkdir, so mkdir is made to fail
    monkeypatch.setenv("JS_SAVE_DIR", str(tmp_path / "ro" / "saves"))
    context = headless_context(a_session())
    with failing_os("mkdir", errno.EACCES):
        assert context.save() is None and context.autosave() is None
    assert "Permission denied" in one_line(context.notice)
    assert context.save() is not None  # once the folder can be made, saving works


def test_a_full_disk_keeps_the_previous_save_and_leaves_no_temp_file(monkeypatch, tmp_path: Path) -> None:
    folder, good, auto = _folder_with_good_saves(tmp_path)
    monkeypatch.setenv("JS_SAVE_DIR", str(folder))
    context = headless_context(a_session())
    with failing_os("fsync", errno.ENOSPC):
        assert context.save("game-good.json") is None
        assert context.autosave() is None
    assert "No space left" in one_line(context.notice)
    assert good.read_text(encoding="utf-8") == GOOD_SAVE and auto.read_text(encoding="utf-8") == GOOD_AUTOSAVE
    assert temp_files(folder) == []
    assert context.save("game-good.json") is not None and save_info(good).error == ""


def test_pruning_skips_folders_links_and_files_already_gone(monkeypatch, tmp_path: Path) -> None:
    folder, good, auto = _folder_with_good_saves(tmp_path)
    (folder / "autosave-dir.json").mkdir()
    (folder / "autosave-link.json").symlink_to(good)
    for i in range(8):
        (folder / f"autosave-{i}.json").write_text(GOOD_AUTOSAVE, encoding="utf-8")
        os.utime(folder / f"autosave-{i}.json", (1000 + i, 1000 + i))
    os.utime(auto, (5000, 5000))
    real_unlink = os.unlink

    def racing_unlink(path: str, *args: object, **kwargs: object) -> None:
        if path.endswith("autosave-0.json"):  # another client removed it first
            real_unlink(path)
        real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(library.os, "unlink", racing_unlink)
    gone = prune_autosaves(folder, keep=5)
    assert sorted(p.name for p in gone) == ["autosave-1.json", "autosave-2.json", "autosave-3.json"]
    assert (folder / "autosave-dir.json").is_dir() and (folder / "autosave-link.json").is_symlink()
    assert good.read_text(encoding="utf-8") == GOOD_SAVE and auto.exists()


def test_new_game_and_quit_survive_a_folder_named_like_an_autosave(monkeypatch, tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("JS_SAVE_DIR", str(folder))
    context = headless_context(a_session())
    (folder / f"autosave-{context.game_id}.json").mkdir()  # the very name this game autosaves to
    for i in range(7):
        (folder / f"autosave-x{i}.json").mkdir()
    assert context.autosave() is None and one_line(context.notice)
    assert all((folder / f"autosave-x{i}.json").is_dir() for i in range(7))


def test_saves_and_settings_get_the_umask_mode(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JS_SAVE_DIR", str(tmp_path / "saves"))
    old = os.umask(0o022)
    try:
        path = headless_context(a_session()).save("g.json")
        assert path is not None and stat.S_IMODE(path.stat().st_mode) == 0o644
        assert save_prefs(Prefs(), tmp_path / "s.json") is None
        assert stat.S_IMODE((tmp_path / "s.json").stat().st_mode) == 0o644
    finally:
        os.umask(old)


def test_the_settings_limits_hold(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"volume": 50, "pad": "x" * prefs.MAX_SETTINGS_BYTES}), encoding="utf-8")
    assert "more than the limit" in read_prefs(path)[1]
    path.write_text(json.dumps({"volume": [[[[[1]]]]]}), encoding="utf-8")
    assert "nested more than" in read_prefs(path)[1]


# ----- on screen (GL) ------------------------------------------------------------------------------------


@pytest.mark.gl
def test_the_menu_lists_damaged_saves_in_red_and_loads_a_good_one(ctx) -> None:
    ctx.saves.mkdir(parents=True)
    good = ctx.saves / "game-good.json"
    good.write_text(GOOD_SAVE, encoding="utf-8")
    for kind in ("fifo", "dev_zero", "deep_nesting", "rounds_infinity", "link_loop"):
        damage(ctx.saves / f"{kind}.json", kind, GOOD_SAVE, good)
    os.utime(good, (1, 1))  # the oldest: listed after every damaged one
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.press("load")
    with hang_guard():
        menu.on_draw()
    files = [b for b in menu.buttons if b.key.startswith("file:")]
    assert len(files) == 3 and sum(b.enabled for b in files) == 1  # two damaged ones shown, not five
    assert next(b for b in files if b.enabled).key == f"file:{good}"
    menu.press(f"file:{good}")
    assert ctx.controller is not None and ctx.notice == ""


@pytest.mark.gl
def test_save_in_a_full_disk_is_a_notice_in_the_game(ctx) -> None:
    ctx.new_game()
    view = ctx.game_view
    with failing_os("fsync", errno.ENOSPC):
        view.press("save")
    assert "No space left" in one_line(view.notice_text())
    view.on_draw()  # the game screen still draws and the game goes on
    assert ctx.game_in_progress() and ctx.game_view is view and temp_files(ctx.saves) == []
    view.press("save")  # room again: saving works
    assert list(ctx.saves.glob("game-*.json"))
