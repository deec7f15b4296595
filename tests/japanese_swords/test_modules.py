"""Rule modules (docs/variants.md): the registry's checks, how games and records carry modules, and one
test per rule of each module on hand-built positions."""

from __future__ import annotations

import json

import pytest

from japanese_swords.actions import Attack, Commit, End, Move, SetOrder, SetWeather, parse_action
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import initial_state
from japanese_swords.errors import JapaneseSwordsError, RecordError
from japanese_swords.events import TurnStarted, WeatherDrawn
from japanese_swords.game import Game, Rules
from japanese_swords.maps import parse_map
from japanese_swords.modules import MODULES, ModuleError, RuleModule, preset_modules, validate
from japanese_swords.modules.registry import PLANNED_PRESETS, PRESETS
from japanese_swords.observation import observation
from japanese_swords.records import Record
from tests.positions import FOUR_MAP, TEST_MAP, at_phase, clear_armies, give, make_game, place, sq

ARMS = ("terrain-arms",)
WEATHER = ("weather",)


# ----- the registry ------------------------------------------------------------------------------------
def test_every_module_is_documented_with_source_players_and_ai_support():
    for name, m in MODULES.items():
        assert m.name == name and m.source and m.description and m.ai in ("compiled", "scalar")
        assert set(m.players) <= {2, 3, 4} and m.players
        assert all(p.low <= p.default <= p.high for p in m.params)


def test_validate_sorts_and_drops_default_parameters():
    assert validate(["weather:rain=2", "Terrain-Arms:shooters=3"], 2) == ("terrain-arms:shooters=3", "weather")


@pytest.mark.parametrize(("modules", "message"), [
    (["nonsense"], "unknown rule module 'nonsense'; known"),
    (["weather:rain=99"], "weather: rain must be 0-20, got 99"),
    (["weather:rain=x"], "rain must be a whole number"),
    (["weather:hail=1"], "unknown parameter 'hail=1'"),
    (["weather", "weather:storm=5"], "module weather is chosen twice"),
])
def test_bad_module_lists_are_refused_in_one_line(modules, message):
    with pytest.raises(ModuleError, match=message.replace("(", r"\(")) as info:
        validate(modules, 2)
    assert "\n" not in str(info.value)


def test_excludes_requires_and_player_counts(monkeypatch):
    monkeypatch.setitem(MODULES, "teams-x", RuleModule("teams-x", "test", "four only", players=(4,),
                                                      requires=("weather",), excludes=("terrain-arms",)))
    with pytest.raises(ModuleError, match="module teams-x is for 4 players, not 2"):
        validate(["teams-x", "weather"], 2)
    with pytest.raises(ModuleError, match="module teams-x requires module weather"):
        validate(["teams-x"], 4)
    with pytest.raises(ModuleError, match="module teams-x excludes module terrain-arms"):
        validate(["teams-x", "weather", "terrain-arms"], 4)
    assert validate(["weather", "teams-x"], 4) == ("teams-x", "weather")
    with pytest.raises(ModuleError, match="is for 4 players"):  # a game is checked when it is created
        Game(parse_map(TEST_MAP, "t"), Rules(modules=("teams-x", "weather")))


def test_presets_offer_only_playable_module_sets():
    assert preset_modules("classic") == ()
    assert set(PRESETS) == {"classic", "shogun", "tokugawa", "battlefields", "teams"} and not PLANNED_PRESETS
    for name, modules in PRESETS.items():
        assert all(m in MODULES for m in modules)
        assert validate(modules, 4 if name == "teams" else 2) == tuple(sorted(modules))
    with pytest.raises(ModuleError, match="unknown rules preset"):
        preset_modules("chess")


def test_a_planned_preset_and_its_modules_are_named_as_planned(monkeypatch):
    monkeypatch.setitem(PLANNED_PRESETS, "kingdoms", ("vassals", "weather"))
    with pytest.raises(ModuleError, match=r"preset kingdoms is planned, not playable yet \(it needs modules "
                                          r"vassals, weather\)"):
        preset_modules("kingdoms")
    with pytest.raises(ModuleError, match=r"unknown rule module 'vassals' \(planned, not written yet\)"):
        validate(["vassals"], 2)
    with pytest.raises(ModuleError, match=r"unknown rule module 'vassals'; known"):  # not planned any more
        monkeypatch.delitem(PLANNED_PRESETS, "kingdoms")
        validate(["vassals"], 2)


# ----- games and records -------------------------------------------------------------------------------
def test_classic_rules_serialise_without_a_modules_field():
    assert "modules" not in Rules().to_json()
    assert "weather" not in initial_state(make_game()).to_json()
    rules = Game(parse_map(TEST_MAP, "t"), Rules(modules=("weather", "terrain-arms"))).rules
    assert rules.to_json()["modules"] == ["terrain-arms", "weather"]
    assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules


def test_a_record_stores_its_modules_and_replays_them():
    game = make_game(modules=("weather",))
    state = initial_state(game)
    record = Record(game, ["a", "b"], 1)
    for text in ("order p1 p2", "weather storm", "end", "end", "end", "end"):
        state.play(text)
        record.actions.append(text)
    record.finish(state)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert again.game.rules.modules == ("weather",)
    assert again.verify().weather == "storm"


@pytest.mark.parametrize(("modules", "message"), [
    (["hail"], "unknown rule module 'hail'"),
    (["weather:storm=-1"], "storm must be 0-20"),
    ("weather", "must list at most"),
    (["weather", "weather"], "module weather is chosen twice"),
])
def test_a_record_naming_an_unknown_module_or_bad_value_is_refused_in_one_line(modules, message):
    game = make_game()
    data = Record(game, ["a", "b"], 1).to_json()
    data["rules"]["modules"] = modules
    with pytest.raises(RecordError, match=message) as info:
        Record.from_json(data)
    assert "\n" not in str(info.value)


# ----- terrain and arms --------------------------------------------------------------------------------
def _battle(modules: tuple[str, ...], att: str, dfn: str, att_cards: str, def_cards: str, weather=None,
            exp: int = 0):
    """Fight one battle (no battle draw) with the given commitments; returns the state after."""
    game = make_game(modules=modules, battle_draw=0)
    state = initial_state(game)
    state.play(SetOrder((0, 1)))
    if weather is not None:
        state.play(SetWeather(weather))
    at_phase(state, Phase.BATTLE)
    clear_armies(state)
    place(state, 0, att, exp)
    place(state, 1, dfn)
    give(state, 0, att_cards)
    give(state, 1, def_cards)
    state.play(Attack(sq(att), sq(dfn)))
    state.play(Commit(tuple(Card.from_code(c) for c in att_cards.split())))
    state.play(Commit(tuple(Card.from_code(c) for c in def_cards.split())))
    return state


def test_terrain_arms_mounted_samurai_count_0_attacking_into_covered_terrain():
    classic = _battle((), "d6", "e6", "MS", "PF")  # e6 covered: 9 against 3 + 3
    assert classic.last_battle.winner == 0
    s = _battle(ARMS, "d6", "e6", "MS", "PF")
    assert s.last_battle.attacker_card_force == 0 and s.last_battle.winner == 1


def test_terrain_arms_mounted_samurai_count_0_attacking_into_treacherous_terrain():
    s = _battle(ARMS, "g5", "g6", "MS SW", "WM")  # g6 treacherous (-5): 7 against 5 - 5
    assert s.last_battle.attacker_card_force == 7 and s.last_battle.winner == 0


def test_terrain_arms_mounted_samurai_keep_their_force_elsewhere_and_defending():
    assert _battle(ARMS, "d4", "d5", "MS", "SW").last_battle.attacker_card_force == 9  # clear
    s = _battle(ARMS, "d6", "e6", "SW", "MS")  # defending in covered terrain
    assert s.last_battle.defender_card_force == 9


def test_terrain_arms_archers_and_musketeers_gain_defending_a_keep():
    classic = _battle((), "f7", "f6", "ST ST ST", "AR MU")  # f6 keep: 21 against 14 + 5
    assert classic.last_battle.winner == 0
    s = _battle(ARMS, "f7", "f6", "ST ST ST", "AR MU")  # 21 against 14 + 2 + 2 + 5
    assert s.last_battle.defender_card_force == 18 and s.last_battle.winner == 1


def test_terrain_arms_archers_gain_nothing_attacking_or_in_the_open():
    assert _battle(ARMS, "f7", "f6", "AR MU", "PF").last_battle.attacker_card_force == 14
    assert _battle(ARMS, "d4", "d5", "SW", "AR MU").last_battle.defender_card_force == 14


def test_terrain_arms_shooters_parameter_sets_the_gain():
    s = _battle(("terrain-arms:shooters=5",), "f7", "f6", "PF", "AR")
    assert s.last_battle.defender_card_force == 13


# ----- weather -----------------------------------------------------------------------------------------
def test_weather_is_drawn_as_a_chance_node_after_the_order_and_shown_to_every_seat():
    state = initial_state(make_game(modules=WEATHER))
    state.play(SetOrder((0, 1)))
    assert state.current_player() == CHANCE and state.phase == Phase.SETUP
    outcomes = state.chance_outcomes()
    assert [(str(a), round(p * 6)) for a, p in outcomes] == [("weather clear", 3), ("weather rain", 2),
                                                            ("weather storm", 1)]
    events = state.play(parse_action("weather rain"))
    assert events[0] == WeatherDrawn("rain", 1) and isinstance(events[1], TurnStarted)
    assert state.phase == Phase.REVENUE and state.current_player() == 0
    assert observation(state, 1).state.weather == "rain"


def test_weather_is_drawn_again_at_the_start_of_every_round():
    state = initial_state(make_game(modules=WEATHER))
    state.play(SetOrder((1, 0)))
    state.play(SetWeather("clear"))
    while state.current_player() != CHANCE:
        state.play(End())
    assert state.round == 2 and state.weather is None and state.turn_player == 1
    assert state.chance_outcomes()[0][0] == SetWeather("clear")
    events = state.play(SetWeather("storm"))
    assert events[0] == WeatherDrawn("storm", 2) and events[1] == TurnStarted(1, 2)


def test_weather_rain_costs_the_attacker_2_force():
    assert _battle(WEATHER, "d4", "d5", "SW", "WM", weather="clear").last_battle.winner == 0  # 7 against 5
    s = _battle(WEATHER, "d4", "d5", "SW", "WM", weather="rain")
    assert s.last_battle.attacker_modifier == -2 and s.last_battle.attacker_force == 5
    assert s.last_battle.winner == 1  # ties go to the defender


def test_weather_storm_costs_the_attacker_4_force():
    s = _battle(WEATHER, "d4", "d5", "MS", "WM", weather="storm")  # 9 - 4 against 5
    assert s.last_battle.attacker_force == 5 and s.last_battle.winner == 1
    s = _battle(("weather:storm=1",), "d4", "d5", "MS", "WM", weather="storm")
    assert s.last_battle.winner == 0


def _moves(weather: str, square: str, move_points: int = 2) -> set[int]:
    state = initial_state(make_game(modules=WEATHER, move_points=move_points))
    state.play(SetOrder((0, 1)))
    state.play(SetWeather(weather))
    at_phase(state, Phase.TRAVEL)
    clear_armies(state)
    place(state, 0, square)
    return {a.dst for a in state.legal_actions() if isinstance(a, Move)}


def test_weather_storm_makes_difficult_and_covered_terrain_cost_one_more():
    assert sq("e5") in _moves("rain", "f5") and {sq("e6"), sq("g6")} <= _moves("rain", "f6")  # 2 points each
    assert sq("e5") not in _moves("storm", "f5")  # difficult: 3 points now
    stormy = _moves("storm", "f6")
    assert sq("e6") not in stormy  # covered: 3 points now
    assert sq("g6") in stormy  # treacherous terrain is not slowed
    assert sq("e5") in _moves("storm", "f5", move_points=3) and sq("e6") in _moves("storm", "f6", move_points=3)


def test_weather_and_terrain_arms_combine():
    s = _battle(ARMS + WEATHER, "d6", "e6", "MS SW", "PF", weather="rain")  # 0 + 7 - 2 against 3 + 3
    assert s.last_battle.attacker_force == 5 and s.last_battle.winner == 1


def test_a_four_player_game_takes_both_modules():
    game = Game(parse_map(FOUR_MAP, "t4"), Rules(modules=("weather", "terrain-arms")))
    state = initial_state(game)
    state.play(SetOrder((2, 0, 3, 1)))
    assert state.current_player() == CHANCE
    state.play(SetWeather("clear"))
    assert state.turn_player == 2


def test_a_game_with_modules_refuses_a_weather_action_out_of_turn():
    state = initial_state(make_game())
    state.play(SetOrder((0, 1)))
    with pytest.raises(JapaneseSwordsError, match="no chance event is pending"):
        state.play(SetWeather("rain"))
