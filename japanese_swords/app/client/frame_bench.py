"""Frame-cost measurement of the game screen: ``python -m japanese_swords.app.client.frame_bench``.

Plays a few AI moves headless, then times ``GameView.on_draw`` (CPU side) with the texts drawn as one
batch per layer against one draw call per text, in the same run on the same position, and prints the
medians and their ratio. Speed claims about the client come from here, not from timed tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def _median_ms(view, frames: int) -> float:
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        view.on_draw()
        times.append(time.perf_counter() - start)
    view.window.ctx.finish()
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> int:
    """Print median on_draw times (ms) for batched and per-text drawing, and the ratio."""
    parser = argparse.ArgumentParser(prog="python -m japanese_swords.app.client.frame_bench")
    parser.add_argument("--frames", type=int, default=150)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    os.environ.setdefault("JS_SAVE_DIR", os.path.join(os.getcwd(), ".frame-bench-saves"))
    import arcade

    from ai.agent import make_agent

    from . import context as context_mod
    from .context import ClientContext, Settings
    from .widgets import TextCache

    context_mod.make_opponent = lambda difficulty: make_agent("random")  # fast, so moves happen
    window = arcade.Window(1280, 800, "frame bench")
    ctx = ClientContext(window, Settings(seed=args.seed, speed=3), autoplay=True)
    ctx.new_game()
    view = ctx.game_view
    for _ in range(40):
        view.on_update(0.05)
    if ctx.controller is not None:
        ctx.controller.close()
    results: dict[str, float] = {}
    for label, batched in (("batched", True), ("per-text", False), ("batched again", True)):
        view.texts, view.board_texts = TextCache(batched=batched), TextCache(batched=batched)
        _median_ms(view, 10)  # warm-up: glyphs, layouts
        results[label] = _median_ms(view, args.frames)
        print(f"{label:14s} median on_draw {results[label]:6.1f} ms over {args.frames} frames")
    reference = (results["batched"] + results["batched again"]) / 2
    print(f"ratio per-text / batched: {results['per-text'] / reference:.2f}")
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
