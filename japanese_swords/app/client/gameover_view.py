"""Game over: the winner and a few statistics per player."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from japanese_swords.modules import teams

from .controller import Controller
from .theme import DIM, GOLD, INK, PLAYER_LIGHT, SCREEN, SERIF, WINDOW_H, seat_label
from .widgets import Button, ButtonScreen, panel

if TYPE_CHECKING:
    from .navigation import GameHost


class GameOverView(ButtonScreen, arcade.View):
    """The result of the game, with save / new game / quit."""

    def __init__(self, context: GameHost, controller: Controller) -> None:
        super().__init__()
        self.context = context
        self.controller = controller
        self.saved = ""
        self._layout()

    def _layout(self) -> None:
        """Buttons centred on the (possibly resized) screen."""
        cx = SCREEN.w / 2
        self.buttons = [
            Button("board", "View final board", (cx - 470, 60, 176, 44), True, "The board as the game ended (B)."),
            Button("replay", "Replay", (cx - 282, 60, 176, 44), True,
                   "Step through the game with each side's winning chance (R)."),
            Button("save", "Save record", (cx - 94, 60, 176, 44), True, "Save the whole game as a record."),
            Button("menu", "Menu", (cx + 94, 60, 176, 44), True, "Back to the menu for a new game (M)."),
            Button("quit", "Quit", (cx + 282, 60, 176, 44)),
        ]

    def frame_key(self) -> int:
        """Nothing here moves by itself: the window redraws this screen only after input or a resize."""
        return 0

    def headline(self) -> str:
        """Who won, in words."""
        s = self.controller.session
        st = s.state
        if st.winner is None:
            return f"A draw after {st.round} rounds"
        if st.winner == s.human and not s.hot_seat:
            return "Victory! You win"
        if s.human is not None and not s.hot_seat and s.human in teams.winning_seats(st):  # the teams module
            return f"Victory! You and {seat_label(st.winner, s.human)} win together"
        return f"{seat_label(st.winner, s.viewer())} wins"

    def on_draw(self) -> None:
        """Draw the screen."""
        self.clear()
        if self.buttons and abs(self.buttons[0].rect[0] - (SCREEN.w / 2 - 470)) > 0.5:
            self._layout()
        s = self.controller.session
        st = s.state
        cx = SCREEN.w / 2
        self.texts.draw(
            "h", self.headline(), cx, WINDOW_H - 130, GOLD, 40, anchor_x="center", font=SERIF, bold=True
        )
        how = ""
        if st.winner is not None:
            target = st.game.rules.honor_to_win
            how = (
                f"by reaching {st.honor[st.winner]} honor"
                if st.honor[st.winner] >= target
                else "by holding the last fortress"
            )
        self.texts.draw(
            "how",
            f"{how} - round {st.round}, {len(s.record.actions)} actions",
            cx,
            WINDOW_H - 170,
            INK,
            14,
            anchor_x="center",
        )
        panel(cx - 460, 480 - 40 * st.num_players, 920, 100 + 40 * st.num_players, fill=(44, 38, 34))
        cols = ["Player", "Honor", "Gold", "Armies", "Battles won", "lost", "Raised", "Cards drawn"]
        xs = [cx - 430, cx - 250, cx - 170, cx - 90, cx, cx + 120, cx + 200, cx + 300]
        for i, (c, x) in enumerate(zip(cols, xs, strict=True)):
            self.texts.draw(f"col{i}", c, x, 540, DIM, 12, bold=True)
        for seat in range(st.num_players):
            y = 500 - 40 * seat
            vals = [
                seat_label(seat, s.viewer()) + ("" if st.alive[seat] else " (out)"),
                st.honor[seat],
                st.gold[seat],
                len(st.armies_of(seat)),
                s.stats.battles_won[seat],
                s.stats.battles_lost[seat],
                s.stats.armies_raised[seat],
                s.stats.cards_drawn[seat],
            ]
            for i, (v, x) in enumerate(zip(vals, xs, strict=True)):
                self.texts.draw(
                    f"v{seat}:{i}", str(v), x, y, PLAYER_LIGHT[seat] if i == 0 else INK, 13, bold=i == 0
                )
        self.texts.draw("saved", self.saved, cx, 120, DIM, 11, anchor_x="center")
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse), size=13)

    def press(self, key: str) -> None:
        """Buttons: save the record, new game, quit."""
        if key == "board":
            self.context.show_final_board()
        elif key == "replay":
            self.context.show_replay(None, back=self)
            if self.window.current_view is self:  # the record did not replay: say why
                self.saved = self.context.notice
        elif key == "save":
            path = self.context.save()
            self.saved = f"Saved to {path}" if path else self.context.notice
        elif key == "menu":
            self.context.show_menu()
        elif key == "quit":
            self.context.quit()


    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """B: the final board; M or Escape: the menu."""
        if symbol == arcade.key.B:
            self.press("board")
        elif symbol == arcade.key.R:
            self.press("replay")
        elif symbol in (arcade.key.M, arcade.key.ESCAPE):
            self.press("menu")
