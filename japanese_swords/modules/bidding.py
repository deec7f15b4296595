"""The bidding module (001 Samurai Swords' sword bid): the turn order is bid for at the start of every
round after the first.

Every seat still in the game commits a bid of 0 to its gold face down, one after another in seat order
(like a battle commitment: only whether a seat has bid is public until all have). Then every bid is
revealed and spent, and the turn order follows the bids, highest first; seats with equal bids are ordered
by a chance draw (``SetOrder`` outcomes consistent with the bids). ``StateData.bids`` holds the bids while
the round's bidding lasts and is None otherwise.
"""

from __future__ import annotations

import random
from itertools import permutations, product
from typing import TYPE_CHECKING

from japanese_swords import events as E
from japanese_swords.actions import Bid, SetOrder
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.events import Events
    from japanese_swords.state import StateData

NAME = "bidding"
NO_BID = -1
"""A seat that has not bid yet (or is out of the game)."""
HIDDEN = -2
"""A bid another seat made, as a seat's observation shows it before the reveal."""


def active(state: StateData) -> bool:
    """Whether the game plays the module."""
    modules = state.game.rules.modules
    return bool(modules) and params_of(modules, NAME) is not None


def open_round(state: StateData) -> None:
    """Start a round's bidding (the engine calls this when a round after the first begins)."""
    state.bids = [NO_BID] * state.num_players


def bidder(state: StateData) -> int | None:
    """The next seat to bid (seat order, seats out of the game skipped), or None when all have bid."""
    bids = state.bids
    assert bids is not None
    for seat, bid in enumerate(bids):
        if bid == NO_BID and state.alive[seat]:
            return seat
    return None


def decision(state: StateData) -> str:
    """``bid`` while a seat is still to bid, ``chance`` while a tie is to be drawn."""
    return "bid" if bidder(state) is not None else "chance"


def bid_actions(state: StateData) -> list[Bid]:
    """The bids open to the seat to bid: 0 to its gold."""
    seat = bidder(state)
    assert seat is not None
    return [Bid(n) for n in range(state.gold[seat] + 1)]


def bid_problem(state: StateData, action: Bid) -> str | None:
    """Why the bid is not legal for the seat to bid, or None."""
    seat = bidder(state)
    assert seat is not None
    if not 0 <= action.amount <= state.gold[seat]:
        return f"a bid is 0 to your gold ({state.gold[seat]}), not {action.amount} (bidding ruling B2)"
    return None


def groups(state: StateData) -> list[list[int]]:
    """The seats in the game grouped by equal bid, highest bid first; seats out of the game come last,
    in seat order, each in its own group."""
    bids = state.bids
    assert bids is not None
    alive = [s for s in range(state.num_players) if state.alive[s]]
    out = [[s for s in alive if bids[s] == amount] for amount in sorted({bids[s] for s in alive}, reverse=True)]
    return out + [[s] for s in range(state.num_players) if not state.alive[s]]


def outcomes(state: StateData) -> list[tuple[SetOrder, float]]:
    """The tie draw's outcomes: every order consistent with the bids, equally likely."""
    orders = [tuple(s for g in combo for s in g) for combo in product(*(permutations(g) for g in groups(state)))]
    return [(SetOrder(o), 1.0 / len(orders)) for o in orders]


def make_bid(state: StateData, action: Bid, ev: Events) -> bool:
    """Record the bidder's bid; when it was the last, reveal them all. True when the round's turn order
    is set (no tie to draw)."""
    seat = bidder(state)
    assert seat is not None and state.bids is not None
    state.bids[seat] = action.amount
    if ev is not None:
        ev.append(E.BidMade(seat, action.amount))
    if bidder(state) is not None:
        return False
    order = groups(state)
    if any(len(g) > 1 for g in order):
        return False
    reveal(state, tuple(g[0] for g in order), ev)
    return True


def reveal(state: StateData, order: tuple[int, ...], ev: Events) -> None:
    """Spend every bid, set the round's turn order (first seat first) and end the bidding."""
    bids = state.bids
    assert bids is not None
    tied = any(len(g) > 1 for g in groups(state))
    for seat, amount in enumerate(bids):
        if amount > 0:
            state.gold[seat] -= amount
            if ev is not None:
                ev.append(E.GoldChanged(seat, -amount, "bid"))
    if ev is not None:
        ev.append(E.BidsRevealed(state.round, tuple(bids), order, tied))
    state.order = order
    state.turn_index = 0
    state.bids = None


def hide(view: StateData, seat: int) -> None:
    """Mask the bids other seats made while the bidding is still open (an observation's view)."""
    bids = view.bids
    if bids is None or bidder(view) is None:
        return
    for s, amount in enumerate(bids):
        if s != seat and amount >= 0:
            bids[s] = HIDDEN


def sample(state: StateData, rng: random.Random) -> None:
    """Fill a masked view's hidden bids with bids drawn uniformly from 0 to each bidder's gold (a world
    for information-set search)."""
    bids = state.bids
    if bids is None:
        return
    for s, amount in enumerate(bids):
        if amount == HIDDEN:
            bids[s] = rng.randint(0, max(0, state.gold[s]))
