"""Greedy's rules of thumb for the bidding, ronin and castles modules (docs/variants.md): what to bid,
when to hire ronin or build walls, and what ronin and walls add to a battle as the seat can know it.

They read only the seat's view: its own ronin, every seat's ronin count and the (public) walls; another
seat's ronin count as their expected share over that seat's armies.
"""

from __future__ import annotations

from ai.toolkit.distances import distances
from ai.toolkit.view import View
from japanese_swords.actions import Action, Bid, Fortify, HireRonin
from japanese_swords.board import Terrain
from japanese_swords.modules import castles, ronin

THREAT = 4
"""Movement points within which an enemy army threatens a square (two turns' march)."""


def _enemy_distance(view: View, square: int) -> int:
    state = view.state
    d = distances(state.game.board)
    return min((d[a.square][square] for a in state.armies.values() if a.owner != view.seat), default=99)


def choose_bid(view: View) -> Bid:
    """Bid a little for the turn order when an enemy army is close (moving first decides who attacks),
    keeping most of the gold: at most a third of it, and 2 at most; otherwise nothing."""
    state, seat = view.state, view.seat
    gold = state.gold[seat]
    near = min((_enemy_distance(view, a.square) for _, a in state.armies_of(seat)), default=99)
    if near <= THREAT:
        return Bid(min(2, gold // 3))
    return Bid(0)


def expense(view: View) -> Action | None:
    """After greedy's own expense choices: walls on a threatened keep, then one ronin for the threatened
    army that matters most, each only with gold to spare (the honor bought later and 1 more)."""
    state, seat = view.state, view.seat
    gold = state.gold[seat]
    reserve = view.rules.honor_price + 1
    walls = castles.params(state)
    if walls is not None and not state.fortified and gold - walls["cost"] >= reserve:
        options = [f.square for f in castles.fortify_actions(state, seat)
                   if state.occupant[f.square] >= 0 and _enemy_distance(view, f.square) <= THREAT]
        if options:
            return Fortify(min(options, key=lambda sq: (_enemy_distance(view, sq), sq)))
    hire = ronin.params(state)
    if hire is not None and gold - hire["cost"] >= reserve:
        board = state.game.board
        best: tuple[tuple[int, int, int], int] | None = None
        for aid, a in state.armies_of(seat):
            if state.ronin.get(aid, 0):
                continue  # one ronin an army is greedy's habit
            dist = _enemy_distance(view, a.square)
            if dist > 2:
                continue
            terrain = board.terrain[a.square]
            rank = (a.square == board.fortresses[seat], terrain in (Terrain.KEEP, Terrain.FORTRESS), -dist)
            if best is None or rank > best[0]:
                best = (rank, a.square)  # type: ignore[assignment]
        if best is not None:
            return HireRonin(best[1])
    return None


def ronin_force(view: View, army: int) -> int:
    """The force ronin add to ``army``'s battle as the seat knows it: its own exactly, another seat's as
    their count spread evenly over that seat's armies."""
    state = view.state
    p = ronin.params(state)
    if p is None or not state.ronin:
        return 0
    owner = state.armies[army].owner
    if owner == view.seat:
        return state.ronin.get(army, 0) * p["force"]
    armies = len(state.armies_of(owner))
    return round(ronin.counts(state)[owner] * p["force"] / max(1, armies))


def defence(view: View, square: int) -> int:
    """The walls' defence at ``square`` (public)."""
    return castles.defence(view.state, square) if view.state.walls else 0


__all__ = ["choose_bid", "expense", "ronin_force", "defence"]


def bid_options(view: View) -> list[tuple[str, Action]]:
    """The MCTS's candidate bids: nothing, greedy's bid, 1, 2 and a third of the gold (those affordable)."""
    gold = view.state.gold[view.seat]
    amounts = sorted({0, choose_bid(view).amount, 1, 2, gold // 3} & set(range(gold + 1)))
    return [(f"bid {n}", Bid(n)) for n in amounts]


def expense_options(view: View) -> list[tuple[str, Action]]:
    """The MCTS's candidate module expenses: greedy's wall or ronin choice, if any."""
    action = expense(view)
    return [] if action is None else [(str(action), action)]
