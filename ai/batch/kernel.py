"""The compiled rollout loop: every lane of a batch plays whole turns, one lane after another.

:func:`run_lanes` is the one numba kernel the Python side calls (:mod:`ai.batch.turn`): for each lane it
plays player-turns while the game goes on and ``turns < limit``, each turn from the phase the lane resumes
at (``start_phase``; armies in ``spent`` already moved or attacked), through the phases of
:mod:`ai.batch.phases`, then passes the turn. Compiled with ``cache=True`` and ``nogil=True`` (threads run
it on parts of a batch at once): the first call in a fresh checkout compiles (see docs/batch-simulator.md
for the time), later processes load the cache.
"""

from __future__ import annotations

import numpy as np

from ai.batch import log as L
from ai.batch.jit import jit_inline, jit_nogil
from ai.batch.lane import ALIVE, DONE, ORDER, OWNER, SPENT, START_PHASE, TURN_INDEX, TURNS, WK_OCC, end_turn, occ_fill
from ai.batch.params import (
    BATTLE_DRAW,
    FREE_DRAWS,
    HOLD_REVENUE,
    HOLD_SQ,
    MAX_DRAWS,
    MOVE_NOISE,
    SITE_SQ,
    SUPPORT_ON,
    TEAMS,
)
from ai.batch.phases import NOISE_STEPS, battle, draw, expense, honor, revenue, travel
from japanese_swords.board import NUM_SQUARES
from japanese_swords.cards import NUM_TYPES
from japanese_swords.core import Phase

_REVENUE, _EXPENSE, _DRAW = int(Phase.REVENUE), int(Phase.EXPENSE), int(Phase.DRAW)
_HONOR, _TRAVEL, _BATTLE = int(Phase.HONOR), int(Phase.TRAVEL), int(Phase.BATTLE)


def workspace(ipar: np.ndarray, fpar: np.ndarray) -> tuple:
    """Scratch arrays for one kernel call (see the WK_* positions in :mod:`ai.batch.phases` and
    :data:`ai.batch.lane.WK_OCC`), made here because the kernels allocate nothing; and each seat's
    move-noise table ``exp(move_noise * k / NOISE_STEPS)`` (``ipar`` and ``fpar`` have a row per seat)."""
    # a battle deals both sides the battle draw, and under the support module a card per supporter (at most
    # 3 a side: the defended square's other neighbours)
    battle_cards = 2 * ipar[:, BATTLE_DRAW].max() + 6 * ipar[:, SUPPORT_ON].max()
    seq = int(max(battle_cards, ipar[:, MAX_DRAWS].max(), ipar[:, FREE_DRAWS].max(), 1)) + 1
    targets = 2 * NUM_SQUARES
    noise = np.exp(fpar[:, MOVE_NOISE, None] * np.arange(NOISE_STEPS + 1)[None, :] / NOISE_STEPS)
    return (np.zeros((6, NUM_TYPES), np.int64), np.zeros(seq, np.int64), np.zeros(NUM_SQUARES, np.int64),
            np.zeros((2, NUM_SQUARES), np.int64), np.zeros(targets, np.int64), np.zeros(targets, np.float64),
            np.zeros(NUM_SQUARES, np.float64), noise, np.zeros(NUM_SQUARES, np.int64), np.zeros(1, np.int64),
            np.zeros((ipar.shape[0], 2), np.uint64))


@jit_inline
def play_turn(st: tuple, tb: tuple, b: int, ipar: np.ndarray, fpar: np.ndarray, rng: np.ndarray,
              log: np.ndarray, meta: np.ndarray, wk: tuple) -> None:
    """One player-turn of lane ``b`` (the rest of it for a lane resuming inside its turn); ``ipar`` and
    ``fpar`` hold a row of knobs per seat, each seat playing its own."""
    done = st[DONE]
    st[TURNS][b] += 1
    s = np.int64(st[ORDER][b, st[TURN_INDEX][b]])
    ip, fp = ipar[s], fpar[s]  # the turn player's policy
    start = st[START_PHASE][b]
    if start <= _REVENUE:
        revenue(st, b, s, ip, log, meta)
    if start <= _EXPENSE:  # (a lane resuming at its expense phase paid its upkeep on entering it)
        expense(st, tb, b, s, ip, rng, log, meta, wk, start < _EXPENSE)
    if start <= _DRAW:
        draw(st, b, s, ip, rng, log, meta, wk)
    if start <= _HONOR:
        honor(st, b, s, ipar, log, meta, wk)
    if start <= _TRAVEL and not done[b]:
        travel(st, tb, b, s, fp, rng, log, meta, wk, ip[TEAMS])
        if start == _TRAVEL:  # armies that moved before the hand-over may attack
            spent = st[SPENT]
            for sq in range(spent.shape[1]):
                spent[b, sq] = False
    if not done[b]:
        battle(st, tb, b, s, ipar, fpar, rng, log, meta, wk)
    if start != _REVENUE:
        st[START_PHASE][b] = _REVENUE
        spent = st[SPENT]
        for sq in range(spent.shape[1]):
            spent[b, sq] = False
    if not done[b]:
        if st[ALIVE][b, s]:  # (a turn player put out in its own battle does not end the phase)
            L.rec(log, meta, L.END)
        end_turn(st, b, ipar, tb[HOLD_SQ], tb[HOLD_REVENUE], tb[SITE_SQ], rng, log, meta)


@jit_nogil
def run_lanes(st: tuple, tb: tuple, ipar: np.ndarray, fpar: np.ndarray, limit: np.ndarray, rng: np.ndarray,
              log: np.ndarray, meta: np.ndarray, wk: tuple) -> int:
    """Play every lane while its game goes on and ``turns < limit``; returns the most turns one lane
    played (the number of turn rounds a recorder sees)."""
    done, turns = st[DONE], st[TURNS]
    most = 0
    for b in range(done.shape[0]):
        j = 0
        if not done[b] and turns[b] < limit[b]:
            occ_fill(st[OWNER], b, wk[WK_OCC])
        while not done[b] and turns[b] < limit[b]:
            meta[2] = j
            meta[3] = b
            play_turn(st, tb, b, ipar, fpar, rng, log, meta, wk)
            j += 1
        most = max(most, j)
    return most
