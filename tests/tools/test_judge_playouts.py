"""tools/judge_playouts.py: a tiny seeded run scores its judges and balances the knobs; bad options fail in
one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.batch.knob_match import KNOBS
from ai.batch.policy import RolloutPolicy
from tests.ai.records_fixture import write_records
from tests.tools.conftest import load_tool

tool = load_tool("judge_playouts")
TINY = ["--games", "4", "--seed", "2", "--matchups", "greedy,greedy", "--max-rounds", "30", "--lanes", "2",
        "--depth", "2", "--keep", "0.5"]


def test_a_tiny_run_scores_each_judge_against_the_first(tmp_path: Path, capsys) -> None:
    knobs = tmp_path / "k.json"
    knobs.write_text('{"army_cap": 3}')
    out = tmp_path / "report.json"
    assert tool.main(TINY + ["--judges", "static", "default", "default@1", "default+1", str(knobs),
                             "--out", str(out)]) == 0
    report = json.loads(out.read_text())
    assert json.loads(capsys.readouterr().out) == report
    assert list(report["judges"]) == ["static", "default", "default@1", "default+1", str(knobs)]
    assert report["positions"] > 0
    assert "minus_first" not in report["judges"]["static"]
    assert report["judges"]["default"] != report["judges"]["default@1"]  # a turn deep is another judge
    mixed = dict(report["judges"]["default+1"])  # all from the fitted value: the static judge's figures
    assert mixed.pop("minus_first") == [0, 0, 0] and mixed == report["judges"]["static"]
    for name in ("default", "default@1", str(knobs)):
        mean, low, high = report["judges"][name]["minus_first"]
        assert low <= mean <= high
    assert "balanced" not in report


def test_balancing_reports_the_knobs_and_the_held_out_games(tmp_path: Path, capsys) -> None:
    assert tool.main(TINY + ["--games", "8", "--judges", "tuned", "--balance", "2", "--mutants", "2"]) == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert "gen   0: current" in captured.err and "gen   1: current" in captured.err
    balanced = report["balanced"]
    assert set(balanced["knobs"]) <= {k.name for k in KNOBS} and 0 <= balanced["kept"] <= 2
    assert set(balanced["heldout"]) == {"default", "balanced"}


def test_recorded_games_are_judged_and_a_missing_folder_is_one_line(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "records"
    folder.mkdir()
    write_records(folder, [("greedy", "random"), ("random", "greedy")], max_rounds=20)
    assert tool.main(["--records", str(folder), "--judges", "static", "default", "--lanes", "2", "--depth",
                      "2"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["records"] == [str(folder)] and report["games"] == 2 and report["positions"] > 0
    assert "matchups" not in report and set(report["judges"]) == {"static", "default"}
    assert tool.main(["--records", str(tmp_path / "absent")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("judge_playouts: error:") and "absent: no such file or folder" in err and "\n" not in err


@pytest.mark.parametrize(("argv", "message"), [
    (["--judges", "nonsense"], "--judges: 'nonsense' is neither"),
    (["--judges", "default@x"], "--judges: 'default@x': the depth after @ must be"),
    (["--judges", "default@0"], "--judges: 'default@0': the depth after @ must be"),
    (["--judges", "default+2"], "--judges: 'default+2': the share after + must be"),
    (["--judges", "default@4+x"], "--judges: 'default@4+x': the share after + must be"),
    (["--depth", "0"], "--depth"),
    (["--matchups", "greedy"], "--matchups: each --matchups entry must be two specs"),
    (["--games", "1"], "--games"),
    (["--out", "/no-such-folder/r.json"], "--out /no-such-folder/r.json: folder"),
])
def test_bad_options_fail_in_one_line(argv, message, capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        tool.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_a_bad_knob_file_and_a_bad_agent_are_one_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"army_cap": "many"}')
    with pytest.raises(SystemExit):
        tool.main(["--judges", str(bad)])
    err = capsys.readouterr().err.strip()
    assert str(bad) in err and "\n" not in err
    assert tool.main(TINY + ["--matchups", "nobody,greedy"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("judge_playouts: error:") and "\n" not in err


@given(st.text(alphabet="default@+.0123456789xstaicunedfl-", max_size=16))
@settings(max_examples=200, deadline=None)
def test_any_judge_entry_is_a_judge_or_a_one_line_error(entry: str) -> None:
    """Fuzzed ``--judges`` entries: a judge with a depth in range and a share in [0, 1], or a ValueError of
    one line naming the entry (no other exception)."""
    try:
        knobs, depth, mix = tool.judge_knobs(entry)
    except ValueError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    assert depth is None or 1 <= depth <= 40
    assert 0 <= mix <= 1 and (knobs == tool.STATIC or knobs is None or isinstance(knobs, RolloutPolicy))
