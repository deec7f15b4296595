"""The career page (menu: *Career*): games against the AI, wins by map and by level, average honor and
the newest games, from ``career.json`` (career.py); a damaged file is shown as its one-line reason."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from .career import Row, read_career, summarize
from .theme import BAD, DIM, GOLD, INK, SCREEN, SERIF, WINDOW_H
from .widgets import Button, ButtonScreen, fit_size, panel

if TYPE_CHECKING:
    from .navigation import GameHost


def _rate(row: Row) -> str:
    return f"{row.wins}/{row.games} won ({100 * row.wins / row.games:.0f}%)" if row.games else "-"


class CareerView(ButtonScreen, arcade.View):
    """Read-only statistics; Back (Esc) returns to the menu."""

    def __init__(self, context: GameHost, back: arcade.View) -> None:
        super().__init__()
        self.context = context
        self.back = back
        self.games, self.problem = read_career()
        self.summary = summarize(self.games)

    def frame_key(self) -> int:
        """Nothing moves here: redraw only after input or a resize."""
        return 0

    def on_draw(self) -> None:
        """Totals, the two tables and the newest games."""
        self.clear()
        s = self.summary
        left = 80
        self.texts.draw("t", "Career", SCREEN.w / 2, WINDOW_H - 70, GOLD, 30, anchor_x="center", font=SERIF,
                        bold=True)
        if self.problem:
            head = self.problem
        elif not s.games:
            head = "No finished games against the AI yet: the career starts with your first."
        else:
            head = (f"{s.games} game{'s' if s.games != 1 else ''}, {s.wins} won, {s.draws} drawn, "
                    f"{s.games - s.wins - s.draws} lost;  average final honor {s.average_honor:.1f}")
        self.texts.draw("head", head, left, WINDOW_H - 130, BAD if self.problem else INK,
                        fit_size(head, SCREEN.w - 2 * left, 15))
        half = (SCREEN.w - 2 * left - 20) / 2
        for k, (title, rows) in enumerate((("Wins by map", s.by_map), ("Wins by level", s.by_level))):
            x = left + k * (half + 20)
            panel(x - 10, 330, half, 300, fill=(44, 38, 34))
            self.texts.draw(f"h{k}", title, x + 4, 600, GOLD, 15, bold=True)
            for i in range(12):
                row = rows[i] if i < len(rows) else None
                self.texts.draw(f"r{k}:{i}a", row.name if row else "", x + 4, 570 - 20 * i, INK, 12)
                self.texts.draw(f"r{k}:{i}b", _rate(row) if row else "", x + half - 24, 570 - 20 * i, INK, 12,
                                anchor_x="right")
        panel(left - 10, 100, SCREEN.w - 2 * left + 20, 216, fill=(44, 38, 34))
        self.texts.draw("rh", "Newest games", left + 4, 288, GOLD, 15, bold=True)
        for i in range(8):
            g = s.recent[i] if i < len(s.recent) else None
            line = "" if g is None else (f"{g.date}   {g.map}   {g.players} players   level {g.level}   "
                                         f"{'won' if g.won else 'draw' if g.draw else 'lost'}   honor {g.honor}")
            self.texts.draw(f"g{i}", line, left + 4, 262 - 20 * i, DIM if g and not g.won else INK, 12)
        self.buttons = [Button("back", "Back (Esc)", (SCREEN.w - 220, 30, 160, 40), True, "")]
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse))

    def press(self, key: str) -> None:
        """Back to the menu."""
        if key == "back":
            self.window.show_view(self.back)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Escape is Back."""
        if symbol == arcade.key.ESCAPE:
            self.press("back")
