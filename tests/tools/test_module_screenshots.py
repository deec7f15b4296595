"""tools/module_screenshots.py: a module's moment is waited for in a real autoplayed client game and saved;
a moment not reached is reported, not faked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
sys.path.insert(0, "tools")
import module_screenshots as m
m.MOMENTS = (("bids", "shogun", "classic-2p", "BidsRevealed", 3),
             ("never", "classic", "classic-2p", "FortressBreached", 3))
missed = m.shoot("800x600", __import__("pathlib").Path(sys.argv[1]), rounds=3, timeout=60, tries=1)
print("missed", ",".join(missed))
"""


def test_a_reached_moment_is_saved_and_an_unreached_one_reported(tmp_path):
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = dict(os.environ, ARCADE_HEADLESS="1", TMPDIR=str(scratch))
    run = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert not [p.name for p in scratch.iterdir() if p.name.startswith("js-")]  # its client folders removed
    assert run.stdout.strip().splitlines()[-1] == "missed never"
    assert "never: no FortressBreached under classic" in run.stderr
    saved = tmp_path / "module-bids-800x600.png"
    assert saved.is_file() and saved.stat().st_size > 5_000
    assert not (tmp_path / "module-never-800x600.png").exists()


def test_the_module_helper_counts_only_a_wet_sky_as_weather():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import module_screenshots as m
    finally:
        sys.path.remove(str(ROOT / "tools"))
    from japanese_swords.events import WeatherDrawn

    class Session:
        events = [WeatherDrawn("clear", 2)]

    assert not m._wanted(Session, "WeatherDrawn")
    Session.events = [WeatherDrawn("clear", 2), WeatherDrawn("storm", 3)]
    assert m._wanted(Session, "WeatherDrawn")
