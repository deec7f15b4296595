"""The rules page shows the rule modules of the game being played, their rulings read from docs/variants.md
(one source), on a second page that Tab or its button opens and the keys and wheel scroll."""

from __future__ import annotations

import arcade
import pytest

from japanese_swords.app.client.rules_text import NOTE, RULE, TITLE, module_lines
from japanese_swords.modules import MODULES
from japanese_swords.modules.rulings import module_rules, parse, variants_path

from .test_views import _centre, _start


def test_every_module_has_its_rulings_in_the_variants_document():
    sections = parse(variants_path().read_text(encoding="utf-8"))
    assert set(sections) == set(MODULES)
    for name, rules in sections.items():
        assert rules.intro and rules.rulings, name
        assert all("`" not in r and "*" not in r for r in rules.rulings)
    weather = module_rules("weather")
    assert [r.split(":")[0] for r in weather.rulings] == ["Ruling W1", "Ruling W2", "Ruling W3"]
    assert not any("Greedy" in r for r in weather.rulings)  # the AI notes after the list are not rules


def test_tables_become_lines_and_the_notes_after_the_list_are_left_out():
    text = """### Sample (`sample`)

Opening words, `code` and *emphasis*.
More of the opening.

| card | force |
|---|---|
| MS | 0 |

- *Ruling X1*: the kinds:

  | kind | rule |
  |---|---|
  | `pass` | at most 3 cards |

  Nobody wins then.
- *Ruling X2*: two lines
  of one ruling.

Greedy does something.

### Next (`next`)
"""
    rules = parse(text)["sample"]
    assert rules.intro == "Opening words, code and emphasis. More of the opening."
    assert rules.rulings == ("MS: 0", "Ruling X1: the kinds:\npass: at most 3 cards\nNobody wins then.",
                             "Ruling X2: two lines of one ruling.")
    assert parse(text)["next"].rulings == ()


def test_the_lines_show_the_parameters_in_play_and_stay_within_the_width():
    lines = module_lines(("terrain-arms", "weather:rain=3"), 60)
    titles = [text for style, text in lines if style == TITLE]
    assert titles == ["Terrain and arms (terrain-arms)", "Weather (weather)"]
    notes = " ".join(text for style, text in lines if style == NOTE)
    assert "rain 3 (force an attacker loses in rain)" in notes and "storm 4" in notes and "shooters 2" in notes
    assert any(text.startswith("- Ruling W2") for style, text in lines if style == RULE)
    assert all(len(text) <= 60 for _, text in lines)


@pytest.fixture
def module_game(ctx):
    ctx.settings.modules = ("sites", "weather", "support", "retreat-siege")
    view = _start(ctx)
    assert ctx.controller.session.state.game.rules.modules == ("retreat-siege", "sites", "support", "weather")
    return view


def test_the_page_of_a_module_game_switches_to_its_modules_and_scrolls(ctx, module_game):
    ctx.show_rules(module_game)
    rules = ctx.window.current_view
    rules.on_draw()
    assert rules.page == "classic" and rules.page_button.label == "Rule modules (Tab)"
    rules.on_key_press(arcade.key.TAB, 0)
    assert rules.page == "modules"
    rules.on_draw()
    shown = [text for _, text in rules.visible()]
    assert shown[0] == "Retreat and siege (retreat-siege)"
    assert len(rules.lines) > 2 * rules.rows()  # four modules' rulings fill more than a screen
    rules.on_key_press(arcade.key.DOWN, 0)
    assert rules.scroll == 1
    rules.on_mouse_scroll(0, 0, 0, -1)  # the wheel towards the user: further down
    assert rules.scroll == 4
    for _ in range(20):
        rules.on_key_press(arcade.key.PAGEDOWN, 0)
    assert rules.scroll == len(rules.lines) - 2 * rules.rows()  # the last screenful, no further
    assert rules.visible()[-1] == rules.lines[-1]
    rules.on_draw()
    rules.on_key_press(arcade.key.PAGEUP, 0)
    rules.on_mouse_scroll(0, 0, 0, 1000)
    assert rules.scroll == 0
    rules.on_mouse_press(*_centre(rules.page_button.rect), arcade.MOUSE_BUTTON_LEFT, 0)
    assert rules.page == "classic" and rules.page_button.label == "Rule modules (Tab)"
    rules.on_key_press(arcade.key.ESCAPE, 0)
    assert ctx.window.current_view is module_game


def test_a_classic_game_has_no_modules_page(ctx):
    view = _start(ctx)
    ctx.show_rules(view)
    rules = ctx.window.current_view
    rules.on_key_press(arcade.key.TAB, 0)
    rules.on_draw()
    assert rules.page == "classic" and rules.lines == [] and rules.modules == ()
