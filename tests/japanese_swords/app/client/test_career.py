"""The career page: finished games against the AI kept atomically in career.json, summed by map and
level with the average honor; a damaged file refused in one line and never overwritten."""

from __future__ import annotations

import json

import pytest

from japanese_swords.app.client import career
from japanese_swords.app.client.career import GameEntry, add_game, level_of, read_career, summarize
from japanese_swords.core import Phase


def _entry(map_name="Classic", level="normal", won=True, honor=30, draw=False):
    return GameEntry("2026-11-26 01:00", map_name, 2, level, won, draw, honor)


def test_games_are_added_atomically_and_summed_by_map_and_level(tmp_path):
    path = tmp_path / "career.json"
    assert read_career(path) == ([], "")
    for e in (_entry(), _entry(won=False, honor=10), _entry("Kanto", "hard", honor=50),
              _entry(level="hard", won=False, draw=True, honor=20)):
        assert add_game(e, path) == ""
    games, problem = read_career(path)
    assert problem == "" and len(games) == 4
    s = summarize(games)
    assert (s.games, s.wins, s.draws, s.average_honor) == (4, 2, 1, 27.5)
    assert [(r.name, r.games, r.wins) for r in s.by_map] == [("Classic", 3, 1), ("Kanto", 1, 1)]
    assert [(r.name, r.games, r.wins) for r in s.by_level] == [("hard", 2, 1), ("normal", 2, 1)]
    assert s.recent[0].map == "Kanto" or s.recent[0].draw  # newest first
    assert not list(tmp_path.glob(".career.json.*"))  # no temporary file left behind


@pytest.mark.parametrize("text, reason", [
    ("{not json", "career not read"),
    ('{"version": 1, "games": [{"map": 3}]}', "game 1 is malformed"),
    ('[1, 2]', "expected an object with version 1"),
])
def test_a_damaged_career_is_refused_in_one_line_and_left_as_it_was(tmp_path, text, reason):
    path = tmp_path / "career.json"
    path.write_text(text, encoding="utf-8")
    games, problem = read_career(path)
    assert games == [] and reason in problem and str(path) in problem and "\n" not in problem
    assert "not added" in add_game(_entry(), path)
    assert path.read_text(encoding="utf-8") == text


def test_the_level_comes_from_the_opponents_specs():
    assert level_of(["mcts:difficulty=hard"]) == "hard"
    assert level_of(["rusher:samples=4", "mcts:difficulty=easy"]) == "easy"
    assert level_of(["mcts:difficulty=easy", "mcts:difficulty=hard"]) == "mixed"
    assert level_of(["greedy"]) == "greedy"


@pytest.mark.gl
def test_a_finished_game_enters_the_career_once_and_the_page_shows_it(ctx):
    ctx.show_menu()
    ctx.window.current_view.press("start")
    rps = ctx.window.current_view
    while not rps.rps.done:
        rps.press("throw:rock")
    rps.press("start")
    st = ctx.controller.session.state
    st.winner = 0
    st.honor[0] = 50
    st.phase = Phase.GAME_OVER
    ctx.show_game_over()
    ctx.show_game_over()  # the Results button comes back to it: counted once
    games, problem = read_career()
    assert problem == "" and len(games) == 1 and games[0].won and games[0].honor == 50
    assert games[0].map == "Classic" and games[0].level == "random"  # the test's opponent agent
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.on_draw()
    menu.press("career")
    page = ctx.window.current_view
    page.on_draw()
    assert type(page).__name__ == "CareerView"
    assert page.texts._texts["head"].text.startswith("1 game, 1 won, 0 drawn, 0 lost;  average final honor 50.0")
    assert page.texts._texts["r0:0a"].text == "Classic" and "1/1 won" in page.texts._texts["r0:0b"].text
    page.press("back")
    assert ctx.window.current_view is menu


@pytest.mark.gl
def test_the_career_page_shows_a_damaged_file_in_one_line(ctx):
    career.career_path().write_text(json.dumps({"version": 1, "games": "x"}), encoding="utf-8")
    ctx.show_career(ctx.window.current_view)
    page = ctx.window.current_view
    page.on_draw()
    assert page.texts._texts["head"].text.startswith("career not read:")
