"""A copy of a screen's slow-changing layer, redrawn only when its key changes, otherwise copied back.

Software GL pays for every draw call, so the game screen draws its board, panel, hand and dialogs once
per change (keyed by everything they show) and otherwise copies the kept picture to the window; only
the few animated or pointer-following things are drawn each frame.

How the copy is made decides the frame's cost under software GL (Mesa's llvmpipe). Mesa stores a
window's pixels top row first and a framebuffer object's bottom row first, so a plain blit between
them is a flipping one, which llvmpipe runs as a full-window textured draw (10-20 ms at 1920x1080), and
so is a textured quad. On a single-sampled window (``"flip"`` mode, the client's) the layer is drawn
straight onto the window and then blitted *upside down* into a framebuffer object whose texture has the
window's own byte order (BGRA); blitting it back upside down is then, for Mesa, a same-orientation,
same-format copy, which it does with a memory copy (0.3 ms at 1920x1080). The two flips cancel, so the
window shows exactly what was drawn; on a GPU either blit is a fraction of a millisecond anyway. A
multisampled window cannot be blitted with a flip, so there (``"quad"`` mode) the layer is drawn into
the framebuffer object and copied to the window with one textured quad.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable

import arcade
from arcade.gl import geometry
from pyglet import gl

MODES = ("flip", "quad")


def default_mode(window: arcade.Window) -> str:
    """``flip`` on a single-sampled window (``plain_framebuffer``), else ``quad``; ``JS_FRAME_COPY``
    overrides (for tests and measurements)."""
    forced = os.environ.get("JS_FRAME_COPY", "")
    if forced in MODES:
        return forced
    return "flip" if getattr(window, "plain_framebuffer", False) else "quad"


class FrameCache:
    """A window-sized framebuffer holding the last drawing of a layer, and the key it was drawn for."""

    def __init__(self, window: arcade.Window, mode: str | None = None) -> None:
        self.window = window
        self.ctx = window.ctx
        self.mode = mode or default_mode(window)
        if self.mode not in MODES:
            raise ValueError(f"frame copy mode is one of {MODES}, not {self.mode!r}")
        self.fbo = None
        self.key: Hashable = None
        self.renders = 0  # how many times the layer was actually drawn (for tests and the bench)
        self._quad = geometry.quad_2d_fs() if self.mode == "quad" else None

    def _ensure(self) -> None:
        """(Re)create the framebuffer at the window's framebuffer size."""
        size = tuple(self.window.get_framebuffer_size())
        if self.fbo is None or tuple(self.fbo.size) != size:
            texture = self.ctx.texture(size, components=4)
            if self.mode == "flip":
                # unsized RGBA filled from BGRA bytes: Mesa then stores it in the window's byte order,
                # which its blit needs to make the copy a memory copy (the format does not change what
                # the texture holds or how GL reads it)
                gl.glActiveTexture(gl.GL_TEXTURE0)
                gl.glBindTexture(gl.GL_TEXTURE_2D, texture.glo)
                gl.glTexImage2D(
                    gl.GL_TEXTURE_2D, 0, gl.GL_RGBA, *size, 0, gl.GL_BGRA, gl.GL_UNSIGNED_BYTE, None
                )
            self.fbo = self.ctx.framebuffer(color_attachments=[texture])
            self.key = None

    def invalidate(self) -> None:
        """Force the next :meth:`show` to draw."""
        self.key = None

    def show(self, key: Hashable, draw: Callable[[], None], background) -> bool:
        """Put the layer on the window: drawn with ``draw`` (and kept) unless it was drawn for ``key``,
        else copied from the kept picture; True if drawn. A drawing starts with a clear to ``background``
        (``None``: none, for a ``draw`` that covers the window itself). Leaves the logical camera in use."""
        self._ensure()
        fresh = key is None or key != self.key
        if self.mode == "flip":
            if fresh:
                self._draw_on(self.ctx.screen, draw, background)
                self._blit_flipped(0, self.fbo.glo.value)  # window -> cache
            else:
                self._blit_flipped(self.fbo.glo.value, 0)  # cache -> window
        else:
            if fresh:
                self._draw_on(self.fbo, draw, background)
            self._copy_quad()
        if fresh:
            self.key = key
            self.renders += 1
        self._camera().use()
        return fresh

    def _camera(self) -> arcade.camera.Projector:
        """The window's logical-screen camera (or arcade's default one)."""
        return getattr(self.window, "ui_camera", None) or self.window.default_camera

    def _draw_on(self, target, draw: Callable[[], None], background) -> None:
        """Clear ``target`` with ``background`` and run ``draw`` into it through the logical camera;
        ``None``: no clear, ``draw`` covers the whole target itself (it starts with a copied layer), and
        a needless clear of the window cost llvmpipe 1.5-2.5 ms a redrawn frame."""
        with target.activate():
            self.ctx.viewport = (0, 0, *self.window.get_framebuffer_size())
            if background is not None:
                target.clear(color=background)
            self._camera().use()
            draw()
        self.ctx.screen.use()

    def _blit_flipped(self, src: int, dst: int) -> None:
        """Copy the whole framebuffer ``src`` upside down onto ``dst`` (GL names; 0 is the window)."""
        w, h = self.fbo.size
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, src)
        gl.glBindFramebuffer(gl.GL_DRAW_FRAMEBUFFER, dst)
        # arcade keeps the scissor test on, boxed to the last camera's viewport, and a blit obeys it:
        # off for the copy, or the bands beside a letterboxed screen would keep stale pixels
        gl.glDisable(gl.GL_SCISSOR_TEST)
        gl.glBlitFramebuffer(0, h, w, 0, 0, 0, w, h, gl.GL_COLOR_BUFFER_BIT, gl.GL_NEAREST)
        gl.glEnable(gl.GL_SCISSOR_TEST)
        self.ctx.screen.use(force=True)  # rebind read and draw to the window (and its viewport, scissor)

    def _copy_quad(self) -> None:
        """Copy the cache onto the window with one textured quad (no blending: the layer is opaque)."""
        ctx = self.ctx
        ctx.screen.use()
        ctx.viewport = (0, 0, *self.window.get_framebuffer_size())
        blend = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)
        self.fbo.color_attachments[0].use(0)
        self._quad.render(ctx.utility_textured_quad_program)
        if blend:
            ctx.enable(ctx.BLEND)
