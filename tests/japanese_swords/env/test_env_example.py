"""examples/env_play.py: a masked-random policy and our MCTS play whole episodes through the env."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_example_plays_random_and_mcts_through_the_env() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "examples" / "env_play.py"), "--games", "2", "--max-rounds", "4",
                          "--mcts", "mcts:iterations=2", "--seed", "3"],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    lines = out.splitlines()
    assert lines[0].startswith("game 1: seats random, mcts:iterations=2: ")
    assert lines[1].startswith("game 2: seats mcts:iterations=2, random: ")
    assert lines[-1].startswith("wins: random ")
