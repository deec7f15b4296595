"""tools/bench_leaves.py: both leaf evaluations timed on the same leaves, their ratio, one-line errors."""

from __future__ import annotations

import json

import pytest

from ai.batch.state import resumable
from japanese_swords.core import Phase
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("bench_leaves")


def test_leaves_are_resumable_travel_and_battle_positions(tool) -> None:
    states = tool.leaves(Game(load_map("classic-2p"), Rules(max_rounds=150)), 40, seed=2)
    assert len(states) == 40
    assert all(resumable(s) for s in states)
    assert {s.phase for s in states} == {Phase.TRAVEL, Phase.BATTLE}
    assert any(s.moved for s in states)  # some are handed over after a move, as search leaves are


def test_reports_both_times_and_their_ratio(tool, capsys) -> None:
    args = ["--leaves", "4", "--lanes", "2", "--depth", "1", "--calls", "2", "--repeat", "1", "--json"]
    assert tool.main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["resumed_ms_per_leaf"] > 0 and out["finished_first_ms_per_leaf"] > 0
    assert out["speedup"] == pytest.approx(out["finished_first_ms_per_leaf"] / out["resumed_ms_per_leaf"],
                                           rel=0.05)


def test_bad_arguments_are_one_line_errors(tool, capsys) -> None:
    assert tool.main(["--leaves", "0"]) == 2
    assert tool.main(["--map", "no-such-map"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("error: ") for line in err)
