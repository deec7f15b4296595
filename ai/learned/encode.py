"""What one seat can see, as a vector for the learned value: board planes, own and rival numbers, own hand.

The encoding is computed over a whole batch of positions at once (:class:`~ai.batch.state.BatchState`
lanes, the form the compiled simulator keeps and the playout cut-off scores). Each seat ``s`` is described
against its strongest rival ``r`` (most honor, then most armies, as :mod:`ai.value_fit` does), so one
network serves every player count and the value of a 2-player game is antisymmetric by construction
(:mod:`ai.learned.network`). Engine states are turned into lanes by :func:`lanes_of_states`, which, unlike
``BatchState.from_states``, takes a state at any decision (a battle leaf, a pending discard).

Layout of one row (``WIDTH`` numbers): the 12 per-seat numbers of the fitted value (:func:`ai.batch.value.
seat_stats`) for ``s`` then for ``r``; the threats ``s -> r`` and ``r -> s``; game progress, whose turn it
is, how many other seats are alive; ``s``'s hand as 16 card counts; then 100-square planes: ``s``'s armies,
their experience, ``r``'s armies, their experience, any other seat's armies, squares ``s`` controls,
squares ``r`` controls. The planes are mostly zero, which the forward pass exploits.
"""

from __future__ import annotations

import numpy as np

from ai import value_fit as VF
from ai.batch.state import I64, BatchState
from ai.batch.tables import map_tables
from ai.batch.value import seat_stats, strongest_rivals, threats
from japanese_swords import cards as C
from japanese_swords.board import NUM_SQUARES
from japanese_swords.core import Phase
from japanese_swords.engine import State

STATS = 12  # ai.batch.value.seat_stats per seat
SCALARS = 2 * STATS + 2 + 4
PLANES = ("own_army", "own_exp", "rival_army", "rival_exp", "other_army", "own_control", "rival_control")
HAND_AT = SCALARS
PLANES_AT = HAND_AT + C.NUM_TYPES
WIDTH = PLANES_AT + len(PLANES) * NUM_SQUARES
EXP_SCALE = 4.0  # experience is divided by this in the planes (a veteran army is about 4)
MAX_ROUND = 150.0  # progress is round / MAX_ROUND


def lanes_of_states(states: list[State]) -> BatchState:
    """Lanes holding what the encoding reads (the board, hands, gold, honor, turn) of engine states of one
    game, at any decision; the fields only the simulator uses are left empty."""
    if not states:
        raise ValueError("lanes_of_states needs at least one state")
    game = states[0].game
    b, p = len(states), game.num_players
    z = np.zeros
    S = BatchState(game, map_tables(game.board, game.rules.move_points), z((b, p), I64), z(b, I64), z(b, I64),
                   z(b, bool), np.full(b, -1, I64), z((b, p), I64), z((b, p), I64), z((b, p), bool),
                   np.full((b, p), -1, I64), z((b, p, C.NUM_TYPES), I64), z((b, C.NUM_TYPES), I64),
                   z((b, C.NUM_TYPES), I64), np.full((b, NUM_SQUARES), -1, np.int8), z((b, NUM_SQUARES), I64),
                   np.full((b, NUM_SQUARES), -1, I64), z(b, I64), np.full((b, NUM_SQUARES), -1, np.int8),
                   z(b, I64), np.full(b, int(Phase.REVENUE), I64), z((b, NUM_SQUARES), bool))
    for i, s in enumerate(states):
        if s.game != game:
            raise ValueError("all states of a batch must share one game (map and rules)")
        S.order[i] = s.order if s.order is not None else range(p)
        S.turn_index[i], S.round[i], S.done[i] = s.turn_index, s.round, s.is_terminal()
        S.winner[i] = -1 if s.winner is None else s.winner
        S.gold[i], S.honor[i], S.alive[i], S.hands[i] = s.gold, s.honor, s.alive, s.hands
        for a in s.armies.values():
            S.owner[i, a.square], S.exp[i, a.square] = a.owner, a.experience
        S.control[i] = s.control
    return S


def encode_dense(S: BatchState, rival: np.ndarray, width: int = PLANES_AT) -> np.ndarray:
    """[B, P, width] the rows' numbers before the planes (the rest left zero)."""
    b, p = S.size, S.num_players
    lanes = np.arange(b)[:, None]
    seats = np.arange(p)[None, :]
    stats = seat_stats(S)  # [B, P, 12]
    th = threats(S)  # [B, P, P]
    out = np.zeros((b, p, width))
    out[..., :STATS] = stats
    out[..., STATS: 2 * STATS] = stats[lanes, rival]
    out[..., 2 * STATS] = th[lanes, seats, rival]
    out[..., 2 * STATS + 1] = th[lanes, rival, seats]
    k = 2 * STATS + 2
    out[..., k] = np.minimum(S.round, MAX_ROUND)[:, None] / MAX_ROUND
    turn = S.order[np.arange(b), S.turn_index]
    out[..., k + 1] = turn[:, None] == seats
    out[..., k + 2] = turn[:, None] == rival
    out[..., k + 3] = S.alive.sum(1, keepdims=True) - S.alive
    out[..., HAND_AT:PLANES_AT] = S.hands
    return out


_HOPS: dict[int, tuple[tuple[int, ...], list[tuple[int, ...]]]] = {}


def _hops(board: object) -> list[tuple[int, ...]]:
    """Hop distances to each seat's home fortress, kept per board (by identity: hashing the terrain is dear)."""
    entry = _HOPS.get(id(board))
    if entry is None or entry[0] is not board.terrain:
        entry = _HOPS[id(board)] = (board.terrain, [VF.hop_distances(board.terrain, f) for f in board.fortresses])
    return entry[1]


def state_lists(state: State) -> tuple[list[list[float]], list[int], list[int], list[int], list[int]]:
    """One state's forward-pass inputs as lists: each seat's dense row, owner, experience and control by
    square, the strongest rivals (:func:`ai.value_fit.seats_stats` and ``strongest_rivals``, given the
    army counts of this one pass over the armies)."""
    board = state.game.board
    p = state.num_players
    owner = [-1] * NUM_SQUARES
    exp = [0] * NUM_SQUARES
    armies, xp = [0] * p, [0] * p
    best = [[99] * p for _ in range(p)]
    hops = _hops(board)
    for a in state.armies.values():
        o, sq = a.owner, a.square
        owner[sq], exp[sq] = o, a.experience
        armies[o] += 1
        xp[o] += a.experience
        row = best[o]
        for t in range(p):
            h = hops[t][sq]
            if h < row[t]:
                row[t] = h
    stats = VF.seats_stats(state, armies, xp)
    rival = VF.strongest_rivals(state, armies)
    turn = state.order[state.turn_index] if state.order is not None else 0
    alive = sum(state.alive)
    progress_round = min(state.round, MAX_ROUND) / MAX_ROUND
    dense = []
    for s in range(p):
        r = rival[s]
        dense.append(stats[s] + stats[r] + [
            0.0 if best[s][r] >= 99 else 1.0 / (1 + best[s][r]), 0.0 if best[r][s] >= 99 else 1.0 / (1 + best[r][s]),
            progress_round, float(turn == s), float(turn == r), float(alive - state.alive[s])] + list(state.hands[s]))
    return dense, owner, exp, list(state.control), rival


def stack(rows: list[tuple]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`state_lists` of a few states as the forward pass's inputs: dense numbers [N, P, PLANES_AT],
    owner, experience and control [N, 100], the strongest rivals [N, P]."""
    return (np.array([r[0] for r in rows], dtype=np.float64), np.array([r[1] for r in rows], np.int64),
            np.array([r[2] for r in rows], np.int64), np.array([r[3] for r in rows], np.int64),
            np.array([r[4] for r in rows], np.int64))


def states_arrays(states: list[State]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Engine states (one game's, any decisions) as the forward pass's inputs, computed in plain Python
    (numpy's per-call cost dominates for a few states); the same numbers as :func:`encode_dense` over
    :func:`lanes_of_states`."""
    return stack([state_lists(s) for s in states])


def state_arrays(state: State) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`states_arrays` of one state (leading dimension 1)."""
    return states_arrays([state])


def encode(S: BatchState, rival: np.ndarray | None = None) -> np.ndarray:
    """[B, P, WIDTH] every seat's row (float64) against its strongest rival (``rival`` [B, P] if known)."""
    if rival is None:
        rival = strongest_rivals(S)
    seats = np.arange(S.num_players)[None, :]
    out = encode_dense(S, rival, WIDTH)
    owner = S.owner.astype(np.int64)[:, None, :]  # [B, 1, 100]
    exp = S.exp.astype(float)[:, None, :] / EXP_SCALE
    own = owner == seats[..., None]
    riv = owner == rival[..., None]
    control = S.control.astype(np.int64)[:, None, :]
    planes = (own, own * exp, riv, riv * exp, (owner >= 0) & ~own & ~riv, control == seats[..., None],
              control == rival[..., None])
    for i, plane in enumerate(planes):
        at = PLANES_AT + i * NUM_SQUARES
        out[..., at: at + NUM_SQUARES] = plane
    return out
