"""The table screen (from the menu's *Players & rules*): each seat a human or an AI with its level and
personality, and the rule modules and presets the registry holds now. Back keeps the choices for Start."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.maps import load_map
from japanese_swords.modules import registry

from . import textures
from .opponents import PERSONALITY_NOTES
from .seating import SeatChoice, next_level, next_personality, offered_modules, preset_of, toggle_module
from .theme import BAD, CLANS, DIM, GOLD, INK, SCREEN, SERIF, WINDOW_H
from .widgets import Button, ButtonScreen, panel, tooltip, wrap, wrap_width

if TYPE_CHECKING:
    from .navigation import MenuHost

ON, OFF = (150, 52, 44), (84, 70, 58)


class TableView(ButtonScreen, arcade.View):
    """Choose who sits at the table and which rule modules the game uses."""

    def __init__(self, context: MenuHost, back: arcade.View) -> None:
        super().__init__()
        self.context = context
        self.back = back
        self.notice = ""
        self.page = 0  # of the rule modules, eight a page
        s = context.settings
        try:
            self.players = load_map(s.map_name).players
        except JapaneseSwordsError:
            self.players = s.opponents + 1
        s.table = [SeatChoice(c.human, c.level, c.personality) for c in s.seats(self.players)]

    @property
    def seats(self) -> list[SeatChoice]:
        """The table being edited (kept in the menu's settings)."""
        return self.context.settings.table or []

    def frame_key(self) -> int:
        """Nothing here moves by itself: redraw only after input or a resize."""
        return 0

    def on_draw(self) -> None:
        """Draw the seats, the modules and Back."""
        self.clear()
        self.buttons = []
        left = 80
        self.texts.draw("t", "Players and rules", SCREEN.w / 2, WINDOW_H - 70, GOLD, 30, anchor_x="center",
                        font=SERIF, bold=True)
        panel(left - 20, 436, SCREEN.w - 2 * left + 40, 284, fill=(44, 38, 34))
        self.texts.draw("ph", f"Seats ({self.context.settings.map_name}, {self.players} players)", left, 690,
                        GOLD, 15, bold=True)
        for i, seat in enumerate(self.seats):
            y = 636 - i * 50
            arcade.draw_texture_rect(textures.counter(i), arcade.XYWH(left + 16, y + 16, 34, 34))
            self.texts.draw(f"clan{i}", f"{CLANS[i]} (p{i + 1})", left + 44, y + 10, INK, 14, bold=True)
            self._choice(f"kind:{i}:human", "Human", (left + 200, y, 90, 32), seat.human)
            self._choice(f"kind:{i}:ai", "AI", (left + 296, y, 60, 32), not seat.human)
            if seat.human:
                self.texts.draw(f"note{i}", "plays on this screen (hot seat when several humans)",
                                left + 380, y + 10, DIM, 12)
                continue
            self._choice(f"level:{i}", f"Level: {seat.level}", (left + 380, y, 150, 32), False)
            self._choice(f"style:{i}", seat.personality.replace("_", " "), (left + 540, y, 150, 32), False)
            note = PERSONALITY_NOTES.get(seat.personality, "")
            self.texts.draw(f"note{i}", note, left + 704, y + 10, DIM, 11)
        humans = sum(s.human for s in self.seats)
        self.texts.draw("hs", f"{humans} human{'s' if humans != 1 else ''}: "
                        + ("each hands the screen to the next, whose hand stays hidden until they are ready."
                           if humans > 1 else "you play against the AIs."), left, 448, DIM, 12)
        self._modules(left)
        if self.notice:
            self.texts.draw("notice", self.notice, left, 76, BAD, 12)
        else:
            self.texts.draw("notice", "", left, 76, BAD, 12)
        self.buttons.append(Button("back", "Back (Esc)", (SCREEN.w - 220, 30, 160, 40), True,
                                   "Keep these choices for Start game"))
        self.buttons.append(Button("reset", "One human", (SCREEN.w - 400, 30, 160, 40), True,
                                   "Back to the menu's choice: you against AIs of its difficulty"))
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse))
        for b in self.buttons:
            if b.contains(*self.mouse) and b.tooltip:
                tooltip(self.texts, wrap(b.tooltip, 60), *self.mouse, SCREEN.w, WINDOW_H)

    def _modules(self, left: float) -> None:
        """The presets and every module the registry offers for this many players, with its description."""
        chosen = self.context.settings.modules
        panel(left - 20, 100, SCREEN.w - 2 * left + 40, 326, fill=(44, 38, 34))
        self.texts.draw("mh", "Rules: preset", left, 396, GOLD, 15, bold=True)
        current = preset_of(chosen)
        for i, name in enumerate(registry.PRESETS):
            self._choice(f"preset:{name}", name, (left + 160 + i * 130, 386, 120, 30), current == name)
        self.texts.draw("mh2", "Rule modules (click to add or remove)", left, 352, GOLD, 15, bold=True)
        names = [s.split(":")[0] for s in chosen]
        modules = offered_modules(self.players)
        per_page = 8
        pages = max(1, -(-len(modules) // per_page))
        self.page = min(self.page, pages - 1)
        shown = modules[self.page * per_page:(self.page + 1) * per_page]
        columns = 1 if len(shown) <= 4 else 2
        col_w = (SCREEN.w - 2 * left) / columns
        for i in range(per_page):
            module = shown[i] if i < len(shown) else None
            x = left + (i // 4) * col_w
            y = 300 - (i % 4) * 50
            lines = [] if module is None else wrap_width(module.description, col_w - 180, 11)
            if len(lines) > 2:
                lines = [lines[0], lines[1][:max(0, len(lines[1]) - 4)].rstrip() + "..."]
            for j in range(2):
                self.texts.draw(f"md{i}:{j}", lines[j] if j < len(lines) else "", x + 160, y + 17 - 15 * j,
                                INK, 11)
            if module is not None:
                self.buttons.append(Button(f"module:{module.name}", module.name, (x, y, 150, 30), True,
                                           f"{module.description} (from {module.source})",
                                           accent=ON if module.name in names else OFF))
        if pages > 1:
            self._choice("page", f"More modules ({self.page + 1}/{pages})", (SCREEN.w - left - 200, 344, 200, 28),
                         False)

    def _choice(self, key: str, label: str, rect, lit: bool) -> None:
        """A toggle button, lit when chosen."""
        self.buttons.append(Button(key, label, rect, True, "", accent=ON if lit else OFF))

    def press(self, key: str) -> None:
        """Handle a button by key (also used by tests)."""
        kind, _, rest = key.partition(":")
        s = self.context.settings
        self.notice = ""
        if kind == "kind":
            index, _, what = rest.partition(":")
            seat = self.seats[int(index)]
            if what == "ai" and seat.human and sum(c.human for c in self.seats) == 1:
                self.notice = "At least one seat is played by a human (Players and rules needs someone to play)."
                return
            seat.human = what == "human"
        elif kind == "level":
            seat = self.seats[int(rest)]
            seat.level = next_level(seat.level)
        elif kind == "style":
            seat = self.seats[int(rest)]
            seat.personality = next_personality(seat.personality)
        elif kind == "preset":
            s.modules = registry.preset_modules(rest)
        elif kind == "module":
            s.modules, self.notice = toggle_module(s.modules, rest, self.players)
        elif kind == "page":
            self.page += 1
            if self.page * 8 >= len(offered_modules(self.players)):
                self.page = 0
        elif kind == "reset":
            s.table = None
            self.close()
        elif kind == "back":
            self.close()

    def close(self) -> None:
        """Back to the menu."""
        self.window.show_view(self.back)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Escape is Back."""
        if symbol == arcade.key.ESCAPE:
            self.close()
