"""The OpenSpiel game: OpenSpiel's own random-simulation checks, exact chance outcomes, and views that
depend only on what the seat may see (resampling the hidden cards leaves them unchanged)."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest

import japanese_swords.openspiel as jso
from japanese_swords import cards as C
from japanese_swords.engine import decision
from japanese_swords.env import encoding
from japanese_swords.env.codec import COMMIT_DONE


def _advance(state: pyspiel.State, rng: random.Random, until=lambda s: False, limit: int = 100_000) -> None:
    """Random play (chance by its probabilities) until ``until(state)`` or the end."""
    for _ in range(limit):
        if state.is_terminal() or until(state):
            return
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no such state within the limit")


def test_openspiel_random_simulation_checks_pass_on_the_default_game() -> None:
    pyspiel.random_sim_test(pyspiel.load_game(jso.GAME_NAME), num_sims=1, serialize=False, verbose=False)


def test_random_simulation_checks_pass_on_four_players_with_a_short_round_limit() -> None:
    game = pyspiel.load_game(jso.GAME_NAME, {"players": 4, "max_rounds": 8})
    assert game.num_players() == 4 and game.get_parameters()["map"] == "onin-4p"
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_parameters_choose_the_map_players_and_rules() -> None:
    game = pyspiel.load_game(jso.GAME_NAME, {"map": "kanto-3p", "honor_to_win": 30, "max_rounds": 20})
    assert game.num_players() == 3
    assert game.engine_game.rules.honor_to_win == 30 and game.engine_game.rules.max_rounds == 20
    assert game.num_distinct_actions() == game.codec.size == 1943
    with pytest.raises(ValueError, match="is for 2 players, not 4"):
        pyspiel.load_game(jso.GAME_NAME, {"map": "classic-2p", "players": 4})


def test_chance_outcomes_are_the_turn_orders_then_the_cards_by_their_counts() -> None:
    game = pyspiel.load_game(jso.GAME_NAME, {"players": 3})
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    state.apply_action(0)
    assert state.engine_state.order == (0, 1, 2)
    _advance(state, random.Random(1), lambda s: s.is_chance_node())  # a card is dealt
    deck = state.engine_state.deck
    outcomes = state.chance_outcomes()
    assert outcomes == [(c, n / sum(deck)) for c, n in enumerate(deck) if n]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_returns_are_zero_sum_with_one_winner() -> None:
    game = pyspiel.load_game(jso.GAME_NAME, {"players": 3, "max_rounds": 40})
    for seed in range(4):
        state = game.new_initial_state()
        _advance(state, random.Random(seed))
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        winner = state.engine_state.winner
        if winner is None:
            assert returns == [0.0, 0.0, 0.0]
        else:
            assert returns[winner] == 1.0 and sorted(returns)[:2] == [-0.5, -0.5]


def _views(state: pyspiel.State, seat: int) -> tuple[str, str, list[float], list[float]]:
    return (state.observation_string(seat), state.information_state_string(seat),
            state.observation_tensor(seat), state.information_state_tensor(seat))


@pytest.mark.parametrize("kind", ["main", "commit"])
def test_resampling_keeps_the_seats_views_and_changes_the_hidden_cards(kind: str) -> None:
    game = pyspiel.load_game(jso.GAME_NAME)
    rng = random.Random(3)
    state = game.new_initial_state()
    _advance(state, rng, lambda s: not s.is_chance_node() and s.engine_state.round >= 3
             and decision(s.engine_state) == kind)
    seat = state.current_player()
    other = 1 - seat
    changed = 0
    for k in range(10):
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(float(k), 1.0))
        assert _views(world, seat) == _views(state, seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.engine_state.hands[seat] == state.engine_state.hands[seat]
        assert sum(world.engine_state.hands[other]) == sum(state.engine_state.hands[other])
        changed += world.engine_state.hands[other] != state.engine_state.hands[other]
    assert changed > 0


def test_views_show_the_own_hand_never_the_others_or_the_deck() -> None:
    game = pyspiel.load_game(jso.GAME_NAME)
    state = game.new_initial_state()
    _advance(state, random.Random(5), lambda s: not s.is_chance_node() and s.engine_state.round >= 2
             and sum(s.engine_state.hands[1 - s.current_player()]) >= 2)
    seat = state.current_player()
    before = _views(state, seat)
    s = state.engine_state
    pool = C.cards_of(s.hands[1 - seat]) + C.cards_of(s.deck)  # deal what the seat cannot see anew
    old = list(s.hands[1 - seat])
    random.Random(0).shuffle(pool)
    k = sum(old)
    s.hands[1 - seat], s.deck = C.counts_of(pool[:k]), C.counts_of(pool[k:])
    assert s.hands[1 - seat] != old
    after = _views(state, seat)
    assert after[0] == before[0] and after[2] == before[2]
    tensor = np.asarray(state.observation_tensor(seat))
    assert tensor.shape == (encoding.SIZE,)
    assert list(tensor[2040:2056]) == [float(x) for x in s.hands[seat]]  # own hand block


def test_information_state_recalls_the_history_the_observation_does_not() -> None:
    game = pyspiel.load_game(jso.GAME_NAME)
    a = game.new_initial_state()
    b = game.new_initial_state()
    a.apply_action(0)  # p1 first
    b.apply_action(1)  # p2 first
    for s in (a, b):  # the information state names the turn order drawn
        assert "history" in s.information_state_string(0)
    assert a.information_state_string(0) != b.information_state_string(0)


def test_a_commitment_is_built_card_by_card_and_hidden_from_the_opponent() -> None:
    game = pyspiel.load_game(jso.GAME_NAME)
    state = game.new_initial_state()
    _advance(state, random.Random(11), lambda s: not s.is_chance_node() and decision(s.engine_state) == "commit"
             and len(s.legal_actions()) > 2)
    seat = state.current_player()
    other = 1 - seat
    other_view = _views(state, other)
    add = min(a for a in state.legal_actions() if a != COMMIT_DONE)
    state.apply_action(add)
    assert state.partial_commitment and state.current_player() == seat
    assert "building" in state.observation_string(seat)
    assert state.observation_string(other) == other_view[0]  # nothing visible changed for the opponent
    assert state.information_state_string(other) != other_view[1]  # but it knows a card was added


def test_rule_modules_are_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="rule modules are not supported by the OpenSpiel game yet") as info:
        pyspiel.load_game(jso.GAME_NAME, {"modules": "weather"})
    assert "\n" not in str(info.value)
