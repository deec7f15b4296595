"""Two small widgets for the editor panel: a flat button and a one-line text field.

Drawn with arcade primitives and ``arcade.Text`` rather than ``arcade.gui``: arcade 3.3's gui package
cannot be imported in headless mode (``ARCADE_HEADLESS=1`` leaves out the controller support it needs),
and the editor must render and be tested headless. Both widgets hold no rules; the view routes mouse and
key events to them and calls the model when they fire.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import arcade

RGB = tuple[int, int, int]
FONT = ("DejaVu Sans", "Arial", "calibri")
INK: RGB = (238, 228, 208)
GOLD: RGB = (232, 190, 70)
EDGE: RGB = (120, 96, 60)
MAX_FIELD_CHARS = 120


@dataclass(eq=False)
class Button:
    """A flat labelled button; ``action`` runs when it is clicked while enabled."""

    label: str
    left: float
    bottom: float
    width: float
    height: float
    action: Callable[[], None]
    enabled: bool = True
    hovered: bool = False
    text: arcade.Text | None = field(default=None, repr=False)
    shown: str = ""  # what the last draw showed (the value, or part of it)

    def contains(self, x: float, y: float) -> bool:
        """True when the point is on the button."""
        return self.left <= x < self.left + self.width and self.bottom <= y < self.bottom + self.height

    def click(self) -> bool:
        """Run the action if enabled; True if it ran."""
        if not self.enabled:
            return False
        self.action()
        return True

    def draw(self) -> None:
        """Background by state (disabled, hovered, normal), brass border, centred label."""
        if self.text is None:
            cx, cy = self.left + self.width / 2, self.bottom + self.height / 2
            self.text = arcade.Text(self.label, cx, cy, INK, 11, font_name=FONT, anchor_x="center",
                                    anchor_y="center")
        bg = (48, 44, 40) if not self.enabled else (96, 76, 54) if self.hovered else (66, 56, 46)
        arcade.draw_lbwh_rectangle_filled(self.left, self.bottom, self.width, self.height, bg)
        border = (74, 66, 58) if not self.enabled else GOLD if self.hovered else EDGE
        arcade.draw_lbwh_rectangle_outline(self.left, self.bottom, self.width, self.height, border, 1)
        self.text.color = INK if self.enabled else (120, 112, 100)
        self.text.draw()


@dataclass(eq=False)
class TextField:
    """A one-line text input: click to type, Backspace deletes, the view handles Enter and Escape."""

    left: float
    bottom: float
    width: float
    height: float
    value: str = ""
    active: bool = False
    allowed: Callable[[str], bool] = str.isprintable
    blink: float = 0.0
    text: arcade.Text | None = field(default=None, repr=False)
    shown: str = ""  # what the last draw showed (the value, or part of it)

    def contains(self, x: float, y: float) -> bool:
        """True when the point is on the field."""
        return self.left <= x < self.left + self.width and self.bottom <= y < self.bottom + self.height

    def type(self, chars: str) -> None:
        """Append typed characters (those ``allowed``), up to MAX_FIELD_CHARS."""
        kept = "".join(ch for ch in chars if self.allowed(ch) and ch not in "\r\n")
        self.value = (self.value + kept)[:MAX_FIELD_CHARS]

    def backspace(self) -> None:
        self.value = self.value[:-1]

    def draw(self) -> None:
        """Inset box, the text clipped to its last characters that fit, a caret while active."""
        if self.text is None:
            self.text = arcade.Text("", self.left + 6, self.bottom + self.height / 2, INK, 11, font_name=FONT,
                                    anchor_y="center")
        arcade.draw_lbwh_rectangle_filled(self.left, self.bottom, self.width, self.height, (24, 20, 18))
        arcade.draw_lbwh_rectangle_outline(self.left, self.bottom, self.width, self.height,
                                           GOLD if self.active else EDGE, 2 if self.active else 1)
        shown = self.value
        self.text.text = shown
        if self.active:  # typing: the end of the text, where the caret is
            while shown and self.text.content_width > self.width - 14:
                shown = shown[1:]
                self.text.text = shown
        else:  # at rest: the beginning of the text, with "..." when it does not fit
            while len(shown) > 1 and self.text.content_width > self.width - 14:
                shown = shown[:-1]
                self.text.text = shown.rstrip() + "..."
        self.shown = self.text.text
        self.text.draw()
        if self.active and self.blink < 0.6:
            x = self.left + 7 + self.text.content_width
            arcade.draw_line(x, self.bottom + 5, x, self.bottom + self.height - 5, GOLD, 1.5)


__all__ = ["Button", "TextField"]
