"""The player's career: one entry per finished game against the AI (date, map, the opponents' level,
won or not, final honor), kept in ``career.json`` in the user's config folder beside the settings and
summed up for the career page (games, wins by map and by level, average honor). No arcade here.

Written with the one atomic-write helper. A damaged file (not JSON, wrong shape, a bad entry) is refused
in one line naming the file and what is wrong; it is then left exactly as it is (no game is added to
it), so nothing the player had is overwritten.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from japanese_swords.errors import FileAccessError
from japanese_swords.fileio import describe_os_error, load_json, write_atomic

from .prefs import config_dir

MAX_CAREER_BYTES = 2 * 1024 * 1024
"""Largest career file read (an entry is about 150 bytes)."""
MAX_GAMES = 5000
"""Entries kept; the oldest go first."""
VERSION = 1


@dataclass(frozen=True)
class GameEntry:
    """One finished game as the career keeps it."""

    date: str  # YYYY-mm-dd HH:MM
    map: str
    players: int
    level: str  # the opponents' level: easy, normal, hard, mixed, or an agent spec's name
    won: bool
    draw: bool
    honor: int


@dataclass(frozen=True)
class Row:
    """Games and wins of one map or level."""

    name: str
    games: int
    wins: int


@dataclass(frozen=True)
class Summary:
    """What the career page shows."""

    games: int
    wins: int
    draws: int
    average_honor: float
    by_map: list[Row]
    by_level: list[Row]
    recent: list[GameEntry]


def career_path() -> Path:
    """Where the career lives: ``career.json`` in the client's config folder."""
    return config_dir() / "career.json"


def read_career(path: Path | None = None) -> tuple[list[GameEntry], str]:
    """The games played and "" — or [] and a one-line reason the file is refused (no file: no games)."""
    path = path or career_path()
    if not os.path.lexists(path):
        return [], ""
    try:
        data = load_json(path, MAX_CAREER_BYTES, FileAccessError, "career file", 4)
    except FileAccessError as exc:
        return [], f"career not read: {exc}"
    except OSError as exc:
        return [], f"career not read: {path}: {describe_os_error(exc)}"
    if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("games"), list):
        return [], f"career not read: {path}: expected an object with version {VERSION} and a games list"
    games = []
    for i, item in enumerate(data["games"]):
        entry = _entry(item)
        if entry is None:
            return [], f"career not read: {path}: game {i + 1} is malformed"
        games.append(entry)
    return games, ""


def _entry(item: object) -> GameEntry | None:
    """A checked entry, or None if any field is missing or of the wrong type."""
    if not isinstance(item, dict):
        return None
    values = {}
    for f in fields(GameEntry):
        value = item.get(f.name)
        kind = {"str": str, "int": int, "bool": bool}[f.type]
        if type(value) is not kind or (kind is str and len(value) > 100):
            return None
        values[f.name] = value
    if not 2 <= values["players"] <= 4:
        return None
    return GameEntry(**values)


def add_game(entry: GameEntry, path: Path | None = None) -> str:
    """Append a game and write the file atomically; "" or the one-line reason nothing was written (a
    damaged file is never overwritten)."""
    path = path or career_path()
    games, problem = read_career(path)
    if problem:
        return f"{problem}; this game is not added (move the file away to start a new career)"
    games = (games + [entry])[-MAX_GAMES:]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps({"version": VERSION, "games": [asdict(g) for g in games]}, indent=0) + "\n")
    except OSError as exc:
        return f"cannot save the career to {path}: {describe_os_error(exc)}"
    except ValueError as exc:
        return f"cannot save the career to {path!r}: bad path ({exc.__class__.__name__})"
    return ""


def level_of(specs: list[str]) -> str:
    """The opponents' level from their agent specs: the difficulty (or a league style's samples level)
    they share, else "mixed"; an agent without a level is named by its spec's name."""
    from .opponents import STYLE_SAMPLES

    levels = set()
    for spec in specs:
        name, *options = spec.split(":")
        level = name
        for option in options:
            key, _, value = option.partition("=")
            if key == "difficulty":
                level = value
            elif key == "samples":
                level = next((lv for lv, n in STYLE_SAMPLES.items() if str(n) == value), name)
        levels.add(level)
    return levels.pop() if len(levels) == 1 else "mixed"


def entry_for(state, seat: int, map_name: str, opponent_specs: list[str]) -> GameEntry:
    """The career entry of a finished game for the human at ``seat``."""
    return GameEntry(date=time.strftime("%Y-%m-%d %H:%M"), map=map_name, players=state.num_players,
                     level=level_of(opponent_specs), won=state.winner == seat, draw=state.winner is None,
                     honor=int(state.honor[seat]))


def summarize(games: list[GameEntry]) -> Summary:
    """Totals, wins by map and by level, average final honor, the ten newest games (newest first)."""
    def rows(key) -> list[Row]:
        names = sorted({key(g) for g in games})
        return [Row(n, sum(key(g) == n for g in games), sum(key(g) == n and g.won for g in games)) for n in names]

    honor = sum(g.honor for g in games) / len(games) if games else 0.0
    return Summary(len(games), sum(g.won for g in games), sum(g.draw for g in games), honor,
                   rows(lambda g: g.map), rows(lambda g: g.level), list(reversed(games[-10:])))
