"""The japanese-swords command line: selfplay JSON, records, replay --verify, one-line argument errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from japanese_swords.app.cli import main


def test_selfplay_json_and_records_then_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["selfplay", "--agents", "random,random", "--games", "4", "--seed", "7", "--max-rounds", "20",
               "--record-dir", str(tmp_path), "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert [g["seed"] for g in out["games"]] == [7, 8, 9, 10]
    assert len(out["totals"]) == 2
    for t in out["totals"]:
        assert t["wins"] + t["draws"] + t["losses"] == 4
        assert t["score"] == pytest.approx((t["wins"] + t["draws"] / 2) / 4)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    assert main(["replay", "--verify", *map(str, files)]) == 0
    data = json.loads(files[0].read_text())
    i = next(i for i, a in enumerate(data["actions"]) if a.startswith("move "))
    data["actions"][i] = "end"
    files[0].write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", "--verify", *map(str, files)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{files[0]}: action ") and "ok" not in lines[0]
    assert all(": ok:" in line for line in lines[1:])


def test_seats_rotate_between_games(capsys: pytest.CaptureFixture[str]) -> None:
    main(["selfplay", "--agents", "random,random", "--games", "3", "--seed", "1", "--max-rounds", "3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert [g["agent_indices"] for g in out["games"]] == [[0, 1], [1, 0], [0, 1]]


def test_an_agent_named_twice_is_told_apart_by_its_place(capsys: pytest.CaptureFixture[str]) -> None:
    main(["selfplay", "--agents", "random,random", "--games", "2", "--seed", "1", "--max-rounds", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("game 1 seed 1: p1 random #1, p2 random #2:")
    assert lines[1].startswith("game 2 seed 2: p1 random #2, p2 random #1:")
    assert [line.split(":")[0] for line in lines[-2:]] == ["random #1", "random #2"]


@pytest.mark.parametrize("argv,needle", [
    (["selfplay", "--games", "0"], "expected a number >= 1"),
    (["selfplay", "--agents", "nobody,random"], "unknown agent 'nobody'"),
    (["selfplay", "--agents", "random"], "is for 2 players"),
    (["selfplay", "--map", "atlantis"], "no such map"),
    (["selfplay", "--agents", "random:oops,random"], "bad agent option"),
    (["frobnicate"], "invalid choice"),
])
def test_bad_arguments_give_one_line_errors(argv, needle, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        rc = main(argv)
    except SystemExit as exc:
        rc = exc.code
    err = capsys.readouterr().err.strip()
    assert rc == 2 and needle in err and "\n" not in err and "Traceback" not in err
