"""Player preferences kept between sessions: volume, mute, music, AI speed, auto-end, summary, window.

Stored as JSON in ``$JS_CONFIG_DIR`` or ``~/.config/japanese-swords/settings.json`` (atomic write). A
missing or unreadable file gives the defaults; a bad value is replaced by its default (no traceback).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, fields
from pathlib import Path


@dataclass
class Prefs:
    """What the settings screen changes."""

    volume: int = 70  # percent
    muted: bool = False
    music: bool = True
    ai_speed: int = 1  # index into theme.SPEEDS
    auto_end: bool = False  # end phases in which you can do nothing but end
    summary: bool = True  # show what the opponents did when your decision comes
    fullscreen: bool = False
    tutorial_done: bool = False

    @property
    def gain(self) -> float:
        """Sound effect volume 0-1 (0 when muted)."""
        return 0.0 if self.muted else max(0, min(100, self.volume)) / 100


def prefs_path() -> Path:
    """Where the preferences live."""
    env = os.environ.get("JS_CONFIG_DIR")
    folder = Path(env) if env else Path.home() / ".config" / "japanese-swords"
    return folder / "settings.json"


def load_prefs(path: Path | None = None) -> Prefs:
    """The saved preferences (defaults for anything missing or malformed)."""
    path = path or prefs_path()
    prefs = Prefs()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return prefs
    if not isinstance(data, dict):
        return prefs
    for f in fields(Prefs):
        value = data.get(f.name)
        default = getattr(prefs, f.name)
        if type(value) is type(default):  # bool is not taken for int, nor int for bool
            setattr(prefs, f.name, value)
    prefs.volume = max(0, min(100, prefs.volume))
    prefs.ai_speed = max(0, min(3, prefs.ai_speed))
    return prefs


def save_prefs(prefs: Prefs, path: Path | None = None) -> str | None:
    """Write the preferences atomically; returns a one-line error instead of raising."""
    path = path or prefs_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".json", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(asdict(prefs), fh, indent=1)
        os.replace(tmp, path)
    except OSError as exc:
        return f"cannot save settings to {path}: {exc.strerror or exc}"
    return None
