"""Pixels of the game screen drawn every way the frame cache can: ``python -m tests...frame_copy_check WxH``.

Run in its own process by ``test_frame_cache.py``: the shared test window is multisampled, while the
client's window (and the ``flip`` copy) is single-sampled, and arcade allows one window per process.
Prints one JSON object: for each way of drawing, how many colour values of the window differ from the
uncached drawing's and by at most how much, plus how many times each cache drew its layer.
"""

from __future__ import annotations

import json
import os
import sys
import time

import numpy as np

os.environ.setdefault("ARCADE_HEADLESS", "1")
NO_GL = 77  # exit status when no window can be made


def _pixels(window) -> np.ndarray:
    """The window's RGB pixels (as GL reads them: bottom row first), as signed integers."""
    window.ctx.finish()
    return np.frombuffer(window.ctx.screen.read(components=3), dtype=np.uint8).astype(np.int16)


def _diff(a: np.ndarray, b: np.ndarray) -> tuple[int, int]:
    """How many colour values differ between two pixel buffers, and by at most how much."""
    d = np.abs(a - b)
    return int((d > 0).sum()), int(d.max())


def main(argv: list[str]) -> int:
    """Draw one position uncached, then through each copy mode (a fresh frame, a copied one and one whose
    static layer is redrawn, the last two over a window filled with another colour), and report how the
    pixels differ from uncached."""
    width, height = (int(v) for v in (argv[0] if argv else "1280x800").split("x"))
    from ai.agent import make_agent
    from japanese_swords.actions import SetOrder
    from japanese_swords.app.client import context as context_mod
    from japanese_swords.app.client.context import ClientContext, Settings
    from japanese_swords.app.client.framecache import FrameCache
    from japanese_swords.app.client.theme import square_centre
    from japanese_swords.app.client.window import GameWindow

    context_mod.make_opponent = lambda difficulty: make_agent("random")
    try:
        window = GameWindow(width, height)
    except Exception as exc:  # no EGL / GL driver on this machine: the test skips (unless CI)
        print(f"no GL context: {exc}", file=sys.stderr)
        return NO_GL
    ctx = ClientContext(window, Settings(seed=5, speed=3))
    session = ctx.new_session()
    session.apply(SetOrder(tuple(range(session.game.num_players))))
    ctx.start(session)
    view, c = ctx.game_view, ctx.controller
    for _ in range(2000):  # a few rounds, so the board and log have content
        if len(session.log) > 30 and c.human_to_act():
            break
        if c.reveal is not None:
            c.ack_reveal()
        if c.human_to_act():
            view.presenter.press("end")
        view.on_update(0.05)
        time.sleep(0.0005)
    mine = [aid for aid, a in session.state.armies.items() if a.owner == view.seat]
    if mine:  # a selected army: the live layer draws its pulse over the cached layer
        view.presenter.selected = mine[0]
    view.on_mouse_motion(*square_centre(session.state.armies[mine[0]].square if mine else 0), 0, 0)
    view.on_update(0.0)

    result: dict[str, object] = {"mine": len(mine)}
    view.use_cache = False
    view.on_draw()
    reference = _pixels(window)
    view.use_cache = True
    for mode in ("flip", "quad"):
        view.cache, view.base_cache = FrameCache(window, mode), None
        view.on_draw()  # fresh: the layer drawn
        result[f"{mode}_fresh"] = _diff(_pixels(window), reference)
        window.ctx.screen.clear(color=(255, 0, 255, 255))  # anything left over would show
        view.on_draw()  # steady: the layer copied
        result[f"{mode}_copied"] = _diff(_pixels(window), reference)
        view.cache.invalidate()  # as after an action: the static layer redrawn (over the kept base)
        window.ctx.screen.clear(color=(255, 0, 255, 255))
        view.on_draw()
        result[f"{mode}_redrawn"] = _diff(_pixels(window), reference)
        result[f"{mode}_renders"] = view.cache.renders
        result[f"{mode}_base_renders"] = view.base_cache.renders if view.base_cache is not None else 0
    # the board panned and zoomed (squares under the coordinate strip and the hand strip's box, which
    # is then drawn in the static layer, not the base), a button under the pointer, the log scrolled up
    view.camera.zoom = 1.3
    view.camera.position = (view.camera.position[0] + 40, view.camera.position[1] + 60)
    save = next(b for b in view.buttons if b.key == "save")
    view.on_mouse_motion(save.rect[0] + 4, save.rect[1] + 4, 0, 0)
    view.log.scroll_by(4)
    view.use_cache = False
    view.on_draw()
    panned = _pixels(window)
    view.use_cache = True
    view.cache, view.base_cache = FrameCache(window, "flip"), None
    view.on_draw()
    result["flip_panned_fresh"] = _diff(_pixels(window), panned)
    view.cache.invalidate()
    window.ctx.screen.clear(color=(255, 0, 255, 255))
    view.on_draw()
    result["flip_panned_redrawn"] = _diff(_pixels(window), panned)
    result["panned_changed"] = _diff(panned, reference)[0]
    result["colours"] = len(np.unique(reference.reshape(-1, 3), axis=0))
    print(json.dumps(result))
    c.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
