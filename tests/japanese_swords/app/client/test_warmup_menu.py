"""The AI's first-start preparation runs in the background while the menu shows, with its line and bar."""

from __future__ import annotations

import threading
import time

import pytest

from japanese_swords.app.client.warmup_task import WarmUp


def _wait(cond, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "condition not reached"
        time.sleep(0.005)


def _gated():
    """A WarmUp whose 'compile' reports a step and then waits for the test's go."""
    go = threading.Event()
    calls = []

    def prepare(report):
        calls.append(1)
        report("compiling the rollout kernels", 0.1)
        go.wait(10)
        report("done in 1 s", 1.0)

    return WarmUp(prepare=prepare, compiled=lambda: False), go, calls


def test_a_cold_cache_is_compiled_in_the_background_and_said_so():
    warm, go, calls = _gated()
    assert warm.line() == "" and not warm.running
    warm.start()
    warm.start()  # a second menu visit starts nothing more
    _wait(lambda: warm.step)
    assert warm.running and warm.line().startswith("Preparing the AI (first start only): ")
    assert "compiling the rollout kernels" in warm.line() and 0.1 <= warm.progress() < 1.0
    go.set()
    _wait(lambda: warm.done)
    assert calls == [1] and warm.progress() == 1.0 and warm.line().startswith("The AI is ready")


def test_a_warm_cache_shows_nothing_and_a_failure_is_one_line():
    warm = WarmUp(prepare=lambda report: pytest.fail("compiled although the cache was warm"), compiled=lambda: True)
    warm.start()
    _wait(lambda: warm.done)
    assert warm.line() == ""

    def broken(report):
        raise RuntimeError("no compiler\nsecond line")

    bad = WarmUp(prepare=broken, compiled=lambda: False)
    bad.start()
    _wait(lambda: bad.done)
    assert bad.line() == "Preparing the AI failed (RuntimeError: no compiler); its first turn will be slow."


@pytest.mark.gl
def test_the_menu_starts_the_preparation_and_redraws_as_it_moves(ctx):
    warm, go, _calls = _gated()
    ctx.warmup = warm
    ctx.show_menu()
    menu = ctx.window.current_view
    _wait(lambda: warm.step)
    key = menu.frame_key()
    menu.on_draw()
    assert menu.texts._texts["warmup"].text.startswith("Preparing the AI (first start only)")
    go.set()
    _wait(lambda: warm.done)
    assert menu.frame_key() != key  # the window redraws the menu without input
    menu.on_draw()
    assert menu.texts._texts["warmup"].text.startswith("The AI is ready")


@pytest.mark.gl
def test_a_game_started_before_the_preparation_ends_says_why_the_ai_is_slow(ctx):
    warm, go, _calls = _gated()
    ctx.warmup = warm
    ctx.show_menu()
    _wait(lambda: warm.step)
    ctx.window.current_view.press("start")
    assert ctx.controller is not None and ctx.controller.warmup is warm
    go.set()
