"""Batched boxes: the same pixels as arcade's one-call-each drawing, rebuilt only when they change."""

from __future__ import annotations

import random

import arcade
import numpy as np
import pytest

from japanese_swords.app.client.shapes import ShapeBatch, box_minus

from .conftest import scaled_camera

# (left, bottom, width, height, colour, border or None for a fill): fractional places, translucent
# colours and overlaps, as the panel has
BOXES = [
    (10, 20, 300, 40, (52, 46, 40), None),
    (10, 20, 300, 40, (90, 76, 60), 1),
    (30.5, 25.25, 120.75, 10, (30, 26, 24, 255), None),
    (30.5, 25.25, 60.3, 10, (200, 40, 40), None),
    (30.5, 25.25, 120.75, 10, (120, 100, 70), 1),
    (5, 5, 40, 180, (28, 24, 22, 235), None),
    (5, 5, 320, 16, (28, 24, 22, 235), None),
    (100.4, 90.6, 92.2, 28, (150, 52, 44), None),
    (100.4, 90.6, 92.2, 28, (250, 210, 90), 3),
    (160, 60, 140, 100, (40, 34, 30, 120), None),
    (160, 60, 140, 100, (250, 210, 90), 2),
]


def _pixels(window, draw, scale: float) -> np.ndarray:
    """RGBA pixels of ``draw`` in a single-sampled framebuffer, through a camera of ``scale`` pixels
    a unit (as the logical screen on a 1366x768 or 1920x1080 window)."""
    ctx = window.ctx
    size = 480
    fbo = ctx.framebuffer(color_attachments=[ctx.texture((size, size), components=4)])
    cam = scaled_camera(window, size, scale)
    previous = window.current_camera
    with fbo.activate():
        fbo.clear(color=(12, 200, 90, 255))
        cam.use()
        draw()
    previous.use()
    return np.frombuffer(fbo.read(components=4), dtype=np.uint8).reshape(size, size, 4).copy()


def _one_call_each() -> None:
    for left, bottom, w, h, colour, border in BOXES:
        if border is None:
            arcade.draw_lbwh_rectangle_filled(left, bottom, w, h, colour)
        else:
            arcade.draw_lbwh_rectangle_outline(left, bottom, w, h, colour, border)


def _queue(batch: ShapeBatch, boxes=BOXES) -> None:
    for left, bottom, w, h, colour, border in boxes:
        if border is None:
            batch.filled(left, bottom, w, h, colour)
        else:
            batch.outline(left, bottom, w, h, colour, border)


@pytest.mark.gl
@pytest.mark.parametrize("scale", [0.96, 1.0, 1.35])
def test_a_batch_draws_the_pixels_of_one_call_a_box(window, scale):
    batch = ShapeBatch()
    expected = _pixels(window, _one_call_each, scale)
    got = _pixels(window, lambda: (_queue(batch), batch.draw()), scale)
    assert (expected[..., :3] != (12, 200, 90)).any(axis=-1).sum() > 30_000  # the boxes were drawn
    assert np.array_equal(got[..., :3], expected[..., :3])


@pytest.mark.gl
def test_a_batch_is_rebuilt_when_its_boxes_change_and_not_otherwise(window):
    batch = ShapeBatch()
    for _ in range(3):
        _queue(batch)
        batch.draw()
    assert batch.builds == 1 and len(batch) == 0  # drawn three times from one buffer; queue emptied
    changed = [*BOXES[:-1], (160, 60, 140, 100, (250, 250, 250), 2)]  # one edge's colour
    _queue(batch, changed)
    batch.draw()
    _queue(batch, changed)
    batch.draw()
    assert batch.builds == 2
    _queue(batch)
    batch.discard()  # queued but not drawn: nothing to build
    batch.draw()
    assert batch.builds == 2


def test_the_parts_of_a_box_outside_a_hole_cover_it_once():
    rng = random.Random(4)
    for _ in range(60):
        box = (rng.randrange(0, 40) / 4, rng.randrange(0, 40) / 4, rng.randrange(1, 80) / 4, rng.randrange(1, 80) / 4)
        hole = (rng.randrange(0, 60) / 4, rng.randrange(0, 60) / 4, rng.randrange(1, 60) / 4, rng.randrange(1, 60) / 4)
        parts = box_minus(box, hole)
        # sample the quarter-unit grid's cell centres: each inside the box and outside the hole is in
        # exactly one part, every other in none
        for i in range(0, 90):
            for j in range(0, 90):
                x, y = (i + 0.5) / 4, (j + 0.5) / 4
                inside_box = box[0] < x < box[0] + box[2] and box[1] < y < box[1] + box[3]
                in_hole = hole[0] < x < hole[0] + hole[2] and hole[1] < y < hole[1] + hole[3]
                hits = sum(p[0] < x < p[0] + p[2] and p[1] < y < p[1] + p[3] for p in parts)
                assert hits == (1 if inside_box and not in_hole else 0), (box, hole, x, y)
    assert box_minus((0, 0, 10, 10), (20, 20, 5, 5)) == [(0, 0, 10, 10)]  # no overlap: the box itself


@pytest.mark.gl
def test_the_game_screens_boxes_are_rebuilt_when_what_they_show_changes_and_not_otherwise(ctx):
    from japanese_swords.actions import SetOrder

    session = ctx.new_session()
    session.apply(SetOrder((0, 1)))
    ctx.start(session)
    view = ctx.game_view
    view.on_mouse_motion(2, 2, 0, 0)  # over nothing
    view.on_draw()
    builds = view.table.shapes.builds
    for _ in range(3):  # the static layer redrawn (as after a change of something it does not box)
        if view.cache is not None:
            view.cache.invalidate()
        view.on_draw()
    assert view.table.shapes.builds == builds
    save = next(b for b in view.buttons if b.key == "save")
    view.on_mouse_motion(save.rect[0] + 4, save.rect[1] + 4, 0, 0)  # hovered: a lighter box
    view.on_draw()
    assert view.table.shapes.builds == builds + 1
    view.cache.invalidate()
    view.on_draw()
    assert view.table.shapes.builds == builds + 1
    view.on_mouse_motion(2, 2, 0, 0)
    view.on_draw()
    assert view.table.shapes.builds == builds + 2
