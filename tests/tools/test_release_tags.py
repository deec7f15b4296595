"""tools/release_tags.py: the tags the docs name are made from commits this repository holds, once."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from .conftest import TOOLS, load_tool

REPO = TOOLS.parent


@pytest.fixture(scope="module")
def tool():
    return load_tool("release_tags")


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    """A copy of this repository without its tags (sharing its objects), as a landing may give one."""
    dest = tmp_path / "copy"
    subprocess.run(["git", "clone", "--quiet", "--shared", "--no-checkout", "--no-tags", str(REPO), str(dest)],
                   check=True)
    return dest


def show(repo: Path, rev: str, path: str) -> str:
    return subprocess.run(["git", "-C", str(repo), "show", f"{rev}:{path}"], capture_output=True, text=True,
                          check=True).stdout


def test_each_listed_commit_is_what_its_tag_says(tool) -> None:
    for tag, (commit, _) in tool.TAGS.items():
        version = re.fullmatch(r"v(\d+\.\d+\.\d+)", tag)
        if version:
            init = show(REPO, commit, "japanese_swords/__init__.py")
            assert f'__version__ = "{version.group(1)}"' in init, tag
    # the numpy reference is the last tree holding the numpy turn loop
    commit = tool.TAGS["numpy-turn-reference"][0]
    assert "def " in show(REPO, commit, "tools/numpy_turn_reference.py")


def test_missing_tags_are_made_once_at_their_commits(tool, copy: Path, capsys) -> None:
    assert [have for _, _, have in tool.status(copy)] == [None] * len(tool.TAGS)
    assert tool.main(["--repo", str(copy)]) == 0
    assert capsys.readouterr().out.startswith("made v0.4.0")
    for tag, (commit, _) in tool.TAGS.items():
        assert tool.tag_commit(copy, tag) == commit
    assert tool.main(["--repo", str(copy)]) == 0
    assert capsys.readouterr().out.strip() == "every tag is present"
    assert tool.main(["--repo", str(copy), "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert [line.split()[:3] for line in listed] == [[t, c[:12], "present"] for t, (c, _) in tool.TAGS.items()]


def test_a_tag_pointing_elsewhere_is_left_alone_in_one_line(tool, copy: Path, capsys) -> None:
    elsewhere = tool.TAGS["v0.17.7"][0]
    subprocess.run(["git", "-C", str(copy), "tag", "v0.4.0", elsewhere], check=True)
    assert tool.main(["--repo", str(copy)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"release_tags: v0.4.0 points to {elsewhere}, not {tool.TAGS['v0.4.0'][0]}"
    assert tool.tag_commit(copy, "v0.4.0") == elsewhere
    assert tool.tag_commit(copy, "numpy-turn-reference") == tool.TAGS["numpy-turn-reference"][0]


def test_not_a_checkout_is_one_line(tool, tmp_path: Path, capsys) -> None:
    assert tool.main(["--repo", str(tmp_path)]) == 1
    assert capsys.readouterr().err.strip() == f"release_tags: {tmp_path} is not a git checkout"
