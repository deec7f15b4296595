"""The menu: new game (map with thumbnail, opponents, difficulty, seed, hints), load or replay a game,
the map editor's files, rules, settings, quit, and the AI's first-start preparation line."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import arcade

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.maps import load_map

from . import textures
from .library import map_file_info, map_label, maps_dir, maps_for, menu_saves, user_maps
from .opponents import DIFFICULTIES
from .seating import preset_of
from .theme import BAD, CLANS, DIM, GOLD, INK, SCREEN, SERIF, WINDOW_H
from .widgets import Button, ButtonScreen, fit_size, panel, tooltip, wrap, wrap_width

if TYPE_CHECKING:
    from .navigation import MenuHost


MAX_MAPS = 5  # map choices shown for a player count (the panel's room)


class MenuView(ButtonScreen, arcade.View):
    """Choose and start a game, or load one from the save folder."""

    def __init__(self, context: MenuHost) -> None:
        super().__init__()
        self.context = context
        self.loading = False
        self.editing = False  # the map editor's file list is open
        self.confirm_quit = False  # Quit pressed while a game is in progress: asking first
        self.flavour_bottom = 0.0
        self._fix_map()

    @property
    def settings(self):
        """The menu's settings."""
        return self.context.settings

    def _fix_map(self) -> None:
        """Keep the chosen map consistent with the number of opponents."""
        players = self.settings.opponents + 1
        try:
            fits = load_map(self.settings.map_name).players == players
        except JapaneseSwordsError:
            fits = False
        maps = maps_for(players)
        if not fits and maps:
            self.settings.pick_map(maps[0])

    def frame_key(self) -> object:
        """Only the AI's preparation line moves by itself: the window redraws this screen after input, a
        resize or a step of that preparation."""
        warm = self.context.warmup
        return 0 if warm is None else warm.frame_key()

    def on_draw(self) -> None:
        """Draw the screen."""
        self.clear()
        self.buttons = []
        s = self.settings
        cx = SCREEN.w / 2
        self.texts.draw(
            "title", "Japanese Swords", cx, WINDOW_H - 90, GOLD, 44, anchor_x="center", font=SERIF, bold=True
        )
        self.texts.draw(
            "sub",
            "Feudal warfare with cards - conquer the enemy fortress or reach 50 honor",
            cx,
            WINDOW_H - 124,
            DIM,
            13,
            anchor_x="center",
        )
        left = 140
        panel(left - 20, 150, 640, 480, fill=(44, 38, 34))
        self.texts.draw("ng", "New game", left, 598, GOLD, 18, font=SERIF, bold=True)
        y = 560
        self.texts.draw("opp", "Opponents", left, y + 8, INK, 13)
        for i, n in enumerate((1, 2, 3)):
            self._choice(f"opp:{n}", str(n), (left + 140 + i * 60, y, 52, 28), s.opponents == n)
        y -= 44
        self.texts.draw("diff", "Difficulty", left, y + 8, INK, 13)
        for i, d in enumerate(DIFFICULTIES):
            self._choice(f"diff:{d}", d, (left + 140 + i * 100, y, 92, 28), s.difficulty == d)
        y -= 44
        self.texts.draw("seed", "Seed", left, y + 8, INK, 13)
        self.texts.draw("seedv", str(s.seed), left + 140, y + 8, GOLD, 13, bold=True)
        self._choice("seed:-", "-", (left + 240, y, 32, 28), False)
        self._choice("seed:+", "+", (left + 278, y, 32, 28), False)
        self._choice("seed:new", "random", (left + 316, y, 80, 28), False)
        self.buttons.append(
            Button("hints", "Hints: on" if s.hints else "Hints: off", (left + 440, y, 120, 28), True,
                   "Whether you may ask \"What would the AI do?\" (H) in this game.",
                   accent=(84, 70, 58))
        )
        y -= 44
        self.texts.draw("seat", "Your clan", left, y + 8, INK, 13)
        s.seat = min(s.seat, s.opponents)
        for i in range(s.opponents + 1):
            self._choice(
                f"seat:{i}", f"{CLANS[i]} (p{i + 1})", (left + 140 + i * 112, y, 106, 28), s.seat == i
            )
        y -= 44
        self.texts.draw("map", "Map", left, y + 8, INK, 13)
        maps = maps_for(s.opponents + 1)[:MAX_MAPS]  # shipped maps first, then the player's own
        if s.map_name not in maps and len(maps) == MAX_MAPS:
            maps[-1] = s.map_name  # the chosen map is always shown
        for i, name in enumerate(maps):
            self._choice(f"map:{name}", map_label(name), (left + 140, y - i * 34, 200, 28), s.map_name == name)
        thumb = textures.thumbnail(s.map_name)
        thumb_size = 120
        if thumb is not None:
            arcade.draw_texture_rect(thumb, arcade.LBWH(left + 370, y + 28 - thumb_size, thumb_size, thumb_size))
            arcade.draw_lbwh_rectangle_outline(left + 370, y + 28 - thumb_size, thumb_size, thumb_size, GOLD, 1)
        try:
            board = load_map(s.map_name)
            flavour = board.flavour
            if board.modules:  # the map's modules: line, which the table starts from (docs/maps.md)
                flavour += f" Default rules: {preset_of(board.modules) or ', '.join(board.modules)}."
        except JapaneseSwordsError:  # a broken map file: say so instead of crashing the menu
            flavour = "(this map cannot be loaded)"
        # the map's description sits between the map choices and the Start button, never over it
        top = min(y - (len(maps) - 1) * 34, y + 28 - thumb_size) - 22
        start_top = 166 + 40
        room = max(1, int((top - start_top - 8) // 17) + 1)
        lines = wrap_width(flavour, 596, 11)  # measured: the description stays inside the panel
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = lines[-1][:80].rstrip() + "..."
        for i in range(max(4, len(lines))):
            text = lines[i] if i < len(lines) else ""
            self.texts.draw(f"flav{i}", text, left, top - 17 * i, DIM, 11)
        self.flavour_bottom = top - 17 * (len(lines) - 1) - 4
        self.buttons.append(
            Button(
                "start",
                "Start game",
                (left, 166, 200, 40),
                True,
                self._start_tip(),
            )
        )
        custom = s.table is not None and len(s.table) == s.opponents + 1
        self.buttons.append(
            Button(
                "table",
                "Players & rules*" if custom or s.modules else "Players & rules",
                (left + 210, 166, 190, 40),
                True,
                "Each seat human or AI, each AI's level and personality; rule modules. " + self._table_line(),
            )
        )
        # right column
        rx = 820
        self.buttons.append(
            Button("load", "Load game", (rx, 560, 220, 40), True, f"Saved games in {self.context.saves}")
        )
        self.buttons.append(
            Button("rules", "Rules", (rx, 508, 220, 40), True, "Cards, terrain, turn sequence")
        )
        self.buttons.append(
            Button("settings", "Settings", (rx, 456, 220, 40), True, "Sound, AI speed, auto-end, window")
        )
        self.buttons.append(Button("quit", "Quit", (rx + 230, 456, 110, 40), True, ""))
        self.buttons.append(
            Button("editor", "Map editor", (rx + 230, 612, 110, 40), True, f"Make or repair maps in {maps_dir()}")
        )
        self.buttons.append(
            Button("tutorial", "Tutorial", (rx + 230, 560, 110, 40), True,
                   "A short scripted game: the phases, a secret battle commitment, Diplomacy and Intrigue.")
        )
        self.buttons.append(
            Button("career", "Career", (rx + 230, 508, 110, 40), True,
                   "Your games against the AI: wins by map and level, average honor.")
        )
        c = self.context.controller
        if c is not None and not c.session.state.is_terminal() and not self.context.autoplay:
            self.buttons.append(
                Button("resume", "Resume game", (rx, 612, 220, 40), True, "Back to the game in progress.")
            )
        if self.loading:
            self._draw_saves(rx)
        elif self.editing:
            self._draw_map_files(rx)
        if self.context.notice:
            for i, line in enumerate(wrap(self.context.notice, 120)[:2]):
                self.texts.draw(f"notice{i}", line, 120, 100 - 18 * i, BAD, 11)
        self._draw_warmup()
        if self.confirm_quit:
            self._confirm_box()
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse))
        for b in self.buttons:
            if b.contains(*self.mouse) and b.tooltip:
                tooltip(self.texts, wrap(b.tooltip, 60), *self.mouse, SCREEN.w, WINDOW_H)

    def _draw_saves(self, rx: float) -> None:
        """The save browser: newest first, each with its map's picture, map name, round, date and kind."""
        saves = menu_saves(self.context.saves)  # damaged ones with their reason, never more than two
        self.texts.draw("saves", "Saved games (newest first):" if saves else "No saved games yet.", rx, 420, GOLD, 12)
        width = min(440.0, SCREEN.w - rx - 30)
        for i in range(6):
            y = 360 - i * 58
            if i >= len(saves):
                for part in ("a", "b"):
                    self.texts.draw(f"save{i}{part}", "", rx, y, INK, 11)
                continue
            info = saves[i]
            thumb = textures.thumbnail_of_text(info.map_text) if info.map_text else None
            if not info.error:  # first, so a click on it is not taken by the row's own button
                self.buttons.append(Button(f"replay:{info.path}", "Replay", (rx + width - 78, y + 18, 70, 26), True,
                                           "Step through this game with each side's winning chance."))
            self.buttons.append(
                Button(f"file:{info.path}", "", (rx, y - 6, width, 52), not info.error, str(info.path), hidden=True)
            )
            panel(rx, y - 6, width, 52, fill=(52, 44, 38))
            if thumb is not None:
                arcade.draw_texture_rect(thumb, arcade.LBWH(rx + 4, y - 2, 44, 44))
            kind = "autosave" if info.autosave else "save"
            status = "finished" if info.finished else f"round {info.round}"
            head = info.error or f"{info.map_name}  -  {status}  -  {info.seats} players"
            self.texts.draw(f"save{i}a", head, rx + 56, y + 26, INK if not info.error else BAD, 12, bold=True)
            line = f"{info.date}   {kind}   {info.path.name}"
            self.texts.draw(f"save{i}b", line, rx + 56, y + 6, DIM, fit_size(line, width - 62, 10))

    def _draw_map_files(self, rx: float) -> None:
        """The map editor's files: a new map, then the player's maps with their players or, for a map that
        does not load, its first problem (the editor opens it and lists them all)."""
        width = min(440.0, SCREEN.w - rx - 30)
        head = f"Map editor: your maps in {maps_dir()}"
        self.texts.draw("saves", head, rx, 420, GOLD, fit_size(head, width, 12))
        self.buttons.append(Button("edit:new", "New map", (rx, 366, 140, 36), True, "A blank 2-player map"))
        files = user_maps(limit=5)
        for i in range(6):
            y = 310 - i * 50
            if i >= len(files):
                for part in ("a", "b"):
                    self.texts.draw(f"save{i}{part}", "", rx, y, INK, 11)
                continue
            info = map_file_info(files[i])
            self.buttons.append(
                Button(f"edit:{info.path}", "", (rx, y - 6, width, 44), True, str(info.path), hidden=True)
            )
            panel(rx, y - 6, width, 44, fill=(52, 44, 38))
            self.texts.draw(f"save{i}a", f"{info.name}  -  {info.path.name}", rx + 10, y + 18, INK, 12, bold=True)
            line = f"cannot be played: {info.error}" if info.error else f"{info.players} players"
            self.texts.draw(f"save{i}b", line, rx + 10, y, BAD if info.error else DIM, fit_size(line, width - 20, 10))

    def _draw_warmup(self) -> None:
        """The AI's first-start preparation: one line and a progress bar under the new-game panel."""
        warm = self.context.warmup
        line = "" if warm is None else warm.line()
        head, _, step = line.partition(" - ")  # "Preparing ...: 38%" and, under it, what it is doing
        self.texts.draw("warmup", head, 120, 133, GOLD if warm and not warm.error else BAD, 12)
        self.texts.draw("warmupstep", step, 120, 117, DIM, 10)
        if warm is not None and line and not warm.done:
            arcade.draw_lbwh_rectangle_outline(460, 133, 260, 10, (120, 100, 70), 1)
            arcade.draw_lbwh_rectangle_filled(460, 133, 260 * warm.progress(), 10, GOLD)

    def _table_line(self) -> str:
        """Who sits at the table and the rule modules, in one line."""
        s = self.settings
        seats = s.seats(s.opponents + 1)
        who = ", ".join(f"{CLANS[i]}: {c.describe()}" for i, c in enumerate(seats))
        return f"Now: {who}; rules: {', '.join(s.modules) or 'classic'}."

    def _start_tip(self) -> str:
        """The Start button's tooltip: who you play, or the hot-seat table."""
        s = self.settings
        seats = s.seats(s.opponents + 1)
        humans = [i for i, c in enumerate(seats) if c.human]
        if s.table is not None and len(humans) > 1:
            clans = ", ".join(CLANS[i] for i in humans)
            return f"Hot seat: {clans} share this screen; turn order drawn at random. {self._table_line()}"
        seat = humans[0] if humans else s.seat
        return f"You play {CLANS[seat]} (p{seat + 1}); turn order by rock-paper-scissors. {self._table_line()}"

    def _confirm_box(self) -> None:
        """Quit with a game in progress: ask first (the game is autosaved either way)."""
        cx = SCREEN.w / 2
        arcade.draw_lbwh_rectangle_filled(0, 0, SCREEN.w, WINDOW_H, (0, 0, 0, 150))
        panel(cx - 260, 300, 520, 180, fill=(52, 44, 38), edge=GOLD)
        self.texts.draw("cq1", "Quit the game in progress?", cx, 440, GOLD, 18, anchor_x="center", font=SERIF)
        self.texts.draw(
            "cq2", "It is autosaved: Load game brings it back.", cx, 405, INK, 12, anchor_x="center"
        )
        self.buttons = [
            Button("quit:yes", "Quit", (cx - 230, 320, 210, 40), True, ""),
            Button("quit:no", "Keep playing", (cx + 20, 320, 210, 40), True, "", accent=(84, 70, 58)),
        ]

    def _choice(self, key: str, label: str, rect, selected: bool) -> None:
        """A toggle button (highlighted when selected)."""
        self.buttons.append(
            Button(key, label, rect, True, "", accent=(150, 52, 44) if selected else (84, 70, 58))
        )

    def press(self, key: str) -> None:
        """Handle a menu button by key (also used by tests)."""
        s = self.settings
        kind, _, value = key.partition(":")
        if kind in ("opp", "diff", "seat"):
            s.table = None  # the menu's own choices replace a table set on the Players & rules screen
        if kind == "opp":
            s.opponents = int(value)
            self._fix_map()
        elif kind == "diff":
            s.difficulty = value
        elif kind == "map":
            s.pick_map(value)  # the map's default modules replace the table's
        elif kind == "seed":
            if value == "new":
                s.seed = random.SystemRandom().randrange(1_000_000)
            else:
                s.seed = max(0, s.seed + (1 if value == "+" else -1))
        elif kind == "start":
            self.context.notice = ""
            self.context.new_game()
        elif kind == "load":
            self.loading, self.editing = not self.loading, False
        elif kind == "editor":
            self.editing, self.loading = not self.editing, False
        elif kind == "edit":
            self.context.notice = ""
            self.context.show_editor(None if value == "new" else value)
        elif kind == "file":
            self.context.notice = ""
            self.context.load(value)
        elif kind == "replay":
            self.context.notice = ""
            self.context.show_replay(value)
        elif kind == "resume":
            self.context.show_game()
        elif kind == "rules":
            self.context.show_rules(self)
        elif kind == "settings":
            self.context.show_settings(self)
        elif kind == "hints":
            s.hints = not s.hints
        elif kind == "table":
            self.context.show_table(self)
        elif kind == "career":
            self.context.show_career(self)
        elif kind == "tutorial":
            self.context.notice = ""
            self.context.start_tutorial()
        elif kind == "seat":
            s.seat = int(value)
        elif kind == "quit":
            if value == "yes" or not self.context.game_in_progress():
                self.context.quit()
            elif value == "no":
                self.confirm_quit = False
            else:
                self.confirm_quit = True

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Keyboard shortcuts."""
        if symbol in (arcade.key.ENTER, arcade.key.RETURN):
            self.press("start")
        elif symbol == arcade.key.F1:
            self.context.show_rules(self)
        elif symbol == arcade.key.ESCAPE:
            self.press("quit:no" if self.confirm_quit else "quit")
