"""Rule effects on one lane in the compiled kernels: armies leaving and moving, control, putting a player
out, honor victory, passing the turn (``japanese_swords.engine``'s rules over the :class:`BatchState` arrays).

The kernels pass the lanes' arrays as one tuple ``st`` in :data:`STATE_FIELDS` order and unpack it.
"""

from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ai.batch import log as L
from ai.batch.jit import jit, jit_inline
from ai.batch.params import (
    BID_PERCENT,
    BID_RESERVE,
    BIDDING,
    FACE_CLEAR,
    FACE_RAIN,
    FACE_STORM,
    HONOR_TO_WIN,
    MAX_ROUNDS,
    RONIN_ON,
    SITE_HONOR,
    WEATHER_ON,
)
from ai.batch.rng import below

#: The :class:`~ai.batch.state.BatchState` arrays the kernels use, in the order of the ``st`` tuple.
STATE_FIELDS = ("order", "turn_index", "round", "done", "winner", "gold", "honor", "alive", "eliminated_by",
                "hands", "deck", "discard", "owner", "exp", "aid", "next_id", "control", "turns",
                "start_phase", "spent", "weather", "breached", "walls", "ronin")
(ORDER, TURN_INDEX, ROUND, DONE, WINNER, GOLD, HONOR, ALIVE, ELIMINATED_BY, HANDS, DECK, DISCARD, OWNER, EXP,
 AID, NEXT_ID, CONTROL, TURNS, START_PHASE, SPENT, WEATHER, BREACHED, WALLS, RONIN) = range(len(STATE_FIELDS))

#: Position in the workspace tuple (:func:`ai.batch.kernel.workspace`) of the lane's occupancy masks:
#: ``occ [seats, 2]`` uint64, bit ``sq % 64`` of word ``sq // 64`` set where the seat has an army. The
#: kernel keeps them for the lane it is playing, so a phase finds a seat's armies, in square order, from
#: two words instead of scanning the 100 squares.
WK_OCC = 10
_ONE = np.uint64(1)
_ZERO = np.uint64(0)


@jit
def occ_set(occ: np.ndarray, seat: int, sq: int) -> None:
    """Mark an army of ``seat`` on ``sq``."""
    occ[seat, sq >> 6] |= _ONE << np.uint64(sq & 63)


@jit
def occ_clear(occ: np.ndarray, seat: int, sq: int) -> None:
    """Unmark the army of ``seat`` on ``sq``."""
    occ[seat, sq >> 6] &= ~(_ONE << np.uint64(sq & 63))


@jit
def occ_fill(owner: np.ndarray, b: int, occ: np.ndarray) -> None:
    """The masks of lane ``b`` from its ``owner`` row."""
    for p in range(occ.shape[0]):
        occ[p, 0] = _ZERO
        occ[p, 1] = _ZERO
    for sq in range(owner.shape[1]):
        o = owner[b, sq]
        if o >= 0:
            occ_set(occ, o, sq)


@jit
def occ_squares(w0: np.uint64, w1: np.uint64, out: np.ndarray) -> int:
    """Write the squares of the mask ``(w0, w1)`` into ``out`` in ascending order; returns how many."""
    n = 0
    x = w0
    while x != _ZERO:
        out[n] = trailing_zeros(x)
        n += 1
        x &= x - _ONE
    x = w1
    while x != _ZERO:
        out[n] = 64 + trailing_zeros(x)
        n += 1
        x &= x - _ONE
    return n


@jit
def occ_count(occ: np.ndarray, seat: int) -> int:
    """The number of armies of ``seat``."""
    n = 0
    for w in range(2):
        x = occ[seat, w]
        while x != _ZERO:
            n += 1
            x &= x - _ONE
    return n


@jit
def allied(teams: int, a: int, c: int) -> bool:
    """Whether seats ``a`` and ``c`` are on one side: the same seat, or partners (one parity) in a team
    game (``teams`` 1; the teams module's ruling TM1)."""
    return a == c or (teams != 0 and a >= 0 and c >= 0 and a % 2 == c % 2)


@jit_inline
def remove(st: tuple, wk: tuple, b: int, sq: int) -> None:
    """Take the army on ``sq`` off the board (its ronin leave with it)."""
    owner, exp, aid = st[OWNER], st[EXP], st[AID]
    occ_clear(wk[WK_OCC], owner[b, sq], sq)
    owner[b, sq] = -1
    exp[b, sq] = 0
    aid[b, sq] = -1
    st[RONIN][b, sq] = 0


@jit_inline
def relocate(st: tuple, wk: tuple, b: int, src: int, dst: int) -> None:
    """Move the army on ``src`` to ``dst`` (experience, id and ronin go with it)."""
    owner, exp, aid = st[OWNER], st[EXP], st[AID]
    owner[b, dst] = owner[b, src]
    exp[b, dst] = exp[b, src]
    aid[b, dst] = aid[b, src]
    st[RONIN][b, dst] = st[RONIN][b, src]
    occ_set(wk[WK_OCC], owner[b, src], dst)
    remove(st, wk, b, src)


@jit_inline
def eliminate(st: tuple, wk: tuple, b: int, seat: int, captor: int, teams: int) -> None:
    """Put ``seat`` out (ruling 4): its armies leave, its holdings turn neutral, its hand goes to the
    discard pile; the last seat left wins; in a team game (``teams`` 1) a team wins when every seat left
    is on it, the first of them in turn order making the win (rulings TM6, TM8)."""
    done, winner, alive, eliminated_by = st[DONE], st[WINNER], st[ALIVE], st[ELIMINATED_BY]
    hands, discard, owner, control = st[HANDS], st[DISCARD], st[OWNER], st[CONTROL]
    alive[b, seat] = False
    eliminated_by[b, seat] = captor
    for sq in range(owner.shape[1]):
        if owner[b, sq] == seat:
            remove(st, wk, b, sq)
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
    elif teams != 0:
        order = st[ORDER]
        first, mixed = -1, False
        for k in range(order.shape[1]):
            p = order[b, k]
            if alive[b, p]:
                if first < 0:
                    first = p
                elif p % 2 != first % 2:
                    mixed = True
        if not mixed:
            winner[b] = first
            done[b] = True


@jit_inline
def take_control(st: tuple, wk: tuple, b: int, sq: int, seat: int, holding: np.ndarray,
                 home_of: np.ndarray, teams: int) -> None:
    """An army of ``seat`` ended on ``sq``: a keep or fortress changes hands (not a partner's, ruling TM3);
    taking a live player's home fortress puts that player out."""
    if not holding[sq]:
        return
    holder = st[CONTROL][b, sq]
    if teams != 0 and holder != seat and allied(teams, holder, seat):
        return
    st[CONTROL][b, sq] = seat
    home = home_of[sq]
    if home >= 0 and home != seat and st[ALIVE][b, home]:
        eliminate(st, wk, b, home, seat, teams)


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


@jit
def seat_bid(gold: int, percent: int, reserve: int) -> int:
    """The rollout policy's bid for the turn order: ``percent`` of the gold above ``reserve`` (rounded
    down), as :meth:`ai.batch.policy.RolloutPolicy.bid` decides for the scalar policy."""
    return percent * max(gold - reserve, 0) // 100


@jit_inline
def bid_round(st: tuple, b: int, ipars: np.ndarray, rng: np.ndarray, log: np.ndarray, meta: np.ndarray) -> None:
    """The bidding module's new round: every seat in the game bids (in seat order, by its own knobs), the
    bids are spent, the order follows them, highest first, equal bids in a random order (the tie draw,
    recorded only when there is a tie), the seats out of the game last in seat order."""
    order, gold, alive = st[ORDER], st[GOLD], st[ALIVE]
    n = order.shape[1]
    n_alive = 0
    for p in range(n):
        if alive[b, p]:
            bid = seat_bid(gold[b, p], ipars[p, BID_PERCENT], ipars[p, BID_RESERVE])
            L.rec(log, meta, L.BIDS, bid)
            # insertion by bid, highest first, stable (seat order among equal bids)
            j = n_alive
            while j > 0 and seat_bid(gold[b, order[b, j - 1]], ipars[order[b, j - 1], BID_PERCENT],
                                     ipars[order[b, j - 1], BID_RESERVE]) < bid:
                order[b, j] = order[b, j - 1]
                j -= 1
            order[b, j] = p
            n_alive += 1
    k = n_alive
    for p in range(n):  # seats out of the game last, in seat order
        if not alive[b, p]:
            order[b, k] = p
            k += 1
    tied = False
    start = 0
    while start < n_alive:  # the tie draw: a uniformly random order within each group of equal bids
        q = order[b, start]
        bid = seat_bid(gold[b, q], ipars[q, BID_PERCENT], ipars[q, BID_RESERVE])
        end = start + 1
        while end < n_alive and seat_bid(gold[b, order[b, end]], ipars[order[b, end], BID_PERCENT],
                                         ipars[order[b, end], BID_RESERVE]) == bid:
            end += 1
        if end - start > 1:
            tied = True
            for j in range(end - 1, start, -1):
                x = start + below(rng, j - start + 1)
                order[b, j], order[b, x] = order[b, x], order[b, j]
        start = end
    for p in range(n):  # every bid is spent
        if alive[b, p]:
            gold[b, p] -= seat_bid(gold[b, p], ipars[p, BID_PERCENT], ipars[p, BID_RESERVE])
    if tied:
        L.rec_cards(log, meta, L.ORDER, order[b], n)


@jit_inline
def end_turn(st: tuple, b: int, ipars: np.ndarray, hold_sq: np.ndarray, revenue: np.ndarray,
             site_sq: np.ndarray, rng: np.ndarray, log: np.ndarray, meta: np.ndarray) -> None:
    """Pass the turn to the next live seat (a new round after the last, whose turn order is bid for under
    the bidding module and whose weather is drawn under the weather module), ending the game as a draw
    after ``max_rounds``; the new turn player collects its revenue (and, under the sites module, the honor
    of the sites its armies stand on, which may win the game). ``ipars`` has a row per seat."""
    ipar = ipars[0]  # the rules' numbers (the same in every row)
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
    if r != rnd[b] and ipar[BIDDING] != 0:  # a new round's bids, each seat's by its own knobs
        bid_round(st, b, ipars, rng, log, meta)
        turn_index[b] = 0
    if r != rnd[b] and ipar[WEATHER_ON] != 0:  # a new round: the weather die (clear, rain, storm faces)
        face = below(rng, ipar[FACE_CLEAR] + ipar[FACE_RAIN] + ipar[FACE_STORM])
        w = 0 if face < ipar[FACE_CLEAR] else (1 if face < ipar[FACE_CLEAR] + ipar[FACE_RAIN] else 2)
        st[WEATHER][b] = w
        L.rec(log, meta, L.WEATHER, w)
    rnd[b] = r
    s = order[b, turn_index[b]]
    if ipar[RONIN_ON] != 0:  # the ronin module: the new turn player's ronin leave
        owner, ronin = st[OWNER], st[RONIN]
        for sq in range(owner.shape[1]):
            if owner[b, sq] == s:
                ronin[b, sq] = 0
    for h in hold_sq:
        if control[b, h] == s:
            gold[b, s] += revenue[h]
    if ipar[SITE_HONOR] > 0:
        owner = st[OWNER]
        held = 0
        for sq in site_sq:
            if owner[b, sq] == s:
                held += 1
        if held > 0:
            st[HONOR][b, s] += held * ipar[SITE_HONOR]
            check_honor(st, b, ipar)
