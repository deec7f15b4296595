"""tools/bench_search.py: searches of fixed positions timed, the simulator's rate on the same leaves, the
parts' shares, one-line errors."""

from __future__ import annotations

import json

import pytest

from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("bench_search")


def test_positions_are_searched_decisions_of_each_family(tool) -> None:
    pos = tool.positions(Game(load_map("classic-2p"), Rules(max_rounds=150)), 2, seed=3)
    assert [p.family for p in pos] == ["travel", "travel", "economy", "economy", "commit", "commit"]
    assert all(p.state.current_player() == p.seat for p in pos)


def test_reports_the_rates_the_limit_and_the_shares(tool, capsys) -> None:
    assert tool.main(["--positions", "1", "--iterations", "8", "--repeat", "1", "--time", "0.02", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["leaves_per_s"] > 0 and out["limit_leaves_per_s"] > 0 and out["two_core_speedup"] > 0
    assert out["leaf_threads_speedup"] > 0  # the old way, measured in the same run
    assert out["two_core_speedup_by_iterations"]["8"] > 0 and out["time"] == 0.02
    assert out["two_core_efficiency"] > 0
    assert out["share_of_limit"] == pytest.approx(out["leaves_per_s"] / out["limit_leaves_per_s"], abs=0.002)
    assert {"tree walk", "kernel", "world sampling", "value", "leaf export"} <= set(out["shares"])
    assert sum(out["shares"].values()) == pytest.approx(1.0, abs=0.01)
    assert "learned option rows" in out["shares"]  # the learned prior's rows, timed apart
    assert 0 <= out["gc_share"] < 0.5  # the collector's time, which the parts' shares include
    assert {"kernel", "tree walk"} <= set(out["economy_shares"])  # the economy searches' parts, timed apart
    assert sum(out["economy_shares"].values()) == pytest.approx(1.0, abs=0.01)
    assert len(out["load"]) == 2
    assert out["engine_walk_leaves_per_s"] > 0 and out["public_leaves_speedup"] > 0  # the reference, same run


def test_options_reach_every_searcher(tool, capsys) -> None:
    assert tool.main(["--positions", "1", "--iterations", "8", "--repeat", "1", "--no-threads", "--no-parts",
                      "--options", "tree=public", "--leaves-at", "0.01", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["leaves_per_s"] > 0 and out["leaves_per_decision"]["0.01"] >= 1
    assert tool.spec(8, 1) == "mcts:iterations=8:trade=0:tree=public"
    tool.OPTIONS[:] = []


@pytest.mark.parametrize("args", [["--iterations", "8,x"], ["--positions", "0"], ["--time", "0"],
                                  ["--map", "no-such-map"], ["--options", "tree=bushy"],
                                  ["--leaves-at", "0.1,x"], ["--leaves-at", "-1"], ["--leaves-at", "0.1,inf"]])
def test_bad_arguments_are_one_line_errors(tool, capsys, args) -> None:
    assert tool.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_a_one_core_pass_starts_without_the_rankings_of_earlier_passes(tool, monkeypatch) -> None:
    """A game meets a decision's positions once: a pass forgets what the agent remembered from the last
    pass over the same positions (unless told to keep it, as the two-core comparisons do on both sides)."""
    import ai.mcts.descent as DE
    from ai.agent import make_agent

    pos = [p for p in tool.positions(Game(load_map("classic-2p"), Rules(max_rounds=150)), 2, seed=3)
           if p.family == "travel"][:1]  # (one seat: the memory starts afresh for another seat anyway)
    agents = {256: make_agent("mcts:iterations=256:trade=0")}  # (its tree reaches the opponents)
    calls = [0]
    rank = DE.Descent._rank

    def counted(self, *args):
        calls[0] += 1
        return rank(self, *args)

    monkeypatch.setattr(DE.Descent, "_rank", counted)
    made = []
    for forget in (True, True, False):
        calls[0] = 0
        tool.search_pass(pos, agents, seed=5, forget=forget)
        made.append(calls[0])
    assert made[0] == made[1] > made[2]


@pytest.mark.parametrize("value", ["inf", "nan", "1e999"])
def test_time_must_be_a_finite_number(tool, capsys, value) -> None:
    with pytest.raises(SystemExit) as exc:
        tool.main(["--time", value])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "--time" in err and err.count("\n") == 1
