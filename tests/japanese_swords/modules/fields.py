"""Positions shared by the tests of the sites, support and retreat-siege modules: the test map with a site
of each kind, and one battle fought with given commitments."""

from __future__ import annotations

from japanese_swords.actions import Attack, Commit, SetOrder
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import parse_map
from tests.positions import TEST_MAP, at_phase, clear_armies, give, place, sq

SITES_MAP = TEST_MAP.replace("players: 2\n", "players: 2\nsite: d5 pass\nsite: c5 ford\nsite: h5 marsh\n"
                                             "site: d8 ridge\nsite: g8 plain\n")
"""The rules tests' map with one site of each kind (all on clear squares)."""


def game_with(modules: tuple[str, ...], text: str = SITES_MAP, **rules: int) -> Game:
    return Game(parse_map(text, "sites.map"), Rules(modules=modules, **rules))


def battle_position(modules: tuple[str, ...], att: str, dfn: str, att_cards: str = "", def_cards: str = "",
                    att_exp: int = 0, def_exp: int = 0, text: str = SITES_MAP, **rules: int) -> State:
    """p1 to attack from ``att`` into p2's army on ``dfn`` in p1's battle phase, hands given, no battle
    draw unless ``battle_draw`` is set."""
    rules.setdefault("battle_draw", 0)
    state = initial_state(game_with(modules, text, **rules))
    state.play(SetOrder((0, 1)))
    at_phase(state, Phase.BATTLE)
    clear_armies(state)
    place(state, 0, att, att_exp)
    place(state, 1, dfn, def_exp)
    give(state, 0, att_cards)
    give(state, 1, def_cards)
    return state


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.from_code(c) for c in codes.split())


def fight(state: State, att: str, dfn: str, att_cards: str, def_cards: str) -> State:
    """Attack and commit both sides' cards (the hands must hold them)."""
    state.play(Attack(sq(att), sq(dfn)))
    state.play(Commit(cards(att_cards)))
    state.play(Commit(cards(def_cards)))
    return state
