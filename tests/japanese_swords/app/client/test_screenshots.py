"""Screenshot tests: the picture is not blank and the board, hand and side panel are where they belong."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from ai.agent import make_agent
from japanese_swords.app.client import context as context_mod
from japanese_swords.app.client.context import ClientContext, Settings
from japanese_swords.app.client.theme import BOARD_PX, BOARD_X, BOARD_Y, CELL, PANEL_X, WINDOW_H, square_centre
from japanese_swords.board import Terrain


def _grab():
    import arcade

    return arcade.get_image().convert("RGB")


def _px(image, x: float, y: float) -> tuple[int, int, int]:
    """Pixel at window coordinates (origin bottom-left, like arcade)."""
    return image.getpixel((int(x), int(WINDOW_H - 1 - y)))


@pytest.mark.gl
def test_game_screen_shows_board_hand_and_panel(window, monkeypatch):
    monkeypatch.setattr(context_mod, "make_opponent", lambda difficulty: make_agent("random"))
    ctx = ClientContext(window, Settings(seed=3, speed=3), autoplay=True)
    ctx.new_game()
    view = ctx.game_view
    for _ in range(5):
        view.on_update(0.016)
    view.on_draw()
    image = _grab()
    ctx.controller.close()
    assert len(set(image.getdata())) > 500  # not blank: terrain art, text, counters
    board = view.session.game.board
    # each terrain square shows its own colour family
    for sq in range(100):
        x, y = square_centre(sq)
        r, g, b = _px(image, x - CELL * 0.35, y + CELL * 0.35)  # a corner, clear of castles and counters
        t = board.terrain[sq]
        if t in (Terrain.CLEAR, Terrain.COVERED):
            assert g > r and g > b, (sq, t, (r, g, b))
        elif t == Terrain.TREACHEROUS:
            assert b > r, (sq, t, (r, g, b))
        elif t == Terrain.DIFFICULT:
            assert r > b + 40, (sq, t, (r, g, b))
    # the board sits inside its frame; the side panel is to its right and the hand strip below
    assert _px(image, BOARD_X + BOARD_PX + 8, BOARD_Y + 300) != _px(image, BOARD_X + 10, BOARD_Y + 300)
    panel = _px(image, PANEL_X + 300, 10 + 15)
    hand = _px(image, 40, 20)
    assert max(panel) < 90 and max(hand) < 90  # dark panels, not terrain
    # an army counter is drawn in the player's colour on its square
    state = view.session.state
    army = next(a for _, a in state.armies_of(0) if board.terrain[a.square] != Terrain.FORTRESS)
    x, y = square_centre(army.square)
    r, g, b = _px(image, x - CELL * 0.18, y - 3)
    assert r > 150 and g < 100 and b < 100, (r, g, b)


@pytest.mark.gl
def test_menu_and_battle_pictures_are_not_blank(window, monkeypatch):
    monkeypatch.setattr(context_mod, "make_opponent", lambda difficulty: make_agent("random"))
    ctx = ClientContext(window, Settings(seed=3, speed=3))
    ctx.show_menu()
    window.current_view.on_draw()
    image = _grab()
    assert len(set(image.getdata())) > 100
    thumb = _px(image, 140 + 370 + 70, 560 - 132 - 118 + 70)  # the map thumbnail beside the map list
    assert thumb != _px(image, 30, 30)


@pytest.mark.gl
def test_autoplay_command_writes_a_screenshot(tmp_path):
    shot = tmp_path / "shot.png"
    env = dict(os.environ, ARCADE_HEADLESS="1")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "japanese_swords",
            "play",
            "--autoplay",
            "--difficulty",
            "easy",
            "--frames",
            "30",
            "--seed",
            "2",
            "--screenshot",
            str(shot),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if (
        proc.returncode != 0
        and "cannot open a window" in proc.stderr
        and os.environ.get("JS_REQUIRE_GL") != "1"
    ):
        pytest.skip(proc.stderr.strip())
    assert proc.returncode == 0, proc.stderr
    from PIL import Image

    with Image.open(shot) as im:
        assert im.size == (1280, 800)
        assert len(set(im.convert("RGB").getdata())) > 500


def test_play_without_a_display_is_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "ARCADE_HEADLESS")}
    proc = subprocess.run(
        [sys.executable, "-m", "japanese_swords", "play"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    if sys.platform.startswith("linux"):
        assert proc.returncode == 2
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "display" in lines[0] and "Traceback" not in proc.stderr


def test_bad_map_for_the_opponents_is_one_line(tmp_path):
    env = dict(os.environ, ARCADE_HEADLESS="1")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "japanese_swords",
            "play",
            "--map",
            "onin-4p",
            "--opponents",
            "2",
            "--frames",
            "1",
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "--opponents 3" in proc.stderr


def test_loading_a_bad_save_from_the_command_line_is_one_line(tmp_path):
    bad = tmp_path / "save.json"
    bad.write_text('{"format": "something-else"}')
    env = dict(os.environ, ARCADE_HEADLESS="1")
    proc = subprocess.run(
        [sys.executable, "-m", "japanese_swords", "play", "--load", str(bad), "--frames", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1 and "save.json" in proc.stderr and "not a game record" in proc.stderr
