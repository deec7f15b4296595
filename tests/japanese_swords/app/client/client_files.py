"""Shared pieces of the client-file tests: a real save, the ways a file can be damaged, and a headless
ClientContext whose loading and saving paths run without a window.

Running as root, file modes do not stop reads or writes (root ignores them); an unwritable place is
therefore made another way: a path under a regular file, a folder where a file should be, or ``os``
functions patched to raise ``OSError(ENOSPC)``/``OSError(EACCES)`` (:func:`failing_os`).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from types import SimpleNamespace

from japanese_swords.app.client.context import ClientContext, Settings
from japanese_swords.app.client.session import HUMAN, Session
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import Record
from tests.file_faults import failing_os, temp_files  # noqa: F401  (re-exported for the client tests)
from tests.japanese_swords.random_play import random_actions


def _good_save(seed: int, limit: int) -> str:
    """The text of a real save: a record with a human seat, ``limit`` random actions and its result."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=40))
    record = Record(game, [HUMAN, "random"], seed)
    steps = list(random_actions(game, seed, limit))
    record.actions = [str(a) for _, a in steps]
    record.finish(steps[-1][0])
    return json.dumps(record.to_json(), indent=1)


GOOD_SAVE = _good_save(1, 80)
GOOD_AUTOSAVE = _good_save(2, 120)
GOOD_SETTINGS = '{"volume": 40, "muted": false, "music": false, "ai_speed": 3, "tutorial_done": true}\n'

DAMAGE = ("deep_nesting", "rounds_infinity", "rounds_1e400", "broken_link", "link_loop", "dev_zero", "fifo",
          "folder", "empty", "not_utf8", "truncated", "huge", "link_to_good", "not_object", "nan")
"""Ways a save or settings file is found damaged (each one broke the client before)."""


def damage(path: Path, kind: str, base: str, good: Path | None = None) -> None:
    """Put a damaged file of ``kind`` at ``path`` (``base`` is the valid text it is made from)."""
    if kind == "deep_nesting":
        path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    elif kind == "rounds_infinity":
        path.write_text(re.sub(r'"rounds": \d+', '"rounds": Infinity', base) if '"rounds"' in base
                        else '{"volume": Infinity}', encoding="utf-8")
    elif kind == "rounds_1e400":
        path.write_text(re.sub(r'"rounds": \d+', '"rounds": 1e400', base) if '"rounds"' in base
                        else '{"volume": 1e400}', encoding="utf-8")
    elif kind == "broken_link":
        path.symlink_to(path.parent / "nothing-here.json")
    elif kind == "link_loop":
        path.symlink_to(path)
    elif kind == "dev_zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "inside.json").write_text(base, encoding="utf-8")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "not_utf8":
        path.write_bytes(b"\xff\xfe" + base.encode("utf-16-le"))
    elif kind == "truncated":
        path.write_text(base[: len(base) // 2], encoding="utf-8")
    elif kind == "huge":
        with open(path, "wb") as handle:  # sparse: 17 MiB that take no disk
            handle.truncate(17 * 1024 * 1024)
    elif kind == "link_to_good":
        assert good is not None
        path.symlink_to(good)
    elif kind == "not_object":
        path.write_text("[1, 2, 3]", encoding="utf-8")
    elif kind == "nan":
        path.write_text(base.replace("40", "NaN", 1) if "40" in base else "NaN", encoding="utf-8")
    else:
        raise ValueError(kind)


def headless_context(session: Session | None = None) -> ClientContext:
    """A ClientContext without a window (prefs from ``$JS_CONFIG_DIR``, saves in ``$JS_SAVE_DIR``): loading a
    save stops before the game screen (``start`` records the session), saving uses ``session``."""
    context = ClientContext(SimpleNamespace(), Settings(), autoplay=False)
    context.started = []  # type: ignore[attr-defined]
    context.start = context.started.append  # type: ignore[method-assign]
    if session is not None:
        context.controller = SimpleNamespace(session=session, close=lambda: None)  # type: ignore[assignment]
        context.game_id = "20260101-000000-1"
    return context


def a_session() -> Session:
    """A session loaded from the good save (what a player has after Load game)."""
    record = Record.from_json(json.loads(GOOD_SAVE))
    return Session.from_record(record, 0)
