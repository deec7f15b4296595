"""Rectangles batched into one draw call: the side panel's boxes, bars, phase pills and buttons.

Software GL (Mesa's llvmpipe) pays a fixed cost for every draw call, and the game screen's panel has
sixty or so small boxes, which as one ``arcade.draw_lbwh_rectangle_*`` call each took about 40% of a
changed frame. A :class:`ShapeBatch` queues them while a layer is drawn and draws them all, in the order
queued, at :meth:`ShapeBatch.draw`: one call for each run of opaque or of translucent shapes (opaque
ones are drawn without blending, which gives the same pixels for less work); its vertex buffer is
rebuilt only when the queued shapes differ from the last drawing's.

The triangles are exactly arcade's: a filled box is arcade's unit quad scaled and moved in the shader
(``filled_unbuffered_vs.glsl``), an outline is arcade's ten-point strip around the edge (computed here
as ``draw_rect_outline`` does), so a batched box covers the same pixels in the same colour as one drawn
alone (``test_shapes.py`` compares them).
"""

from __future__ import annotations

from array import array

import arcade
from arcade.gl import BufferDescription

from .theme import hairline_box

Colour = tuple[int, ...]

_VERTEX = """
#version 330
uniform WindowBlock {
    mat4 projection;
    mat4 view;
} window;
in vec2 in_pos;    // a box's centre, or an outline's point
in vec2 in_vert;   // a corner of the unit quad (0 for outline points)
in vec2 in_size;   // the box's width and height (0 for outline points)
in vec4 in_color;
out vec4 v_color;
void main() {
    mat4 mvp = window.projection * window.view;
    vec2 pos = in_pos + in_vert * in_size;
    gl_Position = mvp * vec4(pos, 0.0, 1.0);
    v_color = in_color;
}
"""
_FRAGMENT = """
#version 330
in vec4 v_color;
out vec4 f_color;
void main() {
    f_color = v_color;
}
"""
_FLOATS = 10  # per vertex: position, corner, size, colour
_QUAD = ((-0.5, 0.5), (-0.5, -0.5), (0.5, 0.5), (0.5, -0.5))  # arcade's unit quad, a triangle strip
_STRIP_TRIANGLES = lambda n: [i + k for i in range(n - 2) for k in range(3)]  # noqa: E731


def _rgba(colour: Colour) -> tuple[float, float, float, float]:
    """A colour as arcade passes it to its shaders: four components divided by 255 (alpha 255 if none)."""
    r, g, b, *a = colour
    return r / 255, g / 255, b / 255, (a[0] if a else 255) / 255


def _filled(left: float, bottom: float, width: float, height: float, colour: Colour) -> array:
    """Vertices of a filled box: arcade's unit quad around the centre ``LBWH`` gives, as two triangles."""
    x, y = left + width / 2, bottom + height / 2
    rgba = _rgba(colour)
    corners = [(x, y, vx, vy, width, height, *rgba) for vx, vy in _QUAD]
    return array("f", [v for i in _STRIP_TRIANGLES(4) for v in corners[i]])


def _outline(left: float, bottom: float, width: float, height: float, colour: Colour, border: float) -> array:
    """Vertices of a box's outline: ``arcade.draw_rect_outline``'s ten-point strip, as triangles."""
    half = border / 2
    right, top = left + width, bottom + height
    i_left, i_bottom, i_right, i_top = left + half, bottom + half, right - half, top - half
    o_left, o_bottom, o_right, o_top = left - half, bottom - half, right + half, top + half
    points = (
        (o_left, o_top), (i_left, i_top), (o_right, o_top), (i_right, i_top), (o_right, o_bottom),
        (i_right, i_bottom), (o_left, o_bottom), (i_left, i_bottom), (o_left, o_top), (i_left, i_top),
    )  # fmt: skip
    rgba = _rgba(colour)
    return array("f", [v for i in _STRIP_TRIANGLES(10) for v in (*points[i], 0.0, 0.0, 0.0, 0.0, *rgba)])


def box_minus(
    box: tuple[float, float, float, float], hole: tuple[float, float, float, float]
) -> list[tuple[float, float, float, float]]:
    """The parts of ``box`` outside ``hole`` (both left, bottom, width, height) as up to four boxes
    that do not overlap: left and right of the hole, then below and above it. Their edges lie on the
    hole's, so where the hole is drawn as a box of its own, every pixel is covered by exactly one of
    them or by it (exact when the coordinates are as exact in 32-bit floats as the game's, multiples
    of a quarter unit)."""
    left, bottom, w, h = box
    right, top = left + w, bottom + h
    h_left, h_bottom, h_w, h_h = hole
    h_right, h_top = h_left + h_w, h_bottom + h_h
    if h_right <= left or h_left >= right or h_top <= bottom or h_bottom >= top:
        return [box]
    mid_left, mid_right = max(left, h_left), min(right, h_right)
    parts = [
        (left, bottom, mid_left - left, h),
        (mid_right, bottom, right - mid_right, h),
        (mid_left, bottom, mid_right - mid_left, max(bottom, h_bottom) - bottom),
        (mid_left, min(top, h_top), mid_right - mid_left, top - min(top, h_top)),
    ]
    return [p for p in parts if p[2] > 0 and p[3] > 0]


class ShapeBatch:
    """Boxes queued with :meth:`filled`, :meth:`outline` and :meth:`panel`, drawn by :meth:`draw` in
    the order queued, through the camera in use: one call per run of opaque or of translucent boxes."""

    def __init__(self) -> None:
        self._queued: list[tuple] = []
        self._shown: tuple = ()  # the shapes the vertex buffer holds
        self._pieces: dict[tuple, array] = {}  # vertices of each shape seen lately (a rebuild joins them)
        self._geometry = None
        self._buffer = None
        self._program = None
        self._runs: list[tuple[bool, int, int]] = []  # (blended, first vertex, vertices) in queue order
        self.builds = 0  # how many times the vertex buffer was (re)filled (for tests)

    def __len__(self) -> int:
        """How many shapes are queued."""
        return len(self._queued)

    def filled(self, left: float, bottom: float, width: float, height: float, colour: Colour) -> None:
        """Queue a filled box (as ``arcade.draw_lbwh_rectangle_filled``)."""
        self._queued.append((left, bottom, width, height, tuple(colour), None))

    def outline(
        self, left: float, bottom: float, width: float, height: float, colour: Colour, border: float = 1
    ) -> None:
        """Queue a box's outline (as ``arcade.draw_lbwh_rectangle_outline``), at least a window pixel thick."""
        *box, line = hairline_box(left, bottom, width, height, border)
        self._queued.append((*box, tuple(colour), line))

    def panel(
        self, left: float, bottom: float, width: float, height: float, fill: Colour, edge: Colour
    ) -> None:
        """Queue a filled box with a thin edge (as :func:`.widgets.panel`)."""
        self.filled(left, bottom, width, height, fill)
        self.outline(left, bottom, width, height, edge, 1)

    def discard(self) -> None:
        """Forget the queued shapes without drawing them."""
        self._queued = []

    def draw(self) -> None:
        """Draw the queued shapes (a call per run of opaque or translucent ones) and empty the queue; the
        buffer is refilled only when they differ from the last drawing's."""
        shapes = tuple(self._queued)
        self._queued = []
        if not shapes:
            return
        ctx = arcade.get_window().ctx
        if shapes != self._shown or self._geometry is None:
            self._build(ctx, shapes)
        for blended, first, count in self._runs:
            if blended:
                ctx.enable(ctx.BLEND)
            self._geometry.render(self._program, mode=ctx.TRIANGLES, first=first, vertices=count)
            if blended:
                ctx.disable(ctx.BLEND)

    def _build(self, ctx, shapes: tuple) -> None:
        """Fill the vertex buffer with ``shapes`` (each shape's vertices computed once while it is in use)."""
        if self._program is None:
            self._program = ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT)
        pieces = {}
        for shape in shapes:
            piece = self._pieces.get(shape) or pieces.get(shape)
            if piece is None:
                left, bottom, width, height, colour, border = shape
                if border is None:
                    piece = _filled(left, bottom, width, height, colour)
                else:
                    piece = _outline(left, bottom, width, height, colour, border)
            pieces[shape] = piece
        self._pieces = pieces  # only the shapes of this drawing: the cache cannot grow without bound
        data = array("f")
        self._runs = []
        for shape in shapes:
            # opaque boxes are drawn unblended (what blending would give, at less cost in software GL);
            # consecutive shapes of one kind share a call
            blended = len(shape[4]) > 3 and shape[4][3] < 255
            first = len(data) // _FLOATS
            data.extend(pieces[shape])
            count = len(data) // _FLOATS - first
            if self._runs and self._runs[-1][0] == blended:
                self._runs[-1] = (blended, self._runs[-1][1], self._runs[-1][2] + count)
            else:
                self._runs.append((blended, first, count))
        size = len(data) * 4
        if self._buffer is None or self._buffer.size < size:
            self._buffer = ctx.buffer(reserve=max(size, 100 * _FLOATS * 4) * 2)  # whole vertices
            self._geometry = ctx.geometry(
                [BufferDescription(self._buffer, "2f 2f 2f 4f", ["in_pos", "in_vert", "in_size", "in_color"])]
            )
        self._buffer.write(data)
        self._shown = shapes
        self.builds += 1
