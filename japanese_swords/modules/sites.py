"""The battlefield-sites module (000's battlefield tiles): named squares that change the battles fought on
them and give honor to the seat whose army holds them (docs/variants.md, rulings S1-S4).

A map names its sites in ``site: SQUARE KIND`` header lines (``Board.sites``); a map without any gets one
site of each kind on the squares most evenly placed between the home fortresses (:func:`default_sites`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from japanese_swords.board import NEIGHBOURS, Board, Terrain
from japanese_swords.cards import Card, battle_force
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData

NAME = "sites"

KINDS: dict[str, str] = {
    "pass": "narrow pass: at most 3 cards a side",
    "ford": "ford: each side's weakest card does not count",
    "marsh": "marsh: the side with more cards loses 2 force",
    "ridge": "ridge: the attacker must win by 4 or nobody wins",
    "plain": "open plain: the winner needs 3 or more cards or nobody wins",
}
"""Every kind of site, with the battle rule it adds (the map's ``site:`` lines name these)."""

SYMBOLS: dict[str, str] = {"pass": "P", "ford": "F", "marsh": "M", "ridge": "R", "plain": "O"}
"""One letter for each kind, as the client marks a site on the board (plain: "O" for open)."""

PASS_CARDS = 3
"""Most cards a side commits at a pass."""
MARSH_PENALTY = 2
"""Force the side with more cards loses in a marsh."""
RIDGE_MARGIN = 4
"""How much more force the attacker needs at a ridge."""
PLAIN_CARDS = 3
"""Fewest cards the winner needs on a plain."""


def params(state: StateData) -> dict[str, int] | None:
    """The module's parameters in this game, or None if it is not played."""
    modules = state.game.rules.modules
    return params_of(modules, NAME) if modules else None


@lru_cache(maxsize=64)
def default_sites(board: Board) -> tuple[tuple[int, str], ...]:
    """Ruling S1: one site of each kind, on the open squares whose travel distances to the home
    fortresses differ least (then nearest to them all, then by square), no two sites side by side."""
    from japanese_swords.movement import UNREACHABLE, distance_table

    dist = distance_table(board.terrain)
    ranked = []
    for sq, t in enumerate(board.terrain):
        if not t.passable or t in (Terrain.FORTRESS, Terrain.KEEP):
            continue
        ds = [dist[f][sq] for f in board.fortresses]
        if max(ds) >= UNREACHABLE:
            continue
        ranked.append((max(ds) - min(ds), sum(ds), sq))
    chosen: list[int] = []
    for _spread, _total, sq in sorted(ranked):
        if any(n in chosen for n in NEIGHBOURS[sq]):
            continue
        chosen.append(sq)
        if len(chosen) == len(KINDS):
            break
    return tuple(sorted(zip(sorted(chosen), KINDS, strict=False)))


def sites_of(board: Board) -> dict[int, str]:
    """The game's sites, square -> kind: the map's, else the default placement."""
    return dict(board.sites or default_sites(board))


def kind_at(state: StateData, square: int) -> str | None:
    """The kind of site on ``square`` when the module is played, else None."""
    if params(state) is None:
        return None
    return sites_of(state.game.board).get(square)


def commit_limit(state: StateData) -> int | None:
    """Ruling S2 (pass): the most cards a side may commit to the pending battle, or None for no limit."""
    b = state.battle
    if b is None or not state.game.rules.modules:
        return None
    return PASS_CARDS if kind_at(state, state.armies[b.defender].square) == "pass" else None


def weakest_dropped(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards without one of the weakest (ford): the lowest force, the first such in the list."""
    if not cards:
        return cards
    i = min(range(len(cards)), key=lambda k: cards[k].force)
    return cards[:i] + cards[i + 1:]


def card_forces(kind: str | None, ac: tuple[Card, ...], dc: tuple[Card, ...], acf: int,
                dcf: int) -> tuple[int, int]:
    """Ruling S2's changes of the two sides' card force at a ford or marsh."""
    if kind == "ford":
        return battle_force(weakest_dropped(ac), dc), battle_force(weakest_dropped(dc), ac)
    if kind == "marsh" and len(ac) != len(dc):
        return (acf - MARSH_PENALTY, dcf) if len(ac) > len(dc) else (acf, dcf - MARSH_PENALTY)
    return acf, dcf


def nobody_wins(kind: str | None, ac: tuple[Card, ...], dc: tuple[Card, ...], att_total: int,
                def_total: int) -> bool:
    """Ruling S2: at a ridge an attacker ahead by less than 4 wins nothing; on a plain a side that would
    win with fewer than 3 cards wins nothing."""
    if kind == "ridge":
        return def_total < att_total < def_total + RIDGE_MARGIN
    if kind == "plain":
        return len(ac if att_total > def_total else dc) < PLAIN_CARDS
    return False


def revenue_honor(state: StateData, ev: Events = None) -> None:
    """Ruling S3: in its revenue phase the turn player gains ``honor`` for each site its armies stand on."""
    p = params(state)
    if p is None or not p["honor"]:
        return
    seat = state.turn_player
    held = sum(1 for sq in sites_of(state.game.board) if state.occupant[sq] >= 0
               and state.armies[state.occupant[sq]].owner == seat)
    if held:
        state.honor[seat] += held * p["honor"]
        if ev is not None:
            from japanese_swords import events as E

            ev.append(E.HonorChanged(seat, held * p["honor"], "sites"))
