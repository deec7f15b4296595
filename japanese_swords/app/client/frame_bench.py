"""Frame cost of the game screen: ``python -m japanese_swords.app.client.frame_bench``.

Headless (software GL when there is no GPU). Plays AI moves until the board and log are full, then in
one run, on one position, times ``GameView.on_draw`` (CPU side, median):

- *steady*: nothing changed since the last frame, so the cached static layer is copied and only the
  live layer is drawn (here a selected army's pulse and the hover frame): the frames the window draws
  while something animates;
- *changed*: the static layer is redrawn over the kept base layer (terrain, castles, panel backgrounds)
  every frame, as after each action or a hover over a button;
- *rebuilt*: the base layer redrawn too (after a resize, a pan or zoom of the board, a castle taken);
- *uncached*: everything drawn directly every frame (the cost without the frame cache, for the ratio).

Then it measures idle CPU: the human's turn, nothing happening, with the window's own frame loop (60
updates a second, a frame drawn only when something changed) for ``--idle`` seconds, as the share of one
core the process used. Speed claims about the client come from here, not from timed tests.
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from japanese_swords.argtypes import OneLineParser, positive_float


def _median_ms(view, frames: int, invalidate: bool = False, base: bool = False) -> tuple[float, float]:
    """Median wall milliseconds of ``view.on_draw`` over ``frames`` frames (GL finished before timing
    ends) and the mean CPU milliseconds a frame took over all the process's threads (llvmpipe's
    rasteriser threads included: less sensitive to other load than the wall time); ``invalidate``
    redraws the static layer each frame, ``base`` the base layer too."""
    times = []
    cpu0 = time.process_time()
    for _ in range(frames):
        if invalidate and view.cache is not None:
            view.cache.invalidate()
        if base and view.base_cache is not None:
            view.base_cache.invalidate()
        start = time.perf_counter()
        view.on_draw()
        view.window.ctx.finish()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, (time.process_time() - cpu0) / frames * 1000


def _idle_cpu(window, seconds: float) -> tuple[float, int, int]:
    """Share of a core used by the window's frame loop at 60 Hz while nothing changes; frames drawn
    and skipped."""
    drawn0, skipped0 = window.frames_drawn, window.frames_skipped
    step = 1 / 60
    wall0, cpu0 = time.perf_counter(), time.process_time()
    next_tick = wall0
    while time.perf_counter() - wall0 < seconds:
        window._dispatch_frame(step)
        next_tick += step
        delay = next_tick - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    return cpu / wall, window.frames_drawn - drawn0, window.frames_skipped - skipped0


def main(argv: list[str] | None = None) -> int:
    """Print the steady, changed and uncached medians, their ratio, and idle CPU."""
    parser = OneLineParser(prog="python -m japanese_swords.app.client.frame_bench")
    parser.add_argument("--frames", type=int, default=120)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--size", default="1280x800", help="window size WxH")
    parser.add_argument("--idle", type=positive_float, default=5.0, help="seconds of idle-CPU measurement")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"argument --size: expected WxH like 1280x800, got {args.size!r}")
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    os.environ.setdefault("JS_SAVE_DIR", os.path.join(os.getcwd(), ".frame-bench-saves"))

    from ai.agent import make_agent

    from . import context as context_mod
    from .context import ClientContext, Settings
    from .framecache import FrameCache
    from .theme import square_centre
    from .window import GameWindow

    context_mod.make_opponent = lambda difficulty: make_agent("random")  # fast, so the board fills
    window = GameWindow(width, height)
    ctx = ClientContext(window, Settings(seed=args.seed, speed=3))
    session = ctx.new_session()
    from japanese_swords.actions import SetOrder

    session.apply(SetOrder(tuple(range(session.game.num_players))))
    ctx.start(session)
    view = ctx.game_view
    c = ctx.controller
    # play the human's side with End (and the AI's with random moves) until the log is long
    for _ in range(4000):
        if len(session.log) > 120 and c.human_to_act():
            break
        if c.reveal is not None:
            c.ack_reveal()
        if c.human_to_act():
            view.presenter.press("end")
            view.presenter.press("end")
        view.on_update(0.05)
        time.sleep(0.0005)
    mine = sorted(aid for aid, a in session.state.armies.items() if a.owner == view.seat)
    if mine:  # the live layer then has the selection pulse, which animates at 15 frames a second
        view.presenter.selected = mine[0]
        view.on_mouse_motion(*square_centre(session.state.armies[mine[0]].square), 0, 0)  # hover frame
    view.on_update(0.0)
    armies = len(session.state.armies)
    mode = view.cache.mode if view.cache is not None else FrameCache(window).mode
    print(
        f"position: round {session.state.round}, {armies} armies, {len(session.log)} log entries, "
        f"{'an army selected' if mine else 'no army to select'}; window {width}x{height}, copy {mode}"
    )
    results: dict[str, tuple[float, float]] = {}
    view.use_cache = True
    _median_ms(view, 10)  # warm-up: glyphs, layouts, the cache
    results["steady"] = _median_ms(view, args.frames)
    results["changed"] = _median_ms(view, args.frames, invalidate=True)
    results["rebuilt"] = _median_ms(view, args.frames, invalidate=True, base=True)
    view.use_cache = False
    _median_ms(view, 5)
    results["uncached"] = _median_ms(view, args.frames)
    view.use_cache = True
    for label in ("steady", "changed", "rebuilt", "uncached"):
        wall, cpu = results[label]
        print(f"{label:9s} median on_draw {wall:6.2f} ms over {args.frames} frames (CPU {cpu:6.2f} ms a frame)")
    print(f"ratio uncached / steady: {results['uncached'][0] / results['steady'][0]:.1f}")
    share, drawn, skipped = _idle_cpu(window, args.idle)
    print(
        f"idle CPU {share * 100:.1f}% of one core over {args.idle:.0f} s "
        f"({drawn} frames drawn, {skipped} skipped)"
    )
    c.close()
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
