"""Atomic file writes: readers never see a half-written map, record or save."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file in the same folder and ``os.replace``.

    Readers never see a half-written map; an existing file keeps its permissions, a new one gets 0644.
    """
    target = Path(path)
    mode = target.stat().st_mode & 0o777 if target.exists() else 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
