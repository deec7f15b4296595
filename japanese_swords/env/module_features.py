"""The observation blocks of the rule modules (docs/variants.md): the public module state one seat may see.

A game with any rule module appends :data:`FEATURES` to the classic vector (docs/env.md, Observations), so a
classic game keeps its size and every module game has one size. Everything here comes from the seat's
:func:`~japanese_swords.observation.observation` (secret bids and other seats' ronin assignments are
already masked there), except the last revealed bids, which the state forgets once they are spent: the
environments pass them in from the ``BidsRevealed`` event (:func:`last_bids`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from japanese_swords import events as E
from japanese_swords.board import NUM_SQUARES
from japanese_swords.modules import MODULES, bidding, ronin, sites, support, teams
from japanese_swords.observation import Observation

SEATS = 4
NAMES = tuple(sorted(MODULES))
WEATHERS = ("clear", "rain", "storm")
SITE_KINDS = tuple(sites.KINDS)
FEATURES: tuple[tuple[str, int], ...] = (
    ("modules chosen, one-hot per module name (sorted)", len(NAMES)),
    ("weather of the round one-hot: " + ", ".join(WEATHERS), len(WEATHERS)),
    ("bidding open: I bid now; per seat slot: still to bid, has bid, bid amount when seen", 1 + 3 * SEATS),
    ("last revealed bids: present; per seat slot: the amount (-1 out of the game)", 1 + SEATS),
    ("ronin hired per seat slot (public count)", SEATS),
    ("own ronin per square (with the observer's armies)", NUM_SQUARES),
    ("wall levels per square", NUM_SQUARES),
    ("breached home fortress per square", NUM_SQUARES),
    ("site kind one-hot per square: " + ", ".join(SITE_KINDS), len(SITE_KINDS) * NUM_SQUARES),
    ("support: I choose now; attacker chose, its supporters; defender chose, its supporters", 5),
    ("partners: per seat slot, on the observer's team (team games)", SEATS),
)
SIZE = sum(n for _, n in FEATURES)


def last_bids(events: Iterable[E.Event], previous: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """The bids of the newest ``BidsRevealed`` among ``events``, else ``previous`` (public: every seat
    sees them at once)."""
    for ev in events:
        if isinstance(ev, E.BidsRevealed):
            previous = tuple(ev.bids)
    return previous


def encode_modules(obs: Observation, revealed: Sequence[int] | None = None) -> np.ndarray:
    """The module blocks of ``obs`` as float32 of length :data:`SIZE` (``revealed``: the last revealed bids
    per seat, or None before the first reveal)."""
    s = obs.state
    seat, n = obs.seat, s.num_players
    modules = s.game.rules.modules

    def slot(other: int) -> int:
        return (other - seat) % n

    chosen = np.zeros(len(NAMES), np.float32)
    for spec in modules:
        chosen[NAMES.index(spec.split(":")[0])] = 1
    weather = np.zeros(len(WEATHERS), np.float32)
    if s.weather in WEATHERS:
        weather[WEATHERS.index(s.weather)] = 1
    open_bids = np.zeros(1 + 3 * SEATS, np.float32)
    if s.bids is not None:
        open_bids[0] = bidding.bidder(s) == seat
        for other, amount in enumerate(s.bids):
            k = 1 + 3 * slot(other)
            open_bids[k:k + 3] = (amount == bidding.NO_BID and s.alive[other], amount != bidding.NO_BID,
                                  max(amount, 0))
    shown = np.zeros(1 + SEATS, np.float32)
    if revealed is not None:
        shown[0] = 1
        for other, amount in enumerate(revealed[:n]):
            shown[1 + slot(other)] = amount
    hired = np.zeros(SEATS, np.float32)
    for other, count in enumerate(ronin.counts(s)):
        hired[slot(other)] = count
    own_ronin = np.zeros(NUM_SQUARES, np.float32)
    for key, count in s.ronin.items():
        army = s.armies.get(key)
        if army is not None and army.owner == seat:
            own_ronin[army.square] = count
    walls = np.zeros(NUM_SQUARES, np.float32)
    for sq, levels in s.walls.items():
        walls[sq] = levels
    breached = np.zeros(NUM_SQUARES, np.float32)
    breached[sorted(s.breached)] = 1
    site = np.zeros((len(SITE_KINDS), NUM_SQUARES), np.float32)
    if sites.params(s) is not None:
        for sq, kind in sites.sites_of(s.game.board).items():
            site[SITE_KINDS.index(kind), sq] = 1
    chosen_support = np.zeros(5, np.float32)
    b = s.battle
    if b is not None and b.support is not None:
        chosen_support[0] = support.pending(s) and support.deciding_seat(b) == seat
        for side, count in enumerate(b.support):
            chosen_support[1 + 2 * side:3 + 2 * side] = (1, count)
    partners = np.zeros(SEATS, np.float32)
    if teams.active(s):
        for other in range(n):
            partners[slot(other)] = teams.allied(s, seat, other)
    out = np.concatenate([chosen, weather, open_bids, shown, hired, own_ronin, walls, breached, site.ravel(),
                          chosen_support, partners])
    assert out.shape == (SIZE,), (out.shape, SIZE)
    return out
