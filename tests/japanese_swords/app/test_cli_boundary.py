"""The command lines at the input boundary (issue 14): --version, help lines, unplayable maps, output paths
checked before any game, finished results never lost, records with the umask mode, orphaned temp files removed."""

from __future__ import annotations

import argparse
import json
import os
import stat
import time
from pathlib import Path

import pytest

import japanese_swords.app.client.app as client_app
from japanese_swords.app import cli, maptool
from japanese_swords.argtypes import package_version
from tests.japanese_swords.test_input_limits import WALLED


def _run(main, argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        rc = main(argv)
    except SystemExit as exc:
        rc = exc.code
    out, err = capsys.readouterr()
    return rc, out, err


def _one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


@pytest.fixture
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """``play`` must fail before the client starts; reaching it is a test failure."""

    def forbidden(args: argparse.Namespace) -> int:
        raise AssertionError("the client was started")

    monkeypatch.setattr(client_app, "run_client", forbidden)


@pytest.fixture
def walled(tmp_path: Path) -> str:
    path = tmp_path / "walled.map"
    path.write_text(WALLED, encoding="utf-8")
    return str(path)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = _run(cli.main, ["--version"], capsys)
    assert rc == 0 and out.strip() == f"japanese-swords {package_version()}" and package_version() != "unknown"
    rc, out, _ = _run(maptool.main, ["--version"], capsys)
    assert rc == 0 and out.startswith("map_editor.py ")


def _all_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    found = [parser]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found += _all_parsers(sub)
    return found


@pytest.mark.parametrize("build", [cli.build_parser, maptool.build_parser])
def test_every_option_has_a_help_line(build) -> None:
    for parser in _all_parsers(build()):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                assert all(a.help for a in action._choices_actions)
                continue
            assert action.help and action.help != argparse.SUPPRESS, (parser.prog, action.dest)


def test_selfplay_play_and_benchmark_refuse_an_unplayable_map(walled: str, no_window,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    from ai.tournament.cli import main as benchmark_main

    for main, argv in ((cli.main, ["selfplay", "--map", walled, "--max-rounds", "2"]),
                       (cli.main, ["play", "--map", walled]),
                       (benchmark_main, ["--agents", "random,random", "--map", walled, "--games", "2", "--quiet"])):
        rc, out, err = _run(main, argv, capsys)
        assert rc == 2 and out == "" and "unplayable map" in _one_line(err) and f"{walled}:2:1" in err


def test_unwritable_record_dir_fails_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "plain"
    a_file.write_text("x")
    for target in ("/sys/records", str(a_file), str(a_file / "sub")):
        rc, out, err = _run(cli.main, ["selfplay", "--max-rounds", "2", "--record-dir", target], capsys)
        assert rc == 2 and out == "" and _one_line(err).startswith(f"japanese-swords: error: --record-dir {target}")


def test_a_failed_record_write_never_loses_the_results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    import japanese_swords.records as records

    real = records.save_record
    calls = []

    def flaky(record, path) -> None:
        calls.append(path)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(record, path)

    monkeypatch.setattr(records, "save_record", flaky)
    rc, out, err = _run(cli.main, ["selfplay", "--games", "3", "--max-rounds", "2", "--record-dir", str(tmp_path),
                                   "--json"], capsys)
    assert rc == 2 and len(json.loads(out)["games"]) == 3  # every finished game is reported
    assert "could not write 1 of 3 record(s)" in _one_line(err) and "No space left" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-000000.json", "game-000002.json"]


def test_selfplay_records_get_the_umask_mode_and_old_temp_files_are_cleaned(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    orphan = tmp_path / ".game-000009.json.k1ll3d00.tmp"  # left by a run killed mid-write
    orphan.write_text('{"format": ')
    os.utime(orphan, (time.time() - 7200, time.time() - 7200))
    old = os.umask(0o077)
    try:
        rc, _, _ = _run(cli.main, ["selfplay", "--games", "2", "--max-rounds", "2", "--record-dir", str(tmp_path)],
                        capsys)
    finally:
        os.umask(old)
    assert rc == 0
    files = sorted(tmp_path.iterdir())
    assert [p.name for p in files] == ["game-000000.json", "game-000001.json"]
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in files)  # 0666 less the umask 077


def test_unwritable_screenshot_and_json_paths_fail_up_front(tmp_path: Path, no_window,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    from ai.tournament.cli import main as benchmark_main

    for shot, needle in (("/sys/shot.png", "cannot write"), (str(tmp_path / "no" / "s.png"), "does not exist"),
                         (str(tmp_path), "is a folder")):
        rc, out, err = _run(cli.main, ["play", "--frames", "1", "--screenshot", shot], capsys)
        assert rc == 2 and needle in _one_line(err) and "--screenshot" in err
        rc, out, err = _run(maptool.main, ["--screenshot", shot], capsys)
        assert rc == 2 and needle in _one_line(err)
    rc, out, err = _run(benchmark_main, ["--agents", "random,random", "--json", "/sys/out.json", "--quiet"], capsys)
    assert rc == 2 and "--json /sys/out.json: cannot write" in _one_line(err)


def test_replay_reports_a_bad_record_in_one_line_and_exit_1(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[" * 100_000)
    rc, out, err = _run(cli.main, ["replay", "--verify", str(bad), "/dev/zero"], capsys)
    lines = out.splitlines()
    assert rc == 1 and err == "" and len(lines) == 2
    assert lines[0].startswith(f"{bad}: ") and lines[1].startswith("/dev/zero: not a regular file")


@pytest.mark.parametrize("argv,needle", [
    (["selfplay", "--seed", "\u0661\u0662"], "expected a whole number"),
    (["selfplay", "--games", "9" * 5000], "at most 18 digits"),
    (["selfplay", "--max-rounds", "1000001"], "from 1 to 1000000"),
    (["selfplay", "--max-rounds", "1_0"], "expected a whole number"),
    (["play", "--opponents", "\u0662"], "expected a whole number"),
    (["play", "--size", "\u0661\u0663\u0666\u0666x768"], "WIDTHxHEIGHT"),
    (["play", "--size", "9" * 5000 + "x768"], "WIDTHxHEIGHT"),
    (["selfplay", "--map", "x\ny"], "no such map"),
    (["selfplay", "--bogus\nline"], "unrecognized"),
])
def test_bad_numbers_and_odd_text_give_exactly_one_line(argv, needle, no_window,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = _run(cli.main, argv, capsys)
    assert rc == 2 and needle in _one_line(err)
