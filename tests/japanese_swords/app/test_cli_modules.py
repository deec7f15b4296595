"""Rule modules on the command line (docs/variants.md): selfplay and bench pass them to every game and its
record; a bad module, value or preset is one line and exit 2, before anything is played."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.tournament.cli import main as bench
from japanese_swords.app.cli import main
from japanese_swords.modules.registry import PLANNED_PRESETS


def test_selfplay_plays_modules_and_records_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["selfplay", "--agents", "greedy,random", "--games", "2", "--seed", "3", "--max-rounds", "6",
               "--rules", "classic", "--module", "weather:rain=3", "--module", "terrain-arms",
               "--record-dir", str(tmp_path), "--json"])
    assert rc == 0
    files = sorted(tmp_path.glob("*.json"))
    data = json.loads(files[0].read_text())
    assert data["rules"]["modules"] == ["terrain-arms", "weather:rain=3"]
    assert any(a.startswith("weather ") for a in data["actions"])
    capsys.readouterr()
    assert main(["replay", "--verify", *map(str, files)]) == 0


def test_selfplay_without_modules_writes_no_modules_field(tmp_path: Path) -> None:
    assert main(["selfplay", "--games", "1", "--max-rounds", "2", "--record-dir", str(tmp_path), "--json"]) == 0
    data = json.loads(next(tmp_path.glob("*.json")).read_text())
    assert "modules" not in data["rules"]


@pytest.mark.parametrize("argv,needle", [
    (["selfplay", "--module", "hail"], "unknown rule module 'hail'"),
    (["selfplay", "--module", "weather:rain=99"], "rain must be 0-20, got 99"),
    (["selfplay", "--module", "weather", "--module", "weather"], "module weather is chosen twice"),
    (["selfplay", "--rules", "chess"], "unknown rules preset 'chess'"),
    (["play", "--module", "vassals"], "unknown rule module 'vassals'; known:"),
    (["selfplay", "--rules", "teams"], "module teams is for 4 players, not 2"),
])
def test_bad_modules_give_one_line_errors(argv, needle, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        rc = main(argv)
    except SystemExit as exc:
        rc = exc.code
    err = capsys.readouterr().err.strip()
    assert rc == 2 and needle in err and "\n" not in err and "Traceback" not in err


def test_a_planned_preset_or_module_is_named_as_planned(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(PLANNED_PRESETS, "kingdoms", ("vassals", "weather"))  # every real preset is playable
    for argv, needle in ((["selfplay", "--rules", "kingdoms"], "preset kingdoms is planned, not playable yet "
                          "(it needs modules vassals, weather)"),
                         (["play", "--module", "vassals"], "unknown rule module 'vassals' (planned")):
        try:
            rc = main(argv)
        except SystemExit as exc:
            rc = exc.code
        err = capsys.readouterr().err.strip()
        assert rc == 2 and needle in err and "\n" not in err and "Traceback" not in err


def test_bench_passes_modules_to_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    code = bench(["--agents", "random,greedy", "--games", "2", "--seed", "1", "--max-rounds", "4", "--module",
                  "weather", "--records", str(tmp_path / "rec"), "--json", str(out), "--quiet"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "max 4 rounds, modules weather, seed 1" in captured.out
    assert json.loads(out.read_text())["config"]["modules"] == ["weather"]
    records = sorted((tmp_path / "rec").glob("*.json"))
    assert len(records) == 2
    assert all(json.loads(r.read_text())["rules"]["modules"] == ["weather"] for r in records)
    assert bench(["--agents", "random,greedy", "--module", "hail", "--quiet"]) == 2
    assert "unknown rule module 'hail'" in capsys.readouterr().err
