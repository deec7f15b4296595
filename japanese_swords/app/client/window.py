"""The client's window: resizable, F11 fullscreen, one logical screen scaled to fit, redraw on change.

Views lay out in logical units (:data:`~.theme.SCREEN`, 800 high, 1280 or more wide). The window maps
them to pixels with one camera and turns mouse coordinates back into logical units before any view
sees them, so views and tests never deal with pixels. A view may define ``frame_key()``: when it
returns the same value as at the last drawn frame and no input arrived, the frame is not redrawn.
"""

from __future__ import annotations

import arcade

from .theme import SCREEN, TITLE, WINDOW_H, WINDOW_W

_MOUSE_XY = ("on_mouse_motion", "on_mouse_press", "on_mouse_release", "on_mouse_drag", "on_mouse_scroll")
_MOUSE_DXY = ("on_mouse_motion", "on_mouse_drag")
_INPUT = (*_MOUSE_XY, "on_key_press", "on_key_release", "on_text", "on_resize", "on_expose", "on_show")
MIN_W, MIN_H = 640, 400


class GameWindow(arcade.Window):
    """A resizable window whose views draw on the scaled logical screen."""

    def __init__(self, width: int = WINDOW_W, height: int = WINDOW_H, fullscreen: bool = False) -> None:
        # no multisampling: the art is pre-rendered and smooth already, and software GL pays for every
        # sample of every pixel (a 4x MSAA clear alone cost 30 ms a frame)
        super().__init__(width, height, TITLE, resizable=True, fullscreen=fullscreen, antialiasing=False)
        self.plain_framebuffer = True  # single-sampled: a cached layer can be blitted to and from it
        if not self.headless:
            self.set_minimum_size(MIN_W, MIN_H)
        self.ui_camera = arcade.Camera2D(window=self)
        self._last_key: object = None
        self._dirty = True
        self.frames_drawn = 0
        self.frames_skipped = 0
        self.fit(*self.get_size())

    def fit(self, width: int, height: int) -> None:
        """Map the logical screen onto ``width`` x ``height`` pixels. Text set in pixels is drawn through
        arcade's default camera, which follows a resize only while it is the camera in use (never here:
        the logical camera is): its viewport is set here too, or every text stays clipped to the size
        the window opened at."""
        SCREEN.fit(width, height)
        self.default_camera.viewport = arcade.LBWH(0, 0, max(1, width), max(1, height))
        cam = self.ui_camera
        cam.viewport = arcade.LBWH(*SCREEN.pixel_rect((0, 0, SCREEN.w, SCREEN.h)))
        cam.projection = arcade.LRBT(-SCREEN.w / 2, SCREEN.w / 2, -SCREEN.h / 2, SCREEN.h / 2)
        cam.position = (SCREEN.w / 2, SCREEN.h / 2)
        self._dirty = True

    def on_resize(self, width: int, height: int) -> None:
        """Re-fit the logical screen when the window changes size (or goes fullscreen)."""
        self.fit(width, height)

    def clear(self, *args, **kwargs) -> None:  # type: ignore[override]
        """Clear the whole window, then draw through the logical-screen camera."""
        self.ctx.viewport = (0, 0, *self.get_framebuffer_size())
        super().clear(*args, **kwargs)
        self.ui_camera.use()

    def toggle_fullscreen(self) -> None:
        """F11: between fullscreen and a window."""
        if self.headless:
            return
        self.set_fullscreen(not self.fullscreen)
        self.fit(*self.get_size())

    def dispatch_event(self, event_type: str, *args):  # type: ignore[override]
        """Mouse positions to logical units before any handler; F11 toggles fullscreen."""
        if event_type in _INPUT:
            self._dirty = True
        if event_type == "on_resize" and len(args) >= 2:
            self.fit(args[0], args[1])  # first: a view's or section's handler may end the dispatch
        if event_type in _MOUSE_XY and len(args) >= 2:
            x, y = SCREEN.to_logical(args[0], args[1])
            rest = list(args[2:])
            if event_type in _MOUSE_DXY:
                rest[0], rest[1] = rest[0] / SCREEN.scale, rest[1] / SCREEN.scale
            args = (x, y, *rest)
        if event_type == "on_key_press" and args and args[0] == arcade.key.F11:
            self.toggle_fullscreen()
            return True
        return super().dispatch_event(event_type, *args)

    def needs_redraw(self) -> bool:
        """True unless the view says nothing changed since the last frame and no input arrived."""
        view = self.current_view
        key_fn = getattr(view, "frame_key", None)
        if key_fn is None:
            return True
        key = (id(view), key_fn())
        if self._dirty or key != self._last_key:
            self._last_key = key
            self._dirty = False
            return True
        return False

    def draw(self, dt: float) -> None:
        """Draw and flip only when something changed (an idle screen costs no drawing)."""
        if self.needs_redraw():
            self.frames_drawn += 1
            super().draw(dt)
        else:
            self.frames_skipped += 1
