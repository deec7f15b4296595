"""The AI in a team game (docs/variants.md, teams): greedy never attacks or targets its partner, the
MCTS values count a partner's chance as the seat's own, and both play a team game legally."""

from __future__ import annotations

import random

import pytest

from ai.agent import make_agent
from ai.greedy import GreedyPolicy, View
from ai.heuristic import value as share_value
from ai.league import LEAGUE
from ai.match import play_game
from ai.material import heuristic_value
from ai.toolkit.view import hostile, opponents
from japanese_swords.actions import Attack, SetOrder
from japanese_swords.core import Phase
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map, parse_map
from tests.japanese_swords.test_invariants import check_invariants
from tests.positions import FOUR_MAP, at_phase, clear_armies, give, place, sq


def _state(modules: tuple[str, ...] = ("teams",), phase: Phase = Phase.BATTLE):
    state = initial_state(Game(parse_map(FOUR_MAP, "t4"), Rules(modules=modules)))
    state.play(SetOrder((0, 1, 2, 3)))
    at_phase(state, phase)
    clear_armies(state)
    return state


def test_greedy_sees_only_the_enemy_team_as_opponents():
    view = View.of_state(_state(), 0)
    assert opponents(view) == [1, 3] and not hostile(view.state, 0, 2) and hostile(view.state, 0, 3)
    assert opponents(View.of_state(_state(()), 0)) == [1, 2, 3]


def test_greedy_never_attacks_its_partner():
    def choice(modules):
        state = _state(modules)
        place(state, 0, "d4", 3)
        place(state, 2, "d5")  # a weak army next to ours
        place(state, 1, "h8")
        give(state, 0, "DA MS AR SW ST")
        return GreedyPolicy().battle(View.of_state(state, 0), random.Random(1))

    assert choice(()) == Attack(sq("d4"), sq("d5"))  # the classic game: p3 is fair game
    assert not isinstance(choice(("teams",)), Attack)


def test_greedy_does_not_march_on_its_partners_keeps_or_fortress():
    state = _state(phase=Phase.TRAVEL)
    state.control[sq("b3")] = 2
    place(state, 0, "d4")
    targets = GreedyPolicy().targets(View.of_state(state, 0))
    assert sq("b3") not in targets and state.game.board.fortresses[2] not in targets
    assert state.game.board.fortresses[1] in targets and state.game.board.fortresses[3] in targets


def test_the_mcts_values_count_a_partners_chance_as_the_seats_own():
    state = _state()
    for seat, square in enumerate(("a2", "a9", "j9", "j2")):
        place(state, seat, square)
    state.honor = [5, 20, 40, 10]
    for value in (heuristic_value, share_value):
        v = value(state)
        assert v[0] == v[2] and v[1] == v[3] and v[0] + v[1] == pytest.approx(1.0)
        assert v[0] > v[1]  # p3's 40 honor leads
        state.honor[0] += 10  # either partner's gain raises the team's value
        assert value(state)[0] > v[0]
        state.honor[0] -= 10
    classic = _state(())
    for seat, square in enumerate(("a2", "a9", "j9", "j2")):
        place(classic, seat, square)
    classic.honor = [5, 20, 40, 10]
    assert heuristic_value(classic)[0] < heuristic_value(classic)[2]


def test_mcts_and_greedy_play_a_team_game_legally():
    game = Game(load_map("onin-4p"), Rules(modules=("teams",), max_rounds=2))
    agents = [make_agent("mcts:iterations=8:seed=2"), make_agent("greedy"),
              make_agent("mcts:iterations=8:seed=3"), make_agent("greedy")]
    result = play_game(game, agents, seed=5, on_action=lambda s, a: check_invariants(s))
    assert result.state.is_terminal()


def test_the_league_styles_play_a_team_game_legally():
    styles = sorted(LEAGUE)
    game = Game(load_map("shikoku-4p"), Rules(modules=("teams",), max_rounds=6))
    for i in range(0, len(styles), 2):
        pair = [styles[i], styles[(i + 1) % len(styles)]]
        agents = [make_agent(pair[0]), make_agent(pair[1]), make_agent(pair[0]), make_agent(pair[1])]
        result = play_game(game, agents, seed=i, on_action=lambda s, a: check_invariants(s))
        assert result.state.is_terminal()
