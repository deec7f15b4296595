"""File boundaries: bounded reads of regular files, atomic writes, and output paths checked up front.

Readers never see a half-written map, record or save; a reader never blocks on a FIFO or reads
``/dev/zero`` forever; a long run learns that its output folder is unwritable before the first game.
Every failure is a :class:`~japanese_swords.errors.FileAccessError` (or the caller's own error class)
with a one-line message naming the path. See docs/input-limits.md.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
import tempfile
import time
from pathlib import Path

from japanese_swords.errors import FileAccessError, JapaneseSwordsError

ORPHAN_AGE_SECONDS = 600.0
"""A temporary file of an atomic write older than this belongs to a run that was killed mid-write."""
_TMP_NAME = re.compile(r"^\..+\.(json|map|png|csv|wav|sha256)\.[a-z0-9_]{8}\.tmp$")
"""Temporary files of our own atomic writes (``.NAME.json.XXXXXXXX.tmp`` as mkstemp names them): the kinds
of file the program writes; anything else in a folder is never touched."""
MAX_JSON_DEPTH = 64
"""Deepest nesting of arrays and objects :func:`parse_json` accepts (records and settings need 4)."""
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


def process_umask() -> int:
    """The process umask: from ``/proc/self/status`` where there is one (reading it by setting and
    restoring would briefly give files created by other threads mode 0666), else by set and restore."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def new_file_mode() -> int:
    """Permissions of a newly written file: 0666 less the umask, as ``open(path, "w")`` would give (mkstemp's
    0600 would hide records and screenshots from other users; a user's umask 077 keeps them private)."""
    return 0o666 & ~process_umask()


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` via a temporary file in the same folder, fsync
    and ``os.replace``: the one way the program writes a file (maps, records, saves, settings, screenshots,
    tournament reports).

    Readers never see a half-written file; an existing file keeps its permissions, a new one gets the
    umask-derived mode (:func:`new_file_mode`). On any failure (no such folder, no permission, disk full)
    the previous file is left as it was, no temporary file stays behind and the OSError propagates.
    Temporary files are hidden (``.NAME.XXXXXXXX.tmp``); the first write into a folder in a process also
    removes the orphans of killed runs there (once per folder: a listing per write would cost 15 ms in a
    folder of 10,000 records). Text that cannot be encoded (a lone surrogate) raises UnicodeEncodeError
    before anything is written.
    """
    target = Path(path)
    raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if os.path.lexists(target) and not target.is_file():
        # os.replace would put a regular file in place of /dev/null or a FIFO (as root, even in /dev)
        raise OSError(errno.EINVAL, "not a regular file (a folder, device, pipe or socket)", str(target))
    mode = target.stat().st_mode & 0o777 if target.is_file() else new_file_mode()
    folder = target.parent
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
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


def write_json(path: str | Path, data: object) -> None:
    """``data`` as JSON (one-space indents, a final newline) written by :func:`write_atomic`: the tools'
    reports and the fitted weights."""
    write_atomic(path, json.dumps(data, indent=1) + "\n")


def _no_constant(name: str) -> float:
    """json hook: ``NaN``, ``Infinity`` and ``-Infinity`` are not JSON numbers."""
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    """json hook: a number too large for a float (``1e400``) is refused rather than read as infinity."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def _depth(node: object, limit: int) -> int:
    """Nesting depth of a parsed JSON value (iterative: no recursion on hostile input); stops past ``limit``."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            stack.extend((child, level + 1) for child in (item.values() if isinstance(item, dict) else item))
    return deepest


def parse_json(text: str, where: str, error: type[JapaneseSwordsError] = FileAccessError,
               max_depth: int = MAX_JSON_DEPTH) -> object:
    """JSON from ``text``, checked: finite numbers only (no ``NaN``, ``Infinity``, ``1e400``), integers within
    Python's digit limit, no key twice in one object, at most ``max_depth`` levels of nesting. Anything
    else raises ``error`` with one line starting ``where``."""
    def pairs(items: list[tuple[str, object]]) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, value in items:
            if key in out:
                raise ValueError(f"key {key[:40]!r} is given twice in one object")
            out[key] = value
        return out

    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float, object_pairs_hook=pairs)
    except json.JSONDecodeError as exc:
        raise error(f"{where}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg}); truncated?") from None
    except RecursionError:
        raise error(f"{where}: JSON nested too deeply") from None
    except ValueError as exc:  # a hook's refusal, or an integer longer than Python's integer-string limit
        first = str(exc).splitlines()[0][:100] if str(exc) else type(exc).__name__
        raise error(f"{where}: bad JSON ({first})") from None
    if _depth(data, max_depth) > max_depth:
        raise error(f"{where}: JSON nested more than {max_depth} levels deep")
    return data


def load_json(path: str | Path, limit: int, error: type[JapaneseSwordsError] = FileAccessError,
              what: str = "file", max_depth: int = MAX_JSON_DEPTH) -> object:
    """Read a JSON file with :func:`read_text_bounded` (size limit, regular files only) and check it with
    :func:`parse_json`; one-line ``error`` naming ``path`` for anything wrong."""
    return parse_json(read_text_bounded(path, limit, error, what), str(path), error, max_depth)


def remove_orphans(folder: str | Path, name: str | None = None, age: float = ORPHAN_AGE_SECONDS) -> int:
    """Delete temporary files of atomic writes (:data:`_TMP_NAME`) in ``folder``, for target ``name``
    or any, older than ``age`` seconds: those of a run killed mid-write. Younger ones may belong to a write
    in progress in another process. Returns how many were removed; never raises for a file it cannot
    remove."""
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
