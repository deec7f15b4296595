"""Faults of the file system for boundary tests: a full disk or a refused write, and leftover temporary files.

Running as root, file modes do not stop reads or writes (root ignores them), so an unwritable place is made
by patching the ``os`` (or ``tempfile``) function that would do the work to raise ``OSError(ENOSPC)`` or
``OSError(EACCES)``. Imports nothing of the client (importing arcade before the client tests set
``ARCADE_HEADLESS`` would break their GL window).
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def failing_os(name: str, err: int = errno.ENOSPC, module: object = os) -> Iterator[None]:
    """``module.name`` (e.g. ``os.fsync``) raises OSError(err) inside the block: a full disk (ENOSPC) or a
    place root may not write either (EACCES), which file modes cannot give a root test."""
    original = getattr(module, name)

    def fail(*_args: object, **_kwargs: object) -> None:
        raise OSError(err, os.strerror(err))

    setattr(module, name, fail)
    try:
        yield
    finally:
        setattr(module, name, original)


def temp_files(*folders: Path) -> list[Path]:
    """Temporary files of atomic writes left in ``folders`` (none may survive a write, failed or not)."""
    found = []
    for folder in folders:
        with contextlib.suppress(OSError):
            found += [p for p in folder.iterdir() if p.name.startswith(".") and p.name.endswith(".tmp")]
    return found
