"""Reports the size of the boundary fuzz corpus (tests/japanese_swords/fuzzing.py) at the end of a run; the
map file with a ``modules: shogun`` line that the map-default tests share."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.japanese_swords.fuzzing import CORPUS
from tests.japanese_swords.test_map_modules import with_header


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line: how many mutated inputs the fuzz tests ran, by kind (nothing if none ran)."""
    if CORPUS:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(CORPUS.items()))
        terminalreporter.write_line(f"boundary fuzz corpus: {sum(CORPUS.values())} cases ({kinds})")


@pytest.fixture
def shogun_map(tmp_path: Path) -> str:
    """classic-2p with a ``modules: shogun`` line, written to a temporary file."""
    path = tmp_path / "shogun.map"
    path.write_text(with_header("modules: shogun"), encoding="utf-8")
    return str(path)
