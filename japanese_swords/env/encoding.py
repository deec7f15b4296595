"""A fixed-length float32 encoding of what one seat may know, built from :func:`observation` only.

Seats are relative to the observer (slot 0 is the observer, slot 1 the next seat, ...; 4 slots on every
map, unused ones zero), so one network serves every seat. Squares stay absolute. :data:`FEATURES` lists
the blocks and their sizes in order; a game with rule modules appends the blocks of
:mod:`japanese_swords.env.module_features` (:func:`size`); docs/env.md describes them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from japanese_swords.board import NUM_SQUARES, Terrain
from japanese_swords.cards import NUM_TYPES, Card
from japanese_swords.core import Phase
from japanese_swords.env import module_features
from japanese_swords.game import Rules
from japanese_swords.observation import Observation

SEATS = 4
DECISIONS = ("main", "disband", "commit", "discard", "intrigue")
FEATURES: tuple[tuple[str, int], ...] = (
    ("terrain one-hot per square", len(Terrain) * NUM_SQUARES),
    ("control per square: none, seat slot 0-3", (SEATS + 1) * NUM_SQUARES),
    ("army owner slot per square", SEATS * NUM_SQUARES),
    ("army experience per square", NUM_SQUARES),
    ("army moved / attacked / marched this turn per square", 3 * NUM_SQUARES),
    ("per seat slot: present, alive, gold, honor, hand size, turn player, turn order one-hot",
     SEATS * (6 + SEATS)),
    ("own hand counts", NUM_TYPES),
    ("discard pile counts", NUM_TYPES),
    ("unseen card counts (deck + other hands + hidden commitment)", NUM_TYPES),
    ("deck size", 1),
    ("phase one-hot", len(Phase)),
    ("round", 1),
    ("decision kind one-hot: " + ", ".join(DECISIONS), len(DECISIONS)),
    ("draws this phase, honor bought, upkeep paid, offers made", 4),
    ("battle: active, I attack, I defend, attacker/defender card counts, hidden commitment", 6),
    ("battle attacker square, defender square", 2 * NUM_SQUARES),
    ("own committed cards", NUM_TYPES),
    ("commitment being built (env steps so far)", NUM_TYPES),
    ("intrigue: I must choose, cards I must still discard", 2),
    ("last battle: present, attacker cards, defender cards, winner slot (none, 0-3)",
     1 + 2 * NUM_TYPES + SEATS + 1),
)
SIZE = sum(n for _, n in FEATURES)
"""The length of a classic game's vector."""


def size(rules: Rules) -> int:
    """The vector's length under ``rules``: :data:`SIZE`, plus the module blocks when any module is chosen."""
    return SIZE + (module_features.SIZE if rules.modules else 0)


def decision_kind(obs: Observation) -> str:
    """The kind of decision pending in the observed state (as the engine's ``decision``)."""
    s = obs.state
    if s.intrigue is not None:
        return "intrigue"
    if s.battle is not None:
        return "commit"
    if s.discard_queue:
        return "discard"
    if s.phase == Phase.EXPENSE and not s.upkeep_paid:
        return "disband"
    return "main"


def encode(obs: Observation, partial: Sequence[Card] = (), revealed: Sequence[int] | None = None) -> np.ndarray:
    """The observation as a float32 vector of length ``size(rules)`` (``partial``: commitment being built;
    ``revealed``: the last revealed bids of the bidding module, None before the first reveal)."""
    s = obs.state
    seat, n = obs.seat, s.num_players
    board = s.game.board

    def slot(other: int) -> int:
        return (other - seat) % n

    parts: list[np.ndarray] = []
    terrain = np.zeros((len(Terrain), NUM_SQUARES), np.float32)
    terrain[list(board.terrain), np.arange(NUM_SQUARES)] = 1
    parts.append(terrain.ravel())
    control = np.zeros((SEATS + 1, NUM_SQUARES), np.float32)
    for sq, owner in enumerate(s.control):
        control[0 if owner < 0 else 1 + slot(owner), sq] = 1
    parts.append(control.ravel())
    owner = np.zeros((SEATS, NUM_SQUARES), np.float32)
    exp = np.zeros(NUM_SQUARES, np.float32)
    flags = np.zeros((3, NUM_SQUARES), np.float32)
    for aid, army in s.armies.items():
        owner[slot(army.owner), army.square] = 1
        exp[army.square] = army.experience
        flags[:, army.square] = (aid in s.moved, aid in s.attacked, aid in s.marched)
    parts += [owner.ravel(), exp, flags.ravel()]
    seats = np.zeros((SEATS, 6 + SEATS), np.float32)
    for other in range(n):
        k = slot(other)
        seats[k, :6] = (1, s.alive[other], s.gold[other], s.honor[other], obs.hand_sizes[other],
                        s.order is not None and s.turn_player == other)
        if s.order is not None:
            seats[k, 6 + s.order.index(other)] = 1
    parts.append(seats.ravel())
    parts += [np.asarray(obs.hand, np.float32), np.asarray(s.discard, np.float32),
              np.asarray(obs.unseen, np.float32), np.asarray([obs.deck_size], np.float32)]
    phase = np.zeros(len(Phase), np.float32)
    phase[s.phase] = 1
    kind = np.zeros(len(DECISIONS), np.float32)
    kind[DECISIONS.index(decision_kind(obs))] = 1
    parts += [phase, np.asarray([s.round], np.float32), kind,
              np.asarray([s.draws_this_phase, s.honor_bought, s.upkeep_paid, s.offers_made], np.float32)]
    battle = np.zeros(6, np.float32)
    squares = np.zeros((2, NUM_SQUARES), np.float32)
    mine = np.zeros(NUM_TYPES, np.float32)
    b = s.battle
    if b is not None:
        battle[:] = (1, b.attacker_seat == seat, b.defender_seat == seat, b.attacker_count, b.defender_count,
                     obs.hidden_commitment)
        for row, aid in enumerate((b.attacker, b.defender)):
            if aid in s.armies:
                squares[row, s.armies[aid].square] = 1
        own = b.attacker_cards if b.attacker_seat == seat else b.defender_cards if b.defender_seat == seat else None
        for c in own or ():
            mine[c] += 1
    building = np.zeros(NUM_TYPES, np.float32)
    for c in partial:
        building[c] += 1
    parts += [battle, squares.ravel(), mine, building]
    intrigue = np.zeros(2, np.float32)
    if s.intrigue is not None and s.intrigue[0] == seat:
        intrigue[:] = (s.intrigue[1] < 0, max(s.intrigue[1], 0))
    parts.append(intrigue)
    last = np.zeros(1 + 2 * NUM_TYPES + SEATS + 1, np.float32)
    r = s.last_battle
    if r is not None:
        last[0] = 1
        for c in r.attacker_cards:
            last[1 + c] += 1
        for c in r.defender_cards:
            last[1 + NUM_TYPES + c] += 1
        last[1 + 2 * NUM_TYPES + (0 if r.winner is None else 1 + slot(r.winner))] = 1
    parts.append(last)
    if s.game.rules.modules:
        parts.append(module_features.encode_modules(obs, revealed))
    out = np.concatenate(parts)
    assert out.shape == (size(s.game.rules),), (out.shape, SIZE)
    return out
