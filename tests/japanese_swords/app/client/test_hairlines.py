"""Box edges drawn 1 unit thick survive the logical screen's downscaling (1366x768: 0.96 pixels a unit)."""

from __future__ import annotations

import numpy as np

from japanese_swords.app.client.shapes import ShapeBatch
from japanese_swords.app.client.theme import SCREEN, hairline
from japanese_swords.app.client.widgets import panel

from .conftest import scaled_camera

SIZE, SCALE = 200, 0.96


def _lost_edges(window, draw) -> list[tuple[float, str]]:
    """Draw a 100x60 box at every sub-pixel phase of a 0.96 scale; the (bottom, edge) pairs whose edge
    left no lit pixel along the box."""
    ctx = window.ctx
    fbo = ctx.framebuffer(color_attachments=[ctx.texture((SIZE, SIZE), components=4)])
    cam = scaled_camera(window, SIZE, SCALE)
    previous = window.current_camera
    lost = []
    try:
        for i in range(25):
            y = 40 + i * 0.37
            with fbo.activate():
                fbo.clear(color=(0, 0, 0, 255))
                cam.use()
                draw(30 + i * 0.29, y)
            img = np.frombuffer(fbo.read(components=1), dtype=np.uint8).reshape(SIZE, SIZE) > 60
            rows = img[:, 60:100].any(axis=1)  # columns inside the box: its bottom and top edges
            cols = img[70:90, :].any(axis=0)  # rows inside the box: its left and right edges
            bottom, top = round(y * SCALE), round((y + 60) * SCALE)
            if not rows[bottom - 2:bottom + 3].any():
                lost.append((round(y, 2), "bottom"))
            if not rows[top - 2:top + 3].any():
                lost.append((round(y, 2), "top"))
            if not cols.any():
                lost.append((round(y, 2), "sides"))
    finally:
        previous.use()
    return lost


def test_a_panels_edges_are_drawn_at_every_subpixel_position(window):
    try:
        SCREEN.fit(1366, 768)
        assert hairline() * SCREEN.scale >= 1.0
        lost = _lost_edges(window, lambda x, y: panel(x, y, 100, 60, fill=(0, 0, 0), edge=(255, 255, 255)))
    finally:
        SCREEN.fit(*window.get_size())
    assert not lost, f"edges vanished: {lost}"


def test_a_batched_outline_is_drawn_at_every_subpixel_position(window):
    def draw(x: float, y: float) -> None:
        batch = ShapeBatch()
        batch.outline(x, y, 100, 60, (255, 255, 255))
        batch.draw()

    try:
        SCREEN.fit(1366, 768)
        lost = _lost_edges(window, draw)
    finally:
        SCREEN.fit(*window.get_size())
    assert not lost, f"edges vanished: {lost}"


def test_lines_keep_their_width_where_the_window_is_larger():
    try:
        SCREEN.fit(1920, 1080)
        assert hairline() == 1.0 and hairline(3) == 3
        SCREEN.fit(1366, 768)
        assert hairline() == 1.0 / 0.96 and hairline(3) == 3
    finally:
        SCREEN.fit(1280, 800)
