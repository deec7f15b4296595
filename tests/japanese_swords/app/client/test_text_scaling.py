"""Text drawn through the scaled logical screen keeps thin strokes (the "+" of "Revenue +3 gold")."""

from __future__ import annotations

import arcade
import numpy as np

from japanese_swords.app.client import widgets  # noqa: F401  (sets the glyph filtering under test)

from .conftest import scaled_camera


def test_the_bar_of_a_plus_survives_downscaling_at_every_subpixel_height(window):
    ctx = window.ctx
    size, scale = 200, 0.96  # 0.96: the logical screen on a 1366x768 window
    fbo = ctx.framebuffer(color_attachments=[ctx.texture((size, size), components=4)])
    cam = scaled_camera(window, size, scale)
    previous = window.current_camera
    missing = []
    for i in range(25):
        y = 60 + i * 0.37  # sweeps the glyph over every sampling phase of a 0.96 scale
        with fbo.activate():
            fbo.clear(color=(0, 0, 0, 255))
            cam.use()
            arcade.Text("+", 60, y, (255, 255, 255), 10, font_name=("DejaVu Sans",)).draw()
        img = np.frombuffer(fbo.read(components=1), dtype=np.uint8).reshape(size, size)
        widest_row = int((img > 60).sum(axis=1).max())
        if widest_row < 4:  # no horizontal stroke: the "+" became "|"
            missing.append(round(y, 2))
    previous.use()
    assert not missing, f"'+' lost its bar at heights {missing}"


def _ink(window, draw) -> np.ndarray:
    """Draw into a window-sized framebuffer and return its lit pixels (rows from the bottom)."""
    ctx = window.ctx
    w, h = window.get_framebuffer_size()
    fbo = ctx.framebuffer(color_attachments=[ctx.texture((w, h), components=4)])
    with fbo.activate():
        fbo.clear(color=(0, 0, 0, 255))
        draw()
    return np.frombuffer(fbo.read(components=1), dtype=np.uint8).reshape(h, w) > 60


def test_text_is_set_in_device_pixels_at_the_windows_scale(window):
    """A text of the logical screen is rasterised at font size x scale on whole pixels: at 1920x1080
    (scale 1.35) its glyphs are 1.35 times as tall in pixels as at 1280x800, and a hyphen at 10 points
    on a 1366x768 window (scale 0.96) keeps its stroke at every sub-pixel height."""
    from japanese_swords.app.client.theme import SCREEN
    from japanese_swords.app.client.widgets import TextCache

    def height(size: tuple[int, int]) -> int:
        SCREEN.fit(*size)
        cache = TextCache()
        rows = np.nonzero(_ink(window, lambda: cache.draw("h", "H", 100, 100, (255, 255, 255), 20)).any(axis=1))[0]
        return int(rows.max() - rows.min() + 1)

    try:
        base, big = height((1280, 800)), height((1920, 1080))
        assert SCREEN.scale == 1.35
        assert abs(big / base - 1.35) < 0.1, (base, big)
        SCREEN.fit(1366, 768)
        cache = TextCache()
        lost = [i for i in range(25)
                if _ink(window, lambda i=i: cache.draw("m", "-", 100, 100 + i * 0.04, (255, 255, 255), 10)).sum() < 3]
        assert not lost, f"the hyphen vanished at sub-pixel steps {lost}"
    finally:
        SCREEN.fit(*window.get_size())
