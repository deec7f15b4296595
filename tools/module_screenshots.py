"""Screenshots of each rule module's moment in the client, for docs/variants.md: greedy plays every seat
(autoplay) under a preset until the module's event happens, then the game screen is saved.

    python tools/module_screenshots.py [--size 1366x768] [--out docs/images]

Each moment is (picture name, preset, map, the event that ends the wait); a moment not reached within its
round limit is reported and skipped (exit status 1), never faked.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tools"))

MOMENTS = (  # picture, preset, map, event class name, first seed (the next seeds are tried if it is not reached)
    ("weather", "tokugawa", "classic-2p", "WeatherDrawn", 3),
    ("support", "tokugawa", "classic-2p", "SupportPaid", 3),
    ("retreat", "tokugawa", "classic-2p", "ArmyRetreated", 5),
    ("breach", "tokugawa", "classic-2p", "FortressBreached", 7),
    ("bids", "shogun", "classic-2p", "BidsRevealed", 3),
    ("ronin", "shogun", "classic-2p", "RoninFought", 3),
    ("walls", "shogun", "classic-2p", "WallsBuilt", 3),
    ("sites", "battlefields", "classic-2p", "BattleResolved", 3),
    ("teams", "teams", "onin-4p", "ArmyMoved", 3),
)


def _wanted(session, event: str) -> bool:
    """Whether the session's events hold ``event`` (a clear sky does not count as weather)."""
    for e in session.events:
        if type(e).__name__ == event and getattr(e, "weather", "rain") != "clear":
            return True
    return False


def shoot(size: str, out: Path, rounds: int = 40, timeout: float = 240.0, tries: int = 6) -> list[str]:
    """Every moment at one window size; returns the moments not reached."""
    os.environ["ARCADE_HEADLESS"] = "1"
    with tempfile.TemporaryDirectory(prefix="js-modshots-") as tmp:  # saves, config, maps: gone after
        return _shoot_in(Path(tmp), size, out, rounds, timeout, tries)


def _shoot_in(home: Path, size: str, out: Path, rounds: int, timeout: float, tries: int) -> list[str]:
    """:func:`shoot` with the client's folders under ``home``."""
    for var, sub in (("JS_SAVE_DIR", "saves"), ("JS_CONFIG_DIR", "config"), ("JS_MAPS_DIR", "maps")):
        os.environ[var] = str(home / sub)
    import client_screenshots as cs

    from ai.agent import make_agent
    from japanese_swords.app.client import context as context_mod
    from japanese_swords.app.client.context import ClientContext, Settings
    from japanese_swords.app.client.window import GameWindow
    from japanese_swords.modules import preset_modules

    context_mod.make_opponent = lambda *_args: make_agent("greedy")
    width, height = (int(v) for v in size.split("x"))
    window = GameWindow(width, height)
    missed = []
    for picture, preset, map_name, event, first in MOMENTS:
        for seed in range(first, first + tries):
            settings = Settings(map_name=map_name, opponents=3 if "4p" in map_name else 1, seed=seed, speed=3,
                                difficulty="easy", max_rounds=rounds, modules=preset_modules(preset))
            ctx = ClientContext(window, settings, autoplay=True)
            ctx.new_game()
            end = time.monotonic() + timeout
            while time.monotonic() < end:
                c = ctx.controller
                if c is not None and (_wanted(c.session, event) or c.session.state.is_terminal()):
                    break
                view = window.current_view
                if type(view).__name__ == "BattleView" and view.controller.reveal is not None:
                    view.press("continue")
                view.on_update(0.05)
                time.sleep(0.001)
            c = ctx.controller
            if c is not None and _wanted(c.session, event):
                break
            c.close()
        if c is None or not _wanted(c.session, event):
            missed.append(picture)
            print(f"{picture}: no {event} under {preset} within {rounds} rounds in {tries} games", file=sys.stderr)
        else:
            game = ctx.game_view
            window.show_view(game)
            game.on_update(0.0)
            game.on_mouse_motion(5, 5, 0, 0)
            cs._shoot(game, out / f"module-{picture}-{size}.png")
        c.close()
    window.close()
    return missed


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1366x768", help="window size WxH (default 1366x768)")
    ap.add_argument("--out", type=Path, default=REPO / "docs" / "images", help="folder of the pictures")
    args = ap.parse_args(argv)
    return 1 if shoot(args.size, args.out) else 0


if __name__ == "__main__":
    raise SystemExit(main())
