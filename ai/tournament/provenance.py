"""Where a result comes from: the code's version, the git commit when run from a checkout, the date, and
why each game ended, so a results file can be traced and compared long after the run."""

from __future__ import annotations

import datetime
import platform
import subprocess
from pathlib import Path

from japanese_swords import __version__

#: Why a game ended, as written in results files.
TERMINATIONS = ("capture", "honor", "round limit", "unfinished", "error")


def _git(folder: Path, *args: str) -> str | None:
    """Output of a git command in ``folder``; None if it fails or git is missing."""
    try:
        out = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True, timeout=10,
                             check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    text = out.stdout.strip()
    return text if out.returncode == 0 and text else None


def git_commit(where: Path | None = None) -> str | None:
    """The commit checked out at ``where`` (default: the checkout this code runs from), with ``-dirty`` if
    files differ; None outside a git checkout, e.g. an installed package (even one installed in a venv
    inside some checkout), or without git."""
    here = Path(__file__).resolve()
    folder = where or here.parent
    if where is None:
        top = _git(folder, "rev-parse", "--show-toplevel")
        if top is None or (Path(top) / "ai" / "tournament" / here.name).resolve() != here:
            return None
    return _git(folder, "describe", "--always", "--dirty", "--abbrev=12", "--match=NO_TAGS_WANTED")


def provenance(now: datetime.datetime | None = None) -> dict[str, str | None]:
    """Version, commit (or None), UTC date and Python version of this run."""
    moment = (now or datetime.datetime.now(datetime.UTC)).astimezone(datetime.UTC)
    return {"version": __version__, "commit": git_commit(), "date": moment.isoformat(timespec="seconds"),
            "python": platform.python_version()}


def termination(winner: int | None, honor: tuple[int, ...] | list[int], finished: bool, error: str | None,
                honor_to_win: int = 50) -> str:
    """Why a game ended: ``capture`` (every rival fortress taken), ``honor`` (the winner reached
    ``honor_to_win``), ``round limit`` (a draw at max_rounds), ``unfinished`` or ``error``."""
    if error is not None:
        return "error"
    if not finished:
        return "unfinished"
    if winner is None:
        return "round limit"
    return "honor" if honor[winner] >= honor_to_win else "capture"
