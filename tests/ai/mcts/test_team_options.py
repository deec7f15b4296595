"""MCTS options in a team game (docs/variants.md, teams): the partner's home fortress is guarded as the
seat's own. An army guarding it does not gamble its defence nor attack out of it short of a sure win, and
an army may step into it when it stands empty with an enemy near; a classic game is unchanged."""

from __future__ import annotations

import random

from ai.mcts.options import (
    admissible,
    battle_options,
    commit_options,
    guarded_homes,
    options,
    partner_home_threatened,
)
from ai.toolkit.view import View
from japanese_swords.actions import Attack, Commit, End, Move
from japanese_swords.cards import Card
from japanese_swords.core import Battle, Phase
from japanese_swords.observation import observation
from tests.positions import four_player_empty, give, place, sq

# FOUR_MAP: p1's fortress a1, p2's a10, p3's j10, p4's j1; p1+p3 play p2+p4.
P3_HOME = "j10"


def _state(modules: tuple[str, ...] = ("teams",), phase: Phase = Phase.TRAVEL):
    return four_player_empty(modules, phase)


def _view(state, seat: int = 0) -> View:
    return View.of_obs(observation(state, seat))


def test_the_guarded_homes_are_the_seats_and_its_partners_while_the_partner_plays():
    state = _state()
    assert guarded_homes(_view(state)) == (sq("a1"), sq(P3_HOME))
    assert guarded_homes(_view(state, 1)) == (sq("a10"), sq("j1"))
    state.alive[2] = False
    assert guarded_homes(_view(state)) == (sq("a1"),)
    assert guarded_homes(_view(_state(("weather",)))) == (sq("a1"),)  # no teams: only its own


def test_an_army_steps_into_the_partners_empty_home_when_an_enemy_is_near():
    state = _state()
    place(state, 0, "a1")  # p1's own garrison
    place(state, 0, "h10")  # two steps from p3's empty home
    place(state, 1, "g9")  # an enemy within HOME_GUARD of j10
    assert partner_home_threatened(_view(state)) == sq(P3_HOME)
    moves = [a for _, a in options(_view(state), random.Random(0))]
    assert Move(sq("h10"), sq(P3_HOME)) in moves
    far = _state()
    place(far, 0, "a1")
    place(far, 0, "h10")
    place(far, 1, "a9")  # the enemy is far from j10: no guard move offered for it
    assert partner_home_threatened(_view(far)) is None
    assert Move(sq("h10"), sq(P3_HOME)) not in [a for _, a in options(_view(far), random.Random(0))]


def test_a_guard_in_the_partners_home_stays_while_an_enemy_is_near():
    state = _state()
    place(state, 0, "a1")
    place(state, 0, P3_HOME)  # p1's army guards p3's home
    place(state, 1, "g9")
    moves = [a for _, a in options(_view(state), random.Random(0)) if isinstance(a, Move)]
    assert moves and all(m.src != sq(P3_HOME) for m in moves)
    assert not admissible(_view(state), Move(sq(P3_HOME), sq("i10")))  # nor the policy's own such move
    assert admissible(_view(state), Move(sq("a1"), sq("b1")))


def test_no_gamble_defending_the_partners_home():
    state = _state(phase=Phase.BATTLE)
    state.turn_index = 1  # p2's turn: p2 attacks p1's army in p3's home
    guard, enemy = place(state, 0, P3_HOME), place(state, 1, "i10")
    give(state, 0, "DA SW SW PF PF NI")
    give(state, 1, "SP SP")
    state.battle = Battle(enemy, guard, 1, 0, attacker_cards=(Card.SPEARMEN, Card.SPEARMEN), attacker_count=2)
    view = _view(state)
    labels = [k for k, _ in commit_options(view)]
    assert labels[0] == "home" and "min" not in labels and "just0" not in labels
    assert not admissible(view, Commit((Card.PEASANT,)))  # a throwaway card at the partner's home
    classic = _state(("weather",), Phase.BATTLE)
    classic.turn_index = 1
    g, e = place(classic, 0, P3_HOME), place(classic, 1, "i10")
    give(classic, 0, "DA SW SW PF PF NI")
    classic.battle = Battle(e, g, 1, 0, attacker_count=2)
    assert "min" in [k for k, _ in commit_options(_view(classic))]  # without teams j10 is just a fortress


def test_no_attack_out_of_the_partners_home_short_of_a_sure_win():
    state = _state(phase=Phase.BATTLE)
    place(state, 0, P3_HOME)
    place(state, 1, "i10", experience=3)
    give(state, 0, "PF")
    opts = [a for _, a in battle_options(_view(state), End())]
    assert Attack(sq(P3_HOME), sq("i10")) not in opts and End() in opts
    assert not admissible(_view(state), Attack(sq(P3_HOME), sq("i10")))
    classic = _state(("weather",), Phase.BATTLE)
    place(classic, 0, P3_HOME)
    place(classic, 1, "i10", experience=3)
    give(classic, 0, "PF")
    assert Attack(sq(P3_HOME), sq("i10")) in [a for _, a in battle_options(_view(classic), End())]
