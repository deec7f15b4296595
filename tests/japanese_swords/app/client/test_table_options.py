"""Table creation: each seat human or AI with a level and a personality (the league's styles), the rule
modules read from the registry (whatever it holds), clan markers that differ by shape, the UI scale."""

from __future__ import annotations

import dataclasses

import pytest

from ai.league import LEAGUE
from japanese_swords.app.client import art
from japanese_swords.app.client.opponents import PERSONALITIES, candidate_specs, make_opponent
from japanese_swords.app.client.seating import SeatChoice, toggle_module
from japanese_swords.modules import registry


def test_each_personality_and_level_builds_an_agent():
    assert PERSONALITIES[1:] == LEAGUE
    for personality in PERSONALITIES:
        for level in ("easy", "normal", "hard"):
            assert make_opponent(level, personality).name == candidate_specs(level, personality)[0]
    assert candidate_specs("hard", "rusher")[0] == "rusher:samples=96"
    assert candidate_specs("easy")[0] == "mcts:difficulty=easy:threads=0"  # the simulator on every core


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
