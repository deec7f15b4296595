"""The sites module (docs/variants.md, rulings S1-S4): one test per ruling on hand-built positions."""

from __future__ import annotations

import re

import pytest

from japanese_swords.actions import Commit
from japanese_swords.board import NEIGHBOURS
from japanese_swords.core import Phase
from japanese_swords.errors import MapError
from japanese_swords.events import HonorChanged
from japanese_swords.mapcheck import check_map
from japanese_swords.maps import map_text, parse_map
from japanese_swords.modules import sites
from japanese_swords.movement import distance_table
from tests.japanese_swords.modules.fields import SITES_MAP, battle_position, cards, fight, game_with
from tests.positions import TEST_MAP, at_phase, place, sq

SITES = ("sites",)


def _duel(site: str, att_cards: str, def_cards: str, modules=SITES, **kw):
    """A battle on the clear square ``site`` attacked from below."""
    below = f"{site[0]}{int(site[1:]) - 1}"
    state = battle_position(modules, below, site, att_cards, def_cards, **kw)
    return fight(state, below, site, att_cards, def_cards).last_battle


# ----- S1: placement -----------------------------------------------------------------------------------
def test_s1_a_map_names_its_sites_and_writes_them_back():
    board = parse_map(SITES_MAP, "s.map")
    assert dict(board.sites) == {sq("d5"): "pass", sq("c5"): "ford", sq("h5"): "marsh", sq("d8"): "ridge",
                                 sq("g8"): "plain"}
    assert parse_map(map_text(board), "again.map").sites == board.sites


@pytest.mark.parametrize(("line", "message"), [
    ("site: d5 castle", "s.map:3:1: unknown site kind 'castle'"),
    ("site: e3 pass", "s.map:3:1: site e3 must be a passable square that is not a fortress"),
    ("site: b1 pass", "s.map:3:1: site b1 must be a passable square"),
    ("site: d5", "s.map:3:1: a site reads 'site: SQUARE KIND'"),
    ("site: z9 pass", "s.map:3:1: bad square name"),
    ("site: d5 pass\nsite: d5 ford", "s.map:4:1: site d5 is given twice (first on line 3)"),
])
def test_s1_bad_site_lines_are_refused_in_one_line(line, message):
    with pytest.raises(MapError, match=re.escape(message)) as info:
        parse_map(TEST_MAP.replace("players: 2\n", f"players: 2\n{line}\n"), "s.map")
    assert "\n" not in str(info.value)


def test_s1_a_map_without_sites_gets_one_of_each_kind_evenly_placed_apart():
    board = parse_map(TEST_MAP, "t.map")
    placed = sites.default_sites(board)
    assert sorted(kind for _, kind in placed) == sorted(sites.KINDS)
    squares = [s for s, _ in placed]
    assert not any(n in squares for s in squares for n in NEIGHBOURS[s])
    dist = distance_table(board.terrain)
    spread = [abs(dist[board.fortresses[0]][s] - dist[board.fortresses[1]][s]) for s in squares]
    assert max(spread) <= 1
    assert sites.sites_of(board) == dict(placed)


def test_s1_mapcheck_warns_of_a_site_one_seat_reaches_first():
    board = parse_map(TEST_MAP.replace("players: 2\n", "players: 2\nsite: b3 plain\n"), "s.map")
    warnings = [p for p in check_map(board, "s.map") if "site b3" in p.message]
    assert warnings and not warnings[0].is_error and (warnings[0].line, warnings[0].col) == (11, 2)  # b3


# ----- S2: battles on sites ----------------------------------------------------------------------------
def test_s2_pass_at_most_three_cards_a_side():
    state = battle_position(SITES, "d4", "d5", "PF PF SP SP", "WM")
    state.play("attack d4 d5")
    assert state.why_illegal(Commit(cards("PF PF SP SP"))) is not None
    assert max(len(a.cards) for a in state.legal_actions() if isinstance(a, Commit)) == 3
    assert state.why_illegal(Commit(cards("PF SP SP"))) is None


def test_s2_pass_limit_is_only_at_the_pass():
    state = battle_position(SITES, "e4", "e5", "PF PF SP SP", "WM")
    state.play("attack e4 e5")
    assert state.why_illegal(Commit(cards("PF PF SP SP"))) is None


def test_s2_ford_each_sides_weakest_card_does_not_count():
    report = _duel("c5", "PF SW", "WM SP")  # 7 against 5
    assert (report.attacker_card_force, report.defender_card_force) == (7, 5) and report.winner == 0
    classic = _duel("c5", "PF SW", "WM SP", modules=())
    assert (classic.attacker_card_force, classic.defender_card_force) == (10, 9)


def test_s2_marsh_the_side_with_more_cards_loses_2():
    report = _duel("h5", "PF PF", "WM")  # 6 - 2 against 5
    assert report.attacker_card_force == 4 and report.winner == 1
    assert _duel("h5", "SW", "PF SP").defender_card_force == 5  # the defender has more: 7 - 2
    assert _duel("h5", "SW", "PF").attacker_card_force == 7  # as many: nobody loses force


def test_s2_ridge_the_attacker_must_win_by_4_or_nobody_wins():
    report = _duel("d8", "SW", "SP")  # 7 against 4: ahead by 3
    assert report.winner is None and report.honor_changes == (0, 0)
    assert _duel("d8", "MS", "WM").winner == 0  # 9 against 5: ahead by 4
    assert _duel("d8", "SP", "SP").winner == 1  # a tie still goes to the defender


def test_s2_plain_the_winner_needs_3_cards_or_nobody_wins():
    assert _duel("g8", "MS", "PF").winner is None  # 9 against 3, but one card
    assert _duel("g8", "PF PF PF", "SP").winner == 0
    assert _duel("g8", "PF", "PF SP SP").winner == 1


def test_s2_nobody_winning_leaves_both_armies_and_gives_no_honor():
    state = battle_position(SITES, "d7", "d8", "SW", "SP")
    fight(state, "d7", "d8", "SW", "SP")
    assert state.army_at(sq("d7")) is not None and state.army_at(sq("d8")) is not None
    assert state.honor == [0, 0]


# ----- S3: honor for holding a site --------------------------------------------------------------------
def test_s3_the_turn_player_gains_1_honor_per_site_its_armies_stand_on():
    state = battle_position(SITES, "d5", "c5")  # p1 on the pass, p2 on the ford
    place(state, 0, "h5")
    at_phase(state, Phase.BATTLE)
    state.play("end")
    assert state.turn_player == 1 and state.honor == [0, 1]
    events = []
    while state.turn_player == 1:
        events += state.play("end")
    assert state.honor == [2, 1] and HonorChanged(0, 2, "sites") in events


def test_s3_honor_parameter_and_classic_games_give_none():
    state = battle_position(("sites:honor=3",), "d5", "c5")
    state.play("end")
    assert state.honor == [0, 3]
    classic = battle_position((), "d5", "c5")
    classic.play("end")
    assert classic.honor == [0, 0]


def test_s4_the_site_list_is_the_maps_and_records_carry_it():
    game = game_with(SITES)
    assert sites.sites_of(game.board)[sq("d8")] == "ridge"
    from japanese_swords.records import Record

    again = Record.from_json(Record(game, ["a", "b"], 1).to_json())
    assert again.game.board.sites == game.board.sites
