"""Fuzzing the client's own files (issue 35): mutated saves, autosaves, settings and save folders (content,
type of file, permissions, links), driven through the client's own loading and saving paths headless
(the menu's save list, Load, Save, autosave with its pruning, settings load and save, a full disk).

Asserted for every case: no exception escapes, no hang (:func:`hang_guard`: a SIGALRM interrupts a case
that blocks, e.g. on a FIFO), every message is one line, the other saves are neither lost nor changed, a
damaged settings file survives beside the defaults, and no temporary file is left behind. Running as
root, ``chmod 000`` does not stop reads or writes; an unwritable place comes from a patched ``os`` function
(ENOSPC, EACCES) or a path under a regular file instead. The cases count towards the boundary fuzz corpus
(``CORPUS["client_files"]``, printed at the end of the run).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from japanese_swords.app.client.library import list_saves, save_info
from japanese_swords.app.client.prefs import Prefs, save_prefs
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
from tests.japanese_swords.fuzzing import CORPUS, fuzz_settings, hang_guard, mutated_text, one_line, run_bounded

SESSION = a_session()
SAVE_PATHS = [("result", "rounds"), ("result", "finished"), ("result", "honor"), ("result", "winner"), ("seats",),
              ("seed",), ("actions",), ("actions", 0), ("rules", "max_rounds"), ("map", "text"), ("version",),
              ("players",), ("format",), ("result", "state_digest")]
SETTINGS_PATHS = [("volume",), ("ai_speed",), ("muted",), ("fullscreen",), ("tutorial_done",)]
RAW_VALUES = ["Infinity", "-Infinity", "NaN", "1e400", "-1", "0", "1.5", "true", "null", '""', "{}", "[]",
              "9" * 5000, "[" * 3000 + "]" * 3000, '"\\ud800"', '"end"', "[1, 2]", '{"a": 1, "a": 2}']
OPS = ["list", "load_all", "save", "autosave", "prefs_save", "full_disk_save", "full_disk_prefs", "no_access_save"]
SHAPES = ["file", "fifo", "link_loop", "under_file", "dev_zero_link", "missing"]
"""What the save folder itself may be instead of a folder."""


def _json_edit(base: str, path: tuple, raw: str) -> str:
    """``base`` with the value at ``path`` replaced by the raw JSON text ``raw`` (which may be invalid JSON)."""
    data = json.loads(base)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = "@@VALUE@@"
    return json.dumps(data, indent=1).replace('"@@VALUE@@"', raw, 1)


@st.composite
def mutation(draw: st.DrawFn) -> tuple[str, str, object]:
    """(target, how, what): which file is damaged and how: its text, a JSON value, a kind of file, a mode."""
    target = draw(st.sampled_from(["save", "autosave", "settings", "folder"]))
    if target == "folder":
        return target, "shape", draw(st.sampled_from(SHAPES))
    base = GOOD_SETTINGS if target == "settings" else GOOD_SAVE
    how = draw(st.sampled_from(["text", "json", "json", "kind", "mode"]))
    if how == "text":
        return target, how, draw(mutated_text(base))
    if how == "json":
        paths = SETTINGS_PATHS if target == "settings" else SAVE_PATHS
        return target, how, _json_edit(base, draw(st.sampled_from(paths)), draw(st.sampled_from(RAW_VALUES)))
    if how == "kind":
        return target, how, draw(st.sampled_from(DAMAGE))
    return target, how, draw(st.sampled_from([0o000, 0o200, 0o444, 0o111]))


def _make_folder_shape(root: Path, shape: str) -> Path:
    """The save folder as something that is not a folder one can write in; returns its path."""
    saves = root / "saves"
    if shape == "file":
        saves.write_text("not a folder")
    elif shape == "fifo":
        os.mkfifo(saves)
    elif shape == "link_loop":
        saves.symlink_to(saves)
    elif shape == "dev_zero_link":
        saves.symlink_to("/dev/zero")
    elif shape == "under_file":
        (root / "blocker").write_text("x")
        saves = root / "blocker" / "saves"
    return saves  # "missing": created on the first save


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in ("game-good.json", "autosave-good.json")}


def _run_op(op: str, context, saves: Path) -> None:
    """One thing the player does; every message it leaves must be one line."""
    context.notice = ""
    if op == "list":
        for path in list_saves(saves, limit=50):
            info = save_info(path)
            if info.error:
                one_line(info.error)
    elif op == "load_all":
        for path in list_saves(saves, limit=50):
            if not context.load(path):
                one_line(context.notice)
    elif op in ("save", "autosave"):
        done = context.save("game-new.json") if op == "save" else context.autosave()
        if done is None:
            one_line(context.notice)
    elif op == "prefs_save":
        problem = save_prefs(context.prefs)
        if problem is not None:
            one_line(problem)
    elif op == "full_disk_save":
        with failing_os("fsync", errno.ENOSPC):
            assert context.save("game-good.json") is None
        one_line(context.notice)
    elif op == "full_disk_prefs":
        with failing_os("fsync", errno.ENOSPC):
            one_line(save_prefs(Prefs(volume=1)) or "")
    elif op == "no_access_save":  # a folder root could not write in either
        with failing_os("mkstemp", errno.EACCES, tempfile):
            assert context.autosave() is None
        one_line(context.notice)


@fuzz_settings("client_files")
@given(mutation(), st.lists(st.sampled_from(OPS), min_size=1, max_size=4))
def _client_files_case(change: tuple[str, str, object], ops: list[str]) -> None:
    CORPUS["client_files"] += 1
    target, how, what = change
    root = Path(tempfile.mkdtemp(prefix="js-fuzz-"))
    saves, config = root / "saves", root / "config"
    config.mkdir()
    settings = config / "settings.json"
    settings.write_text(GOOD_SETTINGS, encoding="utf-8")
    protected: dict[str, bytes] = {}
    if target == "folder":
        saves = _make_folder_shape(root, str(what))
    else:
        saves.mkdir()
        (saves / "game-good.json").write_text(GOOD_SAVE, encoding="utf-8")
        (saves / "autosave-good.json").write_text(GOOD_AUTOSAVE, encoding="utf-8")
        protected = _snapshot(saves)
        path = {"save": saves / "game-fuzz.json", "autosave": saves / "autosave-fuzz.json",
                "settings": settings}[target]
        base = GOOD_SETTINGS if target == "settings" else GOOD_SAVE
        if path.exists():
            path.unlink()
        if how in ("text", "json"):
            path.write_text(str(what), encoding="utf-8", errors="surrogatepass")
        elif how == "kind":
            damage(path, str(what), base, saves / "game-good.json")
        else:
            path.write_text(base, encoding="utf-8")
            path.chmod(int(what))  # type: ignore[call-overload]
    original_settings = settings.read_bytes() if settings.is_file() and not settings.is_symlink() else None
    env = {k: os.environ.get(k) for k in ("JS_SAVE_DIR", "JS_CONFIG_DIR")}
    os.environ["JS_SAVE_DIR"], os.environ["JS_CONFIG_DIR"] = str(saves), str(config)
    try:
        with hang_guard():
            context = headless_context(SESSION)
            startup_notice = context.notice
            if startup_notice:
                one_line(startup_notice)
            for op in ops:
                _run_op(op, context, saves)
        if protected:
            assert _snapshot(saves) == protected, "another save was changed or lost"
        if startup_notice and original_settings is not None:  # a damaged settings file is kept aside
            kept = [p.read_bytes() for p in config.iterdir() if p.name.startswith("settings.json.damaged-")]
            assert original_settings in kept
        assert temp_files(config, saves if saves.is_dir() else root) == [], "a temporary file was left"
    finally:
        for key, value in env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(root, ignore_errors=True)


def test_mutated_client_files_never_crash_hang_or_cost_another_save() -> None:
    run_bounded("client_files", _client_files_case)
