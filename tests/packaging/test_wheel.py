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
SOURCES = ("pyproject.toml", "setup.py", "README.md", "japanese_swords", "ai", "maps")


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
    assert not any(n.startswith(("tests/", "maps/", "tools/")) for n in names)
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "Provides-Extra: env" in text and "Provides-Extra: ray" in text


def test_installed_wheel_finds_its_maps_and_plays_four_players(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)  # what pip puts in site-packages for a pure-Python wheel
    env = {**os.environ, "PYTHONPATH": str(site)}
    where = subprocess.run([sys.executable, "-P", "-c", "import japanese_swords.maps as m; "
                            "print(m.__file__); print(m.shipped_maps_dir())"],
                           cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert where == [str(site / "japanese_swords" / "maps.py"), str(site / "japanese_swords" / "shipped_maps")]
    out = subprocess.run([sys.executable, "-P", "-m", "japanese_swords", "selfplay", "--map", "onin-4p", "--agents",
                          "greedy,random,random,random", "--games", "1", "--seed", "1", "--max-rounds", "30",
                          "--json"], cwd=tmp_path, env=env, capture_output=True, text=True, check=True).stdout
    (game,) = json.loads(out)["games"]
    assert game["seats"] == ["greedy", "random", "random", "random"] and len(game["honor"]) == 4
    assert game["rounds"] > 0
