"""What the menu offers: the save folder and its saved games, and the shipped maps for a player count."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.maps import available_maps, load_map


def save_dir() -> Path:
    """Where saves and the autosave go: ``$JS_SAVE_DIR`` or ``~/.local/share/japanese-swords/saves``."""
    env = os.environ.get("JS_SAVE_DIR")
    path = Path(env) if env else Path.home() / ".local" / "share" / "japanese-swords" / "saves"
    return path


def list_saves(folder: Path, limit: int = 8) -> list[Path]:
    """Saved games in the folder, newest first."""
    if not folder.is_dir():
        return []
    files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return files[:limit]


AUTOSAVE_PREFIX = "autosave-"
AUTOSAVES_KEPT = 5


@dataclass(frozen=True)
class SaveInfo:
    """What the load screen shows about a save: map, round, date, players, and whether it is readable."""

    path: Path
    map_name: str
    map_text: str
    round: int
    finished: bool
    date: str
    seats: int
    autosave: bool
    error: str = ""


_INFO_CACHE: dict[tuple[str, float], SaveInfo] = {}


def save_info(path: Path) -> SaveInfo:
    """Details of a save from its JSON (no replay; cached by path and modification time). A file that
    cannot be read gives a SaveInfo whose ``error`` says why, so the list still shows it."""
    try:
        mtime = path.stat().st_mtime
    except OSError as exc:
        return SaveInfo(path, "?", "", 0, False, "", 0, False, exc.strerror or "cannot read")
    key = (str(path), mtime)
    if key in _INFO_CACHE:
        return _INFO_CACHE[key]
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(mtime))
    auto = path.name.startswith(AUTOSAVE_PREFIX) or path.name == "autosave.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        board = data.get("map") or {}
        result = data.get("result") or {}
        info = SaveInfo(
            path,
            str(board.get("name", "?")),
            str(board.get("text", "")),
            int(result.get("rounds", 0)),
            bool(result.get("finished", False)),
            date,
            len(data.get("seats", [])),
            auto,
        )
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        info = SaveInfo(path, "?", "", 0, False, date, 0, auto, f"not a game record ({type(exc).__name__})")
    _INFO_CACHE[key] = info
    return info


def autosave_name(game_id: str) -> str:
    """The autosave file of one game: each game has its own, so a new game never overwrites another's."""
    return f"{AUTOSAVE_PREFIX}{game_id}.json"


def prune_autosaves(folder: Path, keep: int = AUTOSAVES_KEPT) -> list[Path]:
    """Delete all but the newest ``keep`` autosaves; returns the deleted paths."""
    if not folder.is_dir():
        return []
    autos = sorted(folder.glob(f"{AUTOSAVE_PREFIX}*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    gone = autos[keep:]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def maps_for(players: int) -> list[str]:
    """Shipped maps for a player count (map files that fail to load are left out)."""
    out = []
    for name in available_maps():
        try:
            if load_map(name).players == players:
                out.append(name)
        except JapaneseSwordsError:
            continue
    return out
