"""tools/ai_turn_time.py: timings per decision and turn, iterations of searched decisions, one-line errors."""

from __future__ import annotations

import json

import pytest

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("ai_turn_time")


def test_reports_turns_and_search_iterations(tool, capsys) -> None:
    assert tool.main(["--agent", "mcts:iterations=3", "--turns", "2", "--seed", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["turns"] == 2 and out["decisions"] >= 2
    assert out["searched"] >= 1 and out["search_median_iterations"] >= 3
    assert 0 <= out["decision_median_s"] <= out["decision_max_s"] <= out["turn_max_s"] + 1e-9


def test_greedy_has_no_search_line_and_bad_arguments_are_one_line(tool, capsys) -> None:
    assert tool.main(["--agent", "greedy", "--turns", "2"]) == 0
    assert "search:" not in capsys.readouterr().out
    assert tool.main(["--agent", "mcts:bogus=1", "--turns", "2"]) == 2
    assert tool.main(["--turns", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("ai_turn_time: ") for line in err)
