"""The tournament tool at the input boundary (issue 35): output paths that are folders, special files or
unwritable fail before the first game in one line; a full disk at the end costs the file, not the printed
results; Ctrl-C keeps and reports the finished games; a dead Ray address fails in one line within seconds.
A hypothesis fuzz of output paths and Ray addresses counts towards the boundary corpus
(``CORPUS["tournament"]``).

Running as root, file modes do not stop writes: unwritable targets are a path under a regular file or
``os.fsync`` patched to raise ENOSPC (see ``failing_os``).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ai.tournament import cli
from ai.tournament.cli import main
from ai.tournament.raypool import RayUnavailable, check_address
from japanese_swords.records import load_record
from tests.file_faults import failing_os, temp_files
from tests.japanese_swords.fuzzing import CORPUS, fuzz_settings, hang_guard, mutated_text, one_line, run_bounded

ROOT = Path(__file__).resolve().parents[3]
QUICK = ["--agents", "random,greedy", "--games", "2", "--max-rounds", "3", "--quiet"]


def _free_port() -> int:
    """A loopback port nothing listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _err_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err.strip()


@pytest.mark.parametrize("shape", ["folder", "under_file", "fifo", "missing_folder"])
@pytest.mark.parametrize("option", ["--json", "--csv"])
def test_an_output_path_that_cannot_be_a_file_fails_before_any_game(tmp_path, capsys, shape, option) -> None:
    target = {"folder": tmp_path, "under_file": tmp_path / "f" / "out", "fifo": tmp_path / "pipe",
              "missing_folder": tmp_path / "no" / "out"}[shape]
    (tmp_path / "f").write_text("x")
    os.mkfifo(tmp_path / "pipe")
    records = tmp_path / "records"
    with hang_guard():
        code = main([*QUICK, option, str(target), "--records", str(records)])
    assert code == 2 and option in _err_line(capsys)
    assert not records.exists(), "no game was played"


@pytest.mark.parametrize("shape", ["file", "under_file"])
def test_a_records_folder_that_cannot_be_one_fails_before_any_game(tmp_path, capsys, shape) -> None:
    (tmp_path / "f").write_text("x")
    target = tmp_path / "f" if shape == "file" else tmp_path / "f" / "records"
    out = tmp_path / "out.json"
    assert main([*QUICK, "--records", str(target), "--json", str(out)]) == 2
    assert "--records" in _err_line(capsys) and not out.exists()


def test_a_full_disk_at_the_end_keeps_the_previous_file_and_prints_the_results(tmp_path, capsys) -> None:
    out = tmp_path / "out.json"
    out.write_text('{"earlier": true}')
    with failing_os("fsync", errno.ENOSPC):
        code = main([*QUICK, "--json", str(out), "--csv", str(tmp_path / "out.csv")])
    captured = capsys.readouterr()
    assert code == 2 and "random vs greedy" in captured.out, "the results are printed anyway"
    assert captured.err.count("\n") == 1 and "No space left" in captured.err and "out.csv" in captured.err
    assert out.read_text() == '{"earlier": true}' and not (tmp_path / "out.csv").exists()
    assert temp_files(tmp_path) == []


def test_ctrl_c_before_the_first_game_is_one_line(monkeypatch, capsys) -> None:
    def interrupted(_name: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "load_playable_map", interrupted)
    assert main(QUICK) == 130 and "interrupted" in _err_line(capsys)


def _default_sigint() -> None:
    """In the child: Ctrl-C's default action, whatever the test process inherited (a process started with
    SIGINT ignored keeps ignoring it, and Python then installs no KeyboardInterrupt handler)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_keeps_and_reports_the_finished_games(tmp_path) -> None:
    """A real SIGINT to a two-worker run: it exits 130 with the table, the JSON of the games finished so far
    and their records; nothing is lost that was reported."""
    out, records = tmp_path / "out.json", tmp_path / "records"
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "benchmark_ai.py"), "--agents", "random,greedy",
                             "--games", "400", "--max-rounds", "30", "--jobs", "2", "--quiet", "--json", str(out),
                             "--records", str(records)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=_default_sigint)
    try:
        with hang_guard(120):
            while not records.exists() or len(list(records.glob("*.json"))) < 4:
                assert proc.poll() is None, proc.communicate()
                time.sleep(0.1)
            proc.send_signal(signal.SIGINT)
            stdout, stderr = proc.communicate()
    finally:
        proc.kill()
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr
    data = json.loads(out.read_text())
    finished = data["games"]["finished"]
    assert data["status"] == "interrupted" and 1 <= finished < 400
    assert "random vs greedy" in stdout and f"wrote {out}" in stdout
    saved = sorted(records.glob("*.json"))
    assert len(saved) >= finished and all(load_record(p).result for p in saved)
    assert temp_files(tmp_path, records) == []


def test_a_dead_ray_address_fails_in_one_line_without_waiting_for_ray() -> None:
    port = _free_port()
    with hang_guard(60):  # ray.init alone retries a dead address for about two minutes
        run = subprocess.run([sys.executable, str(ROOT / "tools" / "benchmark_ai.py"), *QUICK, "--backend", "ray",
                              "--address", f"127.0.0.1:{port}"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert f"cannot reach Ray at '127.0.0.1:{port}'" in run.stderr


@pytest.mark.parametrize("address", ["nonsense", "host:99999", "host:0", ":6379", "ray://", "127.0.0.1:",
                                     "127.0.0.1:６３７９", "a\0b:1", "[::1]:x"])
def test_malformed_ray_addresses_are_one_line(address: str) -> None:
    with pytest.raises(RayUnavailable) as caught, hang_guard():
        check_address(address)
    one_line(str(caught.value))


def test_a_listening_address_passes_the_check() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        check_address(f"127.0.0.1:{server.getsockname()[1]}")
        check_address(f"ray://127.0.0.1:{server.getsockname()[1]}")
    check_address("auto")  # left to Ray, which answers at once


# ----- fuzz ----------------------------------------------------------------------------------------------

PATH_SHAPES = ["new", "existing", "folder", "under_file", "fifo", "dev_null", "missing_folder", "link_loop",
               "dangling_link", "empty", "nul"]


def _path(root: Path, shape: str, name: str) -> str:
    """An output path of ``shape`` under ``root`` (created as needed)."""
    if shape == "new":
        return str(root / name)
    if shape == "existing":
        (root / name).write_text("earlier")
        return str(root / name)
    if shape == "folder":
        (root / name).mkdir()
        return str(root / name)
    if shape == "under_file":
        (root / "blocker").write_text("x")
        return str(root / "blocker" / name)
    if shape == "fifo":
        os.mkfifo(root / name)
        return str(root / name)
    if shape == "dev_null":
        return "/dev/null"
    if shape == "missing_folder":
        return str(root / "missing" / name)
    if shape == "link_loop":
        (root / name).symlink_to(root / name)
        return str(root / name)
    if shape == "dangling_link":
        (root / name).symlink_to(root / "nowhere" / name)
        return str(root / name)
    return "" if shape == "empty" else str(root / f"a\0{name}")


@fuzz_settings("tournament")
@given(st.sampled_from(PATH_SHAPES), st.sampled_from(PATH_SHAPES), st.sampled_from(PATH_SHAPES + ["none"]),
       st.booleans(), mutated_text("127.0.0.1:1"))
def _tournament_case(json_shape: str, csv_shape: str, records_shape: str, full_disk: bool, address: str) -> None:
    CORPUS["tournament"] += 1
    root = Path(tempfile.mkdtemp(prefix="js-fuzz-t-"))
    try:
        keep = root / "other.json"
        keep.write_text("another run's results")
        argv = [*QUICK, "--json", _path(root, json_shape, "out.json"), "--csv", _path(root, csv_shape, "out.csv")]
        if records_shape != "none":
            argv += ["--records", _path(root, records_shape, "records")]
        err = tempfile.TemporaryFile("w+")
        saved = sys.stderr
        sys.stderr = err
        try:
            with hang_guard(), open(os.devnull, "w") as quiet:
                real_out, sys.stdout = sys.stdout, quiet
                try:
                    if full_disk:
                        with failing_os("fsync", errno.ENOSPC):
                            code = main(argv)
                    else:
                        code = main(argv)
                finally:
                    sys.stdout = real_out
        finally:
            sys.stderr = saved
        err.seek(0)
        text = err.read()
        assert code in (0, 2), (code, text)
        assert "Traceback" not in text and text.count("\n") == (0 if code == 0 else 1), text
        assert keep.read_text() == "another run's results"
        folders = [root] + ([Path(argv[-1])] if records_shape == "new" else [])
        assert temp_files(*folders) == []
        if code == 0:
            assert json.loads(Path(argv[argv.index("--json") + 1]).read_text())["games"]["finished"] == 2
        try:  # any address: refused in one line or reachable, never a hang or a traceback
            with hang_guard():
                check_address(address, timeout=1.0)
        except RayUnavailable as exc:
            one_line(str(exc))
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_mutated_output_paths_and_addresses_give_one_line_or_a_full_run() -> None:
    run_bounded("tournament", _tournament_case)
