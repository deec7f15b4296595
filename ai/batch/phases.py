"""The phases of one player-turn in one lane, compiled: the engine's rules under the rollout policy.

Each function plays its phase for seat ``s`` of lane ``b`` on the lanes' arrays (``st``, see
:mod:`ai.batch.lane`), the map tables (``tb``, see :func:`ai.batch.params.kernel_tables`), the policy and
rules parameters, the kernel generator ``rng``, the event log and a workspace ``wk`` of scratch arrays
(:func:`ai.batch.kernel.workspace`). Decisions follow :class:`ai.batch.policy.RolloutPolicy` exactly as
:class:`ai.rollout_policy.RolloutAgent` makes them; the equality tests replay every lane through the engine.
"""

from __future__ import annotations

import numpy as np

from ai.batch import log as L
from ai.batch.hands import deal, discard_down, force, force_without_weakest, greedy_commit, greedy_commit_upto
from ai.batch.jit import jit, jit_inline
from ai.batch.lane import (
    AID,
    ALIVE,
    BREACHED,
    CONTROL,
    DECK,
    DISCARD,
    DONE,
    EXP,
    GOLD,
    HANDS,
    HONOR,
    NEXT_ID,
    OWNER,
    RONIN,
    SPENT,
    WALLS,
    WEATHER,
    WK_OCC,
    allied,
    check_honor,
    occ_count,
    occ_set,
    occ_squares,
    relocate,
    remove,
    take_control,
)
from ai.batch.params import (
    ARMS,
    ARMS_ATTACK,
    ARMS_DEFEND,
    ARMY_CAP,
    ARMY_COST,
    ATTACK_MARGIN,
    ATTACK_NOISE,
    ATTRACT,
    AVG_FORCE,
    BATTLE_DRAW,
    COMMIT_CARDS,
    DEFENSE,
    DIP_LIMIT,
    DIP_MARGIN,
    DRAW_PRICE,
    DRAW_RESERVE,
    FORT_SQ,
    FORTRESS,
    FREE_DRAWS,
    HAND_TARGET,
    HOLD_SQ,
    HOLDING,
    HOME,
    HOME_OF,
    HONOR_BUYS,
    HONOR_GAIN,
    HONOR_PRICE,
    HONOR_RESERVE,
    HONOR_TO_WIN,
    INTRIGUE_CARDS,
    INTRIGUE_HONOR,
    INTRIGUE_MIN,
    KEEP,
    LOSE_HONOR,
    LOSE_LIMIT,
    MARSH_PENALTY,
    MAX_DRAWS,
    MOVE_NOISE,
    MUCH_HONOR,
    NEIGH,
    NINJA_COST,
    PASS_CARDS,
    PASSABLE,
    PATH_N,
    PLAIN_CARDS,
    PROSPERITY_GOLD,
    RAIN_PENALTY,
    RAISE_RESERVE,
    REACH_DST,
    REACH_N,
    RETREAT,
    RIDGE_MARGIN,
    RONIN_CAP,
    RONIN_COST,
    RONIN_FORCE,
    RONIN_MOST,
    RONIN_ON,
    RONIN_RESERVE,
    S_FORD,
    S_MARSH,
    S_PASS,
    S_PLAIN,
    S_RIDGE,
    SITE_KIND,
    STORM_PATH_N,
    STORM_PENALTY,
    STORM_REACH_DST,
    STORM_REACH_N,
    STORM_VIA,
    SUPPORT_FEE,
    SUPPORT_INTEREST,
    SUPPORT_ON,
    TEAMS,
    TREACHERY_COST,
    UPKEEP,
    VIA,
    W_ARMY,
    W_FORTRESS,
    W_HOME,
    W_KEEP,
    WALL_COST,
    WALL_DEFENCE,
    WALL_LEVELS,
    WALL_RESERVE,
    WALL_THREAT,
    WEATHER_ON,
    WIN_EXP,
    WIN_HONOR,
    WIN_LIMIT,
)
from ai.batch.rng import below, uniform
from japanese_swords.actions import WEATHERS
from japanese_swords.board import SIZE as _SIZE
from japanese_swords.cards import NUM_TYPES, Card

_PR, _MH, _IN, _DI = int(Card.PROSPERITY), int(Card.MUCH_HONOR), int(Card.INTRIGUE), int(Card.DIPLOMACY)
_NI, _TR = int(Card.NINJA), int(Card.TREACHERY)
_NT = NUM_TYPES
_RAIN, _STORM = WEATHERS.index("rain"), WEATHERS.index("storm")  # BatchState.weather values
# workspace rows of 16 card counts
_COMMIT_A, _COMMIT_D, _DROP, _HAND_A, _HAND_D = 0, 1, 2, 3, 4
# workspace tuple positions
WK_CARDS, WK_SEQ, WK_SQS, WK_CAND, WK_TQ, WK_TW, WK_FIELD, WK_NOISE, WK_MARK, WK_STAMP = range(10)
# (position 10 is the lane's occupancy masks, ai.batch.lane.WK_OCC)
#: entries of the noise table (``exp(move_noise * k / NOISE_STEPS)``, k = 0..NOISE_STEPS)
NOISE_STEPS = 1024


@jit
def _hand_size(hands: np.ndarray, b: int, seat: int) -> int:
    total = 0
    for c in range(_NT):
        total += hands[b, seat, c]
    return total


@jit_inline
def revenue(st: tuple, b: int, s: int, ipar: np.ndarray, log: np.ndarray, meta: np.ndarray) -> None:
    """Revenue phase: play every Prosperity (the rules' gold each), then end the phase."""
    hands = st[HANDS]
    k = hands[b, s, _PR]
    if k > 0:
        st[GOLD][b, s] += ipar[PROSPERITY_GOLD] * k
        hands[b, s, _PR] = 0
        st[DISCARD][b, _PR] += k
        L.rec(log, meta, L.PROSPERITY, k)
    L.rec(log, meta, L.END)


@jit_inline
def expense(st: tuple, tb: tuple, b: int, s: int, ipar: np.ndarray, rng: np.ndarray, log: np.ndarray,
            meta: np.ndarray, wk: tuple, pay: bool) -> None:
    """Expense phase: upkeep when ``pay`` (disbanding, not the garrison first, lowest experience, lowest
    square, while gold is short), then raising armies (empty fortresses first, lowest square first, then
    random squares). ``pay`` is False for a lane resuming inside the phase, whose upkeep is paid."""
    owner, exp, gold, control = st[OWNER], st[EXP], st[GOLD], st[CONTROL]
    home = tb[HOME][s]
    occ = wk[WK_OCC]
    n = occ_count(occ, s)
    g = gold[b, s]
    upkeep = ipar[UPKEEP]
    if pay:
        if g >= upkeep * n:
            gold[b, s] = g - upkeep * n
        else:
            keep = g // upkeep
            sqs = wk[WK_SQS]
            for _ in range(n - keep):
                best, best_key = -1, 0
                for i in range(occ_squares(occ[s, 0], occ[s, 1], sqs)):
                    sq = sqs[i]
                    key = (1 if sq == home else 0) * 1_000_000_000 + exp[b, sq] * 1000 + sq
                    if best < 0 or key < best_key:
                        best, best_key = sq, key
                remove(st, wk, b, best)
                L.rec(log, meta, L.DISBAND, best)
            gold[b, s] = g - upkeep * keep
            n = keep
    cost, reserve, cap = ipar[ARMY_COST], ipar[RAISE_RESERVE], ipar[ARMY_CAP]
    if gold[b, s] >= cost + reserve and n < cap:
        # engine.raise_squares: empty passable squares on or next to a fortress the seat controls, not a
        # keep or fortress someone else controls
        holding, passable, fortress, neigh = tb[HOLDING], tb[PASSABLE], tb[FORTRESS], tb[NEIGH]
        mark = wk[WK_MARK]
        wk[WK_STAMP][0] += 1
        stamp = wk[WK_STAMP][0]
        for f in tb[FORT_SQ]:
            if control[b, f] != s:
                continue
            for k in range(5):
                sq = f if k == 4 else neigh[f, k]
                if sq >= 0 and passable[sq] and owner[b, sq] < 0 and not (holding[sq] and control[b, sq] != s):
                    mark[sq] = stamp
        cand = wk[WK_CAND]
        nf = no = 0
        for sq in range(owner.shape[1]):
            if mark[sq] == stamp:
                if fortress[sq]:
                    cand[0, nf] = sq
                    nf += 1
                else:
                    cand[1, no] = sq
                    no += 1
        i = 0
        while gold[b, s] >= cost + reserve and n < cap and i < nf + no:
            if i < nf:
                sq = cand[0, i]
            else:
                left = nf + no - i
                j = below(rng, left)
                sq = cand[1, j]
                cand[1, j] = cand[1, left - 1]
            i += 1
            owner[b, sq] = s
            occ_set(occ, s, sq)
            exp[b, sq] = 0
            st[AID][b, sq] = st[NEXT_ID][b]
            st[NEXT_ID][b] += 1
            gold[b, s] -= cost
            n += 1
            L.rec(log, meta, L.RAISE, sq)
    if ipar[WALL_THREAT] > 0 and ipar[WALL_COST] > 0:  # the castles module: walls on a threatened keep
        sq = threatened_keep(st, tb, b, s, ipar)
        if sq >= 0:
            gold[b, s] -= ipar[WALL_COST]
            st[WALLS][b, sq] += 1
            L.rec(log, meta, L.FORTIFY, sq)
    if ipar[RONIN_CAP] > 0 and ipar[RONIN_COST] > 0:  # the ronin module: ronin with armies about to fight
        hire_ronin(st, tb, b, s, ipar, log, meta, wk)
    L.rec(log, meta, L.END)


@jit_inline
def hire_ronin(st: tuple, tb: tuple, b: int, s: int, ipar: np.ndarray, log: np.ndarray, meta: np.ndarray,
               wk: tuple) -> None:
    """Ronin, one at a time, for each army of ``s`` in square order with an enemy army orthogonally next to
    it, up to ``ronin_cap`` (and the module's most) with one army, while ``gold >= cost + ronin_reserve``
    (``ai.rollout_policy.RolloutAgent`` hires the same)."""
    owner, gold, ronin, neigh = st[OWNER], st[GOLD], st[RONIN], tb[NEIGH]
    occ = wk[WK_OCC]
    sqs = wk[WK_SQS]
    cost, floor = ipar[RONIN_COST], ipar[RONIN_COST] + ipar[RONIN_RESERVE]
    cap = min(ipar[RONIN_CAP], ipar[RONIN_MOST])
    for i in range(occ_squares(occ[s, 0], occ[s, 1], sqs)):
        if gold[b, s] < floor:
            return
        sq = sqs[i]
        near = False
        for k in range(4):
            t = neigh[sq, k]
            if t >= 0 and owner[b, t] >= 0 and not allied(ipar[TEAMS], owner[b, t], s):
                near = True
        while near and ronin[b, sq] < cap and gold[b, s] >= floor:
            gold[b, s] -= cost
            ronin[b, sq] += 1
            L.rec(log, meta, L.RONIN, sq)


@jit
def threatened_keep(st: tuple, tb: tuple, b: int, s: int, ipar: np.ndarray) -> int:
    """The keep the policy walls this turn, or -1: the lowest keep ``s`` controls with its own army on it
    and fewer than the most levels of walls, with an enemy army within ``wall_threat`` row plus column
    steps, while ``gold >= cost + wall_reserve`` (``ai.rollout_policy.threatened_keep``)."""
    owner, control, walls = st[OWNER], st[CONTROL], st[WALLS]
    if st[GOLD][b, s] < ipar[WALL_COST] + ipar[WALL_RESERVE]:
        return -1
    reach, teams = ipar[WALL_THREAT], ipar[TEAMS]
    keep = tb[KEEP]
    for h in tb[HOLD_SQ]:
        if not keep[h] or control[b, h] != s or owner[b, h] != s or walls[b, h] >= ipar[WALL_LEVELS]:
            continue
        hr, hc = h // _SIZE, h % _SIZE
        for sq in range(owner.shape[1]):
            o = owner[b, sq]
            if o >= 0 and not allied(teams, o, s) and abs(sq // _SIZE - hr) + abs(sq % _SIZE - hc) <= reach:
                return h
    return -1


@jit_inline
def draw(st: tuple, b: int, s: int, ipar: np.ndarray, rng: np.ndarray, log: np.ndarray, meta: np.ndarray,
         wk: tuple) -> None:
    """Draw phase: the free cards, then paid cards while the policy wants them and can pay: the
    ``j``-th paid card (from 0) while ``free + j < max_draws``, ``gold - j * price >= price + reserve`` and
    ``hand + free + j < hand_target`` (as :class:`ai.rollout_policy.RolloutAgent` decides one at a time)."""
    hands, gold, deck, discard = st[HANDS], st[GOLD], st[DECK], st[DISCARD]
    h = _hand_size(hands, b, s)
    avail = 0
    for c in range(_NT):
        avail += deck[b, c] + discard[b, c]
    free, price = ipar[FREE_DRAWS], ipar[DRAW_PRICE]
    extra = min(ipar[MAX_DRAWS] - free, ipar[HAND_TARGET] - h - free)
    if price > 0:
        extra = min(extra, (gold[b, s] - ipar[DRAW_RESERVE]) // price)
    elif gold[b, s] < ipar[DRAW_RESERVE]:
        extra = 0
    n = min(free + max(extra, 0), avail)
    if n > 0:
        gold[b, s] -= price * max(n - free, 0)
        seq = wk[WK_SEQ]
        got = deal(deck[b], discard[b], n, rng, seq)
        for i in range(got):
            hands[b, s, seq[i]] += 1
        L.rec_cards(log, meta, L.DRAWS, seq, got)
    L.rec(log, meta, L.END)


@jit_inline
def honor(st: tuple, b: int, s: int, ipar: np.ndarray, log: np.ndarray, meta: np.ndarray, wk: tuple) -> None:
    """Honor phase: every Much Honor (stopping at a win), one honor bought, every Intrigue on the alive
    opponent with the most honor (who loses the rules' cards when holding enough by its own knob, else the
    rules' honor). ``ipar`` has a row per seat."""
    hands, gold, hon, alive, discard, done = st[HANDS], st[GOLD], st[HONOR], st[ALIVE], st[DISCARD], st[DONE]
    ip = ipar[s]
    held = hands[b, s, _MH]
    if held > 0:
        gain = ip[MUCH_HONOR]
        k = held
        if gain > 0:
            k = min(held, max(-(-(ip[HONOR_TO_WIN] - hon[b, s]) // gain), 1))
        hands[b, s, _MH] -= k
        discard[b, _MH] += k
        hon[b, s] += gain * k
        L.rec(log, meta, L.MUCH_HONOR, k)
        check_honor(st, b, ip)
        if done[b]:
            return
    if ip[HONOR_BUYS] >= 1 and gold[b, s] >= ip[HONOR_PRICE] + ip[HONOR_RESERVE]:
        gold[b, s] -= ip[HONOR_PRICE]
        hon[b, s] += ip[HONOR_GAIN]
        L.rec(log, meta, L.HONOR)
        check_honor(st, b, ip)
        if done[b]:
            return
    drop = wk[WK_CARDS][_DROP]
    while hands[b, s, _IN] > 0:
        tgt = -1
        for p in range(alive.shape[1]):
            if not allied(ip[TEAMS], p, s) and alive[b, p] and (tgt < 0 or hon[b, p] > hon[b, tgt]):
                tgt = p
        hands[b, s, _IN] -= 1
        discard[b, _IN] += 1
        L.rec(log, meta, L.INTRIGUE, tgt)
        lose_cards = _hand_size(hands, b, tgt) >= max(ip[INTRIGUE_CARDS], ipar[tgt, INTRIGUE_MIN])
        L.rec(log, meta, L.REPLY, 1 if lose_cards else 0)
        if lose_cards:
            discard_down(hands[b, tgt], ip[INTRIGUE_CARDS], drop)
            for c in range(_NT):
                hands[b, tgt, c] -= drop[c]
                discard[b, c] += drop[c]
            L.rec_counts(log, meta, L.DISCARDS, drop)
        else:
            hon[b, tgt] -= ip[INTRIGUE_HONOR]
    L.rec(log, meta, L.END)


@jit
def _noise_factor(table: np.ndarray, step: float, rng: np.ndarray) -> float:
    """``exp(move_noise * U)`` for a fresh uniform U: the table's entry below and a cubic for the rest of
    the step (``step = move_noise / NOISE_STEPS``; relative error below 1e-14). The policy's
    ``log(field) + move_noise * U`` is compared as ``field * exp(move_noise * U)``, which orders the same
    without a logarithm per square."""
    u = uniform(rng) * NOISE_STEPS
    k = int(u)
    x = step * (u - k)
    return table[k] * (1.0 + x * (1.0 + x * (0.5 + x / 6.0)))


@jit
def _field_at(sq: int, nt: int, tq: np.ndarray, tw: np.ndarray, attract: np.ndarray, field: np.ndarray,
              mark: np.ndarray, stamp: int) -> float:
    """The attraction field at ``sq`` (``sum_t w_t * attract[sq, t]``), summed on first use in a phase."""
    if mark[sq] != stamp:
        acc = 1e-12
        row = attract[sq]
        for t in range(nt):
            acc += tw[t] * row[tq[t]]
        field[sq] = acc
        mark[sq] = stamp
    return field[sq]


@jit_inline
def travel(st: tuple, tb: tuple, b: int, s: int, fpar: np.ndarray, rng: np.ndarray, log: np.ndarray,
           meta: np.ndarray, wk: tuple, teams: int) -> None:
    """Travel phase: every army but the garrison (and those that moved before a hand-over), in square
    order, moves to the reachable square (or stays) with the highest attraction plus noise. In a team game
    (``teams`` 1) a partner's armies and holdings are neither targets nor obstacles."""
    owner, control, alive, spent, done = st[OWNER], st[CONTROL], st[ALIVE], st[SPENT], st[DONE]
    holding, home_of, keep = tb[HOLDING], tb[HOME_OF], tb[KEEP]
    # the attraction field, fixed for the phase: keeps and fortresses the seat does not control, enemy armies
    tq, tw = wk[WK_TQ], wk[WK_TW]
    nt = 0
    for h in tb[HOLD_SQ]:
        if not allied(teams, control[b, h], s):
            if keep[h]:
                w = fpar[W_KEEP]
            else:
                ho = home_of[h]
                w = fpar[W_HOME] if ho >= 0 and ho != s and alive[b, ho] else fpar[W_FORTRESS]
            tq[nt] = h
            tw[nt] = w
            nt += 1
    occ = wk[WK_OCC]
    e0 = e1 = np.uint64(0)
    for p in range(occ.shape[0]):
        if not allied(teams, p, s):
            e0 |= occ[p, 0]
            e1 |= occ[p, 1]
    na = occ_squares(e0, e1, tq[nt:])  # enemy armies, in square order
    w_army = fpar[W_ARMY]
    for t in range(nt, nt + na):
        tw[t] = w_army
    nt += na
    movers = wk[WK_SQS]
    home = tb[HOME][s]
    m = 0
    for i in range(occ_squares(occ[s, 0], occ[s, 1], movers)):
        sq = movers[i]
        if sq != home and not spent[b, sq]:
            movers[m] = sq
            m += 1
    if m == 0:
        if not done[b]:
            L.rec(log, meta, L.END)
        return
    # the field is summed only at the squares a mover stands on or may end on, once each (``mark``)
    field, attract, mark = wk[WK_FIELD], tb[ATTRACT], wk[WK_MARK]
    wk[WK_STAMP][0] += 1
    stamp = wk[WK_STAMP][0]
    table = wk[WK_NOISE][s]
    step = fpar[MOVE_NOISE] / NOISE_STEPS
    top = max(table[0], table[NOISE_STEPS])  # the largest noise factor
    reach_n, reach_dst, path_n, via = tb[REACH_N], tb[REACH_DST], tb[PATH_N], tb[VIA]
    if st[WEATHER][b] == _STORM:  # the weather module's storm: dearer terrain, its own reach tables
        reach_n, reach_dst, path_n, via = tb[STORM_REACH_N], tb[STORM_REACH_DST], tb[STORM_PATH_N], tb[STORM_VIA]
    middle = via.shape[3]
    for i in range(m):
        if done[b]:
            break
        sq = movers[i]
        here = _field_at(sq, nt, tq, tw, attract, field, mark, stamp)
        best, best_val = -1, here * _noise_factor(table, step, rng)
        for k in range(reach_n[sq]):
            d = reach_dst[sq, k]
            if owner[b, d] >= 0:
                continue
            f = _field_at(d, nt, tq, tw, attract, field, mark, stamp)
            # a square whose field times the largest noise factor cannot beat the best is skipped undrawn
            if f * top <= best_val:
                continue
            n_paths = path_n[sq, k]
            clear = n_paths == 0  # some path there crosses no enemy army (the army's own square pads a path)
            for m in range(n_paths):
                clear = True
                for j in range(middle):
                    o = owner[b, via[sq, k, m, j]]
                    if o >= 0 and not allied(teams, o, s):
                        clear = False
                        break
                if clear:
                    break
            if not clear:
                continue  # every path blocked by enemies
            val = f * _noise_factor(table, step, rng)
            if val > best_val:
                best, best_val = d, val
        if best >= 0:
            relocate(st, wk, b, sq, best)
            L.rec(log, meta, L.MOVE, sq, best)
            take_control(st, wk, b, best, s, holding, home_of, teams)
    if not done[b]:
        L.rec(log, meta, L.END)


@jit_inline
def battle(st: tuple, tb: tuple, b: int, s: int, ipar: np.ndarray, fpar: np.ndarray, rng: np.ndarray,
           log: np.ndarray, meta: np.ndarray, wk: tuple) -> None:
    """Battle phase: each army (in square order, not those that attacked before a hand-over) attacks its
    best adjacent enemy when its expected edge plus noise beats the margin (the knobs of the turn player's
    row of ``fpar``; each side of a battle decides by its own row)."""
    owner, exp, hands, spent, done, alive = st[OWNER], st[EXP], st[HANDS], st[SPENT], st[DONE], st[ALIVE]
    fp = fpar[s]
    neigh, defense = tb[NEIGH], tb[DEFENSE]
    armies = wk[WK_SQS]
    occ = wk[WK_OCC]
    m = 0
    for i in range(occ_squares(occ[s, 0], occ[s, 1], armies)):
        sq = armies[i]
        if not spent[b, sq]:
            armies[m] = sq
            m += 1
    commit = wk[WK_CARDS][_COMMIT_A]
    avg = fp[AVG_FORCE]
    teams = ipar[s, TEAMS]
    for i in range(m):
        if done[b] or not alive[b, s]:
            break
        sq = armies[i]
        if owner[b, sq] != s:
            continue
        best, best_adv, mine = -1, -np.inf, -1.0
        for k in range(4):
            t = neigh[sq, k]
            if t < 0:
                continue
            o = owner[b, t]
            if o < 0 or allied(teams, o, s):
                continue
            if best < 0:
                greedy_commit(hands[b, s], commit, ipar[s])
                mine = float(force(commit, False) + exp[b, sq])
            theirs = avg * min(_hand_size(hands, b, o), ipar[s, COMMIT_CARDS]) + exp[b, t] + defense[t]
            adv = mine - theirs
            if best < 0 or adv > best_adv:
                best, best_adv = t, adv
        if best < 0:
            continue
        if best_adv + fp[ATTACK_NOISE] * (uniform(rng) - 0.5) > fp[ATTACK_MARGIN]:
            fight(st, tb, b, s, sq, best, ipar, fpar, rng, log, meta, wk)


@jit_inline
def _discard_to(st: tuple, b: int, seat: int, limit: int, log: np.ndarray, meta: np.ndarray,
                drop: np.ndarray) -> None:
    """``seat`` (if still in the game) discards down to ``limit`` cards, least useful first."""
    hands, discard = st[HANDS], st[DISCARD]
    if not st[ALIVE][b, seat]:
        return
    excess = _hand_size(hands, b, seat) - limit
    if excess <= 0:
        return
    discard_down(hands[b, seat], excess, drop)
    for c in range(_NT):
        hands[b, seat, c] -= drop[c]
        discard[b, c] += drop[c]
    L.rec_counts(log, meta, L.DISCARDS, drop)


@jit_inline
def spare_defender(st: tuple, tb: tuple, wk: tuple, b: int, dsq: int, wsq: int) -> bool:
    """The retreat-siege module for the beaten defender on ``dsq`` (the winner on ``wsq``): on its own home
    fortress, a first loss breaches it (the army stays, 1 experience less, at least 0); in the open, an army
    with experience retreats with 1 less to a free passable neighbour not next to the winner nor a keep or
    fortress it does not hold, straight away from the winner first, else the lowest square
    (``retreat_siege.spare_defender``). True if the army stays in the game."""
    owner, exp, control, breached = st[OWNER], st[EXP], st[CONTROL], st[BREACHED]
    neigh, holding, passable = tb[NEIGH], tb[HOLDING], tb[PASSABLE]
    seat = owner[b, dsq]
    if tb[HOME_OF][dsq] == seat:
        if breached[b, dsq]:
            return False  # the second win takes the fortress
        breached[b, dsq] = True
        exp[b, dsq] = max(0, exp[b, dsq] - 1)
        return True
    if holding[dsq] or exp[b, dsq] == 0:
        return False
    away = 2 * dsq - wsq
    dest = -1
    for k in range(4):
        n = neigh[dsq, k]
        if n < 0 or owner[b, n] >= 0 or not passable[n] or n == wsq:
            continue
        if holding[n] and control[b, n] != seat:
            continue
        touches = False
        for j in range(4):
            if neigh[n, j] == wsq:
                touches = True
        if touches:
            continue
        if n == away:
            dest = n
            break
        if dest < 0 or n < dest:
            dest = n
    if dest < 0:
        return False
    relocate(st, wk, b, dsq, dest)
    exp[b, dest] -= 1
    return True


@jit
def _support(owner: np.ndarray, gold: np.ndarray, neigh: np.ndarray, b: int, seat: int, asq: int, dsq: int,
             fee: int) -> int:
    """The support module's choice of ``seat`` in the battle of ``asq`` on ``dsq``: every supporter it may
    pay for (its armies next to the defended square but the attacker, as many as its gold buys at ``fee``),
    as ``ai.toolkit.modules.support_choice`` pays for the scalar policy."""
    n = 0
    for k in range(4):
        t = neigh[dsq, k]
        if t >= 0 and t != asq and owner[b, t] == seat:
            n += 1
    return n if fee == 0 else min(n, gold[b, seat] // fee)


@jit_inline
def fight(st: tuple, tb: tuple, b: int, sa: int, asq: int, dsq: int, ipar: np.ndarray, fpar: np.ndarray,
          rng: np.ndarray, log: np.ndarray, meta: np.ndarray, wk: tuple) -> None:
    """The army of seat ``sa`` at ``asq`` attacks the enemy army at ``dsq``: both draw, commit and resolve
    (japanese_swords.phases.battle.resolve), then the discard queue (winner first; attacker first after Diplomacy).
    The defender's Diplomacy is its own decision (its row of ``fpar``); the rest is rules (any row of ``ipar``)."""
    owner, exp, hands, deck, discard, hon = st[OWNER], st[EXP], st[HANDS], st[DECK], st[DISCARD], st[HONOR]
    ip = ipar[sa]
    cards = wk[WK_CARDS]
    ha, hd, ac, dc = cards[_HAND_A], cards[_HAND_D], cards[_COMMIT_A], cards[_COMMIT_D]
    L.rec(log, meta, L.ATTACK, asq, dsq)
    ds = np.int64(owner[b, dsq])
    nd = ip[BATTLE_DRAW]
    sup_a = sup_d = 0
    if ip[SUPPORT_ON]:  # the support module: attacker then defender pay for supporters, each a card more
        gold, fee = st[GOLD], ip[SUPPORT_FEE]
        sup_a = _support(owner, gold, tb[NEIGH], b, sa, asq, dsq, fee)
        if sup_a > 0:  # (a side that cannot pay for one is skipped without a decision)
            gold[b, sa] -= fee * sup_a
            L.rec(log, meta, L.SUPPORT, sup_a)
        sup_d = _support(owner, gold, tb[NEIGH], b, ds, asq, dsq, fee)
        if sup_d > 0:
            gold[b, ds] -= fee * sup_d
            L.rec(log, meta, L.SUPPORT, sup_d)
    seq = wk[WK_SEQ]
    got = deal(deck[b], discard[b], 2 * nd + sup_a + sup_d, rng, seq)
    L.rec_cards(log, meta, L.DEALS, seq, got)
    for c in range(_NT):
        ha[c] = hands[b, sa, c]
        hd[c] = hands[b, ds, c]
    for i in range(got):
        if i < nd + sup_a:
            ha[seq[i]] += 1
        else:
            hd[seq[i]] += 1
    site = tb[SITE_KIND][dsq]
    limit = ip[COMMIT_CARDS]
    if site == S_PASS:  # a pass: at most the module's cards a side
        limit = min(limit, ip[PASS_CARDS])
    greedy_commit_upto(ha, ac, ip, limit)
    greedy_commit_upto(hd, dc, ip, limit)
    ea, ed, terrain = exp[b, asq], exp[b, dsq], tb[DEFENSE][dsq]
    na = 0
    for c in range(_NT):
        na += ac[c]
    fd = fpar[ds]
    if hd[_DI] > 0 and force(dc, False) + ed + terrain < fd[AVG_FORCE] * na + ea - fd[DIP_MARGIN]:
        for c in range(_NT):
            dc[c] = 0
        dc[_DI] = 1  # a hopeless defence: Diplomacy alone
    size_a = size_d = 0
    for c in range(_NT):
        size_a += ha[c]
        size_d += hd[c]
        hands[b, sa, c] = ha[c] - ac[c]
        hands[b, ds, c] = hd[c] - dc[c]
        discard[b, c] += ac[c] + dc[c]
    if size_a > 0:
        L.rec_counts(log, meta, L.COMMIT, ac)
    if size_d > 0:
        L.rec_counts(log, meta, L.COMMIT, dc)
    dip = ac[_DI] + dc[_DI] > 0
    fa, fd = force(ac, dc[_NI] > 0), force(dc, ac[_NI] > 0)
    if ip[ARMS]:  # terrain and arms: each card's change for its side on the defended square
        att_arms, def_arms = tb[ARMS_ATTACK], tb[ARMS_DEFEND]
        for c in range(_NT):
            fa += att_arms[dsq, c] * ac[c]
            fd += def_arms[dsq, c] * dc[c]
    n_def = 0
    for c in range(_NT):
        n_def += dc[c]
    if site == S_FORD:  # each side's weakest card does not count (the engine recounts the cards)
        fa, fd = force_without_weakest(ac, dc[_NI] > 0), force_without_weakest(dc, ac[_NI] > 0)
    elif site == S_MARSH and na != n_def:  # the side with more cards loses force
        if na > n_def:
            fa -= ip[MARSH_PENALTY]
        else:
            fd -= ip[MARSH_PENALTY]
    total_a, total_d = fa + ea, fd + ed + terrain + st[WALLS][b, dsq] * ip[WALL_DEFENCE]  # (castles' walls)
    if ip[RONIN_ON]:  # each side's ronin (the lanes hire none; a start state may have them)
        ronin = st[RONIN]
        total_a += ronin[b, asq] * ip[RONIN_FORCE]
        total_d += ronin[b, dsq] * ip[RONIN_FORCE]
    if ip[WEATHER_ON]:  # the weather module: rain and storm weaken the attacker
        sky = st[WEATHER][b]
        total_a -= ip[RAIN_PENALTY] if sky == _RAIN else (ip[STORM_PENALTY] if sky == _STORM else 0)
    attacker_wins = total_a > total_d
    if not dip and site == S_RIDGE:  # the attacker must win by the margin, else nobody wins
        dip = total_d < total_a < total_d + ip[RIDGE_MARGIN]
    elif not dip and site == S_PLAIN:  # the winner needs enough cards, else nobody wins
        dip = (na if attacker_wins else n_def) < ip[PLAIN_CARDS]
    first, second = (sa, ds) if dip or attacker_wins else (ds, sa)
    if dip:  # no winner: Diplomacy, or a site's rule
        lim1 = lim2 = ip[DIP_LIMIT]
    else:
        lim1, lim2 = ip[WIN_LIMIT], ip[LOSE_LIMIT]
        w_sq, l_sq = (asq, dsq) if attacker_wins else (dsq, asq)
        hon[b, first] += ip[WIN_HONOR]
        hon[b, second] += ip[LOSE_HONOR]
        hon[b, sa] -= ip[TREACHERY_COST] * ac[_TR] + ip[NINJA_COST] * ac[_NI]
        hon[b, ds] -= ip[TREACHERY_COST] * dc[_TR] + ip[NINJA_COST] * dc[_NI]
        if attacker_wins and ip[RETREAT] and spare_defender(st, tb, wk, b, dsq, asq):
            exp[b, w_sq] += ip[WIN_EXP]  # the beaten defender retreated or held its breached fortress
        elif tb[HOLDING][l_sq]:  # the winner moves into the loser's keep or fortress
            remove(st, wk, b, l_sq)
            relocate(st, wk, b, w_sq, l_sq)
            exp[b, l_sq] += ip[WIN_EXP]
            take_control(st, wk, b, l_sq, first, tb[HOLDING], tb[HOME_OF], ip[TEAMS])
        else:
            remove(st, wk, b, l_sq)
            exp[b, w_sq] += ip[WIN_EXP]
        if sup_a + sup_d > 0:  # the winner's supporters earn their fee back with interest
            st[GOLD][b, first] += (sup_a if attacker_wins else sup_d) * (ip[SUPPORT_FEE] + ip[SUPPORT_INTEREST])
    check_honor(st, b, ip)
    if st[DONE][b]:
        return
    drop = cards[_DROP]
    _discard_to(st, b, first, lim1, log, meta, drop)
    _discard_to(st, b, second, lim2, log, meta, drop)
