"""Text drawn through the scaled logical screen keeps thin strokes (the "+" of "Revenue +3 gold")."""

from __future__ import annotations

import arcade
import numpy as np

from japanese_swords.app.client import widgets  # noqa: F401  (sets the glyph filtering under test)


def test_the_bar_of_a_plus_survives_downscaling_at_every_subpixel_height(window):
    ctx = window.ctx
    size, scale = 200, 0.96  # 0.96: the logical screen on a 1366x768 window
    fbo = ctx.framebuffer(color_attachments=[ctx.texture((size, size), components=4)])
    cam = arcade.Camera2D(window=window)
    cam.viewport = arcade.LBWH(0, 0, size, size)
    half = size / 2 / scale
    cam.projection = arcade.LRBT(-half, half, -half, half)
    cam.position = (half, half)
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
