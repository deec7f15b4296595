"""Reports the size of the boundary fuzz corpus (tests/japanese_swords/fuzzing.py) at the end of a run."""

from __future__ import annotations

import pytest

from tests.japanese_swords.fuzzing import CORPUS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line: how many mutated inputs the fuzz tests ran, by kind (nothing if none ran)."""
    if CORPUS:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(CORPUS.items()))
        terminalreporter.write_line(f"boundary fuzz corpus: {sum(CORPUS.values())} cases ({kinds})")
