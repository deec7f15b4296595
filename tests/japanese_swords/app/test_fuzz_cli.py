"""Fuzzing the command lines (issue 14): mutated arguments to ``japanese-swords`` (selfplay, replay, play)
and the map tool end with status 0 or 1, or status 2 and exactly one line on stderr; never a traceback.

``play`` never opens a window here: the client entry point is replaced by a stub that checks what it was
given (a playable map, a writable screenshot path). Games are kept short (--max-rounds 1-3, 1-2 games).
"""

from __future__ import annotations

import argparse
import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import japanese_swords.app.client.app as client_app
from japanese_swords.app import cli, maptool
from japanese_swords.fileio import check_output_file
from japanese_swords.mapcheck import load_playable_map
from japanese_swords.maps import load_map
from tests.japanese_swords.fuzzing import CORPUS, fuzz_settings, mutated_text, run_bounded
from tests.japanese_swords.test_input_limits import WALLED, _record

NUMBER_MUTANTS = ["0", "-1", "1.5", "", " ", "1_0", "0x10", "\u0661", "\u00b2", "\uff12", "9" * 19, "9" * 5000,
                  "inf", "nan", "1e3", "+2", "-0", "２"]


def _numbers(valid: list[str], most: int | None = None) -> st.SearchStrategy[str]:
    """A valid value, a broken number (non-ASCII digits, huge, fractional...) or a mutated valid one;
    with ``most``, never a valid number above it (so --games and --max-rounds keep the run short)."""

    def small_enough(text: str) -> bool:
        return most is None or not re.fullmatch(r"[+-]?[0-9]{1,18}", text) or int(text) <= most

    return (st.sampled_from(valid) | st.sampled_from(NUMBER_MUTANTS)
            | st.sampled_from(valid).flatmap(mutated_text)).filter(small_enough)


def _paths(folder: Path) -> dict[str, str]:
    """Named files and folders the arguments can point at, made once per test."""
    maps = {"walled": WALLED, "bom": "\ufeff" + load_map("classic-2p").source, "three": load_map("kanto-3p").source}
    out = {}
    for name, text in maps.items():
        path = folder / f"{name}.map"
        path.write_text(text, encoding="utf-8")
        out[name] = str(path)
    record = folder / "good.json"
    record.write_text(json.dumps(_record().to_json()), encoding="utf-8")
    broken = folder / "broken.json"
    broken.write_text(json.dumps(_record().to_json())[:-40], encoding="utf-8")
    plain = folder / "plain.txt"
    plain.write_text("x")
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    out.update(record=str(record), broken=str(broken), plain=str(plain), fifo=str(fifo), folder=str(folder),
               new=str(folder / "out" / "new"), under_file=str(plain / "sub"), missing=str(folder / "missing.json"))
    return out


def _file_args(paths: dict[str, str]) -> st.SearchStrategy[str]:
    fixed = ["classic-2p", "kanto-3p", "atlantis", "/dev/zero", "/sys/x", "/dev/null", "", "x\ny", "no/such/dir",
             "a\0b"]
    return st.sampled_from(sorted(paths.values()) + fixed) | st.sampled_from(fixed).flatmap(mutated_text)


def _options(table: dict[str, st.SearchStrategy[str] | None]) -> st.SearchStrategy[list[str]]:
    """A random subset of options in random order; a flag is None; sometimes a value goes missing."""

    @st.composite
    def build(draw: st.DrawFn) -> list[str]:
        names = draw(st.lists(st.sampled_from(sorted(table)), unique=True, max_size=len(table)))
        argv: list[str] = []
        for name in names:
            argv.append(name)
            if table[name] is not None and draw(st.integers(0, 19)):
                argv.append(draw(table[name]))
        if draw(st.integers(0, 9)) == 0:
            argv.append(draw(st.sampled_from(["--bogus", "extra", "-x", "--", "--map"])))
        return argv

    return build()


@st.composite
def command_line(draw: st.DrawFn, paths: dict[str, str]) -> list[str]:
    files = _file_args(paths)
    command = draw(st.sampled_from(["selfplay", "selfplay", "replay", "play", "nonsense", "--version"]))
    if command == "selfplay":
        agents = st.sampled_from(["random,random", "greedy,random", "random", "nobody,random", "random:oops,random",
                                  "mcts:time=inf,random", "", ",,", "random,random,random", "random\u212a,random"])
        argv = ["selfplay", *draw(_options({
            "--agents": agents, "--games": _numbers(["1", "2"], most=2), "--seed": _numbers(["0", "7", "-3"]),
            "--map": files, "--record-dir": files, "--json": None}))]
        return [*argv, "--max-rounds", draw(_numbers(["1", "2", "3"], most=3))]
    if command == "replay":
        return ["replay", *draw(_options({"--verify": None})), *draw(st.lists(files, max_size=3))]
    if command == "play":
        return ["play", *draw(_options({
            "--map": files, "--opponents": _numbers(["1", "2", "3"]), "--difficulty": st.sampled_from(
                ["easy", "hard", "Hard", "extreme"]), "--seed": _numbers(["5"]), "--load": files, "--autoplay": None,
            "--frames": _numbers(["1", "3"]), "--screenshot": files, "--size": _numbers(["1366x768", "800x600"]),
            "--fullscreen": None}))]
    return [command, *draw(st.lists(files, max_size=2))]


def _accepted_play(args: argparse.Namespace) -> int:
    """Stands in for the client: whatever reaches it must have passed the up-front checks."""
    if args.load is None:
        load_playable_map(args.map)
    if args.screenshot is not None:
        check_output_file(args.screenshot, "--screenshot")
    return 0


def _check_outcome(main, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        rc = main(argv)
    except SystemExit as exc:
        rc = exc.code if isinstance(exc.code, int) else 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "Traceback" not in out
    if rc == 2:
        assert err.count("\n") == 1 and err.endswith("\n") and ": error: " in err, (argv, err)
    else:
        assert rc in (0, 1) and err == "", (argv, rc, err)
    if rc == 0:  # no wrong acceptance: a number option took only an ASCII number
        for option, value in zip(argv, argv[1:], strict=False):
            if option in NUMBER_OPTIONS:
                assert re.fullmatch(r"[+-]?[0-9]{1,18}|[0-9]{3,5}x[0-9]{3,5}", value), (option, value)


NUMBER_OPTIONS = {"--games", "--seed", "--max-rounds", "--opponents", "--frames", "--size"}


def test_mutated_command_lines_end_in_one_line_or_success(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = _paths(tmp_path)

    @fuzz_settings("cli")
    @given(command_line(paths))
    def case(argv: list[str]) -> None:
        CORPUS["cli"] += 1
        _check_outcome(cli.main, argv, capsys)

    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)  # relative paths (a --record-dir named 'atlantis') land in the test's folder
        patch.setattr(client_app, "run_client", _accepted_play)
        run_bounded("cli", case)


@st.composite
def maptool_line(draw: st.DrawFn, paths: dict[str, str]) -> list[str]:
    files = _file_args(paths)
    mode = draw(st.sampled_from(["--check", "--generate", "editor"]))
    if mode == "--check":
        return ["--check", *draw(_options({"--strict": None})), *draw(st.lists(files, max_size=3))]
    if mode == "--generate":
        return ["--generate", *draw(_options({"--players": _numbers(["2", "3", "4"]), "--seed": _numbers(["1"]),
                                              "-o": files, "--name": st.text(max_size=10)}))]
    return [*draw(_options({"--screenshot": files, "--frames": _numbers(["1", "2"])})), *draw(st.lists(files,
                                                                                                        max_size=2))]


def test_mutated_map_tool_command_lines_end_in_one_line_or_success(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    paths = _paths(tmp_path)
    reached = []

    def editor_stub(path, screenshot, frames, err) -> int:
        if screenshot is not None:
            check_output_file(screenshot, "--screenshot")
        reached.append(path)
        return 0

    @fuzz_settings("maptool")
    @given(maptool_line(paths))
    def case(argv: list[str]) -> None:
        CORPUS["maptool"] += 1
        try:
            rc = maptool.main(argv)
        except SystemExit as exc:
            rc = exc.code if isinstance(exc.code, int) else 2
        out, err = capsys.readouterr()
        assert "Traceback" not in err
        if rc == 2:
            assert err.count("\n") == 1 and ": error: " in err, (argv, err)
        else:  # --check prints a summary line; --generate -o a "wrote" or "cannot write" line
            assert rc in (0, 1) and err.count("\n") <= 1, (argv, rc, err)

    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)  # '-o atlantis' writes into the test's folder
        patch.setattr(maptool, "run_editor_mode", editor_stub)
        run_bounded("maptool", case)
    assert reached  # the fuzzer also produced valid editor command lines
