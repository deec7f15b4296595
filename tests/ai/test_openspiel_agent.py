"""openspiel-ismcts: OpenSpiel's ISMCTS bot as an agent answers with legal actions (commitments
included), from the seat's observation, and its spec options are checked."""

from __future__ import annotations

import random

import pytest

from ai.agent import SpecError, make_agent
from ai.match import play_game
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import decision, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


def _state_at(kind: str, seed: int):
    """A classic-2p state (random play) at a decision of ``kind`` with several choices."""
    rng = random.Random(seed)
    state = initial_state(Game(load_map("classic-2p"), Rules(max_rounds=150)))
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if decision(state) == kind and len(legal) > 2:
            return state
        state.play(legal[rng.randrange(len(legal))])
    raise AssertionError(f"no {kind} decision in game {seed}")


@pytest.mark.parametrize("kind", ["main", "commit"])
def test_the_bot_chooses_a_legal_action(kind: str) -> None:
    agent = make_agent("openspiel-ismcts:sims=30")
    state = _state_at(kind, seed=4)
    seat = state.current_player()
    legal = state.legal_actions()
    for k in range(2):
        action = agent.choose(observation(state, seat), legal, random.Random(k))
        assert action in legal


def test_the_bot_plays_a_whole_game_against_random() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=6))
    result = play_game(game, [make_agent("openspiel-ismcts:sims=4"), make_agent("random")], seed=2)
    assert result.record.seats == ["openspiel-ismcts:sims=4", "random"]
    assert result.state.is_terminal()


def test_rollout_leaves_are_openspiels_random_rollout_evaluator() -> None:
    agent = make_agent("openspiel-ismcts:sims=2:leaf=rollout")
    state = _state_at("main", seed=1)
    legal = state.legal_actions()
    assert agent.choose(observation(state, state.current_player()), legal, random.Random(0)) in legal


@pytest.mark.parametrize("spec, message", [
    ("openspiel-ismcts:leaf=net", "expected one of material, rollout"),
    ("openspiel-ismcts:sims=0", "'sims': expected a whole number"),
    ("openspiel-ismcts:depth=3", "unknown option 'depth'"),
])
def test_bad_options_are_one_line_errors(spec: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        make_agent(spec)


def test_a_game_without_round_limit_is_searched_with_the_largest_limit() -> None:
    import japanese_swords.openspiel as jso

    game = Game(load_map("classic-2p"), Rules())
    assert jso.JapaneseSwordsGame.from_engine_game(game).engine_game.rules.max_rounds == jso.UNLIMITED_ROUNDS
    result = play_game(Game(load_map("classic-2p"), Rules(max_rounds=2)), [make_agent("openspiel-ismcts:sims=3"),
                                                                           make_agent("greedy")], seed=5)
    assert result.state.is_terminal()
