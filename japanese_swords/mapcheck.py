"""Map checker: playability errors and the rules' design-advice warnings, as ``file:line:col`` problems.

The loader (:mod:`japanese_swords.maps`) rejects only what cannot be parsed; this module judges whether a
parsed map can be played (errors) and whether it follows the rules' advice (warnings): fortresses on
opposite sides, every terrain type present, 2-3 keeps per player spread evenly. docs/maps.md gives the
exact definitions and tolerances, which are the module constants below.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass

from japanese_swords.board import NEIGHBOURS, NUM_SQUARES, SIZE, Board, Terrain, square_name
from japanese_swords.errors import MapError
from japanese_swords.maps import map_text, parse_map, read_map_text, resolve_map_path, strip_bom
from japanese_swords.movement import move_costs

ERROR = "error"
WARNING = "warning"

#: A fortress is "near an edge" when at most this many squares lie between it and the nearest edge.
EDGE_BAND = 1
#: Minimum Manhattan distance between two fortresses, by number of players.
MIN_FORTRESS_APART: dict[int, int] = {2: 9, 3: 7, 4: 7}
#: Fortresses sorted by angle around the board centre must be at least this share of 360/N degrees apart.
MIN_GAP_SHARE = 0.75
#: Largest allowed difference (movement points) between seats' travel distances to their i-th nearest keep.
KEEP_DISTANCE_TOLERANCE = 2
#: Largest allowed difference between a seat's share of nearest keeps and keeps / players.
KEEP_SHARE_TOLERANCE = 1.0

_HEADER = re.compile(r"^(name|players|flavou?r|start\s+p?[1-4]|site|rules|modules)\s*:", re.IGNORECASE)
_LOCATED = re.compile(r"^(\d+):(\d+): ?(.*)$", re.DOTALL)
INF = math.inf
FORTRESS = Terrain.FORTRESS


@dataclass(frozen=True)
class Problem:
    """One finding: where it is (file, line, column, square) and how bad (error or warning)."""

    filename: str
    line: int
    col: int
    severity: str  # ERROR or WARNING
    message: str
    square: int | None = None

    def __str__(self) -> str:
        """``file:line:col: severity: message``, the format editors and compilers use."""
        return f"{self.filename}:{self.line}:{self.col}: {self.severity}: {self.message}"

    @property
    def is_error(self) -> bool:
        """True for an error (the map cannot be played), False for a warning."""
        return self.severity == ERROR


def grid_lines(text: str) -> list[int] | None:
    """1-based file line of each grid row (first = row 10), as the loader reads them; None if not 10."""
    rows: list[int] = []
    for lineno, raw in enumerate(strip_bom(text).splitlines(), start=1):
        line = raw.rstrip()
        if not line.strip() or line.lstrip().startswith(";"):
            continue
        if not rows and _HEADER.match(line.strip()):
            continue
        rows.append(lineno)
    return rows if len(rows) == SIZE else None


class _Locator:
    """Turns a square index into the line and column of its character in the map text."""

    def __init__(self, board: Board) -> None:
        """Use the board's own source text when it has one, else the layout :func:`map_text` writes."""
        lines = grid_lines(board.source) if board.source else None
        if lines is None:  # map_text layout: name, players, flavour if any, one line per start, then grid
            header = (2 + bool(board.flavour) + sum(sq is not None for sq in board.starts) + len(board.sites)
                      + bool(board.modules))
            lines = [header + 1 + r for r in range(SIZE)]
        self.lines = lines

    def at(self, square: int | None) -> tuple[int, int]:
        """Line and column of ``square``; map-wide problems point at the first grid row, column 1."""
        if square is None:
            return self.lines[0], 1
        row, col = divmod(square, SIZE)
        return self.lines[SIZE - 1 - row], col + 1


def travel_distances(board: Board, source: int) -> list[float]:
    """Movement points to reach each square from ``source`` (move costs; inf if cut off)."""
    dist: list[float] = [INF] * NUM_SQUARES
    for sq, cost in move_costs(board.terrain, source).items():
        dist[sq] = cost
    return dist


def passable_components(board: Board) -> list[int]:
    """Component label of every square over orthogonal moves between passable squares (-1 if impassable)."""
    label = [-1] * NUM_SQUARES
    current = 0
    for start in range(NUM_SQUARES):
        if label[start] != -1 or not board.terrain[start].passable:
            continue
        label[start] = current
        stack = [start]
        while stack:
            sq = stack.pop()
            for n in NEIGHBOURS[sq]:
                if label[n] == -1 and board.terrain[n].passable:
                    label[n] = current
                    stack.append(n)
        current += 1
    return label


def fortress_angle(square: int) -> float:
    """Angle in degrees [0, 360) of a square seen from the board centre (east = 0, north = 90)."""
    row, col = divmod(square, SIZE)
    centre = (SIZE - 1) / 2
    return math.degrees(math.atan2(row - centre, col - centre)) % 360.0


def edge_distance(square: int) -> int:
    """Squares between ``square`` and the nearest board edge (0 on the edge)."""
    row, col = divmod(square, SIZE)
    return min(row, col, SIZE - 1 - row, SIZE - 1 - col)


def _ordinal(n: int) -> str:
    """1 -> '1st', 2 -> '2nd', 3 -> '3rd', 4 -> '4th'."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n > 20 else n, "th")
    return f"{n}{suffix}"


def _fortress_errors(board: Board) -> Iterable[tuple[str, int | None, str]]:
    """Fortress count against players, and a free passable non-fortress square beside each fortress."""
    marked = [i for i, t in enumerate(board.terrain) if t == Terrain.FORTRESS]
    if len(board.fortresses) != board.players or len(marked) != board.players:
        extra = sorted(set(marked) - set(board.fortresses))
        yield (ERROR, extra[0] if extra else None,
               f"{len(marked)} fortresses for {board.players} players (there must be one per player)")
    for seat, sq in enumerate(board.fortresses):
        free = [n for n in NEIGHBOURS[sq] if board.terrain[n].passable and board.terrain[n] != FORTRESS]
        if not free:
            yield (ERROR, sq, f"player {seat + 1}'s fortress {square_name(sq)} has no free passable square "
                              f"beside it for the second army")


def _reachability_errors(board: Board) -> list[tuple[str, int | None, str]]:
    """Every fortress and keep must share one passable component (orthogonal moves)."""
    label = passable_components(board)
    keeps = board.keeps()
    important = list(board.fortresses) + list(keeps)
    if not important:
        return []

    def weight(lab: int) -> tuple[int, int]:
        """Rank a component by the fortresses, then the keeps, it holds."""
        return (sum(label[f] == lab for f in board.fortresses), sum(label[k] == lab for k in keeps))

    main = max(sorted({label[sq] for sq in important}), key=weight)
    anchor = next((f for f in board.fortresses if label[f] == main), None)
    where = f" from player {board.fortresses.index(anchor) + 1}'s fortress {square_name(anchor)}" \
        if anchor is not None else " from the other fortresses and keeps"
    out: list[tuple[str, int | None, str]] = []
    for seat, sq in enumerate(board.fortresses):
        if label[sq] != main:
            out.append((ERROR, sq, f"player {seat + 1}'s fortress {square_name(sq)} "
                                   f"cannot be reached{where}"))
    for sq in keeps:
        if label[sq] != main:
            out.append((ERROR, sq, f"keep {square_name(sq)} cannot be reached{where}"))
    return out


def _side_warnings(board: Board) -> Iterable[tuple[str, int | None, str]]:
    """Fortresses near an edge, pairwise far apart, and spread around the centre (opposite sides)."""
    forts = board.fortresses
    n = len(forts)
    if n < 2:
        return
    for seat, sq in enumerate(forts):
        if edge_distance(sq) > EDGE_BAND:
            yield (WARNING, sq, f"player {seat + 1}'s fortress {square_name(sq)} is not near a side of the "
                                f"map (it should be at most {EDGE_BAND} square(s) from an edge)")
    apart = MIN_FORTRESS_APART.get(n, 7)
    for i in range(n):
        for j in range(i + 1, n):
            a, b = divmod(forts[i], SIZE), divmod(forts[j], SIZE)
            d = abs(a[0] - b[0]) + abs(a[1] - b[1])
            if d < apart:
                yield (WARNING, forts[j], f"fortresses {square_name(forts[i])} and {square_name(forts[j])} "
                                          f"are only {d} squares apart (at least {apart} for {n} players)")
    angles = sorted((fortress_angle(sq), seat) for seat, sq in enumerate(forts))
    min_gap = MIN_GAP_SHARE * 360.0 / n
    for k in range(1 if n == 2 else n):  # two fortresses have one gap: the smaller way round
        (a1, s1), (a2, s2) = angles[k], angles[(k + 1) % n]
        gap = (a2 - a1) % 360.0
        if n == 2:
            gap = min(gap, 360.0 - gap)
        if gap < min_gap - 1e-9:
            yield (WARNING, forts[s2], f"fortresses {square_name(forts[s1])} and {square_name(forts[s2])} "
                                       f"are not on opposite sides: {gap:.0f} degrees apart around the centre"
                                       f" (at least {min_gap:.0f} for {n} players)")


def _terrain_warnings(board: Board) -> Iterable[tuple[str, int | None, str]]:
    """Every terrain type should appear, and there should be 2-3 keeps per player."""
    present = set(board.terrain)
    missing = [t.title for t in Terrain if t not in present]
    if missing:
        yield (WARNING, None, f"the map has no {', '.join(missing)} terrain (include every terrain type)")
    keeps = len(board.keeps())
    low, high = 2 * board.players, 3 * board.players
    if not low <= keeps <= high:
        yield (WARNING, None, f"{keeps} keeps for {board.players} players (there should be {low}-{high}, "
                              f"2 or 3 per player)")


def keep_distances(board: Board) -> list[list[float]]:
    """For each seat, its travel distances (movement points) to every keep, nearest first."""
    keeps = board.keeps()
    out = []
    for sq in board.fortresses:
        dist = travel_distances(board, sq)
        out.append(sorted(dist[k] for k in keeps))
    return out


def keep_shares(board: Board) -> list[float]:
    """For each seat, how many keeps are nearer its fortress than any other (a tie splits the keep)."""
    dists = [travel_distances(board, sq) for sq in board.fortresses]
    shares = [0.0] * len(board.fortresses)
    for k in board.keeps():
        best = min(d[k] for d in dists)
        if best == INF:
            continue
        nearest = [s for s, d in enumerate(dists) if d[k] == best]
        for s in nearest:
            shares[s] += 1.0 / len(nearest)
    return shares


def _spread_warnings(board: Board) -> Iterable[tuple[str, int | None, str]]:
    """Keeps spread evenly: each seat's k nearest keeps about as far, and each seat about keeps/players."""
    n = len(board.fortresses)
    keeps = board.keeps()
    if n < 2 or len(keeps) < n:
        return
    k = len(keeps) // n
    dists = keep_distances(board)
    for rank in range(k):
        column = [d[rank] for d in dists]
        far = max(range(n), key=lambda s: (column[s], -s))
        near = min(range(n), key=lambda s: (column[s], s))
        if column[far] - column[near] > KEEP_DISTANCE_TOLERANCE:
            yield (WARNING, board.fortresses[far],
                   f"keeps are not spread evenly: player {far + 1}'s {_ordinal(rank + 1)} nearest keep is "
                   f"{column[far]:g} movement points away, player {near + 1}'s is {column[near]:g} "
                   f"(tolerance {KEEP_DISTANCE_TOLERANCE})")
            break
    shares = keep_shares(board)
    fair = len(keeps) / n
    for seat, share in enumerate(shares):
        if abs(share - fair) > KEEP_SHARE_TOLERANCE + 1e-9:
            yield (WARNING, board.fortresses[seat],
                   f"keeps are not spread evenly: player {seat + 1} is nearest to {share:g} of {len(keeps)} "
                   f"keeps, a fair share is {fair:.3g} (tolerance {KEEP_SHARE_TOLERANCE:g})")


SITE_DISTANCE_TOLERANCE = 2
"""How much nearer (movement points) one seat's fortress may be to a site of the sites module than another's."""


def _site_warnings(board: Board) -> Iterable[tuple[str, int | None, str]]:
    """The map's sites (the sites module) about as far from every home fortress: a site one seat reaches
    first is an honor mine for it (docs/variants.md, ruling S1)."""
    if not board.sites:
        return
    dists = [travel_distances(board, sq) for sq in board.fortresses]
    for sq, kind in board.sites:
        column = [d[sq] for d in dists]
        far = max(range(len(column)), key=lambda s: (column[s], -s))
        near = min(range(len(column)), key=lambda s: (column[s], s))
        if column[far] - column[near] > SITE_DISTANCE_TOLERANCE:
            yield (WARNING, sq, f"site {square_name(sq)} ({kind}) is {column[near]:g} movement points from "
                                f"player {near + 1}'s fortress but {column[far]:g} from player {far + 1}'s "
                                f"(tolerance {SITE_DISTANCE_TOLERANCE})")


def _header_line(text: str, keys: tuple[str, ...]) -> int | None:
    """The 1-based line of the first header line with one of ``keys`` in map text, or None."""
    for lineno, raw in enumerate(strip_bom(text).splitlines(), start=1):
        m = _HEADER.match(raw.strip())
        if m and m.group(1).lower() in keys:
            return lineno
    return None


def _modules_line(board: Board) -> int | None:
    """The line of the board's ``modules:`` line in its source, else where :func:`map_text` writes it
    (None when even that cannot be written: a fortress nobody owns)."""
    try:
        text = board.source or map_text(board)
    except (KeyError, ValueError):
        return None
    return _header_line(text, ("rules", "modules"))


def _module_warnings(board: Board) -> Iterable[tuple[str, int | None, str]]:
    """A map that names its default modules but leaves out the sites module has ``site:`` lines no default
    game uses (docs/maps.md); a map without a ``modules:`` line may keep sites for players who add it."""
    if board.modules and board.sites and "sites" not in {spec.split(":")[0] for spec in board.modules}:
        yield (WARNING, None, f"the map's site: lines are unused by its default modules "
                              f"({', '.join(board.modules)}): add the sites module or drop the lines")


def check_map(board: Board, filename: str = "<map>") -> list[Problem]:
    """All errors and warnings for a parsed board, ordered by position in the file."""
    locate = _Locator(board)
    found: list[tuple[str, int | None, str]] = list(_fortress_errors(board))
    reach = _reachability_errors(board)
    found += reach
    found += _side_warnings(board)
    found += _terrain_warnings(board)
    if not reach and len(board.fortresses) == board.players:
        found += _spread_warnings(board)
        found += _site_warnings(board)
    problems = []
    for severity, square, message in found:
        line, col = locate.at(square)
        problems.append(Problem(filename, line, col, severity, message, square))
    for severity, _, message in _module_warnings(board):  # at the modules line (map_text's without source)
        problems.append(Problem(filename, _modules_line(board) or locate.at(None)[0], 1, severity, message))
    return sorted(problems, key=lambda p: (p.line, p.col, p.severity != ERROR))


def problem_from_map_error(exc: MapError, filename: str) -> Problem:
    """Turn the loader's ``file:line:col: text`` message into an error Problem."""
    text = str(exc)
    rest = text[len(filename) + 1:] if text.startswith(f"{filename}:") else text
    m = _LOCATED.match(rest)
    if m:
        return Problem(filename, int(m.group(1)), int(m.group(2)), ERROR, m.group(3))
    return Problem(filename, 1, 1, ERROR, rest)


def check_text(text: str, filename: str = "<map>") -> list[Problem]:
    """Parse then check map text; a parse failure becomes a single error Problem."""
    try:
        board = parse_map(text, filename)
    except MapError as exc:
        return [problem_from_map_error(exc, filename)]
    return check_map(board, filename)


def is_clean(problems: Iterable[Problem], strict: bool = False) -> bool:
    """No errors (and, when ``strict``, no warnings either)."""
    return not any(p.is_error or strict for p in problems)


def require_playable(board: Board, filename: str = "<map>") -> Board:
    """``board`` itself if the checker finds no error in it; else MapError naming the first error
    (``file:line:col: unplayable map: ...``). Warnings (design advice) never refuse a map."""
    errors = [p for p in check_map(board, filename) if p.is_error]
    if errors:
        first = errors[0]
        more = f" (and {len(errors) - 1} more error(s); run tools/map_editor.py --check)" if len(errors) > 1 else ""
        raise MapError(f"{first.filename}:{first.line}:{first.col}: unplayable map: {first.message}{more}")
    return board


def load_playable_map(name_or_path: str) -> Board:
    """Load a shipped map by name or a map file by path, refusing (MapError) any map the checker calls
    unplayable: the one loader for every command that plays a map (selfplay, play, benchmark_ai)."""
    path = resolve_map_path(name_or_path)
    return require_playable(parse_map(read_map_text(path), str(path)), str(path))


__all__ = ["Problem", "ERROR", "WARNING", "check_map", "check_text", "is_clean", "travel_distances",
           "keep_distances", "keep_shares", "passable_components", "grid_lines", "problem_from_map_error",
           "require_playable", "load_playable_map"]
