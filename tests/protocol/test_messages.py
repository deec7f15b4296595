"""The protocol's messages: observations survive JSON exactly, and every malformed line is one short error."""

from __future__ import annotations

import json
import random

import pytest

from ai.match import sample_chance
from japanese_swords import protocol as P
from japanese_swords.cards import CARD_TYPES
from japanese_swords.core import CHANCE
from japanese_swords.engine import initial_state
from japanese_swords.game import Game
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


def _states(seed: int, map_name: str = "onin-4p", steps: int = 400):
    """Decision states along a random game (chance and player moves drawn from one generator)."""
    game = Game(load_map(map_name))
    state, rng = initial_state(game), random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.play(sample_chance(state, rng))
            continue
        yield game, state
        state.play(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("map_name", ["classic-2p", "onin-4p"])
def test_observation_round_trips_through_a_json_line(map_name: str) -> None:
    seen = 0
    for game, state in _states(5, map_name):
        obs = observation(state, state.current_player())
        line = P.encode(P.choose(1, obs, state.legal_actions()))
        assert line.endswith("\n") and "\n" not in line[:-1]
        msg = P.decode(line, P.ENGINE_MESSAGES, "line 1")
        back = P.observation_of(game, msg["observation"], "line 1")
        assert back == obs  # dataclass equality: the masked state (State.__eq__) and every count
        assert P.actions_of(msg["legal"], "line 1") == state.legal_actions()
        seen += 1
    assert seen > 100


def test_the_observation_hides_other_hands_and_the_deck() -> None:
    for _game, state in _states(2):
        seat = state.current_player()
        data = P.observation_json(observation(state, seat))
        assert not any(sum(h) for s, h in enumerate(data["state"]["hands"]) if s != seat)
        assert sum(data["state"]["deck"]) == 0 and data["deck_size"] == sum(state.deck)
        assert data["state"]["hands"][seat] == state.hands[seat]


def test_new_game_gives_back_the_game_seat_and_seed() -> None:
    game = Game(load_map("kanto-3p"))
    msg = json.loads(P.encode(P.new_game(game, 2, 99)))
    back, seat, seed = P.game_of(msg, "line 2")
    assert (back.board.terrain, back.rules, back.num_players, seat, seed) == (
        game.board.terrain, game.rules, 3, 2, 99)
    assert msg["cards"] == [c.name.lower() for c in CARD_TYPES]
    assert len(msg["cards"]) == len(initial_state(game).deck)


@pytest.mark.parametrize(("line", "expected"), [
    ("{oops", "line 4: not JSON"),
    ("[1, 2]", "line 4: expected a JSON object"),
    ('{"type": "dance"}', "line 4: unknown message type 'dance'"),
    ('{"id": 3}', "line 4: unknown message type None"),
    ("[" * 100_000 + "]" * 100_000, "line 4: not JSON"),
    ('"' + "x" * (P.MAX_LINE + 1) + '"', f"line 4: line longer than {P.MAX_LINE} characters"),
])
def test_bad_lines_are_one_line_errors(line: str, expected: str) -> None:
    with pytest.raises(P.ProtocolError) as exc:
        P.decode(line, P.PLAYER_MESSAGES, "line 4")
    text = str(exc.value)
    assert text.startswith(expected) and "\n" not in text and len(text) < 300


def test_malformed_observations_and_games_are_one_line_errors() -> None:
    game = Game(load_map("classic-2p"))
    obs = P.observation_json(observation(initial_state(game), 0))
    del obs["state"]["gold"]
    with pytest.raises(P.ProtocolError, match=r"^line 9: malformed observation \(KeyError"):
        P.observation_of(game, obs, "line 9")
    msg = P.new_game(game, 5, 1)
    with pytest.raises(P.ProtocolError, match="seat 5 on a 2-player map"):
        P.game_of(msg, "line 1")
    with pytest.raises(P.ProtocolError, match="needs 'seed' as int"):
        P.game_of({**P.new_game(game, 0, 1), "seed": True}, "line 1")
    with pytest.raises(P.ProtocolError, match="^line 1: new_game: "):
        P.game_of({**P.new_game(game, 0, 1), "map": "not a map"}, "line 1")
    with pytest.raises(P.ProtocolError, match="bad legal action"):
        P.actions_of(["end", "fly to the moon"], "line 3")
