"""Provenance in results: version, commit of a git checkout, UTC date, and each game's termination."""

from __future__ import annotations

import datetime
import subprocess
from pathlib import Path

from ai.tournament.provenance import git_commit, provenance, termination
from ai.tournament.report import summarize
from japanese_swords import __version__
from tests.ai.tournament.test_report import _result


def test_termination_names_why_each_game_ended() -> None:
    assert termination(0, (12, 3), True, None) == "capture"
    assert termination(1, (12, 50), True, None) == "honor"
    assert termination(None, (20, 21), True, None) == "round limit"
    assert termination(None, (), False, None) == "unfinished"
    assert termination(None, (), False, "RuntimeError: boom") == "error"
    assert termination(0, (30, 3), True, None, honor_to_win=30) == "honor"


def test_provenance_has_the_version_and_a_utc_date() -> None:
    moment = datetime.datetime(2026, 1, 2, 3, 4, 5, tzinfo=datetime.UTC)
    p = provenance(moment)
    assert p["version"] == __version__ and p["date"] == "2026-01-02T03:04:05+00:00"
    assert set(p) == {"version", "commit", "date", "python"}


def test_the_commit_is_read_from_a_checkout_and_none_outside_one(tmp_path: Path) -> None:
    repo, plain = tmp_path / "repo", tmp_path / "plain"
    repo.mkdir()
    plain.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git + ["init", "-q"], check=True)
    (repo / "f").write_text("x")
    subprocess.run(git + ["add", "f"], check=True)
    subprocess.run(git + ["commit", "-qm", "c"], check=True)
    head = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    assert git_commit(repo) == head[:12]
    (repo / "f").write_text("changed")
    assert git_commit(repo) == head[:12] + "-dirty"
    assert git_commit(plain) is None


def test_summaries_carry_provenance_and_terminations() -> None:
    s = summarize(_result(("random", "x"), [1, 0, None, 1], 4, error_at=3))
    assert s["run"]["provenance"]["version"] == __version__
    assert [r["termination"] for r in s["results"]] == ["capture", "capture", "round limit", "error"]
