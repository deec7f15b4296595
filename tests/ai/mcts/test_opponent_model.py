"""The opponent model of the batch playouts: styles read from public play, per-seat knobs, whole games."""

from __future__ import annotations

import random

import pytest

from ai.agent import SpecError, make_agent
from ai.batch.policy import RolloutPolicy
from ai.match import play_game
from ai.mcts.opponent_model import STYLES, OpponentModel
from japanese_swords.core import Army
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import Observation, observation


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(load_map("classic-2p"), Rules(max_rounds=150))


def opening(game: Game) -> State:
    """A state after the opening chance node (turn order drawn), seat 0 to play."""
    s = initial_state(game)
    rng = random.Random(0)
    from japanese_swords.chance import sample_chance

    while s.order is None:
        s.apply(sample_chance(s, rng))
    return s


def rounds(game: Game, edit, n: int = 5) -> tuple[OpponentModel, Observation]:
    """Seat 0 watches ``n`` rounds in which ``edit(state, round)`` sets seat 1's public position."""
    model = OpponentModel()
    s = opening(game)
    obs = observation(s, 0)
    for r in range(1, n + 1):
        s = s.clone()
        s.round = r
        edit(s, r)
        obs = observation(s, 0)
        model.observe(obs)
        model.observe(obs)  # a second decision in the same round is not a new round
    return model, obs


def place(s: State, seat: int, squares: list[int]) -> None:
    """Give ``seat`` armies on exactly ``squares`` (emptied of anything else)."""
    for aid, a in list(s.armies.items()):
        if a.owner == seat:
            s.occupant[a.square] = -1
            del s.armies[aid]
    for sq in squares:
        s.armies[s.next_army_id] = Army(seat, sq, 0)
        s.occupant[sq] = s.next_army_id
        s.next_army_id += 1


def free_squares(s: State, near: int, count: int, far: bool) -> list[int]:
    """``count`` empty squares at least 5 steps from ``near`` (``far``) or within 3 of it."""
    out = []
    for sq in range(100):
        steps = abs(sq // 10 - near // 10) + abs(sq % 10 - near % 10)
        if s.occupant[sq] < 0 and ((steps >= 5) if far else (steps <= 3)):
            out.append(sq)
    return out[:count]


def test_no_evidence_means_our_own_knobs(game: Game) -> None:
    model = OpponentModel()
    obs = observation(opening(game), 0)
    model.observe(obs)
    assert model.style(obs, 1) == "self"
    assert model.policies(obs, "self") is None
    assert model.policies(obs, "model") == (STYLES["self"], STYLES["self"])


def test_an_honor_race_reads_as_a_racer(game: Game) -> None:
    home = game.board.fortresses[1]

    def edit(s: State, r: int) -> None:
        s.honor[1] = 2 * r
        place(s, 1, free_squares(s, home, 2, far=True))

    model, obs = rounds(game, edit)
    assert model.style(obs, 1) == "racer"
    assert model.policies(obs, "model") == (STYLES["self"], STYLES["racer"])


def test_many_armies_read_as_a_rusher(game: Game) -> None:
    home = game.board.fortresses[1]
    model, obs = rounds(game, lambda s, r: place(s, 1, free_squares(s, home, 5, far=True)))
    assert model.style(obs, 1) == "rusher"


def test_a_big_hand_reads_as_a_hoarder(game: Game) -> None:
    home = game.board.fortresses[1]

    def edit(s: State, r: int) -> None:
        s.hands[1] = [0] * len(s.hands[1])
        s.hands[1][0] = 10
        place(s, 1, free_squares(s, home, 2, far=True))

    model, obs = rounds(game, edit)
    assert obs.hand_sizes[1] == 10
    assert model.style(obs, 1) == "hoarder"


def test_armies_kept_at_home_read_as_a_turtle(game: Game) -> None:
    home = game.board.fortresses[1]
    model, obs = rounds(game, lambda s, r: place(s, 1, [home] + free_squares(s, home, 2, far=False)))
    assert model.style(obs, 1) == "turtle"
    model, obs = rounds(game, lambda s, r: place(s, 1, [home] + free_squares(s, home, 2, far=True)))
    assert model.style(obs, 1) == "self"


def test_a_named_style_applies_to_every_opponent(game: Game) -> None:
    model = OpponentModel()
    obs = observation(opening(game), 1)
    assert model.policies(obs, "hoarder") == (STYLES["hoarder"], STYLES["self"])


def test_a_new_game_forgets_the_last(game: Game) -> None:
    home = game.board.fortresses[1]
    model, obs = rounds(game, lambda s, r: place(s, 1, free_squares(s, home, 5, far=True)))
    assert model.style(obs, 1) == "rusher"
    fresh = observation(opening(game), 0)
    model.observe(fresh)
    assert model.style(fresh, 1) == "self"


def test_styles_share_the_field_decay() -> None:
    assert {p.field_decay for p in STYLES.values()} == {RolloutPolicy().field_decay}


def test_spec_option(game: Game) -> None:
    assert make_agent("mcts:iterations=4:playout_opponent=model").config.playout_opponent == "model"
    with pytest.raises(SpecError, match="playout_opponent"):
        make_agent("mcts:playout_opponent=ninja")


def test_whole_games_with_modelled_opponents(game: Game) -> None:
    """Every action goes through the checked engine; the playouts gave the opponent a modelled style."""
    mcts = make_agent("mcts:iterations=6:playout_opponent=model:lanes=2:batch=4")
    short = Game(load_map("classic-2p"), Rules(max_rounds=12))
    result = play_game(short, [mcts, make_agent("rusher")], 3)
    assert result.record.actions
    assert mcts.evaluator.policy is not None and len(mcts.evaluator.policy) == 2
    assert mcts.evaluator.policy[0] == STYLES["self"]
