"""Fixtures for the map editor tests: a copy of a shipped map, and a headless editor window.

``ARCADE_HEADLESS=1`` is set before arcade is imported. Window tests skip when no GL context can be made,
unless ``JS_REQUIRE_GL=1`` (CI), where that is a failure.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("ARCADE_HEADLESS", "1")

from japanese_swords.app.client.editor.model import EditorModel  # noqa: E402
from japanese_swords.maps import MAPS_DIR  # noqa: E402


@pytest.fixture
def map_copy(tmp_path: Path) -> Path:
    """A writable copy of the classic map."""
    target = tmp_path / "classic.map"
    shutil.copyfile(MAPS_DIR / "classic-2p.map", target)
    return target


@pytest.fixture
def editor(map_copy: Path) -> Iterator[tuple[object, object]]:
    """(window, view) of the editor opened on ``map_copy``; closed afterwards."""
    from japanese_swords.app.client.editor.app import NoDisplayError, make_window

    try:
        window, view = make_window(EditorModel.load(str(map_copy)))
    except NoDisplayError as exc:
        if os.environ.get("JS_REQUIRE_GL") == "1":
            pytest.fail(f"JS_REQUIRE_GL=1 but no GL context: {exc}")
        pytest.skip(f"no GL context: {exc}")
    try:
        yield window, view
    finally:
        window.close()
