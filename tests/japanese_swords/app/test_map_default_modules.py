"""A map's default rule modules at the command line (docs/maps.md): selfplay and play use them when no
``--rules``/``--module`` is given, explicit ones replace them, records store what was played and replay it
unchanged, and a bad modules line is one line naming the file, line and column."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

import japanese_swords.app.client.app as client_app
from japanese_swords.app import cli
from japanese_swords.app.client.game_settings import Settings, map_modules
from japanese_swords.modules import PRESETS, validate
from japanese_swords.records import load_record, save_record
from tests.japanese_swords.test_map_modules import with_header

SHOGUN = validate(PRESETS["shogun"], 2)


def _selfplay(map_path: str, tmp_path: Path, *extra: str) -> tuple[int, object]:
    out = tmp_path / f"records{len(list(tmp_path.iterdir()))}"
    rc = cli.main(["selfplay", "--agents", "random,random", "--map", map_path, "--max-rounds", "3", "--seed", "4",
                   "--record-dir", str(out), "--json", *extra])
    (path,) = sorted(out.glob("*.json"))
    return rc, load_record(path)


@pytest.mark.parametrize(("extra", "expected"), [
    ((), SHOGUN),
    (("--rules", "classic"), ()),
    (("--module", "weather"), ("weather",)),  # replaces the map's modules, does not add to them
    (("--rules", "tokugawa"), validate(PRESETS["tokugawa"], 2)),
])
def test_selfplay_plays_the_maps_modules_unless_told_otherwise(shogun_map: str, tmp_path: Path, capsys,
                                                                extra: tuple[str, ...], expected: tuple) -> None:
    rc, record = _selfplay(shogun_map, tmp_path, *extra)
    assert rc == 0 and json.loads(capsys.readouterr().out)["games"]
    assert record.game.rules.modules == expected
    assert "modules: shogun" in record.game.board.source and record.game.board.modules == SHOGUN
    state = record.verify()  # replay uses the record's modules, not the embedded map's defaults
    assert state.game.rules.modules == expected


def test_a_record_of_a_classic_game_on_a_modules_map_replays_classic(shogun_map: str, tmp_path: Path,
                                                                     capsys) -> None:
    rc, record = _selfplay(shogun_map, tmp_path, "--rules", "classic")
    assert rc == 0
    capsys.readouterr()
    path = tmp_path / "again.json"
    save_record(record, path)
    again = load_record(path)
    assert again.game.rules.modules == () and again.verify().game.rules.modules == ()
    assert cli.main(["replay", "--verify", str(path)]) == 0
    assert ": ok:" in capsys.readouterr().out


def test_a_bad_modules_line_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.map"
    path.write_text(with_header("modules: weather:rain=99"), encoding="utf-8")
    rc = cli.main(["selfplay", "--agents", "random,random", "--map", str(path), "--max-rounds", "2"])
    err = capsys.readouterr().err
    assert rc == 2 and err.count("\n") == 1
    assert err.startswith(f"japanese-swords: error: {path}:5:10: module weather: rain must be 0-20, got 99")


def _play_settings(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The client's settings ``play`` would open with (the window itself is not started)."""
    seen: list[Settings] = []

    def fake_client(args: argparse.Namespace) -> int:
        seen.append(client_app.settings_from_args(args))
        return 0

    monkeypatch.setattr(client_app, "run_client", fake_client)
    assert cli.main(["play", "--opponent", "random", *argv]) == 0
    return seen[0]


def test_play_starts_from_the_maps_modules_and_explicit_rules_replace_them(shogun_map: str,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    assert _play_settings(["--map", shogun_map], monkeypatch).modules == SHOGUN
    assert _play_settings(["--map", shogun_map, "--rules", "classic"], monkeypatch).modules == ()
    assert _play_settings(["--map", shogun_map, "--module", "castles"], monkeypatch).modules == ("castles",)
    assert _play_settings(["--map", "classic-2p"], monkeypatch).modules == ()


def test_picking_a_map_resets_the_tables_modules_to_its_defaults(shogun_map: str) -> None:
    s = Settings()
    s.modules = ("weather",)
    s.pick_map(shogun_map)
    assert s.map_name == shogun_map and s.modules == SHOGUN == map_modules(shogun_map)
    s.modules = ("castles",)
    s.pick_map(shogun_map)  # the map already chosen: the table keeps its edits
    assert s.modules == ("castles",)
    s.pick_map("classic-2p")
    assert s.modules == ()
    assert map_modules(str(Path(shogun_map).with_name("missing.map"))) == ()
