"""The game log in the side panel: colour-coded lines wrapped to the panel's width, wheel scrolling with
a "new lines below" marker, and the first-turn guide, which takes the top of the log's box (so it
covers no part of the board)."""

from __future__ import annotations

from .layout import Layout, Rect
from .table import Part, Table
from .theme import DIM, GOLD, INK, PLAYER_LIGHT
from .widgets import Button, inside, wrap, wrap_width

LOG_FILL = (34, 30, 27)
GUIDE_FILL = (40, 34, 30, 235)
LINE_H = 15


class LogSection(Part):
    """The log's box of the side panel."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "log")
        self.scroll = 0  # lines scrolled up from the newest
        self.unread = 0  # lines added below while scrolled up
        self._count = len(table.session.log)
        self._wrapped: tuple[tuple | None, list[tuple[str, int | None]]] = (None, [])
        self.guide: str | None = None  # the first-turn guide's tip, set by the view
        self.guide_title = "First turn guide"
        self.guide_buttons: tuple[tuple[str, str, str], ...] = (
            ("tutorial:skip", "Skip guide", "Hide the guide (Settings can show it again)."),
        )  # (key, label, tooltip), right to left

    @staticmethod
    def area(layout: Layout) -> Rect:
        """The log's box."""
        return layout.log

    @property
    def box(self) -> Rect:
        """The log's box (its background is in the base layer)."""
        return self.table.layout.log

    def chars(self) -> int:
        """Characters per line: the log wraps to the side panel's (resizable) width."""
        return max(40, int(self.table.layout.panel_w / 7.1))

    def lines(self) -> list[tuple[str, int | None]]:
        """The log wrapped to the panel's width with each line's seat (wrapped again only on change)."""
        chars = self.chars()
        key = (chars, tuple((e.text, e.seat) for e in self.table.session.log[-300:]))
        if self._wrapped[0] != key:
            lines = [(piece, seat) for text, seat in key[1] for piece in wrap(text, chars)]
            self._wrapped = (key, lines)
        return self._wrapped[1]

    def sync(self) -> None:
        """New entries: at the bottom the log follows them; scrolled up it stays and counts them."""
        log = self.table.session.log
        n = len(log)
        if n < self._count:  # undo or a new session: start over at the bottom
            self._count, self.scroll, self.unread = n, 0, 0
            return
        if n == self._count:
            return
        added = sum(len(wrap(e.text, self.chars())) for e in log[self._count:])
        self._count = n
        if self.scroll > 0:
            self.scroll += added
            self.unread += added

    def scroll_by(self, lines: int) -> None:
        """Scroll up (positive) or down; reaching the bottom follows new lines again."""
        self.scroll = max(0, self.scroll + lines)
        if self.scroll == 0:
            self.unread = 0

    def marker_rect(self) -> Rect | None:
        """Where the "new lines below" marker is (None while the log follows the newest lines)."""
        if self.scroll <= 0:
            return None
        left, bottom, w, _h = self.box
        return left, bottom, w - 6, 18

    # ----- drawing -----------------------------------------------------------------------------------
    def draw_base(self) -> None:
        """The log's background (base layer)."""
        left, bottom, w, h = self.box
        self.table.base_shapes.panel(left, bottom, w - 6, h, LOG_FILL, (120, 96, 60))

    def guide_height(self) -> float:
        """The height the guide takes at the top of the box (0 without a guide)."""
        if self.guide is None:
            return 0.0
        return 40 + 17 * len(self._guide_lines())

    def _guide_lines(self) -> list[str]:
        return wrap_width(self.guide or "", self.table.layout.panel_w - 30, 10.5)[:5]

    def draw(self) -> None:
        """The guide (if any), the title and the visible lines, and the marker when scrolled up."""
        t = self.table
        left, bottom, w, h = self.box
        top = bottom + h - self.guide_height()
        self._draw_guide(left, bottom + h, w)
        t.texts.draw("logtitle", "Game log  (mouse wheel to scroll)", left + 6, top - 14, DIM, 9)
        lines = self.lines()
        rows = max(0, int((top - bottom - 22) // LINE_H))
        self.scroll = max(0, min(self.scroll, max(0, len(lines) - rows)))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - rows): end]
        for i, (text, seat) in enumerate(shown):  # a batched cache hides the rows not drawn
            colour = PLAYER_LIGHT[seat] if seat is not None and seat >= 0 else INK
            if text.startswith("--"):
                colour = GOLD
            t.texts.draw(f"log{i}", text, left + 6, top - 32 - LINE_H * i, colour, 9.5)
        marker = ""
        if self.scroll > 0:
            s = "s" if self.unread != 1 else ""
            marker = (f"v {self.unread} new line{s} below - click to follow" if self.unread
                      else "v scrolled up - click to follow the newest lines")
            t.shapes.filled(left + 1, bottom + 1, w - 8, 16, (90, 60, 30))
        t.texts.draw("logmarker", marker, left + (w - 6) / 2, bottom + 4, GOLD, 9, anchor_x="center", bold=True)

    def _draw_guide(self, left: float, top: float, w: float) -> None:
        """The first-turn guide at the top of the log's box, with its Skip button."""
        t = self.table
        lines = self._guide_lines() if self.guide is not None else []
        if self.guide is not None:
            height = self.guide_height()
            t.shapes.panel(left + 2, top - height + 2, w - 10, height - 4, fill=GUIDE_FILL, edge=GOLD)
            for i, (key, label, tip) in enumerate(self.guide_buttons):
                skip = Button(key, label, (left + w - 112 - 104 * i, top - 22, 96, 18), True, tip,
                              accent=(84, 70, 58))
                t.buttons.append(skip)
                skip.draw(t.texts, skip.contains(*t.mouse) and not t.dialog_open, size=9, shapes=t.shapes)
        t.texts.draw("tut0", self.guide_title if lines else "", left + 10, top - 17, GOLD, 11, bold=True)
        for i in range(5):
            text = lines[i] if i < len(lines) else ""
            t.texts.draw(f"tut{i + 1}", text, left + 10, top - 40 - 17 * i, INK, 10.5)

    # ----- input -------------------------------------------------------------------------------------
    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls the log."""
        self.scroll_by(int(round(scroll_y * 3)) or (1 if scroll_y > 0 else -1))

    def click(self, x: float, y: float) -> None:
        """A click on the marker jumps to the newest lines."""
        marker = self.marker_rect()
        if marker is not None and inside(x, y, marker):
            self.scroll_by(-self.scroll)
