"""The frame cache: which copy it uses, and that a cached frame shows exactly what drawing it would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from japanese_swords.app.client.framecache import default_mode

from .frame_copy_check import NO_GL

ROOT = Path(__file__).resolve().parents[4]


def test_a_single_sampled_window_gets_the_flipped_blit_and_others_the_quad(monkeypatch):
    monkeypatch.delenv("JS_FRAME_COPY", raising=False)
    assert default_mode(SimpleNamespace(plain_framebuffer=True)) == "flip"
    assert default_mode(SimpleNamespace()) == "quad"  # e.g. arcade's multisampled window
    monkeypatch.setenv("JS_FRAME_COPY", "quad")
    assert default_mode(SimpleNamespace(plain_framebuffer=True)) == "quad"
    monkeypatch.setenv("JS_FRAME_COPY", "nonsense")  # ignored
    assert default_mode(SimpleNamespace(plain_framebuffer=True)) == "flip"


@pytest.mark.gl
@pytest.mark.parametrize("size", ["1366x768", "1920x1080", "1024x768"])  # 1024x768: letterboxed
def test_cached_frames_show_the_same_pixels_as_drawing_everything(size):
    """In the client's single-sampled window a fresh frame, a copied one and one redrawn over the kept
    base layer (terrain, castles, panel boxes, the hand strip's box) are pixel for pixel the uncached
    drawing (board, log, a selected army's pulse, the hover frame), and so are they with the board
    panned and zoomed (the hand's box then in the static layer); the textured-quad copy
    (multisampled windows) is within one level of rounding."""
    env = dict(os.environ, ARCADE_HEADLESS="1")
    env.pop("JS_FRAME_COPY", None)
    proc = subprocess.run(
        [sys.executable, "-m", "tests.japanese_swords.app.client.frame_copy_check", size],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if proc.returncode == NO_GL and os.environ.get("JS_REQUIRE_GL") != "1":
        pytest.skip(proc.stderr.strip().splitlines()[-1])
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["mine"] > 0 and result["colours"] > 1000  # a real position, a selection to pulse
    assert result["flip_fresh"] == [0, 0]
    assert result["flip_copied"] == [0, 0]  # and the window's old content is fully covered
    assert result["flip_redrawn"] == [0, 0]  # the static layer drawn over the copied base layer
    assert all(result[f"quad_{frame}"][1] <= 1 for frame in ("fresh", "copied", "redrawn"))
    assert result["flip_renders"] == result["quad_renders"] == 2  # the copied frame drew nothing
    # panned and zoomed, a button hovered, the log scrolled: the hand's box in the static layer
    assert result["panned_changed"] > 10_000
    assert result["flip_panned_fresh"] == [0, 0] and result["flip_panned_redrawn"] == [0, 0]
    assert result["flip_base_renders"] == 1 and result["quad_base_renders"] == 0  # kept / not layered
