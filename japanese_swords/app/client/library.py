"""What the menu offers: the save folder and its saved games, and the shipped maps for a player count."""

from __future__ import annotations

import os
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
