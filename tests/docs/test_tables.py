"""Every Markdown table in the docs, README and changelog keeps its shape: each row has as many cells as
its header (a row pasted onto the end of another, or a stray ``|``, breaks the rendered table)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md", ROOT / "CHANGELOG.md"]


def cell_count(row: str) -> int:
    """The cells of a table row: its ``|`` separators outside code spans and escapes, less the outer one."""
    bare = re.sub(r"`[^`]*`", "", row.replace("\\|", ""))
    return bare.count("|") - 1


def misshapen_rows(text: str) -> list[tuple[int, int, int]]:
    """(line, cells, header's cells) of every table row whose cell count differs from its table's header."""
    bad: list[tuple[int, int, int]] = []
    header: int | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line.startswith("|"):
            header = None
            continue
        cells = cell_count(line)
        if header is None:
            header = cells
        elif cells != header:
            bad.append((number, cells, header))
    return bad


def test_a_joined_row_is_found() -> None:
    table = "| a | b |\n|---|---|\n| 1 | 2 || 3 | 4 |\n| `x|y` | \\| |\n"
    assert misshapen_rows(table) == [(3, 5, 2)]


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_tables_keep_their_shape(path: Path) -> None:
    assert misshapen_rows(path.read_text(encoding="utf-8")) == [], path.name
