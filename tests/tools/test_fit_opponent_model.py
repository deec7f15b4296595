"""tools/fit_opponent_model.py: plays games, prints the held-out confusion, writes the reader atomically."""

from __future__ import annotations

import pytest

from ai.mcts.opponent_model import load_reader

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("fit_opponent_model")


def test_writes_a_reader_with_its_command(tool, tmp_path, capsys) -> None:
    out = tmp_path / "reader.json"
    argv = ["--games", "2", "--holdout", "2", "--maps", "classic-2p", "--max-rounds", "8", "--out", str(out)]
    assert tool.main(argv) == 0
    reader = load_reader(out)
    assert "--games 2" in reader.meta["command"] and reader.meta["rows"] > 0
    printed = capsys.readouterr().out
    assert "held-out confusion" in printed and "wrote" in printed


def test_dry_run_writes_nothing_and_bad_arguments_are_one_line(tool, tmp_path, capsys) -> None:
    out = tmp_path / "reader.json"
    argv = ["--games", "2", "--holdout", "2", "--maps", "classic-2p", "--max-rounds", "6", "--out", str(out)]
    assert tool.main([*argv, "--dry-run"]) == 0
    assert not out.exists()
    capsys.readouterr()
    for bad in (["--games", "0"], ["--min-confidence", "2"], ["--maps", "no-such-map", "--games", "1"],
                ["--games", "1", "--holdout", "1", "--maps", "classic-2p", "--max-rounds", "4"]):
        assert tool.main(bad) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("error:") and "\n" not in err
