"""Where each part of the game screen goes: every rectangle computed from the logical screen's size.

The logical screen is 800 units high and at least 1280 wide (:class:`~.theme.Screen`); a wider window
widens the side panel. One :class:`Layout` is computed per (screen width, number of players) and shared
by the game screen's sections, so no section carries its own numbers for another's place.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .theme import BOARD_PX, BOARD_X, BOARD_Y, HAND_H, HAND_Y, PANEL_X, WINDOW_H

Rect = tuple[float, float, float, float]  # left, bottom, width, height

ROW_H = 42  # one player's row in the side panel
BUTTON_H = 28  # a phase button
PHASE_ROWS = 2  # rows of phase buttons (three a row)


@dataclass(frozen=True)
class Layout:
    """The game screen's rectangles for a logical screen ``w`` x ``h`` and ``players`` seats."""

    w: float
    h: float
    players: int

    # ----- the three areas the sections own ------------------------------------------------------------
    @property
    def board_area(self) -> Rect:
        """The board section: left of the panel, above the hand."""
        bottom = self.hand[1] + self.hand[3]
        return 0.0, bottom, PANEL_X - 8, self.h - bottom

    @property
    def hand_area(self) -> Rect:
        """The hand section: the strip along the bottom left."""
        return 0.0, 0.0, PANEL_X - 8, self.hand[1] + self.hand[3]

    @property
    def panel_area(self) -> Rect:
        """The side panel section: the right of the screen, full height."""
        return PANEL_X - 8, 0.0, self.w - PANEL_X + 8, self.h

    # ----- inside the board --------------------------------------------------------------------------
    @property
    def board_view(self) -> Rect:
        """The board camera's viewport: the board and its coordinate strips."""
        return BOARD_X - 26, BOARD_Y - 22, BOARD_PX + 34, BOARD_PX + 22

    @property
    def guide(self) -> Rect:
        """The first-turn guide banner: a strip under the board's top edge (over row 10)."""
        return BOARD_X, BOARD_Y + BOARD_PX - 4, BOARD_PX, 0.0

    # ----- inside the hand ---------------------------------------------------------------------------
    @property
    def hand(self) -> Rect:
        """The hand strip's box."""
        return 10.0, HAND_Y, PANEL_X - 22, HAND_H

    # ----- inside the panel --------------------------------------------------------------------------
    @property
    def panel_x(self) -> float:
        """The panel's text column."""
        return float(PANEL_X)

    @property
    def panel_w(self) -> float:
        """The panel's usable width."""
        return self.w - PANEL_X - 10

    def player_row(self, seat: int) -> Rect:
        """A player's row (counter, name, gold, honor bar)."""
        top = self.h - 52 - ROW_H * seat
        return self.panel_x, top - 40, self.panel_w - 6, 38

    @property
    def tracker_top(self) -> float:
        """The top of the phase tracker, under the players' rows."""
        return self.h - 52 - ROW_H * self.players - 8

    @property
    def prompt_top(self) -> float:
        """The top of the prompt (two lines) and notice."""
        return self.tracker_top - 34

    @property
    def buttons_top(self) -> float:
        """The top of the phase buttons."""
        return self.prompt_top - 58

    def phase_button(self, i: int) -> Rect:
        """The ``i``-th phase button (three a row)."""
        bw = (self.panel_w - 18) / 3
        col, row = i % 3, i // 3
        return self.panel_x + col * (bw + 6), self.buttons_top - (row + 1) * (BUTTON_H + 6), bw, BUTTON_H

    def utility_button(self, i: int, n: int) -> Rect:
        """The ``i``-th of ``n`` utility buttons (undo, save, rules...), one row under the phase buttons."""
        top = self.buttons_top - PHASE_ROWS * (BUTTON_H + 6) - 4
        uw = (self.panel_w - 6 * (n - 1) - 6) / n
        return self.panel_x + i * (uw + 6), top - BUTTON_H + 4, uw, BUTTON_H - 6

    @property
    def log(self) -> Rect:
        """The game log: the panel below the buttons, above the thinking line."""
        bottom = 150.0
        top = self.utility_button(0, 1)[1] - 8
        return self.panel_x, bottom, self.panel_w, max(120.0, top - bottom)

    @property
    def thinking(self) -> tuple[float, float]:
        """The thinking indicator's left and bottom."""
        return self.panel_x, 118.0

    @property
    def footer(self) -> tuple[float, float, float]:
        """Baselines of the last battle line and of the two shortcut lines."""
        return 84.0, 36.0, 20.0


@lru_cache(maxsize=16)
def layout_for(w: float, players: int) -> Layout:
    """The layout of a logical screen ``w`` wide (always WINDOW_H high) with ``players`` seats."""
    return Layout(float(w), float(WINDOW_H), players)
