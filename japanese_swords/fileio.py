"""File boundaries: bounded reads of regular files, atomic writes, and output paths checked up front.

Readers never see a half-written map, record or save; a reader never blocks on a FIFO or reads
``/dev/zero`` forever; a long run learns that its output folder is unwritable before the first game.
Every failure is a :class:`~japanese_swords.errors.FileAccessError` (or the caller's own error class)
with a one-line message naming the path. See docs/input-limits.md.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from japanese_swords.errors import FileAccessError, JapaneseSwordsError

NEW_FILE_MODE = 0o644
"""Permissions of a newly written file (mkstemp's 0600 would hide records from other users)."""
ORPHAN_AGE_SECONDS = 600.0
"""A temporary file of an atomic write older than this belongs to a run that was killed mid-write."""
_TMP_NAME = re.compile(r"^\..+\.(json|map)\.[a-z0-9_]{8}\.tmp$")  # .NAME.json.XXXXXXXX.tmp as mkstemp names them
_SWEPT: set[str] = set()  # folders this process has already cleared of orphans


def describe_os_error(exc: OSError) -> str:
    """The short reason of an OSError (``Permission denied``), without Python's ``[Errno 13]`` decoration."""
    return exc.strerror or str(exc) or type(exc).__name__


def read_text_bounded(path: str | Path, limit: int, error: type[JapaneseSwordsError] = FileAccessError,
                      what: str = "file") -> str:
    """The UTF-8 text of the regular file ``path`` (a leading BOM dropped); at most ``limit`` bytes.

    Raises ``error`` with ``path: ...`` for a missing, special (FIFO, device, folder), oversized,
    unreadable or non-UTF-8 file. Opened non-blocking so a FIFO without a writer is refused, not waited on.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise error(f"{path}: cannot read {what}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a folder, not a {what}") from None
    except OSError as exc:
        raise error(f"{path}: cannot read {what}: {describe_os_error(exc)}") from None
    except ValueError as exc:  # an embedded NUL in the name
        raise error(f"{path!r}: bad file name ({exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{path}: is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path}: not a regular file (a device, pipe or socket cannot be a {what})")
        if info.st_size > limit:
            raise error(f"{path}: {what} is {info.st_size} bytes, more than the limit of {limit}")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:  # the file may grow while we read: never take more than limit + 1 bytes
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise error(f"{path}: cannot read {what}: {describe_os_error(exc)}") from None
    finally:
        os.close(fd)
    if size > limit:
        raise error(f"{path}: {what} is more than the limit of {limit} bytes")
    try:
        return b"".join(chunks).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{path}: not UTF-8 text (bad byte at offset {exc.start})") from None


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` via a temporary file in the same folder, fsync and ``os.replace``.

    Readers never see a half-written file; an existing file keeps its permissions, a new one gets 0644.
    Temporary files are hidden (``.NAME.XXXXXXXX.tmp``); the first write into a folder in a process also
    removes the orphans of killed runs there (once per folder: a listing per write would cost 15 ms in a
    folder of 10,000 records). Text that cannot be encoded (a lone surrogate) raises UnicodeEncodeError
    before anything is written.
    """
    target = Path(path)
    data = text.encode("utf-8")
    if os.path.lexists(target) and not target.is_file():
        # os.replace would put a regular file in place of /dev/null or a FIFO (as root, even in /dev)
        raise OSError(errno.EINVAL, "not a regular file (a folder, device, pipe or socket)", str(target))
    mode = target.stat().st_mode & 0o777 if target.is_file() else NEW_FILE_MODE
    folder = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    key = os.path.abspath(folder)
    if key not in _SWEPT:
        _SWEPT.add(key)
        remove_orphans(folder)


def remove_orphans(folder: str | Path, name: str | None = None, age: float = ORPHAN_AGE_SECONDS) -> int:
    """Delete temporary files of atomic writes of maps and records (``.NAME.json.XXXXXXXX.tmp``,
    ``.NAME.map.XXXXXXXX.tmp``) in ``folder``, for target ``name`` or any, older than ``age`` seconds:
    those of a run killed mid-write. Younger ones may belong to a write in progress in another process.
    Returns how many were removed; never raises for a file it cannot remove."""
    removed = 0
    now = time.time()
    prefix = f".{name}." if name is not None else "."
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.startswith(prefix) or not _TMP_NAME.match(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and now - entry.stat(follow_symlinks=False).st_mtime > age:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def _kind(path: Path, label: str) -> str:
    """``missing``, ``folder``, ``file`` or ``special`` for ``path``; FileAccessError naming ``label`` when
    the system cannot even look it up (a name too long, a loop of links, no permission)."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return "missing"
    except OSError as exc:
        raise FileAccessError(f"{label}: {describe_os_error(exc)}") from None
    except ValueError as exc:  # a NUL byte, or a lone surrogate the file system cannot encode
        raise FileAccessError(f"{label}: bad name ({exc.__class__.__name__})") from None
    return "folder" if stat.S_ISDIR(mode) else "file" if stat.S_ISREG(mode) else "special"


def check_output_file(path: str | Path, option: str) -> None:
    """Fail now, with one line naming ``option``, if ``path`` could not be written atomically later:
    its folder must exist and accept a new file, and the path must not be a folder or a special file."""
    target = Path(path)
    label = f"{option} {path}"
    if str(path) == "" or target.name in ("", ".", "..") or "\0" in str(path):
        raise FileAccessError(f"{option} {str(path)!r}: not a file name")
    folder = target.parent
    if _kind(folder, label) != "folder":
        raise FileAccessError(f"{label}: folder {str(folder)!r} does not exist")
    kind = _kind(target, label)
    if kind == "folder":
        raise FileAccessError(f"{label}: is a folder")
    if kind == "special":
        raise FileAccessError(f"{label}: not a regular file")
    _probe_folder(folder, label)


def check_output_dir(path: str | Path, option: str) -> Path:
    """Create folder ``path`` if needed and check a file can be written in it; one-line error naming
    ``option`` otherwise. Returns the folder."""
    folder = Path(path)
    label = f"{option} {path}"
    if str(path) == "" or "\0" in str(path):
        raise FileAccessError(f"{option} {str(path)!r}: not a folder name")
    kind = _kind(folder, label)
    if kind in ("file", "special"):
        raise FileAccessError(f"{label}: not a folder")
    if kind == "missing":
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileAccessError(f"{label}: cannot create folder: {describe_os_error(exc)}") from None
        except ValueError as exc:
            raise FileAccessError(f"{label}: bad folder name ({exc.__class__.__name__})") from None
    _probe_folder(folder, label)
    return folder


def _probe_folder(folder: Path, label: str) -> None:
    """Create and delete a hidden temporary file in ``folder``: the only sure test that writes will work."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".write-test.", suffix=".probe", dir=folder)
    except OSError as exc:
        raise FileAccessError(f"{label}: cannot write in folder {str(folder)!r}: {describe_os_error(exc)}") from None
    except ValueError as exc:
        raise FileAccessError(f"{label}: bad path ({exc})") from None
    os.close(fd)
    Path(tmp).unlink(missing_ok=True)
