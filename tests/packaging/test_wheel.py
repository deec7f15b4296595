"""The package as users install it: a wheel builds, holds every package and the shipped maps (package
data found through importlib.resources), and a plain (non-editable) install plays a 4-player self-play."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "japanese_swords", "ai", "maps", "docs")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A wheel built with ``python -m build`` from a copy of the sources (the checkout stays clean)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("dist")
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(src)],
                   check=True, capture_output=True, text=True, timeout=300)
    (whl,) = out.glob("japanese_swords-*.whl")
    return whl


def test_wheel_holds_every_package_and_every_shipped_map(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = {p.parent.relative_to(ROOT).as_posix() for top in ("japanese_swords", "ai")
                for p in (ROOT / top).rglob("__init__.py") if "__pycache__" not in p.parts}
    assert {"japanese_swords", "japanese_swords/env", "ai/tournament"} <= packages
    for pkg in packages:
        assert f"{pkg}/__init__.py" in names, pkg
    maps = sorted(p.name for p in (ROOT / "maps").glob("*.map"))
    assert len(maps) >= 7
    assert sorted(n.rsplit("/", 1)[1] for n in names if n.startswith("japanese_swords/shipped_maps/")) == maps
    assert not any(n.startswith(("tests/", "maps/", "tools/", "docs/")) for n in names)
    assert [n for n in names if n.startswith("japanese_swords/shipped_docs/")] == [
        "japanese_swords/shipped_docs/variants.md"]  # the rules page's module rulings, nothing else of docs/
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "Provides-Extra: env" in text and "Provides-Extra: ray" in text


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed by pip (``--no-deps``, offline); the dependencies come from the
    test environment's site-packages through a .pth line (its .pth files, e.g. the editable install of the
    checkout, are not processed there, so the code imported is the wheel's)."""
    venv = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    deps = [p for p in sys.path if p.endswith("site-packages")]
    Path(purelib, "test-deps.pth").write_text("\n".join(deps) + "\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                    "--no-index", str(wheel)], check=True, capture_output=True, text=True, timeout=300)
    return venv


def _run(venv: Path, args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The installed console script, run outside the checkout (so only the installed code can load)."""
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(venv / "bin" / "japanese-swords"), *args], cwd=cwd, env={**clean, **env},
                          capture_output=True, text=True, timeout=900)


def test_installed_wheel_is_the_code_and_finds_its_data(installed: Path, tmp_path: Path) -> None:
    python = installed / "bin" / "python"
    out = subprocess.run([str(python), "-c", "import ai.mcts.hand_prior as h, ai.value_fit as v, japanese_swords as j, "
                          "japanese_swords.maps as m, ai.learned.network as n; print(j.__file__, j.__version__, "
                          "m.shipped_maps_dir(), h.PRIOR_PATH.is_file(), v.WEIGHTS_PATH.is_file(), "
                          "n.load() is not None)"],
                         cwd=tmp_path, capture_output=True, text=True, check=True).stdout.split()
    site = Path(out[0]).parent.parent
    assert site.is_relative_to(installed) and out[1] == japanese_swords_version()
    assert out[2:] == [str(site / "japanese_swords" / "shipped_maps"), "True", "True", "True"]
    assert _run(installed, ["--version"], tmp_path).stdout.strip() == f"japanese-swords {japanese_swords_version()}"


def test_installed_wheel_reads_the_module_rulings_it_ships(installed: Path, tmp_path: Path) -> None:
    python = installed / "bin" / "python"
    out = subprocess.run([str(python), "-c", "from japanese_swords.modules.rulings import module_rules, variants_path; "
                          "print(variants_path(), len(module_rules('weather').rulings))"],
                         cwd=tmp_path, capture_output=True, text=True, check=True).stdout.split()
    assert Path(out[0]).is_relative_to(installed) and out[0].endswith("japanese_swords/shipped_docs/variants.md")
    assert out[1] == "3"


def japanese_swords_version() -> str:
    import japanese_swords

    return japanese_swords.__version__


def test_installed_wheel_warms_up_then_plays_mcts_and_four_players(installed: Path, tmp_path: Path) -> None:
    warm = _run(installed, ["warmup"], tmp_path)
    assert warm.returncode == 0, warm.stderr
    assert warm.stderr.startswith("compiling the AI's kernels") and warm.stderr.rstrip().endswith(" s")
    assert len(warm.stderr.strip().splitlines()) == 1  # not a terminal: one line, first and last report
    again = _run(installed, ["warmup"], tmp_path)
    assert "compiled already" in again.stderr
    game = _run(installed, ["selfplay", "--agents", "mcts:iterations=5,greedy", "--games", "1",
                            "--max-rounds", "5", "--json"], tmp_path)
    assert game.returncode == 0 and game.stderr == "", game.stderr  # warm: no compile line
    (played,) = json.loads(game.stdout)["games"]
    assert played["seats"] == ["mcts:iterations=5", "greedy"] and played["rounds"] == 5
    out = _run(installed, ["selfplay", "--map", "onin-4p", "--agents", "greedy,random,random,random", "--games",
                           "1", "--seed", "1", "--max-rounds", "30", "--json"], tmp_path)
    (four,) = json.loads(out.stdout)["games"]
    assert four["seats"] == ["greedy", "random", "random", "random"] and len(four["honor"]) == 4


@pytest.mark.gl
def test_installed_wheel_opens_the_client_headless(installed: Path, tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    run = _run(installed, ["play", "--autoplay", "--difficulty", "easy", "--frames", "30", "--screenshot",
                           str(shot), "--seed", "1"], tmp_path, ARCADE_HEADLESS="1")
    if run.returncode == 2 and "no display" in run.stderr and os.environ.get("JS_REQUIRE_GL") != "1":
        pytest.skip("no OpenGL context on this machine (JS_REQUIRE_GL=1 makes this a failure)")
    assert run.returncode == 0, run.stderr[-2000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


def test_tools_are_subcommands_of_the_installed_script(installed: Path, tmp_path: Path) -> None:
    bench = _run(installed, ["bench", "--agents", "greedy,random", "--games", "2", "--max-rounds", "10",
                             "--quiet", "--json", str(tmp_path / "b.json")], tmp_path)
    assert bench.returncode == 0, bench.stderr
    assert json.loads((tmp_path / "b.json").read_text())["games"]["finished"] == 2
    gen = _run(installed, ["map", "--generate", "--players", "2", "--seed", "4", "-o", str(tmp_path / "g.map")],
               tmp_path)
    assert gen.returncode == 0, gen.stderr
    check = _run(installed, ["map", "--check", "--strict", str(tmp_path / "g.map")], tmp_path)
    assert check.returncode == 0 and "0 error(s), 0 warning(s)" in check.stderr
    bad = _run(installed, ["bench", "--agents", "nosuch"], tmp_path)
    assert bad.returncode == 2 and bad.stderr.startswith("japanese-swords bench: error: unknown agent")


def test_installed_serve_agent_plays_in_the_installed_bench(installed: Path, tmp_path: Path) -> None:
    served = f"cmd:{installed / 'bin' / 'japanese-swords'} serve-agent greedy"
    bench = _run(installed, ["bench", "--agents", f"random,{served}", "--games", "2", "--max-rounds", "30",
                             "--quiet", "--json", str(tmp_path / "b.json")], tmp_path)
    assert bench.returncode == 0, bench.stderr
    games = json.loads((tmp_path / "b.json").read_text())["games"]
    assert games["finished"] == 2 and games["failed"] == 0
