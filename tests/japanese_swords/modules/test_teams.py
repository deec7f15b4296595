"""The teams module (docs/variants.md, rulings TM1-TM7): one test per ruling on hand-built 4-player
positions, plus the record that stores and replays a team game."""

from __future__ import annotations

import json

import pytest

from japanese_swords.actions import Attack, Bundle, BuyHonor, Decline, Move, Offer, PlayCard, SetOrder
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import initial_state
from japanese_swords.errors import IllegalActionError
from japanese_swords.events import GameOver, PlayerEliminated, TeamWon
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map, parse_map
from japanese_swords.modules import ModuleError, preset_modules, validate
from japanese_swords.modules import teams as T
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.random_play import random_actions
from tests.positions import FOUR_MAP, TEST_MAP, at_phase, clear_armies, give, place, sq

TEAMS = ("teams",)


def _state(modules: tuple[str, ...] = TEAMS, phase: Phase = Phase.TRAVEL):
    """Seat p1's turn (order p1 p2 p3 p4) in ``phase`` on the 4-player test map, no armies placed."""
    state = initial_state(Game(parse_map(FOUR_MAP, "t4"), Rules(modules=modules)))
    state.play(SetOrder((0, 1, 2, 3)))
    at_phase(state, phase)
    clear_armies(state)
    return state


def test_tm1_teams_is_for_four_players_and_partners_sit_opposite():
    with pytest.raises(ModuleError, match="module teams is for 4 players, not 2"):
        Game(parse_map(TEST_MAP, "t"), Rules(modules=TEAMS))
    assert validate(["teams"], 4) == TEAMS and preset_modules("teams") == TEAMS
    assert [T.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert T.team(3) == (1, 3) and T.team_name(2) == "p1+p3"
    state = _state()
    assert T.allied(state, 0, 2) and T.allied(state, 1, 3) and not T.allied(state, 0, 1)
    assert not T.allied(_state(()), 0, 2)  # without the module every other seat is an enemy


def test_tm2_no_attack_on_a_partner():
    state = _state(phase=Phase.BATTLE)
    place(state, 0, "d4")
    place(state, 2, "d5")  # partner
    place(state, 1, "c4")  # enemy
    attacks = {a for a in state.legal_actions() if isinstance(a, Attack)}
    assert attacks == {Attack(sq("d4"), sq("c4"))}
    with pytest.raises(IllegalActionError, match="no enemy army orthogonally adjacent at d5"):
        state.play(Attack(sq("d4"), sq("d5")))
    classic = _state(())
    at_phase(classic, Phase.BATTLE)
    place(classic, 0, "d4")
    place(classic, 2, "d5")
    assert Attack(sq("d4"), sq("d5")) in classic.legal_actions()


def _reach(modules: tuple[str, ...], blocker: int) -> set[int]:
    state = _state(modules)
    place(state, 0, "d4")
    place(state, blocker, "d5")
    return {a.dst for a in state.legal_actions() if isinstance(a, Move)}


def test_tm3_armies_pass_through_a_partners_square_but_do_not_end_there():
    assert sq("d6") in _reach(TEAMS, 2) and sq("d5") not in _reach(TEAMS, 2)  # the partner's square
    assert sq("d6") not in _reach(TEAMS, 1)  # an enemy still blocks
    assert sq("d6") not in _reach((), 2)  # in the classic game seat p3 is an enemy


def test_tm3_a_partners_keep_or_fortress_stays_the_partners():
    state = _state()
    state.control[sq("b3")] = 2  # the partner's keep
    place(state, 0, "b2")
    state.play(Move(sq("b2"), sq("b3")))
    assert state.control[sq("b3")] == 2
    state = _state()
    place(state, 0, "j9")
    events = state.play(Move(sq("j9"), sq("j10")))  # p3's home fortress, empty
    assert state.alive[2] and state.control[sq("j10")] == 2
    assert not any(isinstance(e, PlayerEliminated) for e in events)


def test_tm4_offers_to_a_partner_are_not_limited():
    state = _state()
    state.gold = [5, 5, 5, 5]
    for _ in range(5):
        state.play(Offer(2, Bundle(gold=1), Bundle()))
        state.play(Decline())
    assert state.offers_made == 0
    for _ in range(3):
        state.play(Offer(1, Bundle(gold=1), Bundle()))
        state.play(Decline())
    with pytest.raises(IllegalActionError, match="at most 3"):
        state.play(Offer(3, Bundle(gold=1), Bundle()))
    state.play(Offer(2, Bundle(gold=1), Bundle()))  # the partner still may be offered more


def test_tm4_honor_cannot_be_traded_between_partners():
    state = _state()
    state.honor = [30, 0, 25, 0]
    with pytest.raises(IllegalActionError, match="honor cannot be traded between partners"):
        state.play(Offer(2, Bundle(honor=25), Bundle()))  # 25 + 25 would reach the goal at once
    with pytest.raises(IllegalActionError, match="honor cannot be traded between partners"):
        state.play(Offer(2, Bundle(gold=0), Bundle(honor=5)))
    state.play(Offer(1, Bundle(honor=1), Bundle()))  # an enemy may still be given honor (ruling 15)


def test_tm5_intrigue_names_an_enemy_not_the_partner():
    state = _state(phase=Phase.HONOR)
    give(state, 0, "IN")
    targets = {a.target for a in state.legal_actions() if isinstance(a, PlayCard)}
    assert targets == {1, 3}
    with pytest.raises(IllegalActionError, match="not your partner"):
        state.play(PlayCard(Card.INTRIGUE, 2))


def _capture_p2_home(p4_alive: bool):
    """p1 walks into p2's empty home fortress (a10); p3 fell earlier; p4 is still in the game or not."""
    state = _state()
    place(state, 0, "a9")
    place(state, 1, "j1")  # p2's army, away from home
    state.alive[2] = False  # the partner fell earlier: it shares the win all the same
    if p4_alive:
        place(state, 3, "e5")
    else:
        state.alive[3] = False
    return state, state.play(Move(sq("a9"), sq("a10")))


def test_tm6_a_team_wins_when_both_enemy_home_fortresses_have_fallen():
    state, events = _capture_p2_home(p4_alive=True)
    assert not state.alive[1] and not state.is_terminal()  # one enemy left: the game goes on
    state, events = _capture_p2_home(p4_alive=False)
    assert state.is_terminal() and state.winner == 0 and state.returns() == [1.0, 0.0, 1.0, 0.0]
    assert events[-2:] == (TeamWon((0, 2), 0, 1), GameOver(0, 1))


def test_tm7_one_partner_reaching_the_honor_goal_wins_for_the_team():
    state = _state(phase=Phase.HONOR)
    state.gold[0], state.honor = 1, [49, 40, 10, 45]
    place(state, 1, "e5")
    place(state, 3, "f5")
    events = state.play(BuyHonor())
    assert state.is_terminal() and state.winner == 0
    assert state.returns() == [1.0, 0.0, 1.0, 0.0]
    assert events[-2:] == (TeamWon((0, 2), 0, 1), GameOver(0, 1))


def test_a_team_game_records_its_module_and_replays():
    game = Game(load_map("onin-4p"), Rules(modules=TEAMS, max_rounds=6))
    record = Record(game, ["random"] * 4, 3)
    state = None
    for step in random_actions(game, 3):
        state, action = step
        record.actions.append(str(action))
    assert state is not None
    record.finish(state)
    data = json.loads(json.dumps(record.to_json()))
    assert data["rules"]["modules"] == ["teams"]
    again = Record.from_json(data)
    assert state_digest(again.verify()) == state_digest(state)


def test_the_env_rewards_both_partners_of_the_winning_team():
    from japanese_swords.env import raw_env

    e = raw_env(map_name="onin-4p", modules=TEAMS, max_rounds=40)
    e.reset(seed=2)
    state = e.engine_state
    seat = state.current_player()
    at_phase(state, Phase.HONOR)
    state.honor[seat], state.gold[seat] = 49, 1
    e._after_move()  # refresh the mask for the edited position
    agent = f"player_{seat}"
    (index,) = e.action_steps(agent, BuyHonor())
    e.step(index)
    assert state.is_terminal() and state.winner == seat
    rewards = {a: e.rewards[a] for a in e.possible_agents}
    assert rewards == {f"player_{s}": 1.0 if s in T.team(seat) else -1.0 for s in range(4)}
