"""tools/bench_game.py: the same games timed in this tree and a reference; ratios, the same-game check,
one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import load_tool

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tool():
    return load_tool("bench_game")


def test_the_same_tree_plays_the_same_games_on_both_sides(tool, capsys) -> None:
    assert tool.main(["--reference", str(ROOT), "--agents", "greedy,random", "--games", "2", "--seed", "5",
                      "--max-rounds", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in out["games"]] == [5, 6]
    assert out["same_games"] and all(g["same_game"] and g["actions"] > 10 for g in out["games"])
    for g in out["games"]:
        assert g["this_cpu"] > 0 and g["reference_cpu"] > 0
        assert g["ratio"] == pytest.approx(g["this_cpu"] / g["reference_cpu"], rel=0.05)  # (figures rounded)
    assert out["median_ratio"] > 0 and len(out["load"]) == 2


def test_a_reference_that_plays_other_games_is_reported(tool, monkeypatch, capsys) -> None:
    this = Path("/nonexistent/this")  # the fake play tells the two trees apart by path

    def play(tree, agents, map_name, rounds, seed):
        return {"cpu": 2.0 if tree == this else 4.0, "actions": 100, "digest": "a" if tree == this else "b"}

    monkeypatch.setattr(tool, "play", play)
    monkeypatch.setattr(tool, "ROOT", this)
    assert tool.main(["--reference", str(ROOT), "--games", "3"]) == 0
    text = capsys.readouterr().out
    assert "median ratio 0.500" in text and "NOT the same games" in text and text.count("a different game") == 3


@pytest.mark.parametrize(("args", "code", "message"), [
    (["--reference", "/nonexistent"], 2, "--reference /nonexistent is not a checkout of the project"),
    (["--reference", str(ROOT / "tests")], 2, "is not a checkout of the project"),  # a folder, not a checkout
    (["--reference", str(ROOT), "--games", "0"], 2, "--games and --max-rounds must be at least 1"),
    (["--reference", str(ROOT), "--agents", "nonsense,greedy", "--games", "1"], 1, "failed (seed 1)"),
])
def test_bad_arguments_and_failed_games_are_one_line(tool, capsys, args, code, message) -> None:
    assert tool.main(args) == code
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
