"""The AI under rule modules (docs/variants.md): greedy plays every allowed combination legally and keeps
the invariants, weighs the weather and the horses sensibly, and MCTS falls back to scalar playouts in a
game the batch simulator cannot play."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from ai.agent import make_agent
from ai.greedy import GreedyPolicy, View
from ai.match import play_game
from japanese_swords.actions import Attack, Commit, SetOrder, SetWeather
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import initial_state
from japanese_swords.modules import MODULES
from japanese_swords.observation import observation
from japanese_swords.records import Record
from tests.japanese_swords.test_invariants import MAPS, check_invariants
from tests.japanese_swords.test_module_games import allowed_combinations
from tests.positions import at_phase, clear_armies, give, make_game, place, sq

GAMES = [(players, combo) for players in (2, 3, 4) for combo in allowed_combinations(players)]


@pytest.mark.parametrize(("players", "modules"), GAMES)
def test_greedy_plays_every_module_combination_legally(players, modules):
    game = make_game(MAPS[players], max_rounds=8, modules=modules)
    agents = [make_agent("greedy") for _ in range(players)]
    result = play_game(game, agents, seed=7, on_action=lambda s, a: check_invariants(s))  # checked play
    again = Record.from_json(json.loads(json.dumps(result.record.to_json())))
    again.finish(result.state)
    again.verify()


def _battle_start(modules, weather="clear", att="d6", dfn="e6", hand="MS MS SW WM PF", theirs="PF SP"):
    state = initial_state(make_game(modules=modules, battle_draw=0))
    state.play(SetOrder((0, 1)))
    if "weather" in modules:
        state.play(SetWeather(weather))
    at_phase(state, Phase.BATTLE)
    clear_armies(state)
    place(state, 0, att, 2)
    place(state, 1, dfn)
    give(state, 0, hand)
    give(state, 1, theirs)
    return state


def test_greedy_keeps_its_horses_out_of_covered_terrain():
    strong = "DA AR SW ST MS"
    classic = _battle_start((), theirs=strong)
    classic.play(Attack(sq("d6"), sq("e6")))
    mounted = GreedyPolicy().commit(View.of_state(classic, 0), random.Random(1))
    assert Card.MOUNTED in mounted.cards  # the classic game counts them 9
    state = _battle_start(("terrain-arms",), theirs=strong)
    state.play(Attack(sq("d6"), sq("e6")))
    choice = GreedyPolicy().commit(View.of_state(state, 0), random.Random(1))
    assert isinstance(choice, Commit) and choice.cards and Card.MOUNTED not in choice.cards


def test_greedy_attacks_less_in_a_storm():
    def attacks(weather: str) -> int:
        n = 0
        for seed in range(20):
            state = _battle_start(("weather",), weather, "d4", "d5", "SW PF")
            act = GreedyPolicy().battle(View.of_state(state, 0), random.Random(seed))
            n += isinstance(act, Attack)
        return n

    clear, storm = attacks("clear"), attacks("storm")
    assert clear >= storm + 10  # 19 of 20 seeds against 4 when written


def test_mcts_falls_back_to_scalar_playouts_in_a_game_with_a_scalar_module(monkeypatch):
    """Every shipped module is compiled, so the test marks ``support`` scalar to exercise the fallback."""
    monkeypatch.setitem(MODULES, "support", dataclasses.replace(MODULES["support"], ai="scalar"))
    bot = make_agent("mcts:iterations=24:rollouts=batch:seed=1")
    rng = random.Random(3)
    state = initial_state(make_game(modules=("support",), max_rounds=3))
    state.play(SetOrder((0, 1)))
    at_phase(state, Phase.TRAVEL)
    action = bot.choose(observation(state, 0), state.legal_actions(), rng)
    assert state.is_legal(action)
    assert bot.evaluator.name == "scalar" and bot.depth == 2 and bot.batch == 1
    compiled = initial_state(make_game(modules=("weather",), max_rounds=3))  # the simulator plays weather
    compiled.play(SetOrder((0, 1)))
    compiled.play(SetWeather("rain"))
    at_phase(compiled, Phase.TRAVEL)
    action = bot.choose(observation(compiled, 0), compiled.legal_actions(), rng)
    assert compiled.is_legal(action)
    assert bot.evaluator.name == "batch" and bot.depth == 8


def test_mcts_plays_a_game_with_both_modules():
    game = make_game(max_rounds=3, modules=("terrain-arms", "weather"))
    agents = [make_agent("mcts:iterations=8:seed=2"), make_agent("greedy")]
    result = play_game(game, agents, seed=5)
    assert any(a.startswith("weather ") for a in result.record.actions)
    assert result.state.is_terminal()
