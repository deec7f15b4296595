"""The retreat-siege module (docs/variants.md, rulings R1-R4): one test per ruling on hand-built positions."""

from __future__ import annotations

import json

from japanese_swords.engine import State
from japanese_swords.events import ArmyRetreated, FortressBreached
from japanese_swords.observation import observation
from tests.japanese_swords.modules.fields import battle_position, fight
from tests.positions import give, place, sq

RS = ("retreat-siege",)


def test_r1_a_beaten_defender_in_the_open_retreats_away_from_the_winner_losing_1_experience():
    state = battle_position(RS, "d4", "d5", "SW", "PF", def_exp=2)
    state.play("attack d4 d5")
    state.play("commit SW")
    events = state.play("commit PF")
    moved = state.army_at(sq("d6"))
    assert state.last_battle.winner == 0 and moved is not None and (moved.owner, moved.experience) == (1, 1)
    assert state.army_at(sq("d5")) is None and state.army_at(sq("d4")).experience == 1
    assert ArmyRetreated(1, state.occupant[sq("d6")], sq("d5"), sq("d6")) in events


def test_r1_the_retreat_takes_a_side_square_when_straight_back_is_taken():
    state = battle_position(RS, "d4", "d5", "SW", "PF", def_exp=1)
    place(state, 1, "d6")
    fight(state, "d4", "d5", "SW", "PF")
    assert state.army_at(sq("c5")).experience == 0  # c5 and e5 touch d4 only diagonally; c5 first


def test_r1_a_defender_without_experience_or_without_a_free_square_is_removed():
    state = fight(battle_position(RS, "d4", "d5", "SW", "PF"), "d4", "d5", "SW", "PF")
    assert [a.owner for a in state.armies.values()] == [0]
    boxed = battle_position(RS, "d4", "d5", "SW", "PF", def_exp=3)
    for square in ("c5", "d6", "e5"):
        place(boxed, 0, square)
    fight(boxed, "d4", "d5", "SW", "PF")
    assert all(a.owner == 0 for a in boxed.armies.values())


def test_r2_keeps_fall_and_beaten_attackers_die_as_in_the_classic_game():
    state = fight(battle_position(RS, "f7", "f6", "MS SW", "PF", def_exp=2), "f7", "f6", "MS SW", "PF")
    assert state.army_at(sq("f6")).owner == 0 and state.control[sq("f6")] == 0
    lost = fight(battle_position(RS, "d4", "d5", "PF", "SW", att_exp=2), "d4", "d5", "PF", "SW")
    assert [a.owner for a in lost.armies.values()] == [1]


def test_r3_a_home_fortress_falls_only_to_a_second_win():
    state = battle_position(RS, "i8", "i9", "MS MS DA", "PF", def_exp=1)  # 28 against 3 + 1 + 10
    give(state, 0, "MS MS DA")
    give(state, 1, "PF")
    fight(state, "i8", "i9", "MS MS DA", "PF")
    garrison = state.army_at(sq("i9"))
    assert garrison.owner == 1 and garrison.experience == 0 and state.alive[1]
    assert state.army_at(sq("i8")).owner == 0 and state.breached == {sq("i9")}
    assert state.honor == [3, -1]
    state.attacked = set()  # a second attack in the same phase, for the test
    fight(state, "i8", "i9", "MS MS DA", "PF")
    assert not state.alive[1] and state.army_at(sq("i9")).owner == 0


def test_r3_the_breach_is_reported_and_public():
    state = battle_position(RS, "i8", "i9", "MS MS DA", "PF")
    state.play("attack i8 i9")
    state.play("commit MS MS DA")
    events = state.play("commit PF")
    assert FortressBreached(sq("i9"), 1, 0) in events
    assert observation(state, 1).state.breached == {sq("i9")}


def test_r4_the_module_state_replays_and_classic_states_have_no_breach_field():
    state = fight(battle_position(RS, "i8", "i9", "MS MS DA", "PF"), "i8", "i9", "MS MS DA", "PF")
    data = json.loads(json.dumps(state.to_json()))
    assert data["breached"] == [sq("i9")] and State.from_json(state.game, data) == state
    classic = fight(battle_position((), "d4", "d5", "SW", "PF", def_exp=2), "d4", "d5", "SW", "PF")
    assert "breached" not in classic.to_json() and len(classic.armies) == 1
