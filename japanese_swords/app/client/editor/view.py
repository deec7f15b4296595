"""The map editor window's view: the grid, brush palette, symmetry chips, header fields and the checker.

Drawing and hit-testing only: every mouse or key handler translates the event into one call on the
:class:`~japanese_swords.app.client.editor.model.EditorModel` and then redraws what the model reports. The
palette, symmetry and player chips, the buttons and the text fields (:mod:`.widgets`) are drawn and
hit-tested here, so tests drive everything through the handlers; buttons call the same ``do_*`` methods as
the keyboard shortcuts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import arcade
from pyglet.graphics import Batch

from japanese_swords.app.client.editor.model import BRUSHES, SYMMETRIES, EditorError, EditorModel
from japanese_swords.app.client.editor.widgets import Button, TextField
from japanese_swords.app.client.theme import BAD, BG, DIM, FONT, GOLD, GOOD, INK, PANEL_BG, PLAYER_COLOURS, RGB, SERIF
from japanese_swords.app.client.theme import PANEL_EDGE as EDGE
from japanese_swords.board import COLUMNS, SIZE, square_name
from japanese_swords.errors import JapaneseSwordsError

WINDOW_W, WINDOW_H = 1280, 800
TITLE = "Japanese Swords — Map Editor"
CELL = 64
GRID_X, GRID_Y = 52, 78  # bottom-left corner of square a1
GRID_PX = CELL * SIZE
PANEL_X = GRID_X + GRID_PX + 36
PANEL_W = WINDOW_W - PANEL_X - 24

WARN: RGB = (240, 176, 60)
CONDENSED = ("DejaVu Sans Condensed", "Arial Narrow", "DejaVu Sans", "Arial")

#: Fill colour and glyph colour of each map character; glyphs make terrain readable without colour.
TERRAIN_FILL: dict[str, RGB] = {
    ".": (222, 208, 168), "K": (236, 222, 186), ":": (214, 176, 112), "f": (92, 132, 72),
    "~": (88, 142, 176), "#": (96, 90, 86),
}
GLYPH: dict[str, tuple[str, RGB]] = {
    ".": ("", (0, 0, 0)), "K": ("♜", (110, 70, 36)), ":": ("∴", (140, 100, 50)), "f": ("♣", (40, 74, 34)),
    "~": ("≈", (210, 232, 246)), "#": ("▲", (54, 50, 48)),
}
#: Keyboard shortcut of each brush (the fortress digits are also their own shortcuts).
BRUSH_KEYS: dict[int, str] = {
    arcade.key.C: ".", arcade.key.K: "K", arcade.key.D: ":", arcade.key.F: "f", arcade.key.T: "~",
    arcade.key.I: "#", arcade.key.KEY_1: "1", arcade.key.KEY_2: "2", arcade.key.KEY_3: "3",
    arcade.key.KEY_4: "4",
}
SYMMETRY_SHORT = {"none": "None", "mirror-lr": "Mirror ⇆", "mirror-tb": "Mirror ⇅", "rotate180": "Turn 180°",
                  "rotate90": "Turn 90°"}
MAX_PROBLEM_LINES = 9


def fill_of(ch: str) -> RGB:
    """Square colour for a map character (fortresses take their player's colour)."""
    return PLAYER_COLOURS[int(ch) - 1] if ch.isdigit() else TERRAIN_FILL[ch]


def square_at(x: float, y: float) -> int | None:
    """The grid square under a window point, or None off the grid."""
    if not (GRID_X <= x < GRID_X + GRID_PX and GRID_Y <= y < GRID_Y + GRID_PX):
        return None
    return int((y - GRID_Y) // CELL) * SIZE + int((x - GRID_X) // CELL)


def square_lbwh(square: int) -> tuple[float, float, float, float]:
    """Window rectangle (left, bottom, width, height) of a square."""
    row, col = divmod(square, SIZE)
    return GRID_X + col * CELL, GRID_Y + row * CELL, CELL, CELL


def squares_between(x0: float, y0: float, x1: float, y1: float) -> list[int]:
    """Grid squares along the segment from (x0, y0) to (x1, y1), in order, sampled every quarter square."""
    steps = max(1, int(max(abs(x1 - x0), abs(y1 - y0)) / (CELL / 4)))
    out: list[int] = []
    for i in range(steps + 1):
        sq = square_at(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        if sq is not None and (not out or out[-1] != sq):
            out.append(sq)
    return out


@dataclass
class Chip:
    """A selectable rectangle drawn by the view: a brush, a symmetry mode or a player count."""

    kind: str  # "brush", "symmetry" or "players"
    value: str
    label: str
    left: float
    bottom: float
    width: float
    height: float

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.left + self.width and self.bottom <= y < self.bottom + self.height


class EditorView(arcade.View):
    """The editor screen. Construct, then call :meth:`setup` once the window exists."""

    def __init__(self, model: EditorModel, on_quit: Callable[[], None] | None = None) -> None:
        """Keep the model; widgets and text objects are built in :meth:`setup`. ``on_quit`` leaves the
        editor (the client's menu); without it Quit closes the window."""
        super().__init__()
        self.model = model
        self.on_quit = on_quit
        self.quit_warned = False  # Quit with unsaved changes warns once; a second Quit discards them
        self.brush = "."
        self.hover: int | None = None
        self.painting = False
        self.status = ""
        self.status_colour: RGB = DIM
        self.chips: list[Chip] = []
        self.fields: dict[str, TextField] = {}
        self.buttons: dict[str, Button] = {}

    # ----- construction --------------------------------------------------------------------------------
    def setup(self) -> None:
        """Build sprites, text objects, chips, buttons and fields, then show the model's current state."""
        self.background_color = BG
        self.cells = arcade.SpriteList()
        self.cell_sprites: list[arcade.SpriteSolidColor] = []
        self.glyph_batch = Batch()
        self.glyphs: list[arcade.Text] = []
        for sq in range(SIZE * SIZE):
            left, bottom, w, h = square_lbwh(sq)
            sprite = arcade.SpriteSolidColor(w - 2, h - 2, left + w / 2, bottom + h / 2, arcade.color.WHITE)
            self.cells.append(sprite)
            self.cell_sprites.append(sprite)
            self.glyphs.append(arcade.Text("", left + w / 2, bottom + h / 2, font_size=26, font_name=FONT,
                                           anchor_x="center", anchor_y="center", batch=self.glyph_batch))
        self.labels_batch = Batch()
        self.labels: list[arcade.Text] = []
        for c in range(SIZE):
            self.labels.append(arcade.Text(COLUMNS[c], GRID_X + c * CELL + CELL / 2, GRID_Y - 20, DIM, 12,
                                           font_name=FONT, anchor_x="center", batch=self.labels_batch))
        for r in range(SIZE):
            self.labels.append(arcade.Text(str(r + 1), GRID_X - 12, GRID_Y + r * CELL + CELL / 2, DIM, 12,
                                           font_name=FONT, anchor_x="right", anchor_y="center",
                                           batch=self.labels_batch))
        self.title = arcade.Text("", GRID_X, WINDOW_H - 36, INK, 20, font_name=SERIF, bold=True)
        self.subtitle = arcade.Text("", GRID_X, WINDOW_H - 58, DIM, 11, font_name=FONT, width=GRID_PX)
        self.status_text = arcade.Text("", GRID_X, 18, DIM, 11, font_name=FONT)
        self.hover_text = arcade.Text("", GRID_X + GRID_PX, 18, INK, 11, font_name=FONT, anchor_x="right")
        self.headings = Batch()
        self._heading_texts = [
            arcade.Text("BRUSH", PANEL_X, 768, GOLD, 10, font_name=FONT, bold=True, batch=self.headings),
            arcade.Text("SYMMETRY", PANEL_X, 650, GOLD, 10, font_name=FONT, bold=True, batch=self.headings),
            arcade.Text("MAP", PANEL_X, 590, GOLD, 10, font_name=FONT, bold=True, batch=self.headings),
            arcade.Text("Name", PANEL_X, 560, DIM, 11, font_name=FONT, batch=self.headings),
            arcade.Text("Flavour", PANEL_X, 528, DIM, 11, font_name=FONT, batch=self.headings),
            arcade.Text("Players", PANEL_X, 496, DIM, 11, font_name=FONT, batch=self.headings),
            arcade.Text("Seed", PANEL_X + 250, 496, DIM, 11, font_name=FONT, batch=self.headings),
            arcade.Text("Modules", PANEL_X, 466, DIM, 11, font_name=FONT, batch=self.headings),
            arcade.Text("Save as", PANEL_X, 402, DIM, 11, font_name=FONT, batch=self.headings),
            arcade.Text("CHECKER", PANEL_X, 362, GOLD, 10, font_name=FONT, bold=True, batch=self.headings),
        ]
        self.problem_batch = Batch()
        self.problem_texts = [arcade.Text("", PANEL_X + 22, 0, INK, 11, font_name=FONT, width=PANEL_W - 26,
                                          multiline=True, batch=self.problem_batch)
                              for _ in range(MAX_PROBLEM_LINES + 1)]
        self.problem_icons = [arcade.Text("", PANEL_X + 4, 0, INK, 12, font_name=FONT,
                                          batch=self.problem_batch)
                              for _ in range(MAX_PROBLEM_LINES + 1)]
        self.chip_batch = Batch()
        self._build_chips()
        self._build_widgets()
        self.refresh()
        if self.model.repairs:
            n = len(self.model.repairs)
            self.set_status(f"{Path(self.model.filename).name} was malformed: opened with {n} repair(s), listed "
                            "in the checker; save to keep them, Esc twice to leave it as it was", WARN)

    def _build_chips(self) -> None:
        """Lay out the brush palette (2 rows of 5), the symmetry modes and the player counts."""
        self.chips = []
        w, h, gap = (PANEL_W - 4 * 6) / 5, 44, 6
        for i, (ch, label) in enumerate(BRUSHES):
            row, col = divmod(i, 5)
            left, bottom = PANEL_X + col * (w + gap), 712 - row * (h + gap)
            self.chips.append(Chip("brush", ch, label, left, bottom, w, h))
        sw = (PANEL_W - 4 * 6) / 5
        for i, key in enumerate(SYMMETRIES):
            self.chips.append(Chip("symmetry", key, SYMMETRY_SHORT[key], PANEL_X + i * (sw + gap), 612, sw,
                                   30))
        for i, n in enumerate((2, 3, 4)):
            self.chips.append(Chip("players", str(n), str(n), PANEL_X + 70 + i * 44, 488, 38, 26))
        self.chip_texts: list[arcade.Text] = []
        for chip in self.chips:
            if chip.kind == "brush":
                text = arcade.Text(chip.label, chip.left + 34, chip.bottom + chip.height / 2, INK, 9,
                                   font_name=CONDENSED, anchor_y="center", batch=self.chip_batch)
            else:
                text = arcade.Text(chip.label, chip.left + chip.width / 2, chip.bottom + chip.height / 2, INK,
                                   10 if chip.kind == "symmetry" else 12, font_name=FONT, anchor_x="center",
                                   anchor_y="center", batch=self.chip_batch)
            self.chip_texts.append(text)
        self.chip_glyphs: list[arcade.Text] = []
        for chip in self.chips:
            if chip.kind == "brush":
                glyph = chip.value if chip.value.isdigit() else GLYPH[chip.value][0]
                colour = INK if chip.value.isdigit() else GLYPH[chip.value][1]
                cy = chip.bottom + chip.height / 2
                self.chip_glyphs.append(arcade.Text(glyph, chip.left + 17, cy, colour, 16, font_name=FONT,
                                                    bold=chip.value.isdigit(), anchor_x="center",
                                                    anchor_y="center", batch=self.chip_batch))

    def _build_widgets(self) -> None:
        """Text fields (name, flavour, seed, save-as file) and action buttons, wired to ``do_*``."""
        snap = self.model.current
        digits = "-0123456789".__contains__
        self.fields = {
            "name": TextField(PANEL_X + 70, 552, PANEL_W - 70, 26, snap.name),
            "flavour": TextField(PANEL_X + 70, 520, PANEL_W - 70, 26, snap.flavour),
            "seed": TextField(PANEL_X + 290, 488, 70, 26, "1", allowed=digits),
            "modules": TextField(PANEL_X + 70, 459, PANEL_W - 70, 25, snap.modules),
            "file": TextField(PANEL_X + 70, 394, PANEL_W - 70 - 110, 26, self.model.path or ""),
        }
        bw = (PANEL_W - 4 * 6) / 5
        actions = (("new", "New", self.do_new), ("undo", "Undo  ^Z", self.do_undo),
                   ("redo", "Redo  ^Y", self.do_redo), ("save", "Save  ^S", self.do_save),
                   ("check", "Recheck", self.do_recheck))
        self.buttons = {key: Button(label, PANEL_X + i * (bw + 6), 426, bw, 28, action)
                        for i, (key, label, action) in enumerate(actions)}
        self.buttons["generate"] = Button("Generate", PANEL_X + 372, 487, PANEL_W - 372, 28, self.do_generate)
        self.buttons["save_as"] = Button("Save as", PANEL_X + PANEL_W - 104, 393, 104, 28, self.do_save_as)
        self.buttons["quit"] = Button("Quit  Esc", GRID_X + GRID_PX - 96, WINDOW_H - 50, 96, 30, self.do_quit)

    # ----- state -> pictures ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything that depends on the model: squares, title, fields, checker messages."""
        model = self.model
        for sq, ch in enumerate(model.cells):
            self.cell_sprites[sq].color = fill_of(ch)
            glyph = self.glyphs[sq]
            if ch.isdigit():
                glyph.text, glyph.color, glyph.bold, glyph.font_size = ch, (255, 255, 255), True, 28
            else:
                glyph.text, glyph.color = GLYPH[ch]
                glyph.bold, glyph.font_size = False, 24
        snap = model.current
        self.title.text = f"{snap.name}{'  •' if model.dirty else ''}"
        where = Path(model.path).name if model.path else "not saved yet"
        mode = SYMMETRIES[model.symmetry][0]
        self.subtitle.text = f"{snap.players} players  ·  {where}  ·  symmetry: {mode}"
        for key, value in (("name", snap.name), ("flavour", snap.flavour), ("modules", snap.modules),
                           ("file", model.path or "")):
            widget = self.fields.get(key)
            if widget is not None and not widget.active:
                widget.value = value
        self.buttons["undo"].enabled = bool(model.undo_stack)
        self.buttons["redo"].enabled = bool(model.redo_stack)
        self._refresh_problems()

    def _refresh_problems(self) -> None:
        """Fill the checker panel: one entry per problem, square first, errors in red, warnings in amber."""
        problems = self.model.problems()
        y = 340.0
        for text, icon in zip(self.problem_texts, self.problem_icons, strict=True):
            text.text = icon.text = ""
        entries = [(f"repaired on opening: {note}", (226, 214, 190), "⚑", WARN) for note in self.model.repairs]
        for p in problems:
            where = square_name(p.square) if p.square is not None else "map"
            entries.append((f"{where}: {p.message}", INK if p.is_error else (226, 214, 190),
                            "✖" if p.is_error else "▲", BAD if p.is_error else WARN))
        if not entries:
            self.problem_icons[0].text, self.problem_icons[0].color = "✓", GOOD
            self.problem_texts[0].text = "No problems: this map passes --check --strict."
            self.problem_texts[0].color = GOOD
            self.problem_texts[0].y = self.problem_icons[0].y = y - 14
            return
        shown = entries[:MAX_PROBLEM_LINES]
        for i, (line, colour, glyph, glyph_colour) in enumerate(shown):
            text, icon = self.problem_texts[i], self.problem_icons[i]
            text.text, text.color = line, colour
            icon.text, icon.color = glyph, glyph_colour
            y -= max(text.content_height, 16) + 6
            text.y = y + text.content_height - 13
            icon.y = text.y
            if y < 60:
                shown = shown[:i + 1]
                break
        hidden = len(entries) - len(shown)
        if hidden > 0:
            more = self.problem_texts[MAX_PROBLEM_LINES]
            more.text, more.color = f"… and {hidden} more (fix these first)", DIM
            more.y = y - 18

    def set_status(self, message: str, colour: RGB = DIM) -> None:
        """Show a one-line message in the status bar (what just happened, or what went wrong)."""
        self.status = message
        self.status_colour = colour

    # ----- drawing -------------------------------------------------------------------------------------
    def on_draw(self) -> None:
        """Grid, marks, panel, widgets, status bar."""
        self.clear()
        arcade.draw_lbwh_rectangle_filled(GRID_X - 4, GRID_Y - 4, GRID_PX + 8, GRID_PX + 8, (16, 14, 12))
        self.cells.draw()
        self.glyph_batch.draw()
        self._draw_starts()
        self._draw_axes()
        self._draw_marks()
        self.labels_batch.draw()
        self.title.draw()
        self.subtitle.draw()
        arcade.draw_lbwh_rectangle_filled(PANEL_X - 14, 30, PANEL_W + 28, WINDOW_H - 44, PANEL_BG)
        arcade.draw_lbwh_rectangle_outline(PANEL_X - 14, 30, PANEL_W + 28, WINDOW_H - 44, EDGE, 1)
        arcade.draw_line(PANEL_X, 378, PANEL_X + PANEL_W, 378, EDGE, 1)
        self._draw_chips()
        self.headings.draw()
        self.problem_batch.draw()
        for button in self.buttons.values():
            button.draw()
        for widget in self.fields.values():
            widget.draw()
        self.status_text.text, self.status_text.color = self.status, self.status_colour
        self.status_text.draw()
        self.hover_text.text = self._hover_label()
        self.hover_text.draw()

    def _draw_chips(self) -> None:
        """Palette swatches, symmetry modes and player counts, the selected one outlined in gold."""
        for chip in self.chips:
            selected = (chip.kind == "brush" and chip.value == self.brush) or \
                (chip.kind == "symmetry" and chip.value == self.model.symmetry) or \
                (chip.kind == "players" and int(chip.value) == self.model.current.players)
            arcade.draw_lbwh_rectangle_filled(chip.left, chip.bottom, chip.width, chip.height,
                                              (84, 68, 50) if selected else (60, 52, 46))
            if chip.kind == "brush":
                arcade.draw_lbwh_rectangle_filled(chip.left + 5, chip.bottom + 7, 24, chip.height - 14,
                                                  fill_of(chip.value))
            arcade.draw_lbwh_rectangle_outline(chip.left, chip.bottom, chip.width, chip.height,
                                               GOLD if selected else (92, 78, 62), 2 if selected else 1)
        self.chip_batch.draw()

    def _draw_starts(self) -> None:
        """A small ring in the player's colour on each named start square."""
        for seat, sq in self.model.current.starts:
            left, bottom, w, h = square_lbwh(sq)
            arcade.draw_circle_filled(left + w - 11, bottom + h - 11, 7, PLAYER_COLOURS[seat % 4])
            arcade.draw_circle_outline(left + w - 11, bottom + h - 11, 7, (255, 255, 255), 1.5)

    def _draw_axes(self) -> None:
        """Faint lines showing the mirror or the centre of rotation of the active symmetry."""
        mode, colour = self.model.symmetry, (255, 255, 255, 90)
        cx, cy = GRID_X + GRID_PX / 2, GRID_Y + GRID_PX / 2
        if mode == "mirror-lr":
            arcade.draw_line(cx, GRID_Y, cx, GRID_Y + GRID_PX, colour, 2)
        elif mode == "mirror-tb":
            arcade.draw_line(GRID_X, cy, GRID_X + GRID_PX, cy, colour, 2)
        elif mode in ("rotate180", "rotate90"):
            arcade.draw_circle_outline(cx, cy, 10, colour, 2)
            arcade.draw_circle_filled(cx, cy, 3, colour)

    def _draw_marks(self) -> None:
        """Problem squares outlined (red error, amber warning); the hovered square and its images in white."""
        for sq, severity in self.model.problem_squares().items():
            left, bottom, w, h = square_lbwh(sq)
            colour = BAD if severity == "error" else WARN
            # A dark halo under the coloured frame keeps it visible on every fill (amber on a gold fortress).
            arcade.draw_lbwh_rectangle_outline(left + 4, bottom + 4, w - 8, h - 8, (20, 16, 14), 6)
            arcade.draw_lbwh_rectangle_outline(left + 4, bottom + 4, w - 8, h - 8, colour, 3)
            arcade.draw_triangle_filled(left + w - 2, bottom + h - 2, left + w - 22, bottom + h - 2,
                                        left + w - 2, bottom + h - 22, (20, 16, 14))
            arcade.draw_triangle_filled(left + w - 4, bottom + h - 4, left + w - 17, bottom + h - 4,
                                        left + w - 4, bottom + h - 17, colour)
        if self.hover is not None:
            for k, fn in enumerate(SYMMETRIES[self.model.symmetry][1]):
                left, bottom, w, h = square_lbwh(fn(self.hover))
                arcade.draw_lbwh_rectangle_outline(left + 1, bottom + 1, w - 2, h - 2, (255, 255, 255),
                                                   3 if k == 0 else 1.5)

    def _hover_label(self) -> str:
        """The hovered square's name and terrain, for the status bar."""
        if self.hover is None:  # the help, unless a message needs the status bar's room
            return "" if len(self.status) > 40 else "Left: paint  ·  right: pick brush  ·  C K D F T I 1-4: brushes"
        ch = self.model.cell(self.hover)
        label = dict(BRUSHES)[ch]
        return f"{square_name(self.hover)}  {label}"

    # ----- actions (buttons and shortcuts call these) -------------------------------------------------
    def _act(self, action: Callable[[], object], done: str = "") -> None:
        """Run a model action, showing its one-line error instead of raising, then redraw."""
        try:
            action()
        except (EditorError, JapaneseSwordsError) as exc:
            self.set_status(str(exc), BAD)
        else:
            if done:
                self.set_status(done, GOOD)
        self.refresh()

    def commit_fields(self) -> None:
        """Copy edited name, flavour and modules fields into the model (one undo step if they changed)."""
        name, flavour = self.fields["name"].value, self.fields["flavour"].value
        modules = self.fields["modules"].value
        snap = self.model.current
        if name.strip() != snap.name or " ".join(flavour.split()) != snap.flavour \
                or " ".join(modules.split()) != snap.modules:
            self._act(lambda: self.model.set_header(name=name, flavour=flavour, modules=modules),
                      "Name, flavour and modules updated")

    def _deactivate_fields(self) -> None:
        """Stop typing in any field (its text stays; :meth:`commit_fields` applies it)."""
        for widget in self.fields.values():
            widget.active = False

    def focus(self, key: str) -> None:
        """Start typing in one field."""
        self._deactivate_fields()
        self.fields[key].active = True
        self.fields[key].blink = 0.0

    def do_undo(self) -> None:
        """Undo the last edit (Ctrl+Z)."""
        self.commit_fields()
        self.set_status("Undone" if self.model.undo() else "Nothing to undo")
        self.refresh()

    def do_redo(self) -> None:
        """Redo the last undone edit (Ctrl+Y or Ctrl+Shift+Z)."""
        self.set_status("Redone" if self.model.redo() else "Nothing to redo")
        self.refresh()

    def do_save(self) -> None:
        """Save to the current file (Ctrl+S); without one, ask for a name in the Save-as field."""
        self.commit_fields()
        if not self.model.path:
            if self.fields["file"].value.strip():
                self.do_save_as()
            else:
                self.set_status("Type a file name in the Save-as field, then press Enter", WARN)
                self.focus("file")
            return
        self._act(lambda: self._saved(self.model.save()))

    def _saved(self, path: str) -> None:
        """Say the map was saved, and whether the checker thinks it can be played."""
        self.quit_warned = False
        errors = [p for p in self.model.problems() if p.is_error]
        if errors:
            first = errors[0].message
            more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
            self.set_status(f"Saved {path}, but it is NOT playable: {first}{more}", BAD)
        else:
            self.set_status(f"Saved {path}", GOOD)

    def do_save_as(self) -> None:
        """Save under the name typed in the Save-as field."""
        self.commit_fields()
        name = self.fields["file"].value
        self._act(lambda: self._saved(self.model.save(name)))
        self.fields["file"].value = self.model.path or name

    def do_quit(self) -> None:
        """Leave the editor (Quit button, Escape): with unsaved changes the first press only warns."""
        if self.model.dirty and not self.quit_warned:
            self.quit_warned = True
            self.set_status("Unsaved changes: save with Ctrl+S, or press Quit (Esc) again to discard them", WARN)
            return
        if self.on_quit is not None:
            self.on_quit()
        else:
            self.window.close()

    def do_new(self) -> None:
        """Start a blank map for the selected number of players (undoable)."""
        self._act(lambda: self.model.new_map(self.model.current.players),
                  "New map: paint terrain, then Save as")

    def do_generate(self) -> None:
        """Generate a map for the selected players from the Seed field (undoable)."""
        text = self.fields["seed"].value.strip()
        if not text.lstrip("-").isdigit():
            self.set_status(f"Seed must be a whole number, not {text!r}", BAD)
            return
        seed, players = int(text), self.model.current.players
        self._act(lambda: self.model.generate(players, seed),
                  f"Generated a {players}-player map from seed {seed}")

    def do_recheck(self) -> None:
        """Re-run the checker and summarise it in the status bar."""
        problems = self.model.problems()
        errors = sum(p.is_error for p in problems)
        self.set_status(f"{errors} error(s), {len(problems) - errors} warning(s)", BAD if errors else GOOD)

    def select(self, chip: Chip) -> None:
        """Apply a chip: choose a brush or symmetry, or set the number of players (undoable)."""
        if chip.kind == "brush":
            self.brush = chip.value
            self.set_status(f"Brush: {chip.label}")
        elif chip.kind == "symmetry":
            self._act(lambda: self.model.set_symmetry(chip.value), f"Symmetry: {SYMMETRIES[chip.value][0]}")
        else:
            self._act(lambda: self.model.set_header(players=int(chip.value)), f"Players: {chip.value}")

    # ----- input handlers ------------------------------------------------------------------------------
    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Left on the grid starts a paint stroke, right picks the square's terrain as brush; chips select."""
        sq = square_at(x, y)
        if sq is not None:
            self.commit_fields()
            self._deactivate_fields()
            if button == arcade.MOUSE_BUTTON_RIGHT:
                self.brush = self.model.cell(sq)
                self.set_status(f"Brush: {dict(BRUSHES)[self.brush]} (picked from {square_name(sq)})")
                return
            self.painting = True
            self.model.begin_stroke()
            self._act(lambda: self.model.paint(sq, self.brush))
            return
        for key, widget in self.fields.items():
            if widget.contains(x, y):
                if not widget.active:
                    self.commit_fields()
                    self.focus(key)
                return
        self.commit_fields()
        self._deactivate_fields()
        for button in self.buttons.values():
            if button.contains(x, y):
                button.click()
                return
        for chip in self.chips:
            if chip.contains(x, y):
                self.select(chip)
                return

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """While a stroke is on, paint every square the pointer crossed since the last drag event.

        Drag events arrive a few pixels or a whole square apart, so the squares between the previous and
        the current pointer position are filled in (a fast stroke leaves no gaps).
        """
        sq = square_at(x, y)
        self.hover = sq
        if not self.painting:
            return
        for between in squares_between(x - dx, y - dy, x, y):
            if self.model.cell(between) != self.brush:
                self.model.paint(between, self.brush)
        self.refresh()

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """End the stroke: the whole drag becomes one undo step."""
        if self.painting:
            self.painting = False
            self.model.end_stroke()
            self.refresh()

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Track the hovered square (status bar, symmetry preview) and hovered button."""
        self.hover = square_at(x, y)
        for button in self.buttons.values():
            button.hovered = button.contains(x, y)

    def on_update(self, delta_time: float) -> None:
        """Advance the caret blink."""
        for widget in self.fields.values():
            widget.blink = (widget.blink + delta_time) % 1.0

    def on_text(self, text: str) -> None:
        """Typed characters go to the active text field, if any."""
        for widget in self.fields.values():
            if widget.active:
                widget.type(text)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Shortcuts; while a text field is being typed in, only Enter (apply) and Escape (cancel) count."""
        if any(widget.active for widget in self.fields.values()):
            if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
                active = next(key for key, widget in self.fields.items() if widget.active)
                self._deactivate_fields()
                {"file": self.do_save_as, "seed": self.do_generate}.get(active, self.commit_fields)()
            elif symbol == arcade.key.ESCAPE:
                self._deactivate_fields()
                self.refresh()
            elif symbol == arcade.key.BACKSPACE:
                for widget in self.fields.values():
                    if widget.active:
                        widget.backspace()
            return
        if symbol == arcade.key.ESCAPE:
            self.do_quit()
            return
        ctrl = modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_COMMAND)
        if ctrl and symbol == arcade.key.Z:
            self.do_redo() if modifiers & arcade.key.MOD_SHIFT else self.do_undo()
        elif ctrl and symbol == arcade.key.Y:
            self.do_redo()
        elif ctrl and symbol == arcade.key.S:
            self.do_save()
        elif ctrl and symbol == arcade.key.N:
            self.do_new()
        elif not ctrl and symbol in BRUSH_KEYS:
            self.brush = BRUSH_KEYS[symbol]
            self.set_status(f"Brush: {dict(BRUSHES)[self.brush]}")


class EditorWindow(arcade.Window):
    """The editor's window: closing it with unsaved changes only warns; a second close discards them."""

    close_warned = False

    def on_close(self) -> None:
        """Close, unless the map has unsaved changes and the user has not been warned yet."""
        view = self.current_view
        if isinstance(view, EditorView) and view.model.dirty and not self.close_warned:
            self.close_warned = True
            view.set_status("Unsaved changes: save with Ctrl+S, or close again to discard them", WARN)
            return
        super().on_close()


__all__ = ["EditorView", "EditorWindow", "squares_between", "WINDOW_W", "WINDOW_H", "TITLE", "square_at",
           "square_lbwh", "CELL", "GRID_X", "GRID_Y"]
