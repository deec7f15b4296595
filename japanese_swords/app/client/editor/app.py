"""Launch the map editor window: ``run_editor(path)`` behind ``python tools/map_editor.py [FILE]``.

With ``screenshot`` the window renders ``frames`` frames, saves a PNG and closes (for headless demos and
tests: set ``ARCADE_HEADLESS=1`` before arcade is imported). Without a display the window cannot open;
:class:`NoDisplayError` carries a one-line explanation for the command line.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from japanese_swords.app.client.editor.model import EditorError, EditorModel, blank_snapshot
from japanese_swords.fileio import write_atomic

if TYPE_CHECKING:  # the view imports arcade; this module must not until a window is wanted
    import arcade

    from japanese_swords.app.client.editor.view import EditorView

NO_DISPLAY = ("cannot open the map editor window: no display ({reason}); run it on a desktop, or set "
              "ARCADE_HEADLESS=1 with --screenshot FILE.png to render off-screen")


class NoDisplayError(RuntimeError):
    """The window could not be created (no X/Wayland display and not headless)."""


def open_model(path: str | None) -> EditorModel:
    """The model for ``path``: the file if it exists, a blank map that will be saved there if not."""
    if path is None:
        return EditorModel()
    if not Path(path).exists():
        return EditorModel(blank_snapshot(2, Path(path).stem), path)
    return EditorModel.load(path)


def make_window(model: EditorModel) -> tuple[arcade.Window, EditorView]:
    """Create the editor window and show a set-up view; raises NoDisplayError when there is no display."""
    from japanese_swords.app.client.editor.view import TITLE, WINDOW_H, WINDOW_W, EditorView, EditorWindow

    try:
        window = EditorWindow(WINDOW_W, WINDOW_H, TITLE)
    except Exception as exc:  # pyglet raises its own NoSuchDisplayException (a plain Exception subclass)
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise NoDisplayError(NO_DISPLAY.format(reason=reason)) from None
    view = EditorView(model)
    view.setup()
    window.show_view(view)
    return window, view


def render_frames(window: arcade.Window, frames: int) -> None:
    """Run ``frames`` update-and-draw cycles by hand (works headless, where no event loop runs)."""
    for _ in range(max(1, frames)):
        window.switch_to()
        window.dispatch_events()
        window.dispatch_event("on_update", 1 / 60)
        window.dispatch_event("on_draw")
        window.flip()


def save_screenshot(path: str) -> None:
    """Save the window's current picture as a PNG with the one atomic-write helper (a new file gets the
    umask-derived mode, like any other file the program writes)."""
    import arcade

    buf = io.BytesIO()
    arcade.get_image().save(buf, format="PNG")
    write_atomic(path, buf.getvalue())


def run_editor(path: str | None, screenshot: str | None = None, frames: int = 1,
               err: TextIO | None = None) -> int:
    """Open the editor on ``path`` (or a blank map); returns the exit status (2 without a display)."""
    err = err or sys.stderr
    try:
        model = open_model(path)
    except EditorError as exc:
        print(f"map_editor: error: {exc}", file=err)
        return 1
    try:
        window, _view = make_window(model)
    except NoDisplayError as exc:
        print(f"map_editor: {exc}", file=err)
        return 2
    import arcade

    if screenshot is None:
        arcade.run()
        return 0
    try:
        render_frames(window, frames)
        save_screenshot(screenshot)
    except (OSError, ValueError) as exc:
        print(f"map_editor: error: cannot write screenshot {screenshot}: {exc}", file=err)
        return 1
    finally:
        window.close()
    print(f"{screenshot}: saved after {max(1, frames)} frame(s)", file=err)
    return 0


__all__ = ["run_editor", "open_model", "make_window", "render_frames", "save_screenshot", "NoDisplayError",
           "NO_DISPLAY"]
