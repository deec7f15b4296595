"""tools/budget_agreement.py: two searchers asked at the same positions; identical ones always agree."""

from __future__ import annotations

import json

import pytest

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("budget_agreement")


def run(tool, capsys, *args: str) -> dict:
    assert tool.main([*args, "--player", "greedy", "--games", "1", "--max-rounds", "3", "--seed", "4",
                      "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_same_searcher_twice_always_agrees(tool, capsys) -> None:
    out = run(tool, capsys, "--a", "mcts:iterations=6", "--b", "mcts:iterations=6")
    rows = out["families"]
    assert rows and sum(r["decisions"] for r in rows.values()) >= 5
    for row in rows.values():
        assert row["same"] == 1.0 and row["a_policy"] == row["b_policy"] and "gaps" not in row


def test_different_searchers_report_fractions_and_gaps(tool, capsys) -> None:
    out = run(tool, capsys, "--a", "greedy", "--b", "mcts:iterations=40")
    rows = out["families"]
    assert rows["economy"]["a_policy"] == 1.0  # greedy (tuned) is the policy itself
    for row in rows.values():
        assert all(0.0 <= row[k] <= 1.0 for k in ("same", "a_policy", "b_policy"))
        if "gaps" in row:
            assert row["gaps"] >= 1 and row["gap_median"] <= row["gap_p90"]


def test_bad_arguments_are_one_line(tool, capsys) -> None:
    assert tool.main(["--a", "mcts:bogus=1"]) == 2
    assert tool.main(["--games", "0"]) == 2
    assert tool.main(["--map", "no-such-map"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("budget_agreement: ") for line in err)


def test_the_judge_names_which_pick_a_longer_search_prefers(tool, capsys) -> None:
    out = run(tool, capsys, "--a", "random", "--b", "greedy", "--judge", "mcts:iterations=48")
    assert out["judge"] == "mcts:iterations=48"
    judged = [row for fam, row in out["families"].items() if "judged" in row]
    assert judged, "random and greedy disagree on some travel or economy decision"
    for row in judged:
        assert row["judged"] + row.get("unjudged", 0) <= row["decisions"] * (1 - row["same"]) + 1e-9
        assert 0.0 <= row["judge_a"] + row["judge_b"] <= 1.0
        assert row["judged_median"] == pytest.approx(row["judged_median"])


def test_paired_reads_the_sweeps_that_played_both(tool) -> None:
    from ai.mcts.node import RootStats

    stats = RootStats(3, paired=True)
    for sweep, (a, b) in enumerate([(0.4, 0.5), (0.5, 0.7), (0.6, 0.6)]):
        stats.new_sweep()
        stats.add(0, a, sweep)
        stats.add(2, b, sweep)
    mean, se = tool.paired(stats, ["x", "y", "z"], "x", "z")
    assert mean == pytest.approx(0.1) and se == pytest.approx(0.1 / 3 ** 0.5)
    assert tool.paired(stats, ["x", "y", "z"], "x", "w") is None  # not among the judge's options
