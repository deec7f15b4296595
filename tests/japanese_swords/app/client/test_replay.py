"""Replays: a record stepped through (forward, back, battles), its log and revealed battles, and each
seat's winning chance by the AI's value; the replay screen from the menu's save browser and game over."""

from __future__ import annotations

import random

import arcade
import pytest

from ai.agent import make_agent
from ai.match import sample_chance
from japanese_swords.actions import Decline
from japanese_swords.app.client.replay import Replay
from japanese_swords.app.client.replay_view import chart_rect
from japanese_swords.core import CHANCE
from japanese_swords.engine import decision, initial_state
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from japanese_swords.records import Record, save_record


def greedy_record(seed: int = 5, rounds: int = 60) -> Record:
    """A whole greedy-against-greedy game on classic-2p (it has battles and a winner)."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=rounds))
    record = Record(game, ["greedy", "greedy"], seed)
    state = initial_state(game)
    agents = [make_agent("greedy"), make_agent("greedy")]
    rng = random.Random(seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, rng)
        elif decision(state) == "reply":
            action = Decline()
        else:
            action = agents[seat].choose(observation(state, seat), state.legal_actions(), rng)
        record.actions.append(str(action))
        state.play(action)
    record.finish(state)
    return record


@pytest.fixture(scope="module")
def record() -> Record:
    return greedy_record()


def test_stepping_through_a_record_forward_back_and_by_battles(record):
    r = Replay(record)
    assert r.position == r.last == len(record.actions) and r.state.is_terminal()
    assert r.state == record.replay()  # the end is the recorded game's end
    r.jump(0)
    assert r.state == initial_state(record.game) and r.battle is None and r.log(5) == []
    r.forward(3)
    assert r.state == record.replay(3)
    r.back()
    assert r.position == 2 and r.state == record.replay(2)
    assert r.battles, "the game has battles"
    assert r.next_battle() and r.position == r.battles[0] and r.battle is not None
    assert r.battle.winner is None or r.battle.winner in (0, 1)
    current = [line for line, _seat, now in r.log(40) if now]
    assert current and current[-1].strip().startswith(("Battle at", "Force", "Oda", "Takeda", "Diplomacy"))
    assert not r.previous_battle() and r.position == r.battles[0]  # nothing before the first battle
    r.jump(r.last)
    assert not r.next_battle()
    r.jump(10**9)
    assert r.position == r.last


def test_the_chart_is_the_ai_value_of_every_position_and_ends_at_the_result(record):
    calls = []

    def value(state):
        calls.append(1)
        return [0.25, 0.75]

    r = Replay(record, value=value)
    assert r.chances() is None
    assert not r.compute(10) and len(r.values) == 10
    while not r.compute(500):
        pass
    assert len(r.values) == r.last + 1 == len(calls)
    real = Replay(record)
    while not real.compute(500):
        pass
    final = real.values[-1]
    winner = real.state.winner
    assert winner is not None and final[winner] == 1.0 and all(0.0 <= v <= 1.0 for row in real.values for v in row)
    assert 0.0 < real.values[len(real.values) // 2][0] < 1.0  # mid-game: a chance, not a result


def test_a_broken_record_is_a_one_line_error(tmp_path, record):
    bad = Record(record.game, record.seats, record.seed, record.actions[:5] + ["move a1 j10"])
    with pytest.raises(JapaneseSwordsError, match="action 5"):
        Replay(bad)
    path = tmp_path / "junk.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(JapaneseSwordsError):
        Replay.load(path)


@pytest.mark.gl
def test_the_replay_screen_from_the_save_browser(ctx, record, tmp_path):
    ctx.saves.mkdir(parents=True, exist_ok=True)
    path = ctx.saves / "game-20260101-000000.json"
    save_record(record, path)
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.press("load")
    menu.on_draw()
    assert f"replay:{path}" in {b.key for b in menu.buttons}
    menu.press(f"replay:{path}")
    view = ctx.window.current_view
    assert type(view).__name__ == "ReplayView" and view.replay.position == view.replay.last
    for _ in range(200):  # the chart fills a slice a frame
        view.on_update(1 / 60)
    view.on_draw()
    assert "%" in view.texts._texts["chances"].text and "Computing" not in view.texts._texts["chances"].text
    view.press("start")
    assert view.replay.position == 0
    view.press("nextbattle")
    view.on_draw()
    assert view.replay.position == view.replay.battles[0]
    assert view.texts._texts["battle0"].text.startswith("Battle at")
    view.on_key_press(arcade.key.RIGHT, 0)
    view.on_key_press(arcade.key.LEFT, 0)
    assert view.replay.position == view.replay.battles[0]
    left, bottom, w, h = chart_rect()
    view.on_mouse_press(left + w / 2, bottom + h / 2, arcade.MOUSE_BUTTON_LEFT, 0)  # the chart's middle
    assert abs(view.replay.position - view.replay.last / 2) <= 1
    view.on_draw()
    assert view.texts._texts["step"].text.startswith(f"Step {view.replay.position} of {view.replay.last}")
    view.on_key_press(arcade.key.ESCAPE, 0)
    assert type(ctx.window.current_view).__name__ == "MenuView"
    ctx.show_replay(tmp_path / "missing.json")
    assert ctx.notice.startswith("cannot replay:")


@pytest.mark.gl
def test_game_over_replays_the_game_just_played(ctx):
    from japanese_swords.app.client.session import Session

    session = Session.from_record(greedy_record(seed=6, rounds=6), human=0)
    ctx.start(session)
    ctx.show_game_over()
    over = ctx.window.current_view
    over.on_draw()
    over.on_key_press(arcade.key.R, 0)
    view = ctx.window.current_view
    assert type(view).__name__ == "ReplayView" and view.replay.last == len(session.record.actions)
    view.press("leave")
    assert ctx.window.current_view is over


@pytest.mark.gl
def test_play_replay_from_the_command_line(tmp_path, record):
    """``play --replay RECORD`` opens the replay screen (headless: frames and a screenshot); a file that
    is not a record is one line, exit 2, before any window."""
    import os
    import subprocess
    import sys

    path = tmp_path / "game.json"
    save_record(record, path)
    shot = tmp_path / "replay.png"
    env = dict(os.environ, ARCADE_HEADLESS="1", JS_CONFIG_DIR=str(tmp_path / "config"))
    run = [sys.executable, "-m", "japanese_swords", "play", "--frames", "40"]
    proc = subprocess.run([*run, "--replay", str(path), "--screenshot", str(shot)], env=env, capture_output=True,
                          text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    from PIL import Image

    with Image.open(shot) as im:
        assert len(set(im.convert("RGB").getdata())) > 500
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something-else"}', encoding="utf-8")
    proc = subprocess.run([*run, "--replay", str(bad)], env=env, capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "bad.json" in proc.stderr
