"""The tools as subcommands (``bench``, ``map``, ``warmup``, ``serve-agent``) and module runs (``python -m``)
that either work or say how to run them."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from ai import warmup
from japanese_swords.app.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("module", "args", "code", "stream", "text"), [
    ("ai.tournament.cli", [], 2, "stderr", "benchmark_ai: error: give agents with --agents"),
    ("ai.tournament.cli", ["--help"], 0, "stdout", "usage: benchmark_ai"),
    ("japanese_swords.app.maptool", ["--check", "maps/classic-2p.map"], 0, "stderr", "checked 1 map(s)"),
    ("japanese_swords.app.maptool", ["--help"], 0, "stdout", "usage: map_editor.py"),
    ("japanese_swords", ["--help"], 0, "stdout", "usage: japanese-swords"),
])
def test_module_runs_work_or_say_how(module: str, args: list[str], code: int, stream: str, text: str) -> None:
    run = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == code and getattr(run, stream).startswith(text), run.stderr


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for name in ("selfplay", "replay", "play", "warmup", "bench", "map", "serve-agent"):
        assert f"\n    {name} " in out, name


def test_bench_and_map_pass_their_arguments_through(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["map", "--generate", "--players", "3", "--seed", "2", "-o", str(tmp_path / "m.map")]) == 0
    assert main(["map", "--check", "--strict", str(tmp_path / "m.map")]) == 0
    with pytest.raises(SystemExit) as exc:
        main(["bench", "--help"])
    assert exc.value.code == 0 and capsys.readouterr().out.startswith("usage: japanese-swords bench")
    assert main(["bench", "--agents", "greedy,nosuch"]) == 2
    assert capsys.readouterr().err.startswith("japanese-swords bench: error: unknown agent 'nosuch'")
    with pytest.raises(SystemExit) as exc:
        main(["map", "--players", "9"])
    assert exc.value.code == 2 and capsys.readouterr().err.startswith("japanese-swords map: error: ")


def test_serve_agent_refuses_a_bad_spec_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve-agent", "mcts:iterations=-1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("japanese-swords: error: mcts option 'iterations'") and err.count("\n") == 1


def test_serve_agent_refuses_a_bad_spec_before_compiling(capsys: pytest.CaptureFixture[str],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A cold kernel cache (a fresh install, an upgrade) would compile for a minute and say so: a bad spec is
    refused first, in its one line."""
    compiled: list[str] = []

    def cold(specs, stream=None) -> bool:
        compiled.extend(specs)
        print("compiling... done in 60 s", file=sys.stderr)
        return True

    monkeypatch.setattr(warmup, "announce_for", cold)
    assert main(["serve-agent", "mcts:iterations=-1"]) == 2
    err = capsys.readouterr().err
    assert not compiled and err.count("\n") == 1 and "mcts option 'iterations'" in err


def test_warmup_prepares_and_reports_to_the_end() -> None:
    reports: list[tuple[str, float]] = []
    seconds = warmup.prepare(lambda step, fraction: reports.append((step, fraction)))
    assert seconds >= 0 and warmup.is_compiled()
    fractions = [f for _s, f in reports]
    assert fractions == sorted(fractions) and fractions[0] == 0.0 and fractions[-1] == 1.0
    assert reports[-1][0].startswith("done in ")


def test_the_line_printer_writes_one_line() -> None:
    log = io.StringIO()
    printer = warmup.LinePrinter("compiling", log)
    for step, fraction in [("loading numba", 0.0), ("kernels", 0.1), ("kernels: 5 s", 0.1), ("done in 9 s", 1.0)]:
        printer(step, fraction)
    assert log.getvalue() == "compiling... done in 9 s\n"

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    printer = warmup.LinePrinter("compiling", tty)
    printer("loading numba", 0.0)
    printer("done in 9 s", 1.0)
    text = tty.getvalue()  # one line redrawn with \r, padded over the longer earlier text, then ended
    assert text.count("\n") == 1 and text.endswith("\n")
    assert text.split("\r")[-1].rstrip() == "compiling: 100% done in 9 s"


def test_kernel_agents_are_told_apart_by_name() -> None:
    assert warmup.uses_kernels(["greedy", " mcts:time=0.1"]) and warmup.uses_kernels(["rollout"])
    assert not warmup.uses_kernels(["greedy", "random", "cmd:python mcts.py", "rusher"])
    assert warmup.announce_for(["greedy"], io.StringIO()) is False


def test_play_opponent_runs_a_program_in_the_client(tmp_path: Path) -> None:
    """``play --opponent cmd:...``: the client's AI seats are the program (it logs every question), and
    ``--frames`` waits for its answers, so a slow program is asked exactly as often as a fast one."""
    import os
    import shlex

    script = tmp_path / "player.py"
    script.write_text(
        "import json, sys, time\n"
        "log, delay = sys.argv[1], float(sys.argv[2])\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'ready'}), flush=True)\n"
        "    elif msg['type'] in ('choose', 'trade'):\n"
        "        time.sleep(delay)\n"
        "        open(log, 'a').write(msg['type'] + '\\n')\n"
        "        answer = {'type': 'action', 'action': msg['legal'][-1]} if msg['type'] == 'choose' else "
        "{'type': 'reply', 'accept': False}\n"
        "        print(json.dumps({**answer, 'id': msg['id']}), flush=True)\n", encoding="utf-8")
    asked = []
    for delay in ("0", "0.15"):
        log = tmp_path / f"asked-{delay}.txt"
        spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(script))} {shlex.quote(str(log))} {delay}"
        run = subprocess.run([sys.executable, "-m", "japanese_swords", "play", "--autoplay", "--opponent", spec,
                              "--frames", "120", "--screenshot", str(tmp_path / "shot.png"), "--seed", "3"],
                             cwd=tmp_path, env={**os.environ, "ARCADE_HEADLESS": "1"}, capture_output=True,
                             text=True, timeout=300)
        if run.returncode == 2 and "no display" in run.stderr and os.environ.get("JS_REQUIRE_GL") != "1":
            pytest.skip("no OpenGL context on this machine (JS_REQUIRE_GL=1 makes this a failure)")
        assert run.returncode == 0, run.stderr[-2000:]
        asked.append(log.read_text())
    assert asked[0].count("choose") >= 5
    assert asked[1] == asked[0]


def test_play_refuses_a_bad_opponent_spec_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--opponent", "nosuch", "--frames", "1"]) == 2
    assert capsys.readouterr().err.startswith("japanese-swords: error: unknown agent 'nosuch'")
