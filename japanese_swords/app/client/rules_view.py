"""Rules reference (F1): turn sequence, the card list and the terrain table; in a game with rule modules a
second page (Tab) shows each module's rules, read from docs/variants.md (:mod:`.rules_text`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from japanese_swords.board import DEFENSE, MOVE_COST, TERRAIN_NOTES, Terrain
from japanese_swords.cards import CARD_TYPES, EFFECTS

from . import textures
from .rules_text import BODY, NOTE, RULE, TITLE, module_lines
from .theme import BG, DIM, GOLD, INK, SCREEN, SERIF, WINDOW_H
from .widgets import Button, TextCache, panel

if TYPE_CHECKING:
    from .navigation import GameHost

TURN = [
    "Each turn: Revenue, Expense, Draw, Honor, Travel, Battle.",
    "Revenue: 3 gold per fortress, 1 per keep. Prosperity +3 gold.",
    "Expense: 1 gold per army; raise armies for 4 gold on/next to your fortress.",
    "Draw: first card free, each further card 1 gold.",
    "Honor: buy 1 honor for 1 gold (once); Much Honor +4; Intrigue.",
    "Travel: each army moves once with 2 movement points.",
    "Battle: each army may attack one adjacent enemy. Both draw 5 cards",
    "  and secretly commit 1-7 (max 5 soldiers, 1 Daimyo, 1 Ninja).",
    "Force = cards + experience (+ terrain for the defender).",
    "Defender wins ties. Winner +3 honor and +1 experience,",
    "  loser -1 honor and loses the army. Winner discards to 8, loser to 3.",
    "  A winner whose enemy stood in a keep or fortress moves in and takes it.",
    "Win: 50 honor, or be the last player holding a fortress.",
]


#: The modules page: line height and font size of its text, the characters a column holds.
LINE_H, LINE_SIZE, COLUMN_CHARS = 17, 10.5, 86
_STYLE = {TITLE: (GOLD, 13, True), NOTE: (DIM, 10, False), BODY: (INK, LINE_SIZE, False),
          RULE: (INK, LINE_SIZE, False)}


class RulesView(arcade.View):
    """The rules reference: the classic page, and in a game with rule modules a page of the modules' rules
    (Tab or the page button switches; Up/Down, Page Up/Down and the wheel scroll it). Escape, F1 or Back
    returns to the previous screen."""

    def __init__(self, context: GameHost, back: arcade.View) -> None:
        super().__init__()
        self.context = context
        self.back = back
        self.texts = TextCache()
        self.mouse = (0.0, 0.0)
        self.button = Button("back", "Back (Esc)", (SCREEN.w - 190, 24, 160, 36))
        self.modules = self._game_modules()
        self.page_button = Button("page", "Rule modules (Tab)", (SCREEN.w - 420, 24, 210, 36))
        self.page = "classic"
        self.scroll = 0  # the modules page: first line shown
        self.lines = module_lines(self.modules, COLUMN_CHARS) if self.modules else []

    def _game_modules(self) -> tuple[str, ...]:
        """The rule modules of the game being played (none when the page is opened outside a game)."""
        controller = self.context.controller
        if controller is None or not hasattr(self.back, "controller"):
            return ()
        return controller.session.state.game.rules.modules

    def rows(self) -> int:
        """Lines one column of the modules page holds."""
        return int((WINDOW_H - 190) // LINE_H)

    def visible(self) -> list[tuple[str, str]]:
        """The modules page's lines on screen now: two columns from ``scroll``."""
        return self.lines[self.scroll:self.scroll + 2 * self.rows()]

    def scroll_by(self, lines: int) -> None:
        """Scroll the modules page, kept between the first line and the last screenful."""
        top = max(0, len(self.lines) - 2 * self.rows())
        self.scroll = min(top, max(0, self.scroll + lines))

    def toggle_page(self) -> None:
        """Switch between the classic rules and the modules' rules (only in a game with modules)."""
        if not self.modules:
            return
        self.page = "modules" if self.page == "classic" else "classic"
        self.page_button.label = "Classic rules (Tab)" if self.page == "modules" else "Rule modules (Tab)"

    def frame_key(self) -> int:
        """Nothing here moves by itself: the window redraws this screen only after input or a resize."""
        return 0

    def on_show_view(self) -> None:
        """Set the background when the screen is shown."""
        self.window.background_color = BG

    def on_update(self, delta_time: float) -> None:
        """Advance the game (and this screen) by one frame."""
        controller = self.context.controller
        if controller is not None and hasattr(self.back, "controller"):
            controller.update(delta_time)  # the AI keeps playing while the rules are open

    def on_draw(self) -> None:
        """Draw the screen."""
        self.clear()
        if self.page == "modules":
            self.draw_modules()
        else:
            self.draw_classic()
        if self.modules:
            self.page_button.draw(self.texts, self.page_button.contains(*self.mouse))
        self.button.draw(self.texts, self.button.contains(*self.mouse))

    def draw_modules(self) -> None:
        """The modules' rules in two columns, scrolled to ``scroll``."""
        names = ", ".join(spec.split(":")[0] for spec in self.modules)
        self.texts.draw("t", "Rule modules of this game", 30, WINDOW_H - 50, GOLD, 26, font=SERIF, bold=True)
        self.texts.draw("mn", names, 30, WINDOW_H - 74, DIM, 11)
        width = (SCREEN.w - 60) / 2
        rows = self.rows()
        for col in range(2):
            panel(20 + col * (width + 20), 80, width, WINDOW_H - 170, fill=(44, 38, 34))
        for i, (style, text) in enumerate(self.visible()):
            col, row = divmod(i, rows)
            colour, size, bold = _STYLE[style]
            self.texts.draw(f"m{i}", text, 34 + col * (width + 20), WINDOW_H - 112 - LINE_H * row, colour, size,
                            bold=bold)
        if len(self.lines) > 2 * rows:
            shown = f"lines {self.scroll + 1}-{min(len(self.lines), self.scroll + 2 * rows)} of {len(self.lines)}"
            self.texts.draw("ms", f"{shown}: Up/Down, Page Up/Down or the wheel scroll", 30, 40, DIM, 10)

    def draw_classic(self) -> None:
        """The classic rules: cards, terrain and the turn."""
        self.texts.draw("t", "Rules reference", 30, WINDOW_H - 50, GOLD, 26, font=SERIF, bold=True)
        panel(20, 80, 700, WINDOW_H - 150, fill=(44, 38, 34))
        self.texts.draw("ch", "Cards (116)", 34, WINDOW_H - 100, GOLD, 14, bold=True)
        self.texts.draw(
            "chh",
            "#    Card                          Force  Notes",
            34,
            WINDOW_H - 122,
            DIM,
            10,
            font=("DejaVu Sans Mono", "Courier New"),
        )
        for i, card in enumerate(CARD_TYPES):
            y = WINDOW_H - 144 - 33 * i
            arcade.draw_texture_rect(textures.card(card), arcade.LBWH(34, y - 8, 20, 28))
            self.texts.draw(f"c{i}", f"{card.count:>2}  {card.title}", 62, y + 6, INK, 11, bold=True)
            self.texts.draw(f"cf{i}", str(card.force), 300, y + 6, GOLD, 11, bold=True, anchor_x="center")
            self.texts.draw(f"ce{i}", EFFECTS[i], 324, y + 6, INK, 9.5, width=390, multiline=True)
        panel(740, 80, SCREEN.w - 760, WINDOW_H - 150, fill=(44, 38, 34))
        self.texts.draw("th", "Terrain", 754, WINDOW_H - 100, GOLD, 14, bold=True)
        for i, t in enumerate(Terrain):
            y = WINDOW_H - 150 - 44 * i
            arcade.draw_texture_rect(textures.terrain(t, 0), arcade.LBWH(754, y - 8, 38, 38))
            if t in (Terrain.FORTRESS, Terrain.KEEP):
                arcade.draw_texture_rect(textures.castle(t, -1), arcade.LBWH(754, y - 8, 38, 38))
            cost = "X" if MOVE_COST[i] is None else str(MOVE_COST[i])
            defence = "X" if t == Terrain.IMPASSABLE else f"{DEFENSE[i]:+d}"
            self.texts.draw(f"t{i}", f"{t.title}", 802, y + 14, INK, 12, bold=True)
            self.texts.draw(
                f"td{i}", f"move {cost}   defence {defence}   {TERRAIN_NOTES[i]}", 802, y - 4, DIM, 10
            )
        self.texts.draw("tuh", "Turn", 754, WINDOW_H - 470, GOLD, 14, bold=True)
        for i, line in enumerate(TURN):
            self.texts.draw(f"tu{i}", line, 754, WINDOW_H - 494 - 17 * i, INK, 10)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Remember the pointer for hover effects."""
        self.mouse = (x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Handle a click."""
        if self.button.contains(x, y):
            self.close()
        elif self.modules and self.page_button.contains(x, y):
            self.toggle_page()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """The wheel scrolls the modules page, three lines a notch."""
        if self.page == "modules":
            self.scroll_by(-3 * round(scroll_y))

    def close(self) -> None:
        """Back to the previous screen."""
        self.window.show_view(self.back)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Keyboard shortcuts."""
        if symbol in (arcade.key.ESCAPE, arcade.key.F1):
            self.close()
        elif symbol == arcade.key.TAB:
            self.toggle_page()
        elif self.page == "modules":
            step = {arcade.key.UP: -1, arcade.key.DOWN: 1, arcade.key.PAGEUP: -self.rows(),
                    arcade.key.PAGEDOWN: self.rows()}.get(symbol, 0)
            self.scroll_by(step)
