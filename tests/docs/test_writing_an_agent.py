"""docs/writing-an-agent.md: its Python blocks, run in order as one script, write, register, play,
benchmark and rate an agent."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "writing-an-agent.md"


def python_blocks(text: str) -> list[str]:
    """The ```python blocks of a Markdown text, in order."""
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


def test_the_tutorial_code_runs(tmp_path: Path) -> None:
    blocks = python_blocks(DOC.read_text(encoding="utf-8"))
    assert len(blocks) == 4
    script = tmp_path / "tutorial.py"
    script.write_text("\n\n".join(blocks), encoding="utf-8")
    run = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=900,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr[-3000:]
    out = run.stdout
    assert re.search(r"^winner: (lookahead:width=8|random|draw) after \d+ rounds$", out, flags=re.M)
    assert (tmp_path / "lookahead-vs-random.json").exists()
    assert re.search(r"^lookahead:width=8 vs greedy: score [0-9.]+, Elo ", out, flags=re.M)
    assert len(list((tmp_path / "lookahead-records").glob("*.json"))) == 4
    assert re.search(r"^4 games rated \(4 records, 0 unfinished\)", out, flags=re.M)


def test_a_misspelt_option_of_the_tutorial_agent_is_one_line(tmp_path: Path) -> None:
    code = python_blocks(DOC.read_text(encoding="utf-8"))[0] + (
        "\nfrom ai.agent import SpecError, make_agent\n"
        "try:\n    make_agent('lookahead:widht=3')\nexcept SpecError as exc:\n    print(exc)\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.stdout.strip() == "lookahead: unknown option 'widht', did you mean 'width'? (known: width, noise)"
