"""The side panel: title, the players' rows, the phase tracker, the prompt and notice, the phase and
utility buttons, the thinking indicator and the footer. Buttons come from the presenter (enabled or
not, and why); a click presses the button's key in the game view or clicks a player's row."""

from __future__ import annotations

import math
from collections.abc import Callable

import arcade

from japanese_swords.board import square_name
from japanese_swords.core import Phase
from japanese_swords.modules import teams

from . import textures
from .layout import Layout, Rect
from .narrate import shogun_status, weather_note
from .table import Part, Table
from .theme import (
    ACCENT,
    BAD,
    DIM,
    GOLD,
    INK,
    PLAYER_COLOURS,
    PLAYER_LIGHT,
    SERIF,
    SPEEDS,
    possessive,
    seat_label,
)
from .widgets import Button, inside, wrap

TRACK = (
    ("Revenue", (Phase.REVENUE,)),
    ("Expense", (Phase.EXPENSE,)),
    ("Draw", (Phase.DRAW,)),
    ("Honor", (Phase.HONOR,)),
    ("Travel", (Phase.TRAVEL,)),
    ("Battle", (Phase.BATTLE,)),
    ("F. March", (Phase.MARCH_TRAVEL, Phase.MARCH_BATTLE)),
)
UTILITY = (84, 70, 58)
KEYS = "Enter end phase   D draw   S skip AI   +/- AI speed   U undo   Ctrl+S save   H hint   F1 rules"


class PanelSection(Part):
    """The side panel of the game screen (the log inside it is its own section)."""

    def __init__(self, table: Table, notice: Callable[[], str]) -> None:
        super().__init__(table, "panel")
        self.notice = notice  # the view's current notice line
        self.player_rects: list[tuple[int, Rect]] = []
        self.counters: list[tuple[int, float, float]] = []  # drawn over their rows, after the boxes

    @staticmethod
    def area(layout: Layout) -> Rect:
        """The right of the screen."""
        return layout.panel_area

    # ----- drawing -----------------------------------------------------------------------------------
    def draw(self) -> None:
        """Title, players, tracker, prompt and buttons (boxes queued in the shared shape batch)."""
        t = self.table
        st = t.session.state
        lay = t.layout
        title = "Japanese Swords"
        if st.order is not None:
            title = f"Round {st.round} - {possessive(st.turn_player, t.session.human)} turn" + weather_note(st)
        if st.is_terminal():
            title = "Game over"
        t.texts.draw("title", title, lay.panel_x, lay.h - 32, GOLD, 17, font=SERIF, bold=True)
        self._draw_players()
        self._draw_tracker()
        self._draw_prompt()
        self._build_buttons()
        for b in t.buttons:
            hover = b.contains(*t.mouse) and not t.dialog_open
            b.draw(t.texts, hover, size=10 if b.rect[3] < 26 else 11, shapes=t.shapes)
        self._draw_footer()

    def _draw_players(self) -> None:
        """One row a player: counter, name (and AI), gold, cards, armies, income, honor bar."""
        t = self.table
        st, human, lay = t.session.state, t.session.human, t.layout
        self.player_rects, self.counters = [], []
        obs = t.session.observation(t.seat)
        target = st.game.rules.honor_to_win
        for seat in range(st.num_players):
            rect = lay.player_row(seat)
            x0, y = rect[0], rect[1] + 40
            self.player_rects.append((seat, rect))
            current = st.order is not None and seat == st.turn_player and not st.is_terminal()
            fill = (66, 56, 48) if current else (52, 46, 40)
            if t.presenter.mode == "intrigue" and st.alive[seat] and not teams.allied(st, seat, t.seat):
                fill = (96, 60, 50) if inside(*t.mouse, rect) else (80, 54, 46)
            t.shapes.panel(*rect, fill=fill, edge=GOLD if current else (90, 76, 60))
            self.counters.append((seat, x0 + 18, y - 21))
            name = seat_label(seat, human)
            if human is None or seat != human:
                agent = t.controller.agents[seat]
                name += f"  ({agent.name.split(':')[0]})" if agent is not None else ""
            if st.game.rules.modules and teams.active(st):  # partners share a tag (docs/variants.md)
                name += f"  [team {teams.team_name(seat)}]"
            colour = PLAYER_LIGHT[seat] if st.alive[seat] else DIM
            t.texts.draw(f"pname{seat}", name + ("" if st.alive[seat] else "  - out"), x0 + 38, y - 17, colour, 12,
                         bold=True)
            info = (f"gold {st.gold[seat]}   cards {obs.hand_sizes[seat]}   armies {len(st.armies_of(seat))}   "
                    f"income {st.revenue(seat)}") + shogun_status(obs.state, seat)
            t.texts.draw(f"pinfo{seat}", info, x0 + 38, y - 34, INK, 10)
            bx, bw = x0 + lay.panel_w - 180, 160
            frac = max(0.0, min(1.0, st.honor[seat] / target))
            t.shapes.filled(bx, y - 35, bw, 10, (30, 26, 24))
            t.shapes.filled(bx, y - 35, bw * frac, 10, PLAYER_COLOURS[seat])
            t.shapes.outline(bx, y - 35, bw, 10, (120, 100, 70), 1)
            t.texts.draw(f"phon{seat}", f"honor {st.honor[seat]}/{target}", bx + bw, y - 21, GOLD, 10,
                         anchor_x="right")

    def _draw_tracker(self) -> None:
        """The phase tracker: one pill a phase, the current one lit."""
        t = self.table
        lay, phase = t.layout, t.session.state.phase
        y = lay.tracker_top
        pill_w = (lay.panel_w - 6) / len(TRACK)
        for i, (label, phases) in enumerate(TRACK):
            lit = phase in phases
            left = lay.panel_x + i * pill_w
            t.shapes.filled(left + 1, y - 24, pill_w - 2, 22, ACCENT if lit else (58, 50, 44))
            t.shapes.outline(left + 1, y - 24, pill_w - 2, 22, GOLD if lit else (90, 80, 70), 1)
            t.texts.draw(f"track{i}", label, left + pill_w / 2, y - 13, INK if lit else DIM, 10, anchor_x="center",
                         anchor_y="center", bold=lit)

    def _draw_prompt(self) -> None:
        """What to do now (two lines) and the notice under it (an error, or a question in gold)."""
        t = self.table
        lay = t.layout
        x0, y = lay.panel_x, lay.prompt_top
        chars = max(74, int(lay.panel_w / 8))
        lines = wrap(t.presenter.prompt(), chars)[:2]
        for i in range(2):
            t.texts.draw(f"prompt{i}", lines[i] if i < len(lines) else "", x0, y - 14 - 16 * i, INK, 11)
        notice = self.notice()
        asking = t.presenter.pending_attack is not None  # a question, not an error
        limit = max(90, int(lay.panel_w / 6.6))
        shown = notice if len(notice) <= limit else notice[: limit - 3] + "..."
        t.texts.draw("notice", shown, x0, y - 48, GOLD if asking else BAD, 10)

    def _build_buttons(self) -> None:
        """The phase buttons from the presenter and the utility row."""
        t = self.table
        c, s, lay = t.controller, t.session, t.layout
        buttons = [Button(b.key, b.label, lay.phase_button(i), b.enabled, b.tooltip)
                   for i, b in enumerate(t.presenter.buttons())]
        utils = [
            ("undo", "Undo", s.can_undo() and not c.busy,
             "Take back your last action (not past a card draw, a battle or another player's move)."
             if s.can_undo() else "Nothing to undo since the last card draw, battle or other player's move."),
            ("save", "Save", True, f"Save the game into {t.host.saves}"),
            ("rules", "Rules (F1)", True, "Cards, terrain and the turn sequence."),
            ("settings", "Settings", True, "Sound, AI speed, auto-end of empty phases, window mode."),
            ("menu", "Menu", True, "Back to the menu (autosave keeps this game)."),
            ("speed", f"AI: {SPEEDS[c.speed][0]}", True, "How fast AI turns are shown (+/- keys). Click to change."),
            ("skip", "Skip AI (S)", c.busy or not c.human_to_act(), "Skip to the end of the AI's turn."),
        ]
        if c.hinter is not None:  # not in a game without hints
            utils.insert(0, ("hint", "Hint (H)", c.human_to_act() and not s.state.is_terminal(),
                             "What would the AI do? The opponents' search weighs your options (H)."))
        if s.state.is_terminal():
            utils[-1] = ("results", "Results", True, "Back to the game-over screen.")
        for i, (key, label, enabled, tip) in enumerate(utils):
            buttons.append(Button(key, label, lay.utility_button(i, len(utils)), enabled, tip, accent=UTILITY))
        t.buttons[:] = buttons

    def draw_counters(self) -> None:
        """The players' counters, on their rows (whose boxes are drawn before them)."""
        for seat, x, y in self.counters:
            arcade.draw_texture_rect(textures.counter(seat), arcade.XYWH(x, y, 30, 30))

    def _draw_footer(self) -> None:
        """The last battle in one line and the keyboard shortcuts, under the thinking indicator."""
        t = self.table
        report, human = t.session.state.last_battle, t.session.human
        if report is not None:
            who = "nobody (Diplomacy)" if report.winner is None else seat_label(report.winner, human)
            text = (f"Last battle at {square_name(report.defender_square)}: {report.attacker_force} vs "
                    f"{report.defender_force}, won by {who}")
        else:
            text = "No battle yet."
        battle_y, keys_y, hint_y = t.layout.footer
        x0 = t.layout.panel_x
        t.texts.draw("lastbattle", text, x0, battle_y, DIM, 10)
        t.texts.draw("keys", KEYS, x0, keys_y, DIM, 9)
        t.texts.draw("keys2", "Right-drag or arrows pan the board, wheel zooms, Home resets", x0, hint_y, DIM, 9)

    def draw_thinking(self) -> None:
        """Which AI is thinking, for how long, and a progress bar (the live layer)."""
        t = self.table
        c = t.controller
        seat = c.thinking
        if seat is None:
            return
        left, bottom = t.layout.thinking
        name = seat_label(seat, t.session.human)
        warm = c.warmup if c.warmup is not None and c.warmup.running and c.warmup.compiling else None
        # a game started before the AI's first-start preparation ended: say why this turn takes long
        text = "Preparing the AI (first start only)..." if warm else f"{name} is thinking... {c.think_time():4.1f} s"
        t.live_texts.draw("think", text, left + 30, bottom + 12, INK, 11)
        cx, cy = left + 12, bottom + 16
        for k in range(8):  # spinner
            a = t.elapsed * 5 + k * math.pi / 4
            arcade.draw_circle_filled(cx + 9 * math.cos(a), cy + 9 * math.sin(a), 2.5, (*GOLD, int(60 + 195 * k / 7)))
        p = warm.progress() if warm else c.think_progress()
        bw = 220
        bx = left + t.layout.panel_w - bw - 10
        arcade.draw_lbwh_rectangle_outline(bx, bottom + 8, bw, 10, (120, 100, 70), 1)
        if p is not None:
            arcade.draw_lbwh_rectangle_filled(bx, bottom + 8, bw * max(0.0, min(1.0, p)), 10, GOLD)
        else:
            frac = (0.5 + 0.5 * math.sin(t.elapsed * 3)) * 0.999
            arcade.draw_lbwh_rectangle_filled(bx + (bw - 40) * frac, bottom + 8, 40, 10, GOLD)

    # ----- input -------------------------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        """A click on a player's row (the Intrigue target when choosing one)."""
        for seat, rect in self.player_rects:
            if inside(x, y, rect):
                self.table.presenter.click_player(seat)
                return
