"""Rock-paper-scissors against each AI for the turn order (the rules' own method)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import arcade

from .controller import Controller
from .rps import THROWS, RockPaperScissors
from .theme import DIM, GOLD, INK, PLAYER_LIGHT, SCREEN, SERIF, WINDOW_H, seat_label
from .widgets import Button, ButtonScreen

if TYPE_CHECKING:
    from .navigation import GameHost

GLYPH = {"rock": "Rock", "paper": "Paper", "scissors": "Scissors"}


class RPSView(ButtonScreen, arcade.View):
    """The human throws against each AI in turn; then the order is applied and the game starts."""

    def __init__(self, context: GameHost, controller: Controller) -> None:
        super().__init__()
        self.context = context
        self.controller = controller
        s = controller.session
        self.rps = RockPaperScissors(s.game.num_players, s.human, random.Random(f"rps:{s.seed}"))
        self.history: list[str] = []

    def on_draw(self) -> None:
        """Draw the screen."""
        self.clear()
        self.buttons = []
        human = self.controller.session.human
        cx = SCREEN.w / 2
        self.texts.draw(
            "t", "Who goes first?", cx, WINDOW_H - 120, GOLD, 32, anchor_x="center", font=SERIF, bold=True
        )
        opp = self.rps.next_opponent()
        if opp is not None:
            self.texts.draw(
                "s",
                f"Rock-paper-scissors against {seat_label(opp, human)}: choose your throw.",
                cx,
                WINDOW_H - 170,
                INK,
                15,
                anchor_x="center",
            )
            for i, throw in enumerate(THROWS):
                self.buttons.append(
                    Button(
                        f"throw:{throw}",
                        GLYPH[throw],
                        (cx - 330 + i * 230, WINDOW_H - 300, 200, 70),
                        True,
                        "",
                    )
                )
        else:
            order = self.pending_order()
            names = ", ".join(seat_label(s, human) for s in order)
            self.texts.draw("s", f"Turn order: {names}", cx, WINDOW_H - 170, GOLD, 18, anchor_x="center")
            self.buttons.append(
                Button("start", "Begin the war", (cx - 110, WINDOW_H - 300, 220, 60), True, "")
            )
        for i, line in enumerate(self.history[-10:]):
            self.texts.draw(
                f"h{i}",
                line,
                cx,
                WINDOW_H - 360 - 24 * i,
                PLAYER_LIGHT[0] if "win" in line else DIM,
                13,
                anchor_x="center",
            )
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse), size=16)

    def pending_order(self) -> tuple[int, ...]:
        """The turn order from the finished contest (computed once)."""
        if not hasattr(self, "_order"):
            self._action = self.rps.finish()
            self._order = self._action.order
        return self._order

    def press(self, key: str) -> None:
        """Throw (``throw:rock``...) or start the game once every bout is decided."""
        human = self.controller.session.human
        kind, _, value = key.partition(":")
        if kind == "throw" and not self.rps.done:
            opp = self.rps.next_opponent()
            theirs, bout = self.rps.throw(value)
            name = seat_label(opp, human)
            if bout is None:
                self.history.append(f"You {value}, {name} {theirs}: a tie, throw again.")
            else:
                result = "you win" if bout.winner == human else f"{name} wins"
                self.history.append(f"You {value}, {name} {theirs}: {result}.")
        elif kind == "start" and self.rps.done:
            self.pending_order()
            self.controller.session.apply(self._action)
            self.context.show_game()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Keyboard shortcuts."""
        keys = {
            arcade.key.R: "throw:rock",
            arcade.key.P: "throw:paper",
            arcade.key.S: "throw:scissors",
            arcade.key.ENTER: "start",
            arcade.key.RETURN: "start",
        }
        if symbol in keys:
            self.press(keys[symbol])
