"""Resize check of the client's window (run by ``test_real_window.py``): opens the client's window at
1280x800, resizes it, toggles F11 and checks that the labels of buttons anywhere on the screen are
drawn (not clipped to the size the window opened at) and that a click at a button's pixels presses it.
Under an X server (DISPLAY set) the window is real and resized by the X server; with ``--headless``
(ARCADE_HEADLESS=1) a 1920x1080 offscreen window gets the resize events through the window's handlers.
Prints one line per check; screenshots go to the folder given as the first argument.

    python -m tests.japanese_swords.app.client.xvfb_check OUT_DIR [--headless]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path


def ink_pixels(image, rect) -> int:
    """Light text pixels (the labels' ink) inside a logical rectangle of the window's image."""
    from japanese_swords.app.client.theme import SCREEN

    left, bottom, w, h = SCREEN.pixel_rect(rect)
    top = image.height - (bottom + h)  # image rows run top down
    box = image.crop((left + 4, top + 4, left + w - 4, top + h - 4)).convert("RGB")
    return sum(1 for r, g, b in box.getdata() if r > 170 and g > 160 and b > 140)


def pump(window, frames: int = 6) -> None:
    """Let the X server deliver events (resizes) and draw a few frames."""
    for _ in range(frames):
        window.dispatch_events()  # the X server's events, and the ones queued by dispatch_event
        view = window.current_view
        view.on_update(1 / 60)
        window.dispatch_event("on_draw")
        window.flip()
        time.sleep(0.02)


HEADLESS = "--headless" in sys.argv


def resize(window, size: tuple[int, int]) -> None:
    """Resize the window: by the X server, or (headless) by the resize event the window would get."""
    if HEADLESS:
        window.dispatch_event("on_resize", *size)
        pump(window, 3)
    else:
        window.set_size(*size)
        settle(window, size)


def window_size(window) -> tuple[int, int]:
    """The size the views are laid out for (headless: the last resize event's)."""
    from japanese_swords.app.client.theme import SCREEN

    return round(SCREEN.w * SCREEN.scale + 2 * SCREEN.ox), round(SCREEN.h * SCREEN.scale + 2 * SCREEN.oy)


def settle(window, size: tuple[int, int]) -> None:
    """Wait (a bounded number of frames) until the window has the size the X server gave it."""
    for _ in range(50):
        pump(window, 1)
        if tuple(window.get_size()) == size:
            break
    pump(window, 4)


def check(window, name: str, rects: dict[str, tuple], out: Path) -> bool:
    """Every button's label has ink; saves a screenshot. Prints the result."""
    import arcade

    pump(window, 2)
    window.dispatch_event("on_draw")
    image = arcade.get_image()
    image.save(out / f"{name}.png")
    if HEADLESS:  # the framebuffer keeps its size: the picture is its bottom-left part
        w, h = window_size(window)
        image = image.crop((0, image.height - h, w, image.height))
    image.save(out / f"{name}.png")
    missing = [key for key, rect in rects.items() if ink_pixels(image, rect) < 3]
    w, h = window_size(window)
    print(f"{name} {w}x{h}: " + ("ok" if not missing else f"blank {missing}"))
    return not missing


def click_end(window) -> bool:
    """Click the End button at its window pixels (through the window's event handlers): it is pressed."""
    import arcade

    from japanese_swords.app.client.theme import SCREEN

    view = window.current_view
    view.on_draw()
    button = next(b for b in view.buttons if b.key == "end")
    left, bottom, w, h = SCREEN.pixel_rect(button.rect)
    before = view.session.state.phase
    for event in ("on_mouse_motion", "on_mouse_press", "on_mouse_release"):
        args = (0, 0) if event == "on_mouse_motion" else (arcade.MOUSE_BUTTON_LEFT, 0)
        window.dispatch_event(event, left + w // 2, bottom + h // 2, *args)
    window.dispatch_events()  # outside the event loop pyglet queues events until here
    # pressed: the phase ended, or (the draw phase with the free card not taken) End asks to be pressed again
    ok = view.session.state.phase != before or "End again" in view.presenter.notice
    print(f"click-end {window_size(window)[0]}x{window_size(window)[1]}: " + ("ok" if ok else "not pressed"))
    return ok


def main(argv: list[str]) -> int:
    out = Path(argv[0])
    out.mkdir(parents=True, exist_ok=True)
    if HEADLESS:
        os.environ["ARCADE_HEADLESS"] = "1"
    else:
        os.environ.pop("ARCADE_HEADLESS", None)
    import arcade

    from ai.agent import make_agent
    from japanese_swords.app.client import context as context_mod
    from japanese_swords.app.client.context import ClientContext
    from japanese_swords.app.client.game_settings import Settings
    from japanese_swords.app.client.window import GameWindow

    context_mod.make_opponent = lambda difficulty: make_agent("random")
    window = GameWindow(1920, 1080) if HEADLESS else GameWindow(1280, 800)
    if HEADLESS:
        window.dispatch_events()  # the window's own first resize, then the one to 1280x800
        window.dispatch_event("on_resize", 1280, 800)
    ctx = ClientContext(window, Settings(map_name="classic-2p", opponents=1, seed=3, speed=3))
    ctx.show_menu()
    pump(window)
    ok = True

    def menu_rects():
        window.current_view.on_draw()
        return {b.key: b.rect for b in window.current_view.buttons if b.label}

    ok &= check(window, "menu-1280x800", menu_rects(), out)
    for size in ((1920, 1080), (1366, 768), (1600, 900)):
        resize(window, size)
        ok &= check(window, f"menu-resized-{size[0]}x{size[1]}", menu_rects(), out)
    # the game screen, resized while it is shown
    resize(window, (1280, 800))
    ctx.prefs.auto_end = False
    ctx.prefs.summary = False
    ctx.new_game()
    if ctx.controller.needs_rps():
        from japanese_swords.actions import SetOrder

        ctx.controller.session.apply(SetOrder((0, 1)))
        ctx.show_game()
    pump(window)

    def game_rects():
        view = window.current_view
        view.on_draw()
        return {b.key: b.rect for b in view.buttons if b.enabled}

    ok &= check(window, "game-1280x800", game_rects(), out)
    for size in ((1920, 1080), (1366, 768), (1024, 640)):
        resize(window, size)
        ok &= check(window, f"game-resized-{size[0]}x{size[1]}", game_rects(), out)
        ok &= click_end(window)
    if HEADLESS:
        ctx.controller.close()
        window.close()
        return 0 if ok else 1
    # F11: fullscreen on the X server's screen, and back
    screen = window.display.get_default_screen()
    window.dispatch_event("on_key_press", arcade.key.F11, 0)
    settle(window, (screen.width, screen.height))
    ok &= check(window, "game-f11", game_rects(), out)
    window.dispatch_event("on_key_press", arcade.key.F11, 0)
    pump(window, 10)
    ok &= check(window, "game-f11-back", game_rects(), out)
    ctx.controller.close()
    window.close()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
