"""CLI tests of tools/map_editor.py as a subprocess: --check, --generate, editor mode without a display."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from japanese_swords.maps import MAPS_DIR

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tools" / "map_editor.py"
SHIPPED = sorted(MAPS_DIR.glob("*.map"))


def run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """Run the map tool with ``args``; capture text output."""
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, check=False)


def test_shipped_maps_pass_strict_check() -> None:
    """All shipped maps (at least two per player count) pass --check --strict with no output lines."""
    counts = {p: sum(f.stem.endswith(f"-{p}p") for f in SHIPPED) for p in (2, 3, 4)}
    assert all(n >= 2 for n in counts.values()), counts
    result = run("--check", "--strict", *map(str, SHIPPED))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert f"checked {len(SHIPPED)} map(s): 0 error(s), 0 warning(s)" in result.stderr


def test_typo_is_reported_with_position_and_fails(tmp_path: Path) -> None:
    """A stray ``x`` in a grid row prints one file:line:col error and exits 1."""
    text = (MAPS_DIR / "classic-2p.map").read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(text) if line.startswith(".f.....:.."))
    text[row] = ".f..x..:.."
    bad = tmp_path / "typo.map"
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")
    result = run("--check", str(bad))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines == [f"{bad}:{row + 1}:5: error: unknown terrain 'x' "
                     f"(legend: . K : f ~ # and fortresses 1-4)"]


def test_warnings_fail_only_with_strict(tmp_path: Path) -> None:
    """A map with only a warning exits 0 without --strict and 1 with it."""
    text = (MAPS_DIR / "classic-2p.map").read_text(encoding="utf-8")
    grid_start = text.index("#f..2...f#")
    plain = text[:grid_start] + text[grid_start:].replace(":", ".")
    path = tmp_path / "plain.map"
    path.write_text(plain, encoding="utf-8")
    loose = run("--check", str(path))
    assert loose.returncode == 0
    assert "warning: the map has no Difficult terrain" in loose.stdout
    assert run("--check", "--strict", str(path)).returncode == 1


def test_missing_file_is_one_line_and_no_traceback(tmp_path: Path) -> None:
    """A missing file is one error line naming it; the other files are still checked."""
    missing = tmp_path / "nope.map"
    result = run("--check", str(missing), str(SHIPPED[0]))
    assert result.returncode == 1
    assert result.stdout.splitlines() == [f"{missing}:1:1: error: no such map file"]
    assert "Traceback" not in result.stderr


def test_generate_writes_a_map_that_passes_strict(tmp_path: Path) -> None:
    """--generate --players 3 --seed 5 -o X.map writes a 3-player map that passes --check --strict."""
    out = tmp_path / "X.map"
    result = run("--generate", "--players", "3", "--seed", "5", "-o", str(out))
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert "players: 3" in text and text.count("\n") >= 12
    assert not [p for p in tmp_path.iterdir() if p.name != "X.map"]  # no temp file left behind
    check = run("--check", "--strict", str(out))
    assert check.returncode == 0, check.stdout
    again = run("--generate", "--players", "3", "--seed", "5", "--name", "Hakone")
    assert again.returncode == 0
    assert again.stdout.replace("name: Hakone", "name: Generated 3p seed 5") == text


@pytest.mark.parametrize("args", [
    ["--generate", "--players", "5", "--seed", "1"],
    ["--generate", "--seed", "1"],
    ["--check"],
    ["--check", "--generate", "a.map"],
])
def test_bad_arguments_are_usage_errors(args: list[str]) -> None:
    """Bad combinations are usage errors (exit 2): exactly one line naming the problem, no traceback."""
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("map_editor.py: error: ") and result.stderr.count("\n") == 1


def test_editor_mode_without_display_explains_and_exits_2() -> None:
    """With neither --check nor --generate the tool opens the editor window; with no display and no
    ARCADE_HEADLESS it prints one line naming ARCADE_HEADLESS=1 and exits 2 (no traceback)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    for args in ([], [str(SHIPPED[0])]):
        result = subprocess.run([sys.executable, str(SCRIPT), *args], cwd=REPO, capture_output=True,
                                text=True, timeout=120, check=False, env=env)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "ARCADE_HEADLESS=1" in lines[0], result.stderr
        assert "Traceback" not in result.stderr
