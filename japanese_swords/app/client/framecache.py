"""An offscreen copy of a screen's slow-changing layer, redrawn only when its key changes.

Software GL pays for every draw call, so the game screen draws its board, panel, hand and dialogs into
this framebuffer once per change (keyed by everything they show) and otherwise copies it to the screen
with one textured quad; only the few animated or pointer-following things are drawn each frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import arcade
from arcade.gl import geometry


class FrameCache:
    """A window-sized framebuffer holding the last drawing of a layer, and the key it was drawn for."""

    def __init__(self, window: arcade.Window) -> None:
        self.window = window
        self.ctx = window.ctx
        self.fbo = None
        self.key: Hashable = None
        self.renders = 0  # how many times the layer was actually drawn (for tests and the bench)
        self._quad = geometry.quad_2d_fs()

    def _ensure(self) -> None:
        """(Re)create the framebuffer at the window's framebuffer size."""
        size = tuple(self.window.get_framebuffer_size())
        if self.fbo is None or tuple(self.fbo.size) != size:
            texture = self.ctx.texture(size, components=4)
            self.fbo = self.ctx.framebuffer(color_attachments=[texture])
            self.key = None

    def invalidate(self) -> None:
        """Force the next :meth:`render` to draw."""
        self.key = None

    def render(self, key: Hashable, draw: Callable[[], None], background) -> bool:
        """Draw the layer with ``draw`` into the framebuffer unless it was drawn for ``key``; True if drawn."""
        self._ensure()
        if key is not None and key == self.key:
            return False
        previous = self.window.current_camera
        with self.fbo.activate() as fbo:
            fbo.clear(color=background)
            camera = getattr(self.window, "ui_camera", None) or self.window.default_camera
            camera.use()
            draw()
        previous.use()
        self.key = key
        self.renders += 1
        return True

    def blit(self) -> None:
        """Copy the layer onto the screen (one quad, no blending: the layer is opaque)."""
        ctx = self.ctx
        ctx.screen.use()
        ctx.viewport = (0, 0, *self.window.get_framebuffer_size())
        if getattr(self.window, "plain_framebuffer", False):
            ctx.copy_framebuffer(self.fbo, ctx.screen, depth=False)  # a plain copy: cheapest
            ctx.screen.use(force=True)  # the copy leaves the read binding on the cache: rebind both
        else:
            blend = ctx.is_enabled(ctx.BLEND)
            ctx.disable(ctx.BLEND)
            self.fbo.color_attachments[0].use(0)
            self._quad.render(ctx.utility_textured_quad_program)
            if blend:
                ctx.enable(ctx.BLEND)
        camera = getattr(self.window, "ui_camera", None) or self.window.default_camera
        camera.use()
