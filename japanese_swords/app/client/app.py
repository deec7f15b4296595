"""``japanese-swords play``: open the window, or play headless for tests and demos.

``run_client(args)`` returns the process exit code. Without a display (and without ARCADE_HEADLESS=1)
it prints one line instead of a traceback. With ``--autoplay`` AI agents play every seat; ``--frames N``
runs exactly N frames (each waiting for an AI decision in progress, so the same seed shows the same game
on any machine) and ``--screenshot FILE.png`` saves the last one (written atomically).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import write_atomic
from japanese_swords.maps import load_map

if TYPE_CHECKING:
    from .game_settings import Settings

FRAME_DT = 1 / 60
AI_WAIT_SECONDS = 600.0  # a scripted frame run waits at most this long for one AI decision


def _say(message: str) -> int:
    """Print a one-line error and return the exit code for it."""
    print(f"japanese-swords: error: {message}", file=sys.stderr)
    return 2


def headless() -> bool:
    """True when ARCADE_HEADLESS asks for rendering without a display."""
    return os.environ.get("ARCADE_HEADLESS", "") not in ("", "0")


def display_available() -> bool:
    """Whether a window can be opened: a display on Linux/BSD; assumed on Windows and macOS."""
    if not sys.platform.startswith(("linux", "freebsd", "openbsd")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def settings_from_args(args: argparse.Namespace) -> Settings:
    """Menu settings from the command line. A map fixes the player count: without --opponents the map
    decides; an --opponents that contradicts an explicit --map is a one-line error."""
    from .library import maps_for

    opponents = getattr(args, "opponents", 1) or 1
    map_name = getattr(args, "map", None) or "classic-2p"
    board = load_map(map_name)
    if board.players != opponents + 1:
        if opponents == 1 and map_name != "classic-2p":
            opponents = board.players - 1  # --opponents left at its default: the map decides
        elif map_name == "classic-2p":
            fitting = maps_for(opponents + 1)
            if not fitting:
                raise JapaneseSwordsError(f"no shipped map for {opponents + 1} players")
            map_name = fitting[0]
        else:
            raise JapaneseSwordsError(
                f"map {board.name!r} is for {board.players} players: use --opponents {board.players - 1}"
            )
    seed = (
        args.seed if getattr(args, "seed", None) is not None else random.SystemRandom().randrange(1_000_000)
    )
    from .game_settings import Settings, map_modules

    return Settings(
        map_name=map_name,
        opponents=opponents,
        difficulty=getattr(args, "difficulty", "normal"),
        opponent=getattr(args, "opponent", None),
        seed=seed,
        speed=2 if getattr(args, "autoplay", False) else 1,
        # explicit --rules/--module (checked by the command), else the chosen map's own default modules
        modules=tuple(chosen) if (chosen := getattr(args, "modules", None)) is not None else map_modules(map_name),
    )


def default_size() -> tuple[int, int]:
    """The window size without --size: 1280x800, shrunk to fit a smaller screen (e.g. 1366x768)."""
    w, h = 1280, 800
    if headless():
        return w, h
    try:
        import pyglet

        screen = pyglet.display.get_display().get_default_screen()
        sw, sh = screen.width, screen.height
    except Exception:  # no display information: the design size
        return w, h
    if sw >= w + 40 and sh >= h + 80:
        return w, h
    return max(640, min(w, sw - 40)), max(400, min(h, sh - 80))


def save_screenshot(path: str | Path) -> None:
    """Save the current frame as PNG with the one atomic-write helper (umask-derived mode, no temporary
    file left behind on failure)."""
    import arcade

    buf = io.BytesIO()
    arcade.get_image().save(buf, format="PNG")
    write_atomic(path, buf.getvalue())


def run_frames(window, frames: int, screenshot: str | Path | None = None,
               before_frame: Callable[[], None] | None = None) -> None:
    """Advance and draw exactly ``frames`` frames with a fixed time step (headless or not); the last
    frame is saved as ``screenshot`` before it is flipped to the screen. ``before_frame`` runs first in
    every frame (the client passes one that waits for an AI decision in progress)."""
    for i in range(frames):
        if before_frame is not None:
            before_frame()
        if not headless():
            window.dispatch_events()
        view = window.current_view
        if view is None:
            break
        view.on_update(FRAME_DT)
        view = window.current_view
        view.on_draw()
        if screenshot is not None and i == frames - 1:
            save_screenshot(screenshot)
        if not headless():
            window.flip()


def _wait_for_ai(context) -> None:
    """A scripted frame run's step: the AI's decision in progress is ready before the frame advances,
    so ``--frames N`` shows the same game whatever the machine's speed or load."""
    if context.controller is not None:
        context.controller.wait_for_ai(AI_WAIT_SECONDS)


def run_client(args: argparse.Namespace) -> int:
    """Entry point of ``japanese-swords play``; returns the exit code."""
    autoplay = bool(getattr(args, "autoplay", False))
    frames = getattr(args, "frames", None)
    shot = getattr(args, "screenshot", None)
    if not headless() and not display_available():
        return _say(
            "no display found; run on a desktop session, or set ARCADE_HEADLESS=1 "
            "(with --autoplay --frames N --screenshot FILE.png) for a headless run"
        )
    if headless() and frames is None:
        return _say("headless mode (ARCADE_HEADLESS=1) needs --frames N")
    if shot is not None:
        parent = Path(shot).parent
        if str(parent) and not parent.is_dir():
            return _say(f"--screenshot {shot}: folder {parent} does not exist")
    try:
        settings = settings_from_args(args)
        loaded = None
        replay = None
        if getattr(args, "replay", None):  # read it before opening a window: a bad file is one line
            from .replay import Replay

            replay = Replay.load(args.replay)
        load = getattr(args, "load", None)
        if load:  # read the save before opening a window, so a bad file is one line and nothing else
            from .session import Session

            loaded = Session.load(load, human=None if autoplay else 0)
    except JapaneseSwordsError as exc:
        return _say(str(exc))
    try:
        import arcade

        from .context import ClientContext
        from .window import GameWindow

        size = getattr(args, "size", None) or default_size()
        window = GameWindow(*size, fullscreen=bool(getattr(args, "fullscreen", False)) and not headless())
    except Exception as exc:  # no GL / no display: one line, not a traceback
        return _say(f"cannot open a window ({type(exc).__name__}: {exc})".splitlines()[0])
    from .warmup_task import WarmUp

    # the menu prepares the AI's compiled code in the background (not for scripted headless runs)
    context = ClientContext(window, settings, autoplay=autoplay, warmup=None if autoplay or frames else WarmUp())
    try:
        if replay is not None:
            from .replay_view import ReplayView

            context.window.show_view(ReplayView(replay, context.show_menu))
        elif loaded is not None:
            context.start(loaded)
        elif autoplay:
            context.new_game()
            if context.controller is None:
                window.close()
                return _say(context.notice)
        else:
            context.show_menu()
        if frames is not None:
            run_frames(window, frames, shot, before_frame=lambda: _wait_for_ai(context))
            code = 0
        else:
            arcade.run()
            code = 0
    except KeyboardInterrupt:
        code = 130
    finally:
        if context.controller is not None:
            context.controller.close()
    try:
        window.close()
    except Exception:  # already closed by Quit
        pass
    return code
