"""tools/tune_playout.py: a tiny seeded run reports and writes its knobs; bad options fail in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.batch.knob_match import KNOBS
from ai.batch.policy import RolloutPolicy
from tests.tools.conftest import load_tool

tool = load_tool("tune_playout")
TINY = ["--generations", "2", "--mutants", "2", "--games", "16", "--check-games", "16", "--seed", "3"]


def test_a_tiny_run_reports_and_writes_the_knobs(tmp_path: Path, capsys) -> None:
    out = tmp_path / "knobs.json"
    assert tool.main(TINY + ["--start", '{"avg_force": 5.0}', "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "gen   0: current" in printed and "gen   1: current" in printed
    report = json.loads(out.read_text())
    assert report["map"] == "classic-2p" and set(report["knobs"]) <= {k.name for k in KNOBS}
    assert 0 <= report["against_pool"] <= 1 and 0 <= report["against_default"] <= 1
    assert json.loads(printed[printed.index("{\n"):]) == report


def test_no_generations_report_the_start_knobs_on_every_map_asked(tmp_path: Path, capsys) -> None:
    out = tmp_path / "knobs.json"
    argv = ["--generations", "0", "--check-games", "8", "--start", '{"army_cap": 3}',
            "--check-maps", "kawanakajima-2p", "--out", str(out)]
    assert tool.main(argv) == 0
    report = json.loads(out.read_text())
    assert report["knobs"] == {"army_cap": 3} and "gen " not in capsys.readouterr().out
    assert set(report["other_maps"]) == {"kawanakajima-2p"}
    assert set(report["other_maps"]["kawanakajima-2p"]) == {"against_pool", "default_against_pool", "against_default"}


def test_fixed_knobs_stay_as_they_start(tmp_path: Path) -> None:
    out = tmp_path / "knobs.json"
    free = "avg_force"
    fixed = ",".join(k.name for k in KNOBS if k.name != free)
    assert tool.main(TINY + ["--generations", "4", "--fixed", fixed, "--out", str(out)]) == 0
    assert set(json.loads(out.read_text())["knobs"]) <= {free}


def test_start_knobs_are_read_over_the_defaults() -> None:
    assert tool.start_policy('{"army_cap": 3}').army_cap == 3
    assert tool.start_policy(None) == RolloutPolicy()


@pytest.mark.parametrize("bad, says", [(["--start", "{"], "--start: JSON:1:2: not valid JSON"),
                                       (["--start", '{"w_home": NaN}'], "--start: JSON: bad JSON (NaN"),
                                       (["--start", "[1]"], "--start: expected a JSON object"),
                                       (["--start", '{"ninjas": 3}'], "unknown knob 'ninjas'"),
                                       (["--start", '{"max_draws": 0}'], "--start"),
                                       (["--map", "kanto-3p"], "3 players"),
                                       (["--map", "atlantis-2p"], "--map"),
                                       (["--games", "0"], "at least 1"),
                                       (["--generations", "-1"], "at least 0"),
                                       (["--check-maps", "shikoku-4p"], "--check-maps: shikoku-4p has 4 players"),
                                       (["--fixed", "ninjas"], "--fixed: 'ninjas' is not a tunable knob"),
                                       (["--fixed", ",".join(k.name for k in KNOBS)], "nothing to tune"),
                                       (["--out", "/no-such-folder/k.json"], "--out /no-such-folder/k.json: folder")])
def test_bad_options_fail_in_one_line(bad: list[str], says: str, capsys) -> None:
    with pytest.raises(SystemExit) as err:
        tool.main(bad)
    assert err.value.code == 2
    message = capsys.readouterr().err
    assert says in message and message.count("\n") == 1
