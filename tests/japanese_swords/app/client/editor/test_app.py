"""run_editor's file handling before any window exists: new files, unreadable maps, bad options."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from japanese_swords.app.client.editor.app import open_model, run_editor
from japanese_swords.app.maptool import main


def test_missing_file_opens_a_blank_map_that_saves_there(tmp_path: Path) -> None:
    """A FILE that does not exist yet is a new 2-player map named after it; Save creates the file."""
    target = tmp_path / "fresh.map"
    model = open_model(str(target))
    assert model.path == str(target) and model.current.name == "fresh" and not target.exists()
    model.paint(0, "#")
    model.save()
    assert target.read_text(encoding="utf-8").splitlines()[-1].startswith("#")


def test_unreadable_map_is_a_one_line_error_without_a_window(tmp_path: Path) -> None:
    """A file that is not text (a malformed grid opens repaired instead): exit 1 and one line naming it
    (no window is opened)."""
    bad = tmp_path / "bad.map"
    bad.write_bytes(b"name: x\n\xff\xfe..........\n")
    err = io.StringIO()
    assert run_editor(str(bad), err=err) == 1
    lines = err.getvalue().strip().splitlines()
    assert len(lines) == 1 and "bad.map" in lines[0] and "cannot read map" in lines[0]


def test_frames_without_screenshot_is_a_usage_error(capsys) -> None:
    """--frames only makes sense with --screenshot; --frames 0 is refused."""
    for argv in (["--frames", "3"], ["--screenshot", "x.png", "--frames", "0"]):
        with pytest.raises(SystemExit) as info:
            main(argv)
        assert info.value.code == 2
        assert "--frames" in capsys.readouterr().err
