"""The replay screen: a finished or saved game stepped through like lichess's analysis board.

Left: the board at the cursor (the last move drawn as an arrow) and the step buttons (start, back,
forward, end, previous and next battle). Right: a chart of each seat's winning chance over the game by
the AI's value (click it to jump there), the chances at the cursor, the battle the step revealed, and
the log up to the cursor (the step's own lines in gold). Keys: Left/Right step, Page Up/Down ten steps,
Home/End, B and Shift+B the next and previous battle, Escape back.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from japanese_swords.actions import Attack, Move, parse_action
from japanese_swords.board import COLUMNS, NUM_SQUARES, SIZE, Terrain

from . import narrate, textures
from .replay import Replay
from .theme import DIM, GOLD, INK, PLAYER_COLOURS, PLAYER_LIGHT, SCREEN, SERIF, WINDOW_H, seat_label
from .widgets import Button, ButtonScreen, fit_size, panel, wrap_width

CELL = 56.0
BOARD_X, BOARD_Y = 40.0, 170.0
CHART = (640.0, 560.0, 0.0, 170.0)  # left, bottom, (width: the screen's), height
LOG_LINES = 17


def chart_rect() -> tuple[float, float, float, float]:
    """The chart's box on the current logical screen."""
    left, bottom, _w, h = CHART
    return left, bottom, SCREEN.w - left - 30, h


def square_centre(sq: int) -> tuple[float, float]:
    """The centre of a square on the replay's board."""
    row, col = divmod(sq, SIZE)
    return BOARD_X + col * CELL + CELL / 2, BOARD_Y + row * CELL + CELL / 2


class ReplayView(ButtonScreen, arcade.View):
    """Step through a replay; ``back`` leaves the screen (to the menu or the game-over screen)."""

    def __init__(self, replay: Replay, back: Callable[[], None]) -> None:
        super().__init__()
        self.replay = replay
        self.back_to = back
        self._xp_keys: set[int] = set()  # armies whose experience label was drawn (cleared when gone)
        board = replay.record.game.board
        self._terrain = arcade.SpriteList()
        for sq in range(NUM_SQUARES):
            sprite = arcade.Sprite(textures.terrain(board.terrain[sq], (sq * 7 + sq // SIZE) % 3))
            sprite.width = sprite.height = CELL
            sprite.position = square_centre(sq)
            self._terrain.append(sprite)

    def frame_key(self) -> tuple:
        """Redraw on input, a step, or a slice of the chart computed."""
        return self.replay.position, len(self.replay.values), SCREEN.w

    def on_update(self, delta_time: float) -> None:
        """Fill the chart a slice at a time (never a wait)."""
        self.replay.compute(60)

    # ----- drawing -----------------------------------------------------------------------------------
    def on_draw(self) -> None:
        """Title, board, buttons, chart, battle and log."""
        self.clear()
        r = self.replay
        st = r.state
        seats = ", ".join(f"{seat_label(s, None)} ({name})" for s, name in enumerate(r.record.seats))
        title = f"Replay: {r.name} - {r.record.game.board.name}"
        self.texts.draw("title", title, BOARD_X, WINDOW_H - 34, GOLD, fit_size(title, 560, 18), font=SERIF, bold=True)
        self.texts.draw("seats", seats, BOARD_X, WINDOW_H - 56, DIM, fit_size(seats, 580, 11))
        self._draw_board()
        self._draw_buttons()
        turn = "game over" if st.is_terminal() else (
            f"{seat_label(st.turn_player, None)}'s turn, {st.phase.title.lower()} phase" if st.order else "setup")
        self.texts.draw("step", f"Step {r.position} of {r.last} - round {st.round} - {turn}", BOARD_X, 72, INK, 12)
        self.texts.draw("keys", "Left/Right step   PgUp/PgDn 10 steps   Home/End   B / Shift+B battles   "
                        "Esc back   click the chart to jump", BOARD_X, 44, DIM, 10)
        self._draw_chart()
        self._draw_battle()
        self._draw_log()
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse), size=11)

    def _draw_board(self) -> None:
        """Terrain, castles in their controllers' colours, armies with experience, the last move."""
        st = self.replay.state
        board = st.game.board
        arcade.draw_lbwh_rectangle_filled(BOARD_X - 5, BOARD_Y - 5, CELL * SIZE + 10, CELL * SIZE + 10, (70, 52, 36))
        self._terrain.draw(pixelated=False)
        for sq in range(NUM_SQUARES):
            if board.terrain[sq] in (Terrain.FORTRESS, Terrain.KEEP):
                x, y = square_centre(sq)
                arcade.draw_texture_rect(textures.castle(board.terrain[sq], st.control[sq]),
                                         arcade.XYWH(x, y, CELL, CELL))
        for c in range(SIZE):
            self.texts.draw(f"col{c}", COLUMNS[c], BOARD_X + c * CELL + CELL / 2, BOARD_Y - 20, DIM, 10,
                            anchor_x="center")
            self.texts.draw(f"row{c}", str(c + 1), BOARD_X - 10, BOARD_Y + c * CELL + CELL / 2 - 5, DIM, 10,
                            anchor_x="right")
        for aid, army in sorted(st.armies.items()):
            x, y = square_centre(army.square)
            size = CELL * 0.6
            arcade.draw_texture_rect(textures.counter(army.owner), arcade.XYWH(x, y, size, size))
            if army.experience:
                self.texts.draw(f"xp{aid}", f"+{army.experience}", x + size / 2 - 2, y - size / 2, GOLD, 10,
                                bold=True)
        for aid in set(self._xp_keys) - set(st.armies):
            self.texts.draw(f"xp{aid}", "", 0, 0, GOLD, 10)
        self._xp_keys = set(st.armies)
        r = self.replay
        if r.position:
            step = r.steps[r.position - 1]
            action = parse_action(step.action)
            if isinstance(action, (Move, Attack)) and step.actor >= 0:
                (x0, y0), (x1, y1) = square_centre(action.src), square_centre(action.dst)
                colour = (*PLAYER_LIGHT[step.actor], 220)
                arcade.draw_line(x0, y0, x1, y1, colour, 4)
                arcade.draw_circle_filled(x1, y1, 6, colour)

    def _draw_buttons(self) -> None:
        """The step buttons under the board."""
        r = self.replay
        specs = [
            ("start", "|< Start", r.position > 0, "The setup (Home)."),
            ("back", "< Back", r.position > 0, "One action back (Left)."),
            ("forward", "Next >", r.position < r.last, "One action on (Right)."),
            ("end", "End >|", r.position < r.last, "The end of the game (End)."),
            ("prevbattle", "< Battle", any(b < r.position for b in r.battles), "The previous battle (Shift+B)."),
            ("nextbattle", "Battle >", any(b > r.position for b in r.battles), "The next battle (B)."),
            ("leave", "Back", True, "Leave the replay (Esc)."),
        ]
        w = (CELL * SIZE - 6 * 6) / len(specs)
        self.buttons = [Button(key, label, (BOARD_X + i * (w + 6), 100, w, 34), enabled, tip,
                               accent=(84, 70, 58) if key == "leave" else (150, 52, 44))
                        for i, (key, label, enabled, tip) in enumerate(specs)]

    def _draw_chart(self) -> None:
        """Each seat's winning chance by the AI's value over the game, the cursor, 50%."""
        r = self.replay
        left, bottom, w, h = chart_rect()
        self.texts.draw("charth", "Winning chance by the AI's value (click to jump)", left, bottom + h + 10, GOLD, 12,
                        bold=True)
        panel(left, bottom, w, h, fill=(36, 32, 28))
        arcade.draw_line(left, bottom + h / 2, left + w, bottom + h / 2, (90, 80, 70), 1)
        n = max(1, r.last)
        values = r.values
        players = r.record.game.num_players
        for seat in range(players):
            points = [(left + w * i / n, bottom + h * v[seat]) for i, v in enumerate(values)]
            if len(points) >= 2:
                arcade.draw_line_strip(points, PLAYER_COLOURS[seat], 2)
        for b in r.battles:  # battles as ticks along the bottom
            x = left + w * b / n
            arcade.draw_line(x, bottom, x, bottom + 6, DIM, 1)
        x = left + w * r.position / n
        arcade.draw_line(x, bottom, x, bottom + h, GOLD, 2)
        done = len(values) > r.last
        chances = r.chances()
        if chances is None:
            text = f"Computing the chances... {len(values) * 100 // (r.last + 1)}%"
        else:
            text = "   ".join(f"{seat_label(s, None)} {c:.0%}" for s, c in enumerate(chances))
        self.texts.draw("chances", text, left, bottom - 22, INK if done or chances else DIM, 12, bold=True)

    def _draw_battle(self) -> None:
        """The battle this step revealed, both commitments and the force breakdown."""
        left, bottom, w, _h = chart_rect()
        report = self.replay.battle
        lines: list[str] = []
        if report is not None:
            for line in narrate.battle_text(report, None):
                lines += wrap_width(line.strip(), w - 20, 11)
        for i in range(5):
            text = lines[i] if i < len(lines) else ""
            self.texts.draw(f"battle{i}", text, left + 10, 500 - 18 * i, GOLD if i == 0 else INK, 11,
                            bold=i == 0)
        if report is not None:
            arcade.draw_lbwh_rectangle_outline(left, 500 - 18 * min(5, len(lines)) + 6, w, 18 * min(5, len(lines)) + 12,
                                               GOLD, 1)

    def _draw_log(self) -> None:
        """The log up to the cursor, the current step's lines in gold."""
        left, _bottom, w, _h = chart_rect()
        rows: list[tuple[str, int, bool]] = []
        for text, actor, current in self.replay.log(LOG_LINES):
            for part in wrap_width(text, w - 10, 11):
                rows.append((part, actor, current))
        rows = rows[-LOG_LINES:]
        self.texts.draw("logh", "Game log", left, 402, DIM, 11, bold=True)
        for i in range(LOG_LINES):
            text, actor, current = rows[i] if i < len(rows) else ("", -1, False)
            colour = GOLD if current else PLAYER_LIGHT[actor] if actor >= 0 else DIM
            self.texts.draw(f"log{i}", text, left, 380 - 19 * i, colour, 11, bold=current)

    # ----- input -------------------------------------------------------------------------------------
    def press(self, key: str) -> None:
        """A step button (also used by tests)."""
        r = self.replay
        {"start": lambda: r.jump(0), "back": r.back, "forward": r.forward, "end": lambda: r.jump(r.last),
         "prevbattle": r.previous_battle, "nextbattle": r.next_battle, "leave": self.back_to}[key]()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """A button, or the chart: jump to the step under the pointer."""
        left, bottom, w, h = chart_rect()
        if left <= x <= left + w and bottom <= y <= bottom + h:
            self.replay.jump(round((x - left) / w * self.replay.last))
            return
        super().on_mouse_press(x, y, button, modifiers)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Keyboard stepping."""
        k = arcade.key
        r = self.replay
        if symbol == k.RIGHT:
            r.forward()
        elif symbol == k.LEFT:
            r.back()
        elif symbol == k.PAGEDOWN:
            r.forward(10)
        elif symbol == k.PAGEUP:
            r.back(10)
        elif symbol == k.HOME:
            r.jump(0)
        elif symbol == k.END:
            r.jump(r.last)
        elif symbol == k.B:
            r.previous_battle() if modifiers & k.MOD_SHIFT else r.next_battle()
        elif symbol == k.ESCAPE:
            self.back_to()
