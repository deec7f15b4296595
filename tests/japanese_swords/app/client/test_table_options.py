"""Table creation: each seat human or AI with a level and a personality (the searcher's), the rule
modules read from the registry (whatever it holds), clan markers that differ by shape, the UI scale."""

from __future__ import annotations

import dataclasses

import pytest

from ai.agent import SpecError
from ai.league import LEAGUE
from japanese_swords.app.client import art
from japanese_swords.app.client.opponents import PERSONALITIES, candidate_specs, make_opponent, saved_choice
from japanese_swords.app.client.seating import SeatChoice, toggle_module
from japanese_swords.modules import registry


def test_each_personality_and_level_builds_the_searcher_with_that_personality():
    assert PERSONALITIES[1:] == LEAGUE
    for personality in PERSONALITIES:
        for level in ("easy", "normal", "hard"):
            agent = make_opponent(level, personality)
            assert agent.name == candidate_specs(level, personality)[0]
            assert agent.config.personality == personality and agent.config.difficulty == level
    # the searcher first (the simulator on every core), the league style's own rules as its fallback
    assert candidate_specs("hard", "rusher")[:2] == ["mcts:difficulty=hard:threads=0:personality=rusher",
                                                     "rusher:samples=96"]
    assert candidate_specs("easy")[0] == "mcts:difficulty=easy:threads=0"
    with pytest.raises(SpecError, match="unknown personality 'ninja'"):
        candidate_specs("easy", "ninja")


def test_saved_opponents_map_to_a_level_and_personality_older_saves_included():
    assert saved_choice("mcts:difficulty=hard:threads=0:personality=turtle") == ("hard", "turtle")
    assert saved_choice("mcts:difficulty=easy:threads=0") == ("easy", "balanced")
    assert saved_choice("rusher:samples=96") == ("hard", "rusher")  # a save of the bare league style
    assert saved_choice("hoarder:samples=4") == ("easy", "hoarder")
    assert saved_choice("greedy") is None and saved_choice("mcts:iterations=50") is None
    for bad in ("mcts:difficulty=brutal", "mcts:difficulty=easy:personality=ninja"):
        with pytest.raises(SpecError) as err:
            saved_choice(bad)
        assert "\n" not in str(err.value)


def test_a_loaded_game_keeps_its_opponents_personality_and_a_bad_one_is_a_notice(tmp_path, monkeypatch):
    from japanese_swords.app.client import context as context_mod
    from japanese_swords.app.client.session import HUMAN, Session
    from japanese_swords.game import Game, Rules
    from japanese_swords.maps import load_map
    from tests.japanese_swords.app.client.client_files import headless_context

    built = []
    monkeypatch.setattr(context_mod, "make_opponent", lambda level, personality="balanced":
                        built.append((level, personality)) or __import__("ai.agent").agent.make_agent("random"))
    game = Game(load_map("classic-2p"), Rules(max_rounds=40))
    for seat, name in (("rusher:samples=96", "old.json"), ("mcts:difficulty=easy:personality=ninja", "bad.json")):
        Session(game, [HUMAN, seat], 0, 5).save(tmp_path / name)
    context = headless_context()
    assert context.load(tmp_path / "old.json") and built == [("hard", "rusher")]
    assert context._agents is not None and context._agents[0] is None
    assert not context.load(tmp_path / "bad.json")
    assert "personality" in context.notice and "\n" not in context.notice


def test_modules_are_toggled_against_the_registry_and_refusals_are_one_line(monkeypatch):
    chosen, problem = toggle_module((), "weather", 2)
    assert chosen == ("weather",) and problem == ""
    assert toggle_module(chosen, "weather", 2) == ((), "")
    # a module added to the registry later is offered and checked like the others
    monkeypatch.setitem(registry.MODULES, "twoonly", dataclasses.replace(registry.MODULES["weather"], name="twoonly",
                                                                         players=(2,), excludes=("weather",)))
    chosen, problem = toggle_module(("weather",), "twoonly", 2)
    assert chosen == ("weather",) and "excludes" in problem
    assert "not 3" in toggle_module((), "twoonly", 3)[1]


def test_clan_counters_differ_by_shape_as_well_as_colour():
    grey = (128, 128, 128)
    masks = [art.counter_image(grey, 48, shape).getchannel("A").point(lambda a: 255 if a > 200 else 0).tobytes()
             for shape in art.MARKS]
    assert len(set(masks)) == len(art.MARKS) == 4  # the same colour, four different outlines


@pytest.mark.gl
def test_the_table_screen_sets_seats_personalities_and_modules_for_the_game(ctx, monkeypatch):
    from japanese_swords.app.client import context as context_mod

    built = []
    monkeypatch.setattr(context_mod, "make_opponent",
                        lambda level, personality="balanced": built.append((level, personality)) or
                        __import__("ai.agent", fromlist=["make_agent"]).make_agent("random"))
    monkeypatch.setitem(registry.MODULES, "later", dataclasses.replace(registry.MODULES["weather"], name="later",
                                                                       description="Added by a later helper."))
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.on_draw()
    menu.press("table")
    table = ctx.window.current_view
    table.on_draw()
    keys = {b.key for b in table.buttons}
    assert {"kind:0:human", "kind:1:ai", "level:1", "style:1", "module:later", "page"} <= keys  # by name, 8 a page
    assert any("Added by a later helper." in t.text for t in table.texts._texts.values())
    table.press("page")
    table.on_draw()
    assert "module:weather" in {b.key for b in table.buttons} and "module:later" not in {b.key for b in table.buttons}
    table.press("kind:0:ai")  # the only human cannot leave
    assert "At least one seat" in table.notice and ctx.settings.table[0].human
    table.press("level:1")  # normal -> hard
    for _ in range(2):
        table.press("style:1")  # balanced -> honor_racer -> rusher
    table.press("module:weather")
    table.on_draw()
    assert ctx.settings.table[1] == SeatChoice(False, "hard", "rusher")
    assert any("many armies marching on your fortress" in t.text for t in table.texts._texts.values())
    table.press("back")
    menu = ctx.window.current_view
    menu.on_draw()
    assert next(b for b in menu.buttons if b.key == "table").label == "Players & rules*"
    menu.press("start")
    s = ctx.controller.session
    assert built == [("hard", "rusher")] and s.game.rules.modules == ("weather",) and s.humans == {0}


@pytest.mark.gl
def test_the_ui_scale_is_saved_and_scales_every_text(ctx):
    from japanese_swords.app.client.prefs import load_prefs
    from japanese_swords.app.client.theme import SCREEN

    ctx.show_menu()
    menu = ctx.window.current_view
    menu.on_draw()
    normal = menu.texts._texts["title"].font_size
    ctx.show_settings(menu)
    settings = ctx.window.current_view
    settings.on_draw()
    assert {"scale:100", "scale:110", "scale:125"} <= {b.key for b in settings.buttons}
    try:
        settings.press("scale:125")
        assert load_prefs().ui_scale == 125 and SCREEN.text_scale == 1.25
        menu.on_draw()
        assert menu.texts._texts["title"].font_size == pytest.approx(normal * 1.25)
    finally:
        settings.press("scale:100")
    assert SCREEN.text_scale == 1.0
