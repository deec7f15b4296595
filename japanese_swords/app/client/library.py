"""What the menu offers: the save folder and its saved games, the shipped maps for a player count and the
player's own maps (the map editor's folder)."""

from __future__ import annotations

import fnmatch
import os
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import describe_os_error
from japanese_swords.maps import available_maps, load_map
from japanese_swords.records import load_record

APP_NAME = "japanese-swords"


def save_dir() -> Path:
    """Where saves and autosaves go: ``$JS_SAVE_DIR`` (tests, portable installs) or ``saves`` in the
    platform's user data folder (``~/.local/share/japanese-swords/saves`` on Linux)."""
    env = os.environ.get("JS_SAVE_DIR")
    return Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "saves"


def _mtime(entry: os.DirEntry) -> float:
    """An entry's own modification time (a link's, not its target's: a broken link still sorts)."""
    try:
        return entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return 0.0


def _entries(folder: Path, pattern: str) -> list[os.DirEntry]:
    """Visible entries of ``folder`` matching ``pattern``, newest first; none if it cannot be listed."""
    try:
        with os.scandir(folder) as it:
            found = [e for e in it if not e.name.startswith(".") and fnmatch.fnmatchcase(e.name, pattern)]
    except (OSError, ValueError):  # missing, a file, unreadable, a bad name
        return []
    return sorted(found, key=_mtime, reverse=True)


def list_saves(folder: Path, limit: int = 8) -> list[Path]:
    """Everything named like a save in the folder (``*.json``), newest first: damaged files, links and
    folders too, so the menu can show each with its reason instead of hiding it."""
    return [Path(e.path) for e in _entries(folder, "*.json")[:limit]]


AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 5


@dataclass(frozen=True)
class SaveInfo:
    """What the load screen shows about a save: map, round, date, players, and whether it is readable
    (``error``: the one-line reason it is damaged, empty for a good save)."""

    path: Path
    map_name: str
    map_text: str
    round: int
    finished: bool
    date: str
    seats: int
    autosave: bool
    error: str = ""


_INFO_CACHE: dict[tuple, SaveInfo] = {}


def _reason(message: str, path: Path) -> str:
    """A loader's one-line message without the leading path (the menu shows the file name beside it)."""
    for prefix in (f"{path}: ", f"{path}:"):
        if message.startswith(prefix):
            message = message[len(prefix):]
            break
    return " ".join(message.split())[:200]


def save_info(path: Path) -> SaveInfo:
    """Details of a save from its record, read with the records' bounded, checked loader (no replay;
    cached by path, time, size and inode). A file that cannot be read, or is not a valid record, gives a
    SaveInfo whose ``error`` says why in one line, so the list still shows it. Never raises."""
    path = Path(path)
    auto = path.name.startswith(AUTOSAVE_PREFIX) or path.name == "autosave.json"
    try:
        own = os.lstat(path)
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else "cannot read"
        return SaveInfo(path, "?", "", 0, False, "", 0, auto, f"damaged: {reason}")
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(own.st_mtime))
    try:
        info = os.stat(path)
        key: tuple = (str(path), info.st_mtime_ns, info.st_size, info.st_ino, info.st_mode)
    except OSError as exc:  # a broken link, a loop of links
        reason = "a link to nothing" if isinstance(exc, FileNotFoundError) else describe_os_error(exc)
        return SaveInfo(path, "?", "", 0, False, date, 0, auto, f"damaged: {reason}")
    if key in _INFO_CACHE:
        return _INFO_CACHE[key]
    try:
        record = load_record(path)
    except JapaneseSwordsError as exc:
        result = SaveInfo(path, "?", "", 0, False, date, 0, auto, f"damaged: {_reason(str(exc), path)}")
    else:
        summary = record.result or {}
        board = record.game.board
        result = SaveInfo(path, board.name, board.source, int(summary.get("rounds", 0)),
                          bool(summary.get("finished", False)), date, len(record.seats), auto)
    if len(_INFO_CACHE) > 256:
        _INFO_CACHE.clear()
    _INFO_CACHE[key] = result
    return result


def menu_saves(folder: Path, slots: int = 6, damaged_slots: int = 2, scan: int = 64) -> list[SaveInfo]:
    """What the load screen lists: the newest ``slots`` entries of the folder, newest first, of which at
    most ``damaged_slots`` damaged ones, so damaged files are shown with their reasons but never push the
    good saves off the screen. Never raises."""
    shown: list[SaveInfo] = []
    damaged = 0
    for path in list_saves(folder, limit=scan):
        info = save_info(path)
        if info.error:
            if damaged >= damaged_slots:
                continue
            damaged += 1
        shown.append(info)
        if len(shown) == slots:
            break
    return shown


def autosave_name(game_id: str) -> str:
    """The autosave file of one game: each game has its own, so a new game never overwrites another's."""
    return f"{AUTOSAVE_PREFIX}{game_id}.json"


def prune_autosaves(folder: Path, keep: int = AUTOSAVES_KEPT) -> list[Path]:
    """Delete all but the newest ``keep`` autosaves; returns the deleted paths. Only regular files (not
    links, not folders named like an autosave) are counted or deleted, a file another process removed
    first is skipped, and nothing here raises: pruning is housekeeping, never a reason to stop a game."""
    autos = [e for e in _entries(folder, f"{AUTOSAVE_PREFIX}*.json") if _regular(e)]
    gone = []
    for entry in autos[keep:]:
        try:
            os.unlink(entry.path)
        except OSError:
            continue
        gone.append(Path(entry.path))
    return gone


def _regular(entry: os.DirEntry) -> bool:
    """True for a regular file (not a link, folder, pipe or device)."""
    try:
        return entry.is_file(follow_symlinks=False)
    except OSError:
        return False


def maps_dir() -> Path:
    """Where the player's own maps live (the map editor saves there from the menu): ``$JS_MAPS_DIR`` or
    ``maps`` in the platform's user data folder (``~/.local/share/japanese-swords/maps`` on Linux)."""
    env = os.environ.get("JS_MAPS_DIR")
    return Path(env) if env else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)) / "maps"


def user_maps(folder: Path | None = None, limit: int = 12) -> list[Path]:
    """The player's map files (``*.map``), newest first, broken ones included (the editor opens them)."""
    return [Path(e.path) for e in _entries(folder or maps_dir(), "*.map")[:limit]]


@dataclass(frozen=True)
class MapFileInfo:
    """A user map as the menu lists it: the path, the map's name, its players, and the first problem
    that stops it loading (empty for a playable map)."""

    path: Path
    name: str
    players: int
    error: str = ""


def map_file_info(path: Path) -> MapFileInfo:
    """What the menu shows about a user map file (a broken one with the loader's one-line reason)."""
    try:
        board = load_map(str(path))
    except JapaneseSwordsError as exc:
        return MapFileInfo(path, path.stem, 0, _reason(str(exc), path))
    return MapFileInfo(path, board.name, board.players)


def maps_for(players: int) -> list[str]:
    """The maps a new game for a player count can use: the shipped ones by name, then the player's own
    (``maps_dir()``) by path; map files that fail to load are left out."""
    out = []
    for name in available_maps():
        try:
            if load_map(name).players == players:
                out.append(name)
        except JapaneseSwordsError:
            continue
    for path in sorted(user_maps(), key=lambda p: p.name):
        info = map_file_info(path)
        if not info.error and info.players == players:
            out.append(str(path))
    return out


def map_label(map_name: str) -> str:
    """How the menu names a map: a shipped map by its name, the player's own by its file name."""
    return map_name if "/" not in map_name and "\\" not in map_name else f"{Path(map_name).stem} (yours)"
