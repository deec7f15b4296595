"""The map editor's model: the grid and header being edited, symmetry painting, undo/redo, load/save.

Plain Python (no arcade import), so tests drive every editing rule without a window; the view only calls
these methods and draws what they report. The grid is kept as the map file's characters (``.``, ``K``,
``:``, ``f``, ``~``, ``#`` and fortress digits ``1``-``4``), so a half-finished map that the loader would
reject can still be edited; :meth:`EditorModel.problems` runs the checker over :meth:`EditorModel.to_text`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from japanese_swords.board import NEIGHBOURS, NUM_SQUARES, SIZE, Board, square_index, square_name
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import write_atomic
from japanese_swords.mapcheck import Problem, check_text, grid_lines
from japanese_swords.mapgen import generate_map, rotate90, rotate180, rotate270
from japanese_swords.maps import FORTRESS_CHARS, map_text

#: Brushes in palette order: the map file character and the palette label.
BRUSHES: tuple[tuple[str, str], ...] = (
    (".", "Clear"), ("K", "Keep"), (":", "Difficult"), ("f", "Covered"), ("~", "Treacherous"),
    ("#", "Impassable"), ("1", "Fortress 1"), ("2", "Fortress 2"), ("3", "Fortress 3"), ("4", "Fortress 4"),
)
BRUSH_CHARS = "".join(ch for ch, _ in BRUSHES)
PASSABLE_NON_FORTRESS = ".K:f~"
UNDO_LIMIT = 500
_HEADER = re.compile(r"^(name|players|flavou?r|start\s+p?([1-4])|site|rules|modules)\s*:\s*(.*)$", re.IGNORECASE)


def _mirror_lr(sq: int) -> int:
    """Image in the vertical centre line (column a <-> j)."""
    row, col = divmod(sq, SIZE)
    return row * SIZE + (SIZE - 1 - col)


def _mirror_tb(sq: int) -> int:
    """Image in the horizontal centre line (row 1 <-> 10)."""
    row, col = divmod(sq, SIZE)
    return (SIZE - 1 - row) * SIZE + col


def _identity(sq: int) -> int:
    """The square itself."""
    return sq


#: Symmetry modes: key -> (label, the transforms whose images are painted too, identity first).
SYMMETRIES: dict[str, tuple[str, tuple[Callable[[int], int], ...]]] = {
    "none": ("None", (_identity,)),
    "mirror-lr": ("Mirror left-right", (_identity, _mirror_lr)),
    "mirror-tb": ("Mirror top-bottom", (_identity, _mirror_tb)),
    "rotate180": ("Rotate 180", (_identity, rotate180)),
    "rotate90": ("Rotate 90 (4 players)", (_identity, rotate90, rotate180, rotate270)),
}


class EditorError(JapaneseSwordsError, ValueError):
    """A file the editor cannot open or write, or a bad header value; the message is one line."""


@dataclass(frozen=True)
class Snapshot:
    """Everything undo restores: the grid characters and the header."""

    cells: tuple[str, ...]
    name: str
    players: int
    flavour: str
    starts: tuple[tuple[int, int], ...] = ()  # (seat, square) pairs from ``start pN:`` lines
    sites: tuple[str, ...] = ()  # the ``site:`` lines' values as written (the sites module's squares)
    modules: str = ""  # the ``modules:`` (or ``rules:``) line's value as written: the map's default modules
    comments: tuple[str, ...] = field(default=(), compare=False)


def blank_snapshot(players: int = 2, name: str = "Untitled") -> Snapshot:
    """A clear grid with the players' fortresses placed round the board (a starting point, not a map)."""
    if players not in (2, 3, 4):
        raise EditorError(f"players must be 2, 3 or 4, not {players}")
    cells = ["."] * NUM_SQUARES
    spots = {2: ("e1", "f10"), 3: ("e1", "j10", "a10"), 4: ("c1", "j3", "h10", "a8")}[players]
    for seat, spot in enumerate(spots):
        cells[square_index(spot)] = str(seat + 1)
    return Snapshot(tuple(cells), name, players, "")


def snapshot_of_board(board: Board) -> Snapshot:
    """The editor's form of a parsed or generated board."""
    text = map_text(board)
    return parse_lenient(text, "<generated>")


def parse_lenient(text: str, filename: str) -> Snapshot:
    """Read map text as far as the editor needs: the header and a 10x10 grid of legend characters.

    Unlike the loader it accepts maps that break playability rules (a second fortress for a player, a
    ``players:`` line that disagrees), so they can be opened and fixed; it rejects only what has no grid.
    """
    rows = grid_lines(text)
    lines = text.splitlines()
    if rows is None:
        raise EditorError(f"{filename}: cannot edit: the map needs exactly {SIZE} grid rows")
    name, flavour, players_text = Path(filename).stem, "", ""
    starts: list[tuple[int, int]] = []
    sites: list[str] = []
    modules = ""
    comments: list[str] = []
    for lineno, raw in enumerate(lines[:rows[0] - 1], start=1):
        line = raw.strip()
        if line.startswith(";"):
            comments.append(raw.rstrip())
            continue
        m = _HEADER.match(line)
        if not m:
            continue
        key, value = m.group(1).lower(), m.group(3).strip()
        if m.group(2):
            try:
                starts.append((int(m.group(2)) - 1, square_index(value)))
            except ValueError as exc:
                raise EditorError(f"{filename}:{lineno}:1: {exc}") from None
        elif key == "site":
            sites.append(value)
        elif key in ("rules", "modules"):
            modules = value
        elif key == "name":
            name = value
        elif key == "players":
            players_text = value
        else:
            flavour = value
    cells: list[str] = [""] * NUM_SQUARES
    for r, lineno in enumerate(rows):
        line = lines[lineno - 1].rstrip()
        if len(line) != SIZE:
            raise EditorError(f"{filename}:{lineno}:1: cannot edit: a row must have {SIZE} squares")
        for c, ch in enumerate(line):
            if ch not in BRUSH_CHARS:
                raise EditorError(f"{filename}:{lineno}:{c + 1}: cannot edit: unknown terrain {ch!r}")
            cells[(SIZE - 1 - r) * SIZE + c] = ch
    digits = {ch for ch in cells if ch in FORTRESS_CHARS}
    players = int(players_text) if players_text.isdigit() and 2 <= int(players_text) <= 4 \
        else max(2, min(4, len(digits)))
    return Snapshot(tuple(cells), name, players, flavour, tuple(starts), tuple(sites), modules, tuple(comments))


def repair_text(text: str, filename: str) -> tuple[str, list[str]]:
    """Map text the editor can open, made from a malformed file, and one note per repair: grid rows beyond
    ten left out, missing rows added as clear ground at the bottom, short rows padded and long ones cut,
    unknown characters and start lines naming no square dropped (their square becomes clear ground)."""
    lines = text.lstrip("\ufeff").splitlines()
    notes: list[str] = []
    head: list[str] = []
    rows: list[tuple[int, str]] = []
    for lineno, raw in enumerate(lines, start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            if not rows:
                head.append(line)
            continue
        m = _HEADER.match(line.strip()) if not rows else None
        if m is None:
            rows.append((lineno, line))
            continue
        if m.group(2):
            try:
                square_index(m.group(3).strip())
            except ValueError:
                notes.append(f"{filename}:{lineno}: start line {line.strip()!r} names no square: left out")
                continue
        head.append(line)
    if len(rows) > SIZE:
        notes.append(f"{filename}:{rows[SIZE][0]}: more than {SIZE} grid rows: the last {len(rows) - SIZE} "
                     "left out")
        rows = rows[:SIZE]
    fixed: list[str] = []
    for lineno, line in rows:
        row = "".join(ch if ch in BRUSH_CHARS else "." for ch in line[:SIZE]).ljust(SIZE, ".")
        bad = sorted({ch for ch in line[:SIZE] if ch not in BRUSH_CHARS})
        if bad:
            notes.append(f"{filename}:{lineno}: unknown terrain {' '.join(map(repr, bad))}: made clear ground")
        if len(line) != SIZE:
            notes.append(f"{filename}:{lineno}: a row of {len(line)} squares: "
                         + ("cut to 10" if len(line) > SIZE else "filled with clear ground"))
        fixed.append(row)
    if len(fixed) < SIZE:
        notes.append(f"{filename}: {len(fixed)} grid rows: {SIZE - len(fixed)} rows of clear ground added at "
                     "the bottom")
        fixed += ["." * SIZE] * (SIZE - len(fixed))
    return "\n".join(head + fixed) + "\n", notes


class EditorModel:
    """The map being edited: paint with a brush (mirrored by the symmetry), undo, redo, check, save."""

    def __init__(self, snapshot: Snapshot | None = None, path: str | None = None) -> None:
        """Start from ``snapshot`` (default: a blank 2-player map); ``path`` is where Save writes."""
        self.current = snapshot or blank_snapshot()
        self.path = path
        self.symmetry = "none"
        self.undo_stack: list[Snapshot] = []
        self.redo_stack: list[Snapshot] = []
        self.saved = self.current
        self._stroke_start: Snapshot | None = None
        self._problems_for: tuple[str, str] | None = None
        self._problems: list[Problem] = []
        self.repairs: list[str] = []  # what opening a malformed file changed (shown until the map is saved)

    # ----- reading -------------------------------------------------------------------------------------
    @classmethod
    def load(cls, path: str) -> EditorModel:
        """Open a map file for editing; a missing or unreadable file raises EditorError (one line)."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise EditorError(f"{path}: no such map file") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise EditorError(f"{path}: cannot read map: {exc}") from None
        try:
            return cls(parse_lenient(text, path), path)
        except EditorError:  # malformed: open a repaired copy, say what changed, and count it unsaved
            repaired, notes = repair_text(text, Path(path).name)
            model = cls(parse_lenient(repaired, path), path)
            model.repairs = notes
            model.saved = replace(model.current, cells=())
            return model

    @property
    def cells(self) -> tuple[str, ...]:
        """Map character of each square, indexed like the engine (a1 = 0, j10 = 99)."""
        return self.current.cells

    def cell(self, square: int) -> str:
        return self.current.cells[square]

    @property
    def dirty(self) -> bool:
        """True when the map differs from what was last loaded or saved."""
        return self.current != self.saved

    @property
    def filename(self) -> str:
        """The name problems are reported under: the file path, or ``<unsaved>``."""
        return self.path or "<unsaved>"

    def to_text(self) -> str:
        """The map in file format: the loaded comments, the header, then rows 10 down to 1."""
        snap = self.current
        lines = list(snap.comments)
        lines += [f"name: {snap.name}", f"players: {snap.players}"]
        if snap.flavour:
            lines.append(f"flavour: {snap.flavour}")
        for seat, sq in sorted(snap.starts):
            lines.append(f"start p{seat + 1}: {square_name(sq)}")
        lines += [f"site: {site}" for site in snap.sites]
        if snap.modules:
            lines.append(f"modules: {snap.modules}")
        for row in range(SIZE - 1, -1, -1):
            lines.append("".join(snap.cells[row * SIZE:(row + 1) * SIZE]))
        return "\n".join(lines) + "\n"

    def problems(self) -> list[Problem]:
        """The checker's errors and warnings for the current map (cached until the map changes)."""
        key = (self.filename, self.to_text())
        if key != self._problems_for:
            self._problems = check_text(key[1], key[0])
            self._problems_for = key
        return self._problems

    def problem_squares(self) -> dict[int, str]:
        """Squares named by a problem -> the worst severity there ("error" beats "warning")."""
        marks: dict[int, str] = {}
        for p in self.problems():
            if p.square is not None and marks.get(p.square) != "error":
                marks[p.square] = p.severity
        return marks

    def fortress_square(self, seat: int) -> int | None:
        """Where seat's fortress is (the first one if painted twice), or None."""
        ch = str(seat + 1)
        return next((sq for sq, c in enumerate(self.current.cells) if c == ch), None)

    # ----- editing -------------------------------------------------------------------------------------
    def _commit(self, new: Snapshot) -> bool:
        """Make ``new`` current, recording an undo step unless inside a stroke; False if nothing changed."""
        if new == self.current:
            return False
        if self._stroke_start is None:
            self.undo_stack.append(self.current)
            del self.undo_stack[:-UNDO_LIMIT]
            self.redo_stack.clear()
        self.current = new
        return True

    def begin_stroke(self) -> None:
        """Start a drag: every paint until :meth:`end_stroke` is undone as one step."""
        if self._stroke_start is None:
            self._stroke_start = self.current

    def end_stroke(self) -> None:
        """Finish a drag, recording one undo step if it changed anything."""
        start, self._stroke_start = self._stroke_start, None
        if start is not None and start != self.current:
            self.undo_stack.append(start)
            del self.undo_stack[:-UNDO_LIMIT]
            self.redo_stack.clear()

    def set_symmetry(self, mode: str) -> None:
        """Choose how paints are mirrored: one of :data:`SYMMETRIES`."""
        if mode not in SYMMETRIES:
            raise EditorError(f"unknown symmetry {mode!r} (choose from {', '.join(SYMMETRIES)})")
        self.symmetry = mode

    def _image_seat(self, seat: int, k: int, images: int) -> int | None:
        """Which seat's fortress the ``k``-th image of seat's fortress is, or None to leave it unpainted.

        Two-fold symmetries pair players 1<->2 and 3<->4; the quarter turn sends player s to s+k (mod 4),
        round the board like the generator. A partner seat the map does not have is skipped.
        """
        target = seat ^ (k & 1) if images == 2 else (seat + k) % 4
        return target if target < self.current.players else None

    def paint(self, square: int, brush: str) -> bool:
        """Paint ``square`` (and its symmetric images) with ``brush``; True if the map changed.

        A fortress brush moves that player's fortress: the old fortress square becomes clear. A start
        square that stops being a passable non-fortress square beside its fortress is dropped.
        """
        if brush not in BRUSH_CHARS:
            raise EditorError(f"unknown brush {brush!r} (legend: {' '.join(BRUSH_CHARS)})")
        if not 0 <= square < NUM_SQUARES:
            raise EditorError(f"square {square} is off the board")
        cells = list(self.current.cells)
        transforms = SYMMETRIES[self.symmetry][1]
        for k, fn in enumerate(transforms):
            target = fn(square)
            ch = brush
            if brush in FORTRESS_CHARS:
                seat = self._image_seat(int(brush) - 1, k, len(transforms))
                if seat is None or (k > 0 and target == square):
                    continue
                ch = str(seat + 1)
                cells = ["." if c == ch else c for c in cells]
            elif k > 0 and target == square:
                continue
            cells[target] = ch
        starts = tuple((seat, sq) for seat, sq in self.current.starts if self._start_ok(cells, seat, sq))
        return self._commit(replace(self.current, cells=tuple(cells), starts=starts))

    @staticmethod
    def _start_ok(cells: list[str], seat: int, sq: int) -> bool:
        """A start stays valid while it is passable, not a fortress, and beside seat's fortress."""
        fort = str(seat + 1)
        return cells[sq] in PASSABLE_NON_FORTRESS and any(cells[n] == fort for n in NEIGHBOURS[sq])

    def set_header(self, name: str | None = None, players: int | None = None,
                   flavour: str | None = None, modules: str | None = None) -> bool:
        """Change the name, player count (2-4), flavour line or default modules line (presets and module
        specs, as the CLI's ``--rules``/``--module``; the checker reports a bad one); True if anything
        changed (one undo step)."""
        snap = self.current
        if name is not None:
            name = " ".join(name.split())
            if not name:
                raise EditorError("the map needs a name")
            snap = replace(snap, name=name)
        if players is not None:
            if players not in (2, 3, 4):
                raise EditorError(f"players must be 2, 3 or 4, not {players}")
            snap = replace(snap, players=players, starts=tuple(s for s in snap.starts if s[0] < players))
        if flavour is not None:
            snap = replace(snap, flavour=" ".join(flavour.split()))
        if modules is not None:
            snap = replace(snap, modules=" ".join(modules.split()))
        return self._commit(snap)

    def new_map(self, players: int = 2) -> None:
        """Replace the map with a blank one (undoable); Save then asks for a new file name."""
        self._commit(blank_snapshot(players))
        self.path = None

    def generate(self, players: int, seed: int, name: str | None = None) -> None:
        """Replace the map with :func:`generate_map` for ``players`` and ``seed`` (undoable)."""
        if players not in (2, 3, 4):
            raise EditorError(f"players must be 2, 3 or 4, not {players}")
        board = generate_map(players, random.Random(seed), name or f"Generated {players}p seed {seed}")
        self._commit(replace(snapshot_of_board(board), modules=self.current.modules))  # the rules stay

    def undo(self) -> bool:
        """Go back one step; False when there is nothing to undo."""
        self.end_stroke()
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.current)
        self.current = self.undo_stack.pop()
        return True

    def redo(self) -> bool:
        """Re-apply the last undone step; False when there is nothing to redo."""
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.current)
        self.current = self.redo_stack.pop()
        return True

    # ----- writing -------------------------------------------------------------------------------------
    def save(self, path: str | None = None) -> str:
        """Write the map atomically to ``path`` (Save as) or the current path; returns the path written."""
        target = (path or self.path or "").strip()
        if not target:
            raise EditorError("no file name yet: use Save as")
        if not target.endswith(".map"):
            target += ".map"
        if Path(target).is_dir():
            raise EditorError(f"{target}: is a directory")
        try:
            write_atomic(target, self.to_text())
        except OSError as exc:
            raise EditorError(f"{target}: cannot write map: {exc.strerror or exc}") from None
        except ValueError as exc:  # a NUL or a lone surrogate in the name
            raise EditorError(f"{target!r}: bad file name ({type(exc).__name__})") from None
        self.path = target
        self.saved = self.current
        self.repairs = []  # the file now holds the repaired map
        return target


__all__ = ["BRUSHES", "SYMMETRIES", "EditorError", "EditorModel", "Snapshot", "blank_snapshot",
           "parse_lenient", "repair_text", "snapshot_of_board"]
