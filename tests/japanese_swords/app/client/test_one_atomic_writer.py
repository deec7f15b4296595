"""Issue 29: one atomic-write helper for every file the program writes. No module besides
``japanese_swords/fileio.py`` creates temporary files or renames them into place, screenshots of the
client and the map editor get the umask-derived mode (they came out 0600), and the map editor's Save
turns every failure into one line."""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

import pytest
from PIL import Image

from japanese_swords.app.client import app as client_app
from japanese_swords.app.client.editor import app as editor_app
from japanese_swords.app.client.editor.model import EditorError, EditorModel
from japanese_swords.fileio import new_file_mode, write_atomic

ROOT = Path(__file__).resolve().parents[4]
HAND_WRITTEN = re.compile(r"mkstemp|NamedTemporaryFile|os\.replace\(|\.replace\(tmp|\.rename\(tmp")


def test_no_other_module_writes_files_atomically_by_hand() -> None:
    assert HAND_WRITTEN.search((ROOT / "japanese_swords" / "fileio.py").read_text()), "the pattern finds the helper"
    offenders = []
    for folder in ("japanese_swords", "ai", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            if path == ROOT / "japanese_swords" / "fileio.py":
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if HAND_WRITTEN.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert offenders == [], "use japanese_swords.fileio.write_atomic:\n" + "\n".join(offenders)


@pytest.mark.parametrize("save", [client_app.save_screenshot, editor_app.save_screenshot], ids=["client", "editor"])
@pytest.mark.parametrize("umask", [0o022, 0o077])
def test_screenshots_get_the_umask_mode(monkeypatch, tmp_path: Path, save, umask: int) -> None:
    import arcade

    monkeypatch.setattr(arcade, "get_image", lambda *a, **k: Image.new("RGBA", (4, 3), (200, 10, 10, 255)))
    old = os.umask(umask)
    try:
        assert new_file_mode() == 0o666 & ~umask
        save(str(tmp_path / "shot.png"))
    finally:
        os.umask(old)
    path = tmp_path / "shot.png"
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask
    assert Image.open(path).size == (4, 3)
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]


def test_write_atomic_takes_bytes_and_keeps_the_old_file_when_the_disk_is_full(monkeypatch, tmp_path: Path) -> None:
    path = tmp_path / "a.png"
    write_atomic(path, b"\x89PNG old")

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, b"\x89PNG new")
    assert path.read_bytes() == b"\x89PNG old" and [p.name for p in tmp_path.iterdir()] == ["a.png"]


@pytest.mark.parametrize("name", ["a\0b", "\ud800", "folder", "blocker/m"])
def test_the_editors_save_is_one_line_for_any_bad_target(tmp_path: Path, name: str) -> None:
    (tmp_path / "folder.map").mkdir()
    (tmp_path / "blocker").write_text("x")
    model = EditorModel()
    with pytest.raises(EditorError) as caught:
        model.save(str(tmp_path / name))
    assert "\n" not in str(caught.value)
