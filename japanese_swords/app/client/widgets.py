"""Small drawing helpers shared by the views: cached ``arcade.Text`` objects, buttons, panels, tooltips."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import arcade
import pyglet

from japanese_swords.cards import Card

from .art import SHORT_NAMES
from .shapes import ShapeBatch
from .theme import BG, DIM, FONT, GOLD, INK, PANEL_BG, PANEL_EDGE, SCREEN, hairline_box

# Text of a pixel cache (the default) is rasterised at device size: font size times the logical screen's
# scale, placed on whole pixels and drawn through the window's pixel camera, so it is as sharp at
# 1920x1080 as at 1280x800 and no thin stroke falls between pixel centres. Text drawn through another
# camera (the zoomed board) is still scaled by it; for that text pyglet's default GL_NEAREST sampling of
# glyph atlases would drop whole pixel rows (the bar of "+" vanished: "Revenue +3" read "| 3"), so
# glyph textures are sampled linearly; set before any font is loaded.
pyglet.font.base.Font.texture_min_filter = pyglet.gl.GL_LINEAR
pyglet.font.base.Font.texture_mag_filter = pyglet.gl.GL_LINEAR

Colour = tuple[int, int, int] | tuple[int, int, int, int]


class TextCache:
    """Keeps one ``arcade.Text`` per key and only re-lays it out when its text or place changes.

    A batched cache draws nothing in :meth:`draw`: its texts appear together, in one pyglet batch, at
    :meth:`flush` (texts not drawn since the last flush are hidden). That is several times cheaper
    than drawing each text, so views use one batched cache per layer and flush at the layer's end.

    Callers give logical units. A ``pixels`` cache (the default, for text drawn on the logical screen)
    sets each text in device pixels (see the note above); ``pixels=False`` leaves it in the units of
    the camera in use (the board's pan and zoom).
    """

    def __init__(self, batched: bool = False, pixels: bool = True) -> None:
        self._texts: dict[str, arcade.Text] = {}
        self._args: dict[str, tuple] = {}  # each text's last arguments: a repeat skips the property checks
        self.batch = pyglet.graphics.Batch() if batched else None
        self.pixels = pixels
        self._used: set[str] = set()

    def flush(self) -> None:
        """Draw the batch: every text drawn since the last flush, and only those."""
        if self.batch is None:
            return
        for key, t in self._texts.items():
            want = key in self._used
            if t.visible != want:
                t.visible = want
        self._used.clear()
        self._render(self.batch.draw)

    def _render(self, draw: Callable[[], None]) -> None:
        """Run ``draw`` through the window's pixel camera if this cache sets text in pixels."""
        if not self.pixels:
            draw()
            return
        window = arcade.get_window()
        previous = window.current_camera
        window.default_camera.use()
        draw()
        previous.use()

    def _place(self, x: float, y: float, size: float, width: int | None) -> tuple[float, float, float, int | None]:
        """Position, font size and wrap width in the units the text is set in (pixels: whole ones)."""
        if not self.pixels:
            return x, y, size * SCREEN.text_scale, width
        px, py = SCREEN.to_pixels(x, y)
        k = SCREEN.scale * SCREEN.text_scale
        return float(round(px)), float(round(py)), size * k, None if width is None else max(1, round(width * k))

    def draw(
        self,
        key: str,
        text: str,
        x: float,
        y: float,
        color: Colour = INK,
        size: float = 12,
        anchor_x: str = "left",
        anchor_y: str = "baseline",
        bold: bool = False,
        width: int | None = None,
        multiline: bool = False,
        font: tuple[str, ...] = FONT,
        align: str = "left",
    ) -> arcade.Text:
        """Show ``text`` under ``key`` (created once, updated only when something changed)."""
        screen = (SCREEN.scale, SCREEN.ox, SCREEN.oy, SCREEN.text_scale)  # where units land in pixels, text size
        args = (text, x, y, color, size, anchor_x, anchor_y, bold, width, multiline, font, align, screen)
        t = self._texts.get(key)
        if t is not None and self._args.get(key) == args:  # most texts of a redrawn layer are unchanged
            if self.batch is None:
                self._render(t.draw)
            else:
                self._used.add(key)
            return t
        self._args[key] = args
        x, y, size, width = self._place(x, y, size, width)
        if t is None or t.multiline != multiline or (multiline and t.width != width):
            if t is not None:
                t.batch = None
            t = arcade.Text(
                text,
                x,
                y,
                color,
                size,
                width=width,
                align=align,
                font_name=font,
                bold=bold,
                anchor_x=anchor_x,
                anchor_y=anchor_y,
                multiline=multiline,
                batch=self.batch,
            )
            self._texts[key] = t
        else:
            if t.text != text:
                t.text = text
            if t.x != x or t.y != y:
                t.position = (x, y)
            if tuple(t.color)[: len(color)] != tuple(color):
                t.color = color
            if t.font_size != size:
                t.font_size = size
            if t.anchor_x != anchor_x:
                t.anchor_x = anchor_x
            if t.anchor_y != anchor_y:
                t.anchor_y = anchor_y
            if bool(t.bold) != bool(bold):
                t.bold = bold
        if self.batch is None:
            self._render(t.draw)
        else:
            self._used.add(key)
        return t


_FIT_CACHE: dict[tuple[str, float, bool, float], float] = {}


def text_width(text: str, size: float, bold: bool = False, font: tuple[str, ...] = FONT) -> float:
    """Width in logical units of ``text`` set in ``size`` points (measured once, then cached)."""
    size = size * SCREEN.text_scale  # measured as it will be drawn, so wraps and fits follow the UI scale
    key = (text, size, bold, -1.0)
    if key not in _FIT_CACHE:
        _FIT_CACHE[key] = float(arcade.Text(text, 0, 0, INK, size, font_name=font, bold=bold).content_width)
    return _FIT_CACHE[key]


def fit_size(text: str, max_width: float, size: float, bold: bool = False, smallest: float = 6.0) -> float:
    """The largest font size (at most ``size``, at least ``smallest``) at which ``text`` fits
    ``max_width``: card names and labels shrink instead of spilling out of their box."""
    key = (text, size, bold, round(max_width, 1), SCREEN.text_scale)
    if key in _FIT_CACHE:
        return _FIT_CACHE[key]
    fit = size
    while fit > smallest and text_width(text, fit, bold) > max_width:
        fit = max(smallest, round(fit - 0.5, 1))
    _FIT_CACHE[key] = fit
    return fit


def panel(
    left: float,
    bottom: float,
    width: float,
    height: float,
    fill: Colour = PANEL_BG,
    edge: Colour = PANEL_EDGE,
) -> None:
    """A filled box with a thin edge."""
    arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, fill)
    *box, line = hairline_box(left, bottom, width, height)
    arcade.draw_lbwh_rectangle_outline(*box, edge, line)


def card_labels(texts: TextCache, key: str, card: Card, footer: str,
                rect: tuple[float, float, float, float]) -> None:
    """A card face's header (its short name) and footer line, drawn over the card's texture at ``rect``."""
    left, bottom, w, h = rect
    texts.draw(f"{key}:n", SHORT_NAMES[card], left + w / 2, bottom + h - 13, INK, 8,
               anchor_x="center", anchor_y="center", bold=True)
    texts.draw(f"{key}:f", footer, left + w / 2, bottom + 10, (60, 40, 30), 9, anchor_x="center", bold=True)


def inside(x: float, y: float, rect: tuple[float, float, float, float]) -> bool:
    """True if a point lies in a (left, bottom, width, height) rectangle."""
    left, bottom, w, h = rect
    return left <= x <= left + w and bottom <= y <= bottom + h


@dataclass
class Button:
    """A clickable labelled box; ``enabled`` and ``tooltip`` come from the presenter."""

    key: str
    label: str
    rect: tuple[float, float, float, float]
    enabled: bool = True
    tooltip: str = ""
    accent: Colour = (150, 52, 44)
    hidden: bool = False  # a click area over something already drawn (a card): only a hover frame

    def contains(self, x: float, y: float) -> bool:
        """True if the point is on the button."""
        return inside(x, y, self.rect)

    def draw(self, texts: TextCache, hover: bool, size: float = 11, shapes: ShapeBatch | None = None) -> None:
        """Draw the button (highlighted under the pointer, greyed when disabled); with ``shapes`` its box
        is queued there, to be drawn with the others in one call."""
        left, bottom, w, h = self.rect
        if self.hidden:
            if hover:
                if shapes is not None:
                    shapes.outline(left - 2, bottom - 2, w + 4, h + 4, GOLD, 3)
                else:
                    arcade.draw_lbwh_rectangle_outline(left - 2, bottom - 2, w + 4, h + 4, GOLD, 3)
            return
        if self.enabled:
            fill = tuple(min(255, c + 30) for c in self.accent[:3]) if hover else self.accent
            edge, ink = GOLD if hover else (200, 160, 100), INK
        else:
            fill, edge, ink = (62, 56, 52), (90, 82, 74), DIM
        if shapes is not None:
            shapes.panel(left, bottom, w, h, fill, edge)
        else:
            panel(left, bottom, w, h, fill, edge)
        texts.draw(
            f"btn:{self.key}",
            self.label,
            left + w / 2,
            bottom + h / 2,
            ink,
            fit_size(self.label, w - 8, size),
            anchor_x="center",
            anchor_y="center",
        )


class ButtonScreen:
    """What screens made of :class:`Button` rows share: their text cache, hover tracking, click-to-press
    and the background. Mix in before ``arcade.View``; the screen fills ``buttons`` and provides
    ``press(key)``."""

    window: arcade.Window

    def __init__(self) -> None:
        super().__init__()
        self.texts = TextCache()
        self.mouse = (0.0, 0.0)
        self.buttons: list[Button] = []

    def press(self, key: str) -> None:
        raise NotImplementedError

    def on_show_view(self) -> None:
        """Set the background when the screen is shown."""
        self.window.background_color = BG

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Remember the pointer for hover effects."""
        self.mouse = (x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Press the button under the pointer, if any."""
        for b in self.buttons:
            if b.contains(x, y):
                self.press(b.key)
                return


def tooltip_box(
    width: float, height: float, x: float, y: float, window_w: float, window_h: float,
    avoid: tuple[float, float, float, float] | None = None,
) -> tuple[float, float]:
    """Where a ``width`` x ``height`` tooltip for a pointer at (x, y) goes: right of and under the
    pointer, kept inside the window, and when ``avoid`` is given, outside that box (right of it, left
    of it, above it or under it, the first that fits)."""
    left = min(x + 14, window_w - width - 4)
    bottom = y - height - 10 if y - height - 10 > 4 else y + 16
    bottom = min(bottom, window_h - height - 4)
    if avoid is None or not _overlap((left, bottom, width, height), avoid):
        return left, bottom
    a_left, a_bottom, a_w, a_h = avoid
    clamp_y = max(4.0, min(y - height / 2, window_h - height - 4))
    clamp_x = max(4.0, min(x - width / 2, window_w - width - 4))
    for cand in (
        (a_left + a_w + 8, clamp_y),
        (a_left - width - 8, clamp_y),
        (clamp_x, a_bottom + a_h + 8),
        (clamp_x, a_bottom - height - 8),
    ):
        if 4 <= cand[0] <= window_w - width - 4 and 4 <= cand[1] <= window_h - height - 4:
            return cand
    return left, bottom


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two (left, bottom, width, height) boxes overlap."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def tooltip(
    texts: TextCache, lines: list[str], x: float, y: float, window_w: float, window_h: float, key: str = "tip",
    avoid: tuple[float, float, float, float] | None = None,
) -> tuple[float, float, float, float] | None:
    """A dark box with lines of text near the pointer, kept inside the window (and off ``avoid``);
    returns the box drawn."""
    if not lines:
        return None
    width = min(window_w - 8, max(text_width(s, 11) for s in lines) + 18)
    height = 18 * len(lines) + 10
    left, bottom = tooltip_box(width, height, x, y, window_w, window_h, avoid)
    arcade.draw_lbwh_rectangle_filled(left, bottom, width, height, (*BG, 235))
    *box, line = hairline_box(left, bottom, width, height)
    arcade.draw_lbwh_rectangle_outline(*box, GOLD, line)
    for i, line in enumerate(lines):
        texts.draw(f"{key}:{i}", line, left + 8, bottom + height - 20 - 18 * i, INK, 11)
    return left, bottom, width, height


def wrap_width(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap by measured width: lines of ``text`` set in ``size`` points no wider than
    ``width`` logical units (for boxes whose text must not spill out)."""
    lines, line = [], ""
    for w in text.split():
        candidate = f"{line} {w}" if line else w
        if line and text_width(candidate, size, bold) > width:
            lines.append(line)
            line = w
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines or [""]


def wrap(text: str, width_chars: int) -> list[str]:
    """Greedy word wrap by character count (good enough for the log and card texts)."""
    words, lines, line = text.split(), [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width_chars:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    if line:
        lines.append(line)
    return lines or [""]
