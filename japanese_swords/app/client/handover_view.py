"""Hot seat: the screen between two humans' decisions. It shows no hand and no board, only whose turn
it is, so the previous player's cards stay hidden until the next one presses Ready."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from . import textures
from .theme import CLANS, DIM, GOLD, INK, SCREEN, SERIF
from .widgets import Button, ButtonScreen, panel

if TYPE_CHECKING:
    from .controller import Controller
    from .navigation import GameHost


class HandoverView(ButtonScreen, arcade.View):
    """'Pass the screen to Takeda': Ready (Enter or Space) gives the next human the screen."""

    def __init__(self, context: GameHost, controller: Controller) -> None:
        super().__init__()
        self.context = context
        self.controller = controller

    def frame_key(self) -> int:
        """Nothing moves here: redraw only after input or a resize."""
        return 0

    @property
    def seat(self) -> int | None:
        """The seat the screen is being handed to."""
        return self.controller.handover

    def reason(self) -> str:
        """Why this human decides now: their turn, a battle commitment, a trade offer or an Intrigue."""
        st = self.controller.session.state
        seat = self.seat
        before = self.controller.session.human
        done = f"{CLANS[before]} has played. " if before is not None and before != seat else ""
        return done + self._now(st, seat)

    @staticmethod
    def _now(st, seat: int) -> str:
        """What the next human is asked to do."""
        if st.battle is not None and seat in (st.battle.attacker_seat, st.battle.defender_seat):
            other = st.battle.defender_seat if seat == st.battle.attacker_seat else st.battle.attacker_seat
            return f"Battle against {CLANS[other]}: choose your cards face down."
        if st.offer is not None:
            return f"{CLANS[st.turn_player]} offers you a trade."
        if st.turn_player != seat:
            return f"{CLANS[st.turn_player]}'s turn asks you to decide."
        return f"Your turn, round {st.round}."

    def on_draw(self) -> None:
        """Draw the screen: the clan's counter and name, the reason, Ready."""
        self.clear()
        seat = self.seat
        cx = SCREEN.w / 2
        panel(cx - 330, 220, 660, 380, fill=(44, 38, 34), edge=GOLD)
        if seat is None:
            self.buttons = []
            return
        arcade.draw_texture_rect(textures.counter(seat), arcade.XYWH(cx, 510, 96, 96))
        self.texts.draw("who", f"Pass the screen to {CLANS[seat]} (p{seat + 1})", cx, 430, GOLD, 24,
                        anchor_x="center", font=SERIF, bold=True)
        self.texts.draw("why", self.reason(), cx, 390, INK, 14, anchor_x="center")
        self.texts.draw("hide", "The other players' hands stay hidden until you press Ready.", cx, 360, DIM,
                        12, anchor_x="center")
        self.buttons = [Button("ready", f"Ready: I am {CLANS[seat]}", (cx - 140, 250, 280, 48), True,
                               "Show your hand and the board (Enter or Space)")]
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse), size=13)

    def press(self, key: str) -> None:
        """Ready: the next human takes over and the game (or battle) screen comes back."""
        if key == "ready" and self.seat is not None:
            self.controller.take_over()
            self.context.show_game()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Enter or Space is Ready; Escape opens the menu (the game stays hidden there too)."""
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE):
            self.press("ready")
        elif symbol == arcade.key.ESCAPE:
            self.context.show_menu()
