"""Player preferences kept between sessions: volume, mute, music, AI speed, auto-end, summary, window.

Stored as JSON in ``$JS_CONFIG_DIR/settings.json`` or ``settings.json`` in the platform's user config
folder (``~/.config/japanese-swords`` on Linux), written with the one atomic-write helper. The file is
read bounded and checked (:func:`japanese_swords.fileio.load_json`): a missing file gives the defaults; a
damaged one (not JSON, not an object, a FIFO, a link to a device or to nothing) gives the defaults with a
notice and is renamed aside, never overwritten; a bad value is replaced by its default. Nothing raises.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from japanese_swords.errors import FileAccessError
from japanese_swords.fileio import describe_os_error, load_json, write_atomic

MAX_SETTINGS_BYTES = 64 * 1024
"""Largest settings file read (the real one is about 200 bytes)."""
SETTINGS_DEPTH = 4
"""Deepest JSON nesting a settings file may have (it is one flat object)."""
UI_SCALES = (100, 110, 125)
"""The UI scales the settings offer, in percent of the normal text size."""


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
    ui_scale: int = 100  # percent: every text is set this much larger (UI_SCALES)

    @property
    def gain(self) -> float:
        """Sound effect volume 0-1 (0 when muted)."""
        return 0.0 if self.muted else max(0, min(100, self.volume)) / 100


def config_dir() -> Path:
    """The client's config folder: ``$JS_CONFIG_DIR`` (tests, portable installs) or the platform's."""
    env = os.environ.get("JS_CONFIG_DIR")
    return Path(env) if env else Path(platformdirs.user_config_dir("japanese-swords", appauthor=False))


def prefs_path() -> Path:
    """Where the preferences live."""
    return config_dir() / "settings.json"


def read_prefs(path: Path | None = None) -> tuple[Prefs, str]:
    """The saved preferences and a one-line notice ("" when all is well).

    A damaged file is renamed to ``settings.json.damaged-YYYYmmdd-HHMMSS`` (so the next save does not
    overwrite what the player may want back) and the defaults are used."""
    path = path or prefs_path()
    prefs = Prefs()
    try:
        if not os.path.lexists(path):
            return prefs, ""
        data = load_json(path, MAX_SETTINGS_BYTES, FileAccessError, "settings file", SETTINGS_DEPTH)
        if not isinstance(data, dict):
            raise FileAccessError(f"{path}: settings must be a JSON object, got {type(data).__name__}")
    except (FileAccessError, OSError, ValueError) as exc:
        return prefs, _set_aside(path, str(exc) if not isinstance(exc, OSError) else describe_os_error(exc))
    for f in fields(Prefs):
        value = data.get(f.name)
        default = getattr(prefs, f.name)
        if type(value) is type(default):  # bool is not taken for int, nor int for bool
            setattr(prefs, f.name, value)
    prefs.volume = max(0, min(100, prefs.volume))
    prefs.ai_speed = max(0, min(3, prefs.ai_speed))
    if prefs.ui_scale not in UI_SCALES:
        prefs.ui_scale = 100
    return prefs, ""


def _set_aside(path: Path, reason: str) -> str:
    """Rename a damaged settings file out of the way; the notice says why and where it went."""
    reason = " ".join(reason.replace(f"{path}: ", "").split())[:160]
    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    if os.path.lexists(aside):
        aside = _free_name(aside)
    try:
        os.rename(path, aside)
    except OSError as exc:
        return f"settings damaged ({reason}); using the defaults (could not rename it: {describe_os_error(exc)})"
    return f"settings damaged ({reason}); using the defaults, the old file is kept as {aside.name}"


def _free_name(path: Path) -> Path:
    """``path`` with a number appended until no file has that name."""
    n = 1
    while os.path.lexists(path.with_name(f"{path.name}.{n}")):
        n += 1
    return path.with_name(f"{path.name}.{n}")


def load_prefs(path: Path | None = None) -> Prefs:
    """The saved preferences (defaults for anything missing or malformed; see :func:`read_prefs`)."""
    return read_prefs(path)[0]


def save_prefs(prefs: Prefs, path: Path | None = None) -> str | None:
    """Write the preferences atomically; returns a one-line error instead of raising (the previous file
    stays as it was and no temporary file is left behind)."""
    path = path or prefs_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(asdict(prefs), indent=1) + "\n")
    except OSError as exc:
        return f"cannot save settings to {path}: {describe_os_error(exc)}"
    except ValueError as exc:  # a NUL in the path
        return f"cannot save settings to {path!r}: bad path ({exc.__class__.__name__})"
    return None
