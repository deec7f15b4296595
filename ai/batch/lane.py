"""Rule effects on one lane in the compiled kernels: armies leaving and moving, control, putting a player
out, honor victory, passing the turn (``japanese_swords.engine``'s rules over the :class:`BatchState` arrays).

The kernels pass the lanes' arrays as one tuple ``st`` in :data:`STATE_FIELDS` order and unpack it.
"""

from __future__ import annotations

import numpy as np

from ai.batch.jit import jit_inline
from ai.batch.params import HONOR_TO_WIN, MAX_ROUNDS

#: The :class:`~ai.batch.state.BatchState` arrays the kernels use, in the order of the ``st`` tuple.
STATE_FIELDS = ("order", "turn_index", "round", "done", "winner", "gold", "honor", "alive", "eliminated_by",
                "hands", "deck", "discard", "owner", "exp", "aid", "next_id", "control", "turns",
                "start_phase", "spent")
(ORDER, TURN_INDEX, ROUND, DONE, WINNER, GOLD, HONOR, ALIVE, ELIMINATED_BY, HANDS, DECK, DISCARD, OWNER, EXP,
 AID, NEXT_ID, CONTROL, TURNS, START_PHASE, SPENT) = range(len(STATE_FIELDS))


@jit_inline
def remove(st: tuple, b: int, sq: int) -> None:
    """Take the army on ``sq`` off the board."""
    owner, exp, aid = st[OWNER], st[EXP], st[AID]
    owner[b, sq] = -1
    exp[b, sq] = 0
    aid[b, sq] = -1


@jit_inline
def relocate(st: tuple, b: int, src: int, dst: int) -> None:
    """Move the army on ``src`` to ``dst`` (experience and id go with it)."""
    owner, exp, aid = st[OWNER], st[EXP], st[AID]
    owner[b, dst] = owner[b, src]
    exp[b, dst] = exp[b, src]
    aid[b, dst] = aid[b, src]
    remove(st, b, src)


@jit_inline
def eliminate(st: tuple, b: int, seat: int, captor: int) -> None:
    """Put ``seat`` out (ruling 4): its armies leave, its holdings turn neutral, its hand goes to the
    discard pile; the last seat left wins."""
    done, winner, alive, eliminated_by = st[DONE], st[WINNER], st[ALIVE], st[ELIMINATED_BY]
    hands, discard, owner, control = st[HANDS], st[DISCARD], st[OWNER], st[CONTROL]
    alive[b, seat] = False
    eliminated_by[b, seat] = captor
    for sq in range(owner.shape[1]):
        if owner[b, sq] == seat:
            remove(st, b, sq)
        if control[b, sq] == seat:
            control[b, sq] = -1
    for c in range(discard.shape[1]):
        discard[b, c] += hands[b, seat, c]
        hands[b, seat, c] = 0
    left, last = 0, -1
    for p in range(alive.shape[1]):
        if alive[b, p]:
            left += 1
            last = p
    if left == 1:
        winner[b] = last
        done[b] = True


@jit_inline
def take_control(st: tuple, b: int, sq: int, seat: int, holding: np.ndarray, home_of: np.ndarray) -> None:
    """An army of ``seat`` ended on ``sq``: a keep or fortress changes hands; taking a live player's home
    fortress puts that player out."""
    if not holding[sq]:
        return
    st[CONTROL][b, sq] = seat
    home = home_of[sq]
    if home >= 0 and home != seat and st[ALIVE][b, home]:
        eliminate(st, b, home, seat)


@jit_inline
def check_honor(st: tuple, b: int, ipar: np.ndarray) -> None:
    """Honor victory: the first seat in turn order from the turn player with enough honor wins."""
    order, turn_index, done, winner = st[ORDER], st[TURN_INDEX], st[DONE], st[WINNER]
    honor, alive = st[HONOR], st[ALIVE]
    if done[b]:
        return
    n = order.shape[1]
    for k in range(n):
        seat = order[b, (turn_index[b] + k) % n]
        if alive[b, seat] and honor[b, seat] >= ipar[HONOR_TO_WIN]:
            winner[b] = seat
            done[b] = True
            return


@jit_inline
def end_turn(st: tuple, b: int, ipar: np.ndarray, hold_sq: np.ndarray, revenue: np.ndarray) -> None:
    """Pass the turn to the next live seat (a new round after the last), ending the game as a draw after
    ``max_rounds``; the new turn player collects its revenue."""
    order, turn_index, rnd, done, winner = st[ORDER], st[TURN_INDEX], st[ROUND], st[DONE], st[WINNER]
    gold, alive, control = st[GOLD], st[ALIVE], st[CONTROL]
    n = order.shape[1]
    i, r = turn_index[b], rnd[b]
    mr = ipar[MAX_ROUNDS]
    for _ in range(n):
        i += 1
        if i >= n:
            i = 0
            r += 1
            if mr >= 0 and r > mr:
                rnd[b] = mr
                done[b] = True
                winner[b] = -1
                return
        if alive[b, order[b, i]]:
            break
    turn_index[b] = i
    rnd[b] = r
    s = order[b, i]
    for h in hold_sq:
        if control[b, h] == s:
            gold[b, s] += revenue[h]
