"""What the game screen's sections share (the presenter, text caches, shape batches, the pointer), and
:class:`Part`, their common base: an ``arcade.Section`` whose area comes from the :mod:`.layout`.

The screen keeps its slow-changing picture in a frame cache, so the sections do not draw in arcade's
``on_draw``: the game view calls each section's layer methods (base, static, live) in a fixed order.
Input does go through arcade's section manager: each section gets the mouse events over its area.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import arcade

from .controller import Controller
from .layout import Layout, Rect, layout_for
from .navigation import GameHost
from .presenter import Presenter
from .shapes import ShapeBatch
from .theme import SCREEN
from .widgets import Button, TextCache

OFF_SCREEN = (-1.0e4, -1.0e4)  # the pointer once it has left the window


@dataclass(eq=False)
class Table:
    """The game screen's shared state: one per game view."""

    host: GameHost
    controller: Controller
    presenter: Presenter
    press: Callable[[str], None]  # the view's handler of a button's key
    texts: TextCache = field(default_factory=lambda: TextCache(batched=True))  # panel, hand labels
    board_texts: TextCache = field(default_factory=lambda: TextCache(batched=True, pixels=False))
    card_texts: TextCache = field(default_factory=TextCache)  # hand cards overlap: drawn in order
    live_texts: TextCache = field(default_factory=lambda: TextCache(batched=True))  # thinking line
    live_board_texts: TextCache = field(default_factory=lambda: TextCache(batched=True, pixels=False))
    tip_texts: TextCache = field(default_factory=lambda: TextCache(batched=True))  # tooltips, on top
    shapes: ShapeBatch = field(default_factory=ShapeBatch)  # the static layer's boxes: one call
    base_shapes: ShapeBatch = field(default_factory=ShapeBatch)  # the base layer's boxes
    buttons: list[Button] = field(default_factory=list)  # every clickable button of the static layer
    mouse: tuple[float, float] = OFF_SCREEN
    elapsed: float = 0.0
    dialog_open: bool = False

    @property
    def session(self):
        """The game being played."""
        return self.controller.session

    @property
    def seat(self) -> int:
        """The seat whose view is drawn: the human's (seat 0 when AIs play every seat)."""
        return self.session.human if self.session.human is not None else 0

    @property
    def layout(self) -> Layout:
        """The rectangles for the current logical screen and number of players."""
        return layout_for(SCREEN.w, self.session.state.num_players)

    def button_at(self, x: float, y: float) -> Button | None:
        """The static layer's button under a point, or None."""
        return next((b for b in self.buttons if b.contains(x, y)), None)


class Part(arcade.Section):
    """A section of the game screen: its area follows the layout, it tracks the shared pointer, a
    click on a shared button presses it, and a right click that is not a drag cancels the selection."""

    def __init__(self, table: Table, name: str) -> None:
        super().__init__(*self.area(table.layout), name=name, accept_keyboard_keys=False)
        self.table = table
        self._right_down = False

    @staticmethod
    def area(layout: Layout) -> Rect:
        """This section's rectangle in ``layout``."""
        raise NotImplementedError

    def relayout(self) -> None:
        """Follow the layout (the window was resized, or the game has another number of players)."""
        left, bottom, w, h = self.area(self.table.layout)
        if (self.left, self.bottom, self.width, self.height) != (left, bottom, w, h):
            self.left, self.bottom, self.width, self.height = left, bottom, w, h

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        """Remember the pointer (hover effects and tooltips read it)."""
        self.table.mouse = (x, y)

    def on_mouse_leave(self, x: float, y: float) -> None:
        """The pointer left: forget it unless another section has it already."""
        if self.mouse_is_on_top(*self.table.mouse):
            self.table.mouse = OFF_SCREEN
        self._right_down = False

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A left click on a shared button presses it; else the section's own ``click``."""
        self.table.mouse = (x, y)
        if button == arcade.MOUSE_BUTTON_RIGHT:
            self._right_down = True
        if button != arcade.MOUSE_BUTTON_LEFT:
            self.press_other(x, y, button)
            return
        b = self.table.button_at(x, y)
        if b is not None:
            self.table.press(b.key)
            return
        self.click(x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A right click (pressed and released here, not a drag) cancels the current selection."""
        if button == arcade.MOUSE_BUTTON_RIGHT and self._right_down and not self.dragged():
            self.table.presenter.cancel()
        self._right_down = False
        self.release_other(x, y, button)

    # hooks for the sections
    def click(self, x: float, y: float) -> None:
        """A left click on the section, not on a shared button."""

    def press_other(self, x: float, y: float, button: int) -> None:
        """A right or middle button pressed over the section."""

    def release_other(self, x: float, y: float, button: int) -> None:
        """A button released over the section (after the right-click cancel)."""

    def dragged(self) -> bool:
        """Whether the right button's press became a drag (then its release does not cancel)."""
        return False
