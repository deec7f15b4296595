"""Victory, turn order past eliminated players and the checked entry point, one test per rule."""

from __future__ import annotations

import random

import pytest

from japanese_swords.actions import (
    BuyHonor,
    End,
    Move,
)
from japanese_swords.core import Phase
from japanese_swords.errors import IllegalActionError
from tests.positions import (
    FOUR_MAP,
    at_phase,
    clear_armies,
    make_game,
    place,
    sq,
    started,
)

# ----- victory -------------------------------------------------------------------------------------------


def test_ruling_14_reaching_50_honor_wins_at_once():
    s = at_phase(started(), Phase.HONOR)
    s.honor[0] = 49
    s.gold[0] = 1
    s.play(BuyHonor())
    assert s.is_terminal() and s.winner == 0


def test_ruling_14_max_rounds_ends_the_game_as_a_draw():
    s = started(make_game(max_rounds=2))
    for _ in range(4):
        s.phase = Phase.BATTLE
        s.play(End())
    assert s.is_terminal() and s.is_draw() and s.round == 2 and s.returns() == [0.5, 0.5]


def test_turns_skip_eliminated_players():
    game = make_game(FOUR_MAP)
    s = at_phase(started(game), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "a9")
    s.play(Move(sq("a9"), sq("a10")))  # p2 out
    s.phase = Phase.BATTLE
    s.play(End())
    assert s.turn_player == 2


# ----- checked entry point -------------------------------------------------------------------------------


def test_illegal_action_raises_naming_the_rule_and_leaves_state_unchanged():
    s = at_phase(started(), Phase.TRAVEL)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="not reachable"):
        s.play("move b2 b9")
    with pytest.raises(IllegalActionError, match="battle phase"):
        s.play("attack e5 e6")
    with pytest.raises(IllegalActionError, match="no army"):
        s.play("move e5 e6")
    with pytest.raises(IllegalActionError, match="cannot read"):
        s.play("fly b2 b9")
    assert issubclass(IllegalActionError, ValueError)
    assert s.to_json() == before


def test_legal_actions_are_exactly_those_play_accepts():
    rng = random.Random(3)
    s = started()
    for _ in range(400):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        for a in legal:
            assert s.why_illegal(a) is None
        a = legal[rng.randrange(len(legal))]
        s.play(a)
