"""tools/fit_hand_prior.py: plays games, prints a weight per card type, writes the prior atomically."""

from __future__ import annotations

import json

import pytest

from japanese_swords.cards import Card

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("fit_hand_prior")


def test_writes_a_weight_per_card_type_and_the_command(tool, tmp_path, capsys) -> None:
    out = tmp_path / "prior.json"
    assert tool.main(["--games", "3", "--seed", "2", "--max-rounds", "10", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert sorted(data["weights"]) == sorted(c.name for c in Card)
    assert data["meta"]["games"] == 3 and data["meta"]["positions"] > 0
    assert "--games 3" in data["meta"]["command"]
    assert "wrote" in capsys.readouterr().out


def test_dry_run_writes_nothing_and_bad_counts_are_refused(tool, tmp_path, capsys) -> None:
    out = tmp_path / "prior.json"
    assert tool.main(["--games", "1", "--max-rounds", "6", "--out", str(out), "--dry-run"]) == 0
    assert not out.exists()
    assert tool.main(["--games", "0"]) == 2
    assert capsys.readouterr().err.strip().startswith("error:")
