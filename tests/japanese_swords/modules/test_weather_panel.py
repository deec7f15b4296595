"""The side panel's title tells the round's weather under the weather module (docs/variants.md, W1-W2)."""

from __future__ import annotations

from japanese_swords.actions import SetOrder, SetWeather
from japanese_swords.app.client import narrate
from japanese_swords.engine import initial_state
from tests.positions import make_game


def _drawn(weather: str, modules: tuple[str, ...] = ("weather",)):
    state = initial_state(make_game(modules=modules))
    state.play(SetOrder((0, 1)))
    state.play(SetWeather(weather))
    return state


def test_the_title_names_the_weather_and_the_attackers_loss():
    assert narrate.weather_note(_drawn("rain")) == " - rain: attackers -2"
    assert narrate.weather_note(_drawn("storm", ("weather:storm=6",))) == " - storm: attackers -6"
    assert narrate.weather_note(_drawn("clear")) == " - clear"


def test_no_weather_note_without_the_module_or_before_the_draw():
    classic = initial_state(make_game())
    classic.play(SetOrder((0, 1)))
    assert narrate.weather_note(classic) == ""
    before = initial_state(make_game(modules=("weather",)))
    before.play(SetOrder((0, 1)))
    assert before.weather is None and narrate.weather_note(before) == ""
