"""tools/decision_cost.py: several specs timed on the same recorded positions; one-line errors."""

from __future__ import annotations

import json

import pytest

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("decision_cost")


def test_each_spec_is_timed_on_the_same_positions(tool, capsys) -> None:
    assert tool.main(["--specs", "mcts:iterations=4,mcts:iterations=40:lanes=2", "--player", "greedy",
                      "--max-rounds", "6", "--positions", "8", "--seed", "4", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["spec"] for r in rows] == ["mcts:iterations=4", "mcts:iterations=40:lanes=2"]
    assert rows[0]["decisions"] == rows[1]["decisions"] == 8
    assert 0 < rows[0]["leaves_mean"] < rows[1]["leaves_mean"]  # the budget shows in the leaves searched
    assert all(r["cpu_median"] >= 0 and r["cpu_mean"] > 0 for r in rows)


def test_the_recorder_keeps_only_searched_families_up_to_the_limit(tool) -> None:
    kept = tool.positions("greedy", "greedy", 1, 4, "classic-2p", 3, 3)
    assert len(kept) == 3
    assert all(tool.family(obs) in tool.KEPT and len(legal) > 1 for obs, legal in kept)


def test_bad_arguments_are_one_line(tool, capsys) -> None:
    assert tool.main(["--specs", "mcts:bogus=1"]) == 2
    assert tool.main(["--games", "0"]) == 2
    assert tool.main(["--map", "no-such-map"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("decision_cost: ") for line in err)
