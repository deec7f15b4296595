"""Map files: a short ``key: value`` header, then ten rows of ten terrain characters.

See docs/maps.md. Errors are :class:`MapError` with ``file:line:col: text`` messages. The loader only
rejects what cannot be played at all; :mod:`japanese_swords.mapcheck` judges the design advice.
"""

from __future__ import annotations

import importlib.resources
import os
import re
from pathlib import Path

from japanese_swords.board import COLUMNS, SIZE, Board, Terrain, square_index, square_name
from japanese_swords.errors import MapError
from japanese_swords.fileio import read_text_bounded
from japanese_swords.modules.registry import MODULES, PRESETS, ModuleError, canonical, preset_modules, validate

LEGEND: dict[str, Terrain] = {
    ".": Terrain.CLEAR,
    "K": Terrain.KEEP,
    ":": Terrain.DIFFICULT,
    "f": Terrain.COVERED,
    "~": Terrain.TREACHEROUS,
    "#": Terrain.IMPASSABLE,
}
FORTRESS_CHARS = "1234"
TERRAIN_CHAR = {t: ch for ch, t in LEGEND.items()}
_HEADER = re.compile(r"^(name|players|flavou?r|start\s+p?([1-4])|site|rules|modules)\s*:\s*(.*)$", re.IGNORECASE)
MAX_MAP_BYTES = 64 * 1024
"""Largest map file (and map text inside a record) accepted: a map is about 500 bytes, comments included."""
MAX_HEADER_VALUE = 500
"""Longest header value (name, flavour) in characters."""
BOM = "\ufeff"


def strip_bom(text: str) -> str:
    """``text`` without a leading UTF-8 byte-order mark (Windows Notepad writes one)."""
    return text[1:] if text.startswith(BOM) else text


def parse_map(text: str, filename: str = "<map>") -> Board:
    """Parse map text; raise MapError naming ``file:line:col`` on the first problem.

    A leading BOM is ignored; a header key given twice, a value longer than MAX_HEADER_VALUE and text
    longer than MAX_MAP_BYTES characters are errors."""
    if not isinstance(text, str):
        raise MapError(f"{filename}:1:1: map text must be a string")
    if len(text) > MAX_MAP_BYTES:
        raise MapError(f"{filename}:1:1: map text is {len(text)} characters, more than the limit of {MAX_MAP_BYTES}")
    text = strip_bom(text)
    header: dict[str, str] = {}
    starts: dict[int, tuple[str, int]] = {}
    rows: list[tuple[int, str]] = []
    site_lines: list[tuple[str, int]] = []
    modules_line: tuple[str, int, int] | None = None  # (value, line, column of the value)
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        m = _HEADER.match(line.strip())
        if m and not rows:
            key = m.group(1).lower()
            if key == "site":  # the sites module's squares (docs/variants.md): repeatable
                site_lines.append((m.group(3).strip(), lineno))
                continue
            key = "flavour" if key.startswith("flavo") else f"start {m.group(2)}" if m.group(2) else key
            key = "modules" if key == "rules" else key  # two spellings of one line
            if f"{key}_line" in header:
                shown = "'modules' (or 'rules')" if key == "modules" else repr(key)
                raise MapError(f"{filename}:{lineno}:1: {shown} is given twice (first on line "
                               f"{header[f'{key}_line']})")
            header[f"{key}_line"] = str(lineno)
            value = m.group(3).strip()
            if len(value) > MAX_HEADER_VALUE:
                raise MapError(f"{filename}:{lineno}:1: {key} is longer than {MAX_HEADER_VALUE} characters")
            if m.group(2):
                starts[int(m.group(2)) - 1] = (value, lineno)
            elif key == "modules":
                modules_line = (value, lineno, len(line) - len(line.lstrip()) + m.start(3) + 1)
            else:
                header[key] = value
            continue
        rows.append((lineno, line))
    last_line = len(text.splitlines()) or 1
    if len(rows) != SIZE:
        where = rows[SIZE][0] if len(rows) > SIZE else last_line
        raise MapError(f"{filename}:{where}:1: the map must have {SIZE} rows of terrain, found {len(rows)}")
    terrain: list[Terrain] = [Terrain.CLEAR] * (SIZE * SIZE)
    fortresses: dict[int, int] = {}
    for r, (lineno, line) in enumerate(rows):
        if len(line) != SIZE:
            col = min(len(line), SIZE) + 1
            raise MapError(f"{filename}:{lineno}:{col}: a row must have {SIZE} squares, found {len(line)}")
        board_row = SIZE - 1 - r
        for c, ch in enumerate(line):
            sq = board_row * SIZE + c
            if ch in LEGEND:
                terrain[sq] = LEGEND[ch]
            elif ch in FORTRESS_CHARS:
                seat = int(ch) - 1
                if seat in fortresses:
                    raise MapError(f"{filename}:{lineno}:{c + 1}: player {ch} has a second fortress "
                                   f"(first at {square_name(fortresses[seat])})")
                terrain[sq] = Terrain.FORTRESS
                fortresses[seat] = sq
            else:
                raise MapError(f"{filename}:{lineno}:{c + 1}: unknown terrain {ch!r} "
                               f"(legend: . K : f ~ # and fortresses 1-4)")
    players = len(fortresses)
    if "players" in header:
        line_no = header["players_line"]
        if header["players"] not in ("2", "3", "4"):  # ASCII only: str.isdigit() accepts '²', '٣'
            raise MapError(f"{filename}:{line_no}:1: players must be 2, 3 or 4")
        if int(header["players"]) != players:
            raise MapError(f"{filename}:{line_no}:1: players is {header['players']} but the map has "
                           f"{players} fortresses")
    if sorted(fortresses) != list(range(players)) or not 2 <= players <= 4:
        raise MapError(f"{filename}:{rows[0][0]}:1: fortresses must be numbered 1..N for N = 2-4 players, "
                       f"found {''.join(str(s + 1) for s in sorted(fortresses)) or 'none'}")
    start_list: list[int | None] = [None] * players
    for seat, (name, lineno) in sorted(starts.items()):
        if seat >= players:
            raise MapError(f"{filename}:{lineno}:1: start for player {seat + 1} but only {players} players")
        try:
            if not name.isascii() or len(name) > 3:
                raise ValueError(f"bad square name {name[:20]!r} (use a column a-j and a row 1-10, e.g. c7)")
            sq = square_index(name)
        except ValueError as exc:
            raise MapError(f"{filename}:{lineno}:1: {exc}") from None
        if sq not in _adjacent(fortresses[seat]) or not terrain[sq].passable or terrain[sq] == Terrain.FORTRESS:
            raise MapError(f"{filename}:{lineno}:1: start {name} must be a passable square next to "
                           f"player {seat + 1}'s fortress")
        start_list[seat] = sq
    name = header.get("name") or Path(filename).stem
    board = Board(name=name, players=players, terrain=tuple(terrain),
                  fortresses=tuple(fortresses[s] for s in range(players)), starts=tuple(start_list),
                  flavour=header.get("flavour", ""), sites=_parse_sites(site_lines, terrain, filename),
                  modules=_parse_modules(modules_line, players, filename), source=text)
    _check_start_squares(board, rows, starts, filename)
    return board


def _parse_sites(lines: list[tuple[str, int]], terrain: list[Terrain],
                 filename: str) -> tuple[tuple[int, str], ...]:
    """The ``site: SQUARE KIND`` lines (the sites module): a passable square other than a fortress, each
    at most once, of a known kind; sorted by square."""
    from japanese_swords.modules.sites import KINDS

    found: dict[int, tuple[str, int]] = {}
    for value, lineno in lines:
        parts = value.split()
        if len(parts) != 2:
            raise MapError(f"{filename}:{lineno}:1: a site reads 'site: SQUARE KIND' (kinds: {', '.join(KINDS)})")
        name, kind = parts[0].lower(), parts[1].lower()
        try:
            if not name.isascii() or len(name) > 3:
                raise ValueError(f"bad square name {name[:20]!r} (use a column a-j and a row 1-10, e.g. c7)")
            sq = square_index(name)
        except ValueError as exc:
            raise MapError(f"{filename}:{lineno}:1: {exc}") from None
        if kind not in KINDS:
            raise MapError(f"{filename}:{lineno}:1: unknown site kind {kind[:20]!r} (kinds: {', '.join(KINDS)})")
        if not terrain[sq].passable or terrain[sq] == Terrain.FORTRESS:
            raise MapError(f"{filename}:{lineno}:1: site {name} must be a passable square that is not a fortress")
        if sq in found:
            raise MapError(f"{filename}:{lineno}:1: site {name} is given twice (first on line {found[sq][1]})")
        found[sq] = (kind, lineno)
    return tuple(sorted((sq, kind) for sq, (kind, _) in found.items()))


def _parse_modules(line: tuple[str, int, int] | None, players: int, filename: str) -> tuple[str, ...]:
    """The map's default rule modules from its ``modules:`` (or ``rules:``) line: comma-separated presets
    and module specs in the CLI's ``--rules``/``--module`` syntax, checked by the same registry
    (docs/variants.md); canonical and sorted. An unknown preset or module, a bad value, a module twice, an
    excluded pair or a player count a module does not allow is a MapError at the offending item's
    ``line:col``."""
    if line is None:
        return ()
    value, lineno, col = line
    found = list(re.finditer(r"[^,\s]+", value))
    if not found:
        raise MapError(f"{filename}:{lineno}:{col}: a modules line names rules presets or modules, e.g. "
                       f"'modules: shogun, weather:rain=3'")
    items: list[tuple[str, int]] = []  # (module spec, column)
    for m in found:
        item, where = m.group(0), col + m.start()
        try:
            if item.lower() in PRESETS:  # a preset stands for its modules ("teams" is both: the same one)
                items += [(spec, where) for spec in preset_modules(item)]
            else:
                items.append((canonical(item), where))
        except ModuleError as exc:
            name = item.split(":")[0].lower()
            text = str(exc) if name in MODULES else (
                f"unknown rules preset or module {item.split(':')[0][:40]!r} (presets: {', '.join(PRESETS)}; "
                f"modules: {', '.join(sorted(MODULES))})")
            raise MapError(f"{filename}:{lineno}:{where}: {text}") from None
    specs = [spec for spec, _ in items]
    try:
        return validate(specs, players)
    except ModuleError as exc:  # point at the first item whose addition brings the problem
        first = next((i for i in range(len(items)) if _module_problem(specs[:i + 1], players) == str(exc)),
                     len(items) - 1)
        raise MapError(f"{filename}:{lineno}:{items[first][1]}: {exc}") from None


def _module_problem(specs: list[str], players: int) -> str | None:
    """The registry's complaint about a module list, or None."""
    try:
        validate(specs, players)
    except ModuleError as exc:
        return str(exc)
    return None


def _check_start_squares(board: Board, rows: list[tuple[int, str]], starts: dict[int, tuple[str, int]],
                         filename: str) -> None:
    """Two seats' second armies may not start on one square (fortresses sharing their only free
    neighbour, or two ``start`` lines naming one square): the setup could not place both (ruling 16)."""
    first: dict[int, int] = {}
    for seat in range(board.players):
        sq = board.start_square(seat)
        if sq is None:
            continue
        if sq in first:
            if seat in starts:
                lineno, col = starts[seat][1], 1
            else:
                lineno, col = rows[SIZE - 1 - sq // SIZE][0], sq % SIZE + 1
            raise MapError(f"{filename}:{lineno}:{col}: players {first[sq] + 1} and {seat + 1} would both start "
                           f"their second army on {square_name(sq)}; give one a 'start p{seat + 1}:' square")
        first[sq] = seat


def _adjacent(sq: int) -> tuple[int, ...]:
    from japanese_swords.board import NEIGHBOURS

    return NEIGHBOURS[sq]


def map_text(board: Board) -> str:
    """Serialise a board in the map file format (round-trips through :func:`parse_map`)."""
    lines = [f"name: {board.name}", f"players: {board.players}"]
    if board.flavour:
        lines.append(f"flavour: {board.flavour}")
    for seat, sq in enumerate(board.starts):
        if sq is not None:
            lines.append(f"start p{seat + 1}: {square_name(sq)}")
    for sq, kind in board.sites:
        lines.append(f"site: {square_name(sq)} {kind}")
    if board.modules:
        lines.append(f"modules: {', '.join(board.modules)}")
    for row in range(SIZE - 1, -1, -1):
        chars = []
        for col in range(SIZE):
            sq = row * SIZE + col
            owner = board.fortress_owner(sq)
            chars.append(str(owner + 1) if owner is not None else TERRAIN_CHAR[board.terrain[sq]])
        lines.append("".join(chars))
    return "\n".join(lines) + "\n"


def shipped_maps_dir() -> Path:
    """The folder of the shipped maps: in an installed package the package data
    ``japanese_swords/shipped_maps/`` (built from ``maps/``, see setup.py), found through
    ``importlib.resources``; in a source checkout (editable install or none) the top-level ``maps/``."""
    packaged = importlib.resources.files("japanese_swords") / "shipped_maps"
    if isinstance(packaged, Path) and packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parent.parent / "maps"


MAPS_DIR = shipped_maps_dir()


def available_maps() -> list[str]:
    """Names of the shipped maps."""
    return sorted(p.stem for p in MAPS_DIR.glob("*.map"))


def resolve_map_path(name_or_path: str) -> Path:
    """A shipped map's name (``classic-2p``) or a file path; raises MapError if neither exists."""
    if not isinstance(name_or_path, str) or not name_or_path or "\0" in name_or_path:
        raise MapError(f"{name_or_path!r}: not a map name or file path")
    p = Path(name_or_path)
    try:
        os.stat(p)
        return p  # a special file (FIFO, device) or folder is refused by the bounded reader, naming it
    except (OSError, ValueError):
        pass  # missing, or a name the system cannot even look up (too long): try the shipped maps
    if re.fullmatch(r"[A-Za-z0-9_.-]{1,100}", name_or_path):  # a shipped map's name, never a path
        shipped = MAPS_DIR / f"{name_or_path}.map"
        if shipped.is_file():
            return shipped
    shown = name_or_path if len(name_or_path) <= 80 else name_or_path[:77] + "..."
    raise MapError(f"{shown}: no such map file or shipped map (shipped: {', '.join(available_maps())})")


def load_map(name_or_path: str) -> Board:
    """Load a shipped map by name or a map file by path."""
    path = resolve_map_path(name_or_path)
    return parse_map(read_map_text(path), str(path))


def read_map_text(path: str | Path) -> str:
    """The text of a map file: a regular file of at most MAX_MAP_BYTES bytes of UTF-8 (BOM dropped);
    otherwise MapError ``file:1:1: ...``."""
    try:
        return read_text_bounded(path, MAX_MAP_BYTES, MapError, "map file")
    except MapError as exc:
        msg = str(exc)
        prefix = f"{path}: "
        raise MapError(f"{path}:1:1: {msg[len(prefix):] if msg.startswith(prefix) else msg}") from None


__all__ = ["LEGEND", "COLUMNS", "parse_map", "map_text", "load_map", "available_maps", "resolve_map_path",
           "shipped_maps_dir", "MAPS_DIR"]
