"""One version source: ``japanese_swords.__version__``. pyproject.toml reads it (dynamic version), the
``--version`` options print it and CHANGELOG.md's newest section is named after it."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import japanese_swords
from japanese_swords.app import cli, maptool

ROOT = Path(__file__).resolve().parents[2]


def test_version_is_a_release_number() -> None:
    assert re.fullmatch(r"\d+\.\d+\.\d+", japanese_swords.__version__)


def test_pyproject_takes_the_version_from_the_package() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in data["project"] and "version" in data["project"]["dynamic"]
    assert data["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "japanese_swords.__version__"}


def test_changelog_newest_section_is_the_version() -> None:
    headings = re.findall(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert headings[0] == japanese_swords.__version__
    assert len(set(headings)) == len(headings), "a version has two sections"


@pytest.mark.parametrize(("main", "prog"), [(cli.main, "japanese-swords"), (maptool.main, "map_editor.py")])
def test_version_options_print_it(main, prog: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"{prog} {japanese_swords.__version__}"


def test_licence_and_metadata() -> None:
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"} and project["authors"] and project["keywords"]
    assert "License :: OSI Approved :: MIT License" in project["classifiers"]
