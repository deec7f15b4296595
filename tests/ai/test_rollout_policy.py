"""The scalar reference rollout policy: legal, observation-only, and what finish_turn promises."""

from __future__ import annotations

import random

import pytest

import ai.rollout_policy  # noqa: F401  (registers "rollout"; ai.agent's built-in list may not have it yet)
from ai.agent import make_agent
from ai.match import play_game
from ai.rollout_policy import RolloutAgent, at_turn_start, finish_turn, opening_states
from japanese_swords.actions import Move, Offer, PlayCard
from japanese_swords.cards import Card
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import decision, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import determinize, observation


@pytest.mark.parametrize("map_name", ["classic-2p", "kanto-3p", "shikoku-4p"])
def test_whole_games_through_the_checked_engine(map_name: str) -> None:
    game = Game(load_map(map_name), Rules(max_rounds=40))
    agents = [make_agent("rollout") for _ in range(game.num_players)]
    for seed in range(2):
        result = play_game(game, agents, seed)  # play_game uses state.play: an illegal choice raises
        assert result.state.is_terminal()
        texts = result.record.actions
        assert any(t.startswith("attack") for t in texts)
        assert not any(t.startswith(("offer", "play FM", "play TR")) for t in texts)


def test_choices_depend_only_on_the_observation() -> None:
    game = Game(load_map("onin-4p"), Rules(max_rounds=60))
    rng = random.Random(4)
    agent = RolloutAgent()
    s = initial_state(game)
    checked = 0
    while not s.is_terminal() and checked < 150:
        seat = s.current_player()
        if seat == CHANCE:
            s.apply(sample_chance(s, rng))
            continue
        obs = observation(s, seat)
        worlds = [determinize(obs, random.Random(k)) for k in range(2)]
        choices = []
        for w in worlds:
            assert w.current_player() == seat
            choices.append(RolloutAgent().choose(observation(w, seat), w.legal_actions(), random.Random(99)))
        assert choices[0] == choices[1]
        checked += 1
        s.apply(agent.choose(obs, s.legal_actions(), rng))


def test_policy_shape_garrison_prosperity_and_trades() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=40))
    rng = random.Random(8)
    agent = RolloutAgent()
    s = initial_state(game)
    home_moves = prosperity = 0
    while not s.is_terminal():
        seat = s.current_player()
        if seat == CHANCE:
            s.apply(sample_chance(s, rng))
            continue
        a = agent.choose(observation(s, seat), s.legal_actions(), rng)
        if isinstance(a, Move) and a.src == game.board.fortresses[seat]:
            home_moves += 1
        if decision(s) == "main" and s.hands[seat][Card.PROSPERITY] and s.phase.name == "REVENUE":
            assert a == PlayCard(Card.PROSPERITY)
            prosperity += 1
        s.play(a)
    assert home_moves == 0  # the garrison never leaves its home fortress
    ok, why = agent.respond_to_trade(observation(s, 0), Offer(1), rng)
    assert not ok and why


def test_finish_turn_stops_at_the_next_turn_start() -> None:
    game = Game(load_map("sekigahara-3p"), Rules(max_rounds=60))
    rng = random.Random(2)
    s = initial_state(game)
    assert finish_turn(s, rng) > 0  # draws the turn order, stops at the first turn's start
    assert at_turn_start(s)
    assert finish_turn(s, rng) == 0  # already there: untouched
    before = (s.turn_index, s.round)
    s.apply(s.legal_actions()[-1])  # leave the revenue phase
    finish_turn(s, rng)
    assert at_turn_start(s) or s.is_terminal()
    assert (s.turn_index, s.round) != before


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError):
        make_agent("rollout:max_draws=0")
    with pytest.raises(ValueError):
        make_agent("rollout:nonsense=1")


@pytest.mark.parametrize("map_name", ["nagashino-2p", "sekigahara-3p", "onin-4p"])
def test_fast_path_without_the_legal_list_makes_the_same_legal_choices(map_name: str) -> None:
    """decide(legal=None), what finish_turn uses, picks what decide(legal=...) picks, and it is legal."""
    game = Game(load_map(map_name), Rules(max_rounds=30))
    rng = random.Random(6)
    fast, slow = RolloutAgent(), RolloutAgent()
    s = initial_state(game)
    decisions = 0
    while not s.is_terminal():
        seat = s.current_player()
        if seat == CHANCE:
            s.play(sample_chance(s, rng))
            continue
        sizes = [sum(h) for h in s.hands]
        seed = rng.random()
        a = fast.decide(s, seat, sizes, None, random.Random(seed))
        b = slow.decide(s, seat, sizes, s.legal_actions(), random.Random(seed))
        assert a == b
        s.play(a)  # checked
        decisions += 1
    assert decisions > 200


def test_opening_states_reproduce_and_start_a_turn() -> None:
    """New games at their first turn; the seed, the first game number and the tag pick the games."""
    game = Game(load_map("classic-2p"))
    games = opening_states(game, 12, seed=4)
    assert len(games) == 12 and all(at_turn_start(s) and s.round == 1 for s in games)

    def orders(states):
        return [tuple(s.order) for s in states]
    assert orders(opening_states(game, 12, seed=4)) == orders(games)
    assert orders(opening_states(game, 4, seed=4, first=8)) == orders(games[8:])
    assert orders(opening_states(game, 12, seed=4, tag="x:")) != orders(games)
    assert orders(opening_states(game, 12, seed=5)) != orders(games)
