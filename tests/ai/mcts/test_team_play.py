"""The searcher's team battles (ai/mcts/team_play.py, docs/variants.md teams): no long-shot attacks, and
Diplomacy in a hopeless defence, in a team game only; a classic game is unchanged."""

from __future__ import annotations

import random

import pytest

from ai.mcts import team_play
from ai.mcts.options import battle_options, commit_options, options
from ai.toolkit.view import View
from japanese_swords.actions import Attack, Commit, End
from japanese_swords.cards import Card
from japanese_swords.core import Battle, Phase
from japanese_swords.observation import observation
from tests.positions import four_player_empty, give, place, sq

# FOUR_MAP: p1's fortress a1, p2's a10, p3's j10, p4's j1; p1+p3 play p2+p4.
TEAM, CLASSIC = ("teams",), ("weather",)


def _state(modules: tuple[str, ...], phase: Phase = Phase.BATTLE):
    return four_player_empty(modules, phase)


def _view(state, seat: int = 0) -> View:
    return View.of_obs(observation(state, seat))


def _long_shot(modules: tuple[str, ...]):
    """p1 (one Peasant) next to a veteran p2 army holding six strong cards: the attack rarely wins."""
    state = _state(modules)
    place(state, 0, "e5")
    place(state, 1, "e6", experience=4)
    give(state, 0, "PF")
    give(state, 1, "DA SW SW SW MS MS")
    return state


def _sure_thing(modules: tuple[str, ...]):
    """p1 with a strong hand and a veteran army next to a p2 army with an empty hand."""
    state = _state(modules)
    place(state, 0, "e5", experience=4)
    place(state, 1, "e6")
    give(state, 0, "DA SW SW SW MS MS")
    return state


def _attacks(state, greedy=None) -> list:
    greedy = End() if greedy is None else greedy
    return [a for _, a in battle_options(_view(state), greedy, random.Random(1)) if isinstance(a, Attack)]


def test_a_team_seat_is_not_offered_a_long_shot_attack():
    attack = Attack(sq("e5"), sq("e6"))
    assert team_play.attack_odds(_view(_long_shot(TEAM)), attack, random.Random(1)) < team_play.ATTACK_FLOOR
    assert _attacks(_long_shot(TEAM)) == []
    assert End() in [a for _, a in battle_options(_view(_long_shot(TEAM)), End(), random.Random(1))]
    assert _attacks(_sure_thing(TEAM)) == [attack]  # a likely win is offered
    assert _attacks(_long_shot(CLASSIC)) == [attack]  # without teams every attack is offered


def test_the_policys_own_attack_is_kept_and_options_pass_the_floor_through():
    attack = Attack(sq("e5"), sq("e6"))
    assert _attacks(_long_shot(TEAM), greedy=attack) == [attack]  # the policy's choice stands
    state = _long_shot(TEAM)
    assert attack not in [a for _, a in options(_view(state), random.Random(3))]


@pytest.mark.parametrize(("target", "odds", "offered"), [
    ("a9", 0.5, False),  # an ordinary square: 0.5 is short of ATTACK_FLOOR
    ("a10", 0.5, True),  # p2's home fortress: HOME_FLOOR is enough, its fall puts p2 out
    ("a10", 0.4, False),
])
def test_an_enemy_home_fortress_is_worth_a_lower_floor(monkeypatch, target, odds, offered):
    state = _state(TEAM)
    src = "b9" if target == "a9" else "b10"
    place(state, 0, src)
    place(state, 1, target)
    give(state, 0, "SW")
    monkeypatch.setattr(team_play, "attack_odds", lambda view, attack, rng: odds)
    assert team_play.attack_worth(_view(state), Attack(sq(src), sq(target)), random.Random(0)) is offered


def _defending(modules: tuple[str, ...], hand: str, count: int, square: str = "e5"):
    """p2's army attacks p1's army at ``square`` with ``count`` cards; p1 holds ``hand``."""
    state = _state(modules)
    state.turn_index = 1
    guard, enemy = place(state, 0, square), place(state, 1, "e6")
    give(state, 0, hand)
    give(state, 1, "DA SW SW SW MS MS ST")
    cards = tuple(Card.from_code(c) for c in "DA SW SW SW MS MS ST".split())[:count]
    state.battle = Battle(enemy, guard, 1, 0, attacker_cards=cards, attacker_count=count)
    return state


def test_a_hopeless_team_defence_holding_diplomacy_plays_it():
    state = _defending(TEAM, "DI PF PF", 7)
    assert team_play.hopeless_defence(_view(state))
    assert commit_options(_view(state)) == [("dip", Commit((Card.DIPLOMACY,)))]
    labels = [k for k, _ in commit_options(_view(_defending(CLASSIC, "DI PF PF", 7)))]
    assert "min" in labels and "dip" in labels  # without teams the search still weighs the throwaway


def test_a_defence_that_can_hold_keeps_its_options():
    state = _defending(TEAM, "DI DA SW SW SW MS", 1)
    assert not team_play.hopeless_defence(_view(state))
    labels = [k for k, _ in commit_options(_view(state))]
    assert "max" in labels and "dip" in labels
    no_dip = _defending(TEAM, "PF PF SP", 7)  # hopeless but no Diplomacy: the throwaway stays an option
    assert "min" in [k for k, _ in commit_options(_view(no_dip))]


def test_a_team_seat_is_not_offered_the_light_commitments():
    attacker = _sure_thing(TEAM)
    attacker.battle = Battle(attacker.occupant[sq("e5")], attacker.occupant[sq("e6")], 0, 1)
    give(attacker, 0, "PF SP")
    team = [k for k, _ in commit_options(_view(attacker))]
    assert "max" in team and "just0" not in team and "min" not in team
    classic = _sure_thing(CLASSIC)
    classic.battle = Battle(classic.occupant[sq("e5")], classic.occupant[sq("e6")], 0, 1)
    give(classic, 0, "PF SP")
    labels = [k for k, _ in commit_options(_view(classic))]
    assert "just0" in labels and "min" in labels  # the classic search still weighs them
    defence = [k for k, _ in commit_options(_view(_defending(TEAM, "PF SP WM MU SW", 2)))]
    assert "just0" not in defence and "just1" not in defence and "min" in defence  # it keeps its cheap loss
    lone = _defending(TEAM, "PF", 2)  # one card: its only commitment stays, whatever its label
    assert [a for _, a in commit_options(_view(lone))] == [Commit((Card.PEASANT,))]
