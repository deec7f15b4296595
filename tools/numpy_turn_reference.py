"""FROZEN REFERENCE, not used by the game or the AI: the numpy batch turn loop that the compiled simulator
(:mod:`ai.batch.kernel`) replaced. ``tools/bench_rollouts.py`` and ``tests/benchmarks/test_bench_batch.py``
time it against the compiled simulator in the same run. Do not edit it to make it faster: it is the yardstick.

Every live lane plays one whole turn per call, under the rollout policy; the loops run over phases, armies of
one player and cards dealt, never over lanes (numpy calls over the batch axis).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ai.batch.policy import COMMIT_PRIORITY, DISCARD_ORDER_ARR, FORCE_ARR, RolloutPolicy
from ai.batch.state import BatchState
from japanese_swords.board import NUM_SQUARES, Terrain
from japanese_swords.cards import NUM_TYPES, Card
from japanese_swords.core import Phase

_REVENUE, _EXPENSE, _DRAW = int(Phase.REVENUE), int(Phase.EXPENSE), int(Phase.DRAW)
_HONOR, _TRAVEL, _BATTLE = int(Phase.HONOR), int(Phase.TRAVEL), int(Phase.BATTLE)
_PR, _MH, _IN, _DI = int(Card.PROSPERITY), int(Card.MUCH_HONOR), int(Card.INTRIGUE), int(Card.DIPLOMACY)
_DA, _NI, _TR = int(Card.DAIMYO), int(Card.NINJA), int(Card.TREACHERY)
_SQ = np.arange(NUM_SQUARES)
_TYPES = np.arange(NUM_TYPES)
_BIG = 1 << 40


# ----- card helpers (rows of 16 counts) ------------------------------------------------------------------
_PRI_CARDS = np.array([int(c) for c, _ in COMMIT_PRIORITY])
_PRI_CAPS = np.array([cap for _, cap in COMMIT_PRIORITY])
_PRI_SOLDIER = np.array([c.is_soldier for c, _ in COMMIT_PRIORITY])


def _budget(demand: np.ndarray, budget: int) -> np.ndarray:
    """Greedy takes along the columns of ``demand`` [m, k] from one shared ``budget`` per row."""
    before = np.cumsum(demand, axis=1) - demand
    return np.clip(budget - before, 0, demand)


def greedy_commit(hands: np.ndarray) -> np.ndarray:
    """Vectorised :func:`ai.batch.policy.greedy_commit` over rows of hands [m, 16].

    The sequential greedy (take each card type in priority order up to its cap, the 5-soldier budget and
    the 7-card budget) equals two passes: soldiers alone against their budget, then everything against
    the card budget (once the card budget binds, every later type takes nothing either way)."""
    demand = np.minimum(hands[:, _PRI_CARDS], _PRI_CAPS)
    demand = np.where(_PRI_SOLDIER, _budget(demand * _PRI_SOLDIER, 5), demand)
    take = _budget(demand, 7)
    out = np.zeros_like(hands)
    out[:, _PRI_CARDS] = take
    fallback = (take.sum(1) == 0) & (hands.sum(1) > 0)
    if fallback.any():
        rows = np.nonzero(fallback)[0]
        out[rows, first_discard(hands[rows])] = 1
    return out


def first_discard(hands: np.ndarray) -> np.ndarray:
    """Per row, the card type the policy discards first (rows must not be empty)."""
    return DISCARD_ORDER_ARR[np.argmax(hands[:, DISCARD_ORDER_ARR] > 0, axis=1)]


def discard_down(hands: np.ndarray, excess: np.ndarray) -> np.ndarray:
    """Counts of the ``excess`` cards per row the policy discards (lowest valued first)."""
    out = np.zeros_like(hands)
    left = excess.astype(hands.dtype).copy()
    for c in DISCARD_ORDER_ARR:
        k = np.minimum(hands[:, c], left)
        out[:, c] = k
        left -= k
        if not left.any():
            break
    return out


def force(counts: np.ndarray, opponent_ninja: np.ndarray | None = None) -> np.ndarray:
    """Battle force of commitments [m, 16] (a Daimyo counts 0 against an opponent's Ninja)."""
    f = counts @ FORCE_ARR
    if opponent_ninja is not None:
        f = f - FORCE_ARR[_DA] * counts[:, _DA] * opponent_ninja
    return f


def _rows(arr: np.ndarray, lanes: np.ndarray) -> np.ndarray:
    """``arr[lanes]``, but no copy when ``lanes`` (sorted, distinct) is every lane: never write to it."""
    return arr if lanes.size == arr.shape[0] else arr[lanes]


def _take(arr: np.ndarray, lanes: np.ndarray, idx: np.ndarray) -> np.ndarray:
    """``arr[lanes[:, None...], idx]`` for a 2-D ``arr`` through one flat take (several times faster)."""
    base = lanes.reshape((-1,) + (1,) * (idx.ndim - 1)) * arr.shape[1]
    return np.take(arr, base + idx)


_NOT_WEST = (_SQ % 10) != 0  # squares with a neighbour to the west (column > a)
_NOT_EAST = (_SQ % 10) != 9


def _adjacent(mask: np.ndarray) -> np.ndarray:
    """Squares orthogonally next to a square set in ``mask`` [m, 100] (shifts on the flat 10x10 grid)."""
    out = np.zeros_like(mask)
    out[:, 10:] |= mask[:, :-10]
    out[:, :-10] |= mask[:, 10:]
    out[:, 1:] |= mask[:, :-1] & _NOT_EAST[None, :-1]
    out[:, :-1] |= mask[:, 1:] & _NOT_WEST[None, 1:]
    return out


def _counts(seq: np.ndarray) -> np.ndarray:
    """Card counts [m, 16] of sequences of card types [m, k] (-1 = none)."""
    return (seq[:, :, None] == _TYPES[None, None, :]).sum(1)


class TurnRunner:
    """Runs whole turns on a :class:`BatchState` with one policy, generator and optional recorder."""

    def __init__(self, state: BatchState, rng: np.random.Generator, policy: RolloutPolicy | None = None,
                 recorder: Any = None) -> None:
        """Bind the state, generator, policy and recorder; precompute the map's look-ups."""
        self.S = state
        self.rng = rng
        self.p = policy or RolloutPolicy()
        self.rec = recorder
        t = state.tables
        self.t = t
        self.rules = state.game.rules
        self.kernel = t.kernel(self.p.field_decay)
        # neighbours N, E, S, W; off the board reads as the square itself (its own army: never an enemy)
        self.neigh = np.where(t.neigh < 0, np.arange(NUM_SQUARES)[:, None], t.neigh)
        self.passable = t.terrain != int(Terrain.IMPASSABLE)
        self.home = np.array(state.game.board.fortresses, dtype=np.int64)
        b = state.size
        self.early = np.zeros(b, dtype=bool)  # the turn player was put out during its own turn
        forts = np.nonzero(t.fortress)[0]
        zone = np.zeros((forts.size, NUM_SQUARES), dtype=bool)  # a fortress and its neighbours
        for i, f in enumerate(forts):
            zone[i, f] = True
            zone[i, t.neigh[f][t.neigh[f] >= 0]] = True
        zs = np.nonzero(zone.any(0))[0]  # squares where some fortress's owner may raise
        self.forts, self.zone_sq, self.zone = forts, zs, zone[:, zs]
        # The reach table recast so that one test decides a move: an unused entry points at the army's own
        # square (occupied, so never a free destination); the middle squares of a direct step are the
        # army's own square (a friend: the path is clear); a lone middle square is repeated.
        src = np.arange(NUM_SQUARES + 1)[:, None]
        dst, via = t.reach_dst, t.reach_via
        self.r_dst = np.where(dst >= 0, dst, src)
        v0 = np.where(via[:, :, 0] == -2, src, np.where(via[:, :, 0] >= 0, via[:, :, 0], src))
        v1 = np.where(via[:, :, 1] >= 0, via[:, :, 1], v0)
        self.r_via = np.stack([v0, v1], axis=-1)
        self.hold_sq = np.nonzero(t.holding)[0]
        self.hold_keep = t.keep[self.hold_sq]
        self.hold_home = t.home_of[self.hold_sq]
        self.hold_kernel = np.ascontiguousarray(self.kernel[self.hold_sq])
        rules = self.rules
        self.hold_revenue = np.where(t.fortress[self.hold_sq], rules.fortress_revenue, rules.keep_revenue)

    # ----- small shared pieces ---------------------------------------------------------------------------
    def _record(self, kind: str, lanes: np.ndarray, data: np.ndarray | None = None) -> None:
        """Append an event to the recorder, if recording."""
        if self.rec is not None:
            self.rec.add(kind, lanes, data)

    def _live(self, lanes: np.ndarray, seats: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The lanes (and their seats) still playing this turn: game not over, turn player not put out."""
        keep = ~(self.S.done[lanes] | self.early[lanes])
        return lanes[keep], seats[keep]

    def _remove(self, lanes: np.ndarray, squares: np.ndarray) -> None:
        """Take the armies on ``squares`` off the board."""
        S = self.S
        S.owner[lanes, squares] = -1
        S.exp[lanes, squares] = 0
        S.aid[lanes, squares] = -1

    def _relocate(self, lanes: np.ndarray, src: np.ndarray, dst: np.ndarray) -> None:
        """Move armies from ``src`` to ``dst`` (experience and id go with them)."""
        S = self.S
        for arr, empty in ((S.owner, -1), (S.exp, 0), (S.aid, -1)):
            arr[lanes, dst] = arr[lanes, src]
            arr[lanes, src] = empty

    def _take_control(self, lanes: np.ndarray, squares: np.ndarray, seats: np.ndarray) -> None:
        """An army of ``seats`` ended on ``squares``: keeps and fortresses change hands; taking a live
        player's home fortress puts that player out."""
        S, t = self.S, self.t
        hold = t.holding[squares]
        lanes, squares, seats = lanes[hold], squares[hold], seats[hold]
        S.control[lanes, squares] = seats
        home = t.home_of[squares]
        ok = (home >= 0) & (home != seats)
        ok[ok] &= S.alive[lanes[ok], home[ok]]
        if ok.any():
            self._eliminate(lanes[ok], home[ok], seats[ok])

    def _eliminate(self, lanes: np.ndarray, seats: np.ndarray, captors: np.ndarray) -> None:
        """Put ``seats`` out (ruling 4, engine.eliminate); the last seat left wins."""
        S = self.S
        S.alive[lanes, seats] = False
        S.eliminated_by[lanes, seats] = captors
        gone = S.owner[lanes] == seats[:, None].astype(np.int8)
        rows, sqs = np.nonzero(gone)
        self._remove(lanes[rows], sqs)
        ctl = S.control[lanes]
        ctl[ctl == seats[:, None]] = -1
        S.control[lanes] = ctl
        S.discard[lanes] += S.hands[lanes, seats]
        S.hands[lanes, seats] = 0
        last = S.alive[lanes].sum(1) == 1
        if last.any():
            lw = lanes[last]
            S.winner[lw] = np.argmax(S.alive[lw], axis=1)
            S.done[lw] = True
        self.early[lanes] |= ~S.alive[lanes, S.turn_player[lanes]]

    def _check_honor(self, lanes: np.ndarray) -> None:
        """Honor victory: the first seat in turn order from the turn player with enough honor wins."""
        S = self.S
        lanes = lanes[~S.done[lanes]]
        reach = S.alive[lanes] & (S.honor[lanes] >= self.rules.honor_to_win)
        any_ = reach.any(1)
        if not any_.any():
            return
        lanes, reach = lanes[any_], reach[any_]
        n = S.num_players
        pos = (S.turn_index[lanes, None] + np.arange(n)[None, :]) % n
        seats = np.take_along_axis(S.order[lanes], pos, axis=1)
        hit = np.take_along_axis(reach, seats, axis=1)
        S.winner[lanes] = seats[np.arange(lanes.size), np.argmax(hit, axis=1)]
        S.done[lanes] = True

    def _sample(self, deck: np.ndarray, k: np.ndarray) -> np.ndarray:
        """Draw ``k[i] <= deck[i].sum()`` cards without replacement from each row of ``deck`` (updated in
        place); returns the card types [m, max k] in dealing order, -1 padded."""
        width = int(k.max()) if k.size else 0
        m = deck.shape[0]
        if not width:
            return np.full((m, 0), -1, dtype=np.int64)
        if width <= 4 or m >= 64:  # one vectorised step per card (cheaper than sorting, but for few rows)
            seq = np.full((m, width), -1, dtype=np.int64)
            tot = deck.sum(1)
            u = self.rng.random((m, width))
            ar = np.arange(m)
            for j in range(width):
                want = k > j
                if want.all():  # every row takes a card: no gathers
                    r = (u[:, j] * tot).astype(np.int64)
                    card = (np.cumsum(deck, axis=1) <= r[:, None]).sum(1)
                    deck[ar, card] -= 1
                    tot -= 1
                    seq[:, j] = card
                    continue
                rows = ar[want]
                r = (u[rows, j] * tot[rows]).astype(np.int64)
                card = (np.cumsum(deck[rows], axis=1) <= r[:, None]).sum(1)
                deck[rows, card] -= 1
                tot[rows] -= 1
                seq[rows, j] = card
            return seq
        # many cards: distinct random positions in the deck, in random order (the same distribution)
        tot = deck.sum(1)
        keys = self.rng.random((m, max(int(tot.max()), width)))
        keys[np.arange(keys.shape[1])[None, :] >= tot[:, None]] = 2.0
        pos = np.argsort(keys, axis=1)[:, :width]
        seq = (np.cumsum(deck, axis=1)[:, None, :] <= pos[:, :, None]).sum(-1)
        seq = np.where(np.arange(width)[None, :] < k[:, None], seq, -1)
        deck -= _counts(seq)
        return seq

    def _deal(self, lanes: np.ndarray, n: np.ndarray) -> np.ndarray:
        """Deal ``n`` cards per lane as the engine does: from the deck; when it is empty and cards are still
        due, the discard pile becomes the deck (ruling 7); when both are empty the rest are not dealt.
        Returns the card sequences [m, max n] in dealing order, -1 where no card came."""
        S = self.S
        width = int(n.max()) if n.size else 0
        seq = np.full((lanes.size, width), -1, dtype=np.int64)
        if not width:
            return seq
        deck = S.deck[lanes]
        total = deck.sum(1)
        k1 = np.minimum(n, total)
        first = self._sample(deck, k1)
        seq[:, : first.shape[1]] = first
        short = np.nonzero(n > k1)[0]
        if short.size:  # the deck ran out with cards still due: reshuffle the discard pile
            ls = lanes[short]
            deck[short] = S.discard[ls]
            S.discard[ls] = 0
            k2 = np.minimum(n[short] - k1[short], deck[short].sum(1))
            sub = deck[short]
            second = self._sample(sub, k2)
            deck[short] = sub
            cols = k1[short, None] + np.arange(second.shape[1])[None, :]
            ok = second >= 0
            seq[np.repeat(short, ok.sum(1)), cols[ok]] = second[ok]
        S.deck[lanes] = deck
        return seq

    # ----- the turn ----------------------------------------------------------------------------------------
    def run_turn(self, active: np.ndarray | None = None) -> int:
        """Advance every unfinished lane (of the ``active`` mask, if given) by one player-turn, or by the
        rest of it for a lane resuming inside its turn; returns how many lanes played."""
        S = self.S
        if self.rec is not None:
            self.rec.next_turn()
        lanes = np.nonzero(~S.done if active is None else active & ~S.done)[0]
        if not lanes.size:
            return 0
        self.early[:] = False
        S.turns[lanes] += 1
        seats = S.turn_player[lanes].astype(np.int8)  # int8 like owner/control: fast comparisons
        live, live_seats = lanes, seats
        resuming = bool((S.start_phase[lanes] != _REVENUE).any())
        for pid, phase in ((_REVENUE, self._revenue), (_EXPENSE, self._expense), (_DRAW, self._draw),
                           (_HONOR, self._honor), (_TRAVEL, self._travel), (_BATTLE, self._battle)):
            live, live_seats = self._live(live, live_seats)
            if resuming:
                here = S.start_phase[live] <= pid  # a lane resuming at a later phase skips this one
                go, go_seats = live[here], live_seats[here]
            else:
                go, go_seats = live, live_seats
            if go.size:
                phase(go, go_seats)
        if resuming:
            S.start_phase[lanes] = _REVENUE
            S.spent[lanes] = False
        fin = lanes[~S.done[lanes]]
        self._record("end", fin[~self.early[fin]])
        self._end_turn(fin)
        return int(lanes.size)

    def _revenue(self, L: np.ndarray, s: np.ndarray) -> None:
        """Revenue phase: play every Prosperity, then end the phase."""
        S = self.S
        k = S.hands[L, s, _PR]
        S.gold[L, s] += 3 * k
        S.hands[L, s, _PR] = 0
        S.discard[L, _PR] += k
        has = k > 0
        self._record("prosperity", L[has], k[has])
        self._record("end", L)

    def _expense(self, L: np.ndarray, s: np.ndarray) -> None:
        """Expense phase: upkeep (disbanding when short), then raising armies."""
        S, p, rules = self.S, self.p, self.rules
        end_lanes = L
        own = _rows(S.owner, L) == s[:, None]
        n = own.sum(1)
        gold = S.gold[L, s]
        cost = rules.upkeep * n
        short = gold < cost
        S.gold[L[~short], s[~short]] -= cost[~short]
        if short.any():
            ls, ss, gs, ns = L[short], s[short], gold[short], n[short]
            k = ns - gs // rules.upkeep
            home = self.home[ss]
            for _ in range(int(k.max())):
                act = k > 0
                la, sa = ls[act], ss[act]
                on_home = _SQ[None, :] == home[act][:, None]
                key = on_home * 10**9 + S.exp[la] * 1000 + _SQ[None, :]
                key = np.where(S.owner[la] == sa[:, None], key, _BIG)
                sq = np.argmin(key, axis=1)
                self._remove(la, sq)
                self._record("disband", la, sq)
                k[act] -= 1
            S.gold[ls, ss] -= rules.upkeep * (gs // rules.upkeep)
        t = self.t
        n = (_rows(S.owner, L) == s[:, None]).sum(1)
        zs = self.zone_sq
        gold = S.gold[L, s]
        want = np.minimum(np.maximum((gold - p.raise_reserve) // rules.army_cost, 0), p.army_cap - n)
        ok = want > 0
        if ok.any():
            L, s, want = L[ok], s[ok], want[ok]
            my_forts = _take(S.control, L, self.forts[None, :]) == s[:, None]  # [m, fortresses]
            ctl = _take(S.control, L, zs[None, :])
            empty = _take(S.owner, L, zs[None, :]) < 0
            cand = ((my_forts[:, :, None] & self.zone[None, :, :]).any(1) & empty
                    & self.passable[zs][None, :] & ~(t.holding[zs][None, :] & (ctl != s[:, None])))
            # The policy raises one army at a time: on its empty fortresses first (lowest square first),
            # then on random free squares; raising changes no candidate but the one taken, so the squares
            # are a random order of the candidates with the fortresses in front, taken while gold lasts.
            key = np.where(t.fortress[zs][None, :], -2.0 + zs[None, :] / 1000.0,
                           self.rng.random(cand.shape))
            key = np.where(cand, key, 9.0)
            k = np.minimum(want, cand.sum(1))
            order = np.argsort(key, axis=1)[:, : int(k.max()) if k.size else 0]
            for j in range(order.shape[1]):
                go = k > j
                la, sa = L[go], s[go]
                sq = zs[order[go, j]]
                S.owner[la, sq], S.exp[la, sq], S.aid[la, sq] = sa, 0, S.next_id[la]
                S.next_id[la] += 1
                S.gold[la, sa] -= rules.army_cost
                self._record("raise", la, sq)
        self._record("end", end_lanes)

    def _draw(self, L: np.ndarray, s: np.ndarray) -> None:
        """Draw phase: the free card, then paid cards while the policy wants them."""
        S, p = self.S, self.p
        hand = S.hands[L, s]
        h = hand.sum(1)
        gold = S.gold[L, s]
        avail = _rows(S.deck, L).sum(1) + _rows(S.discard, L).sum(1)
        extra = np.clip(np.minimum(np.minimum(p.max_draws - 1, gold - p.draw_reserve), p.hand_target - h - 1),
                        0, None)
        n = np.minimum(1 + extra, avail)
        S.gold[L, s] -= np.maximum(n - 1, 0)
        if n.any():
            seq = self._deal(L, n)
            S.hands[L, s] = hand + _counts(seq)
            has = n > 0
            self._record("draws", L[has], seq[has])
        self._record("end", L)

    def _honor(self, L: np.ndarray, s: np.ndarray) -> None:
        """Honor phase: Much Honor, one honor bought, Intrigue (victory checked after each gain)."""
        S, p, rules = self.S, self.p, self.rules
        held = S.hands[L, s, _MH]
        if held.any():
            # every Much Honor, one after another; only the turn player's honor grows, so the game can only
            # end by its reaching the target, which stops the plays there
            la, sa, held = L[held > 0], s[held > 0], held[held > 0]
            honor = S.honor[la, sa]
            need = np.maximum(-(-(rules.honor_to_win - honor) // 4), 1)
            k = np.minimum(held, need)
            S.hands[la, sa, _MH] -= k
            S.discard[la, _MH] += k
            S.honor[la, sa] = honor + 4 * k
            self._record("much_honor", la, k)
            self._check_honor(la)
            L, s = self._live(L, s)
        if rules.honor_buys_per_phase >= 1:
            buy = S.gold[L, s] >= 1 + p.honor_reserve
            la, sa = L[buy], s[buy]
            S.gold[la, sa] -= 1
            S.honor[la, sa] += 1
            self._record("honor", la)
            self._check_honor(la)
            L, s = self._live(L, s)
        n = S.num_players
        while True:
            act = S.hands[L, s, _IN] > 0
            if not act.any():
                break
            la, sa = L[act], s[act]
            opp = S.alive[la] & (np.arange(n)[None, :] != sa[:, None])
            key = np.where(opp, S.honor[la] * 8 - np.arange(n)[None, :], -_BIG)
            tgt = np.argmax(key, axis=1)
            S.hands[la, sa, _IN] -= 1
            S.discard[la, _IN] += 1
            self._record("intrigue", la, tgt)
            th = S.hands[la, tgt]
            cards = th.sum(1) >= max(3, p.intrigue_cards_min)
            self._record("reply", la, cards.astype(np.int64))
            lc = la[~cards]
            S.honor[lc, tgt[~cards]] -= 3
            if cards.any():
                lk, tk = la[cards], tgt[cards]
                d = discard_down(th[cards], np.full(lk.size, 3))
                S.hands[lk, tk] -= d
                S.discard[lk] += d
                self._record("discards", lk, d)
        self._record("end", L)

    @staticmethod
    def _sorted_squares(mask: np.ndarray) -> np.ndarray:
        """Per row, the squares set in ``mask`` [m, 100] in ascending order, padded with 100."""
        rows, cols = np.nonzero(mask)  # row-major: squares ascending within a lane
        counts = np.bincount(rows, minlength=mask.shape[0])
        width = int(counts.max()) if rows.size else 0
        out = np.full((mask.shape[0], width), NUM_SQUARES, dtype=np.int64)
        if rows.size:
            starts = np.cumsum(counts) - counts
            out[rows, np.arange(rows.size) - starts[rows]] = cols
        return out

    def _travel(self, L: np.ndarray, s: np.ndarray) -> None:
        """Travel phase: each army but the garrison moves toward the policy's attraction, in square order."""
        S, p, t = self.S, self.p, self.t
        hold_ctl = _take(S.control, L, self.hold_sq[None, :])
        home = self.hold_home[None, :]
        live_home = (home >= 0) & (home != s[:, None]) & _take(S.alive, L, np.maximum(home, 0))
        hw = np.where(self.hold_keep[None, :], p.w_keep, np.where(live_home, p.w_home, p.w_fortress))
        hw = (hw * (hold_ctl != s[:, None])).astype(np.float32)
        own = _rows(S.owner, L)
        enemy = ((own >= 0) & (own != s[:, None])).astype(np.float32)
        # the attraction itself; log(a) + noise is compared as a * exp(noise), which orders the same
        field = hw @ self.hold_kernel + p.w_army * (enemy @ self.kernel) + np.float32(1e-12)
        movers = own == s[:, None]
        movers[np.arange(L.size), self.home[s]] = False  # the garrison stays
        if S.spent.any():
            movers &= ~S.spent[L]  # armies that moved before the lane resumed here
            S.spent[L] = False  # (spent means "attacked" in the battle phase that follows)
        order = self._sorted_squares(movers)  # the order in which the policy considers its armies
        width = t.reach_dst.shape[1]
        flat_owner = S.owner.reshape(-1)
        # squares an army of the turn player may cross: empty or friendly (its own moves keep it so)
        passage = (own < 0) | (own == s[:, None])
        flat_passage = passage.reshape(-1)
        for j in range(order.shape[1]):
            sq = order[:, j]
            act = sq < NUM_SQUARES
            if S.done[L].any():
                act &= ~S.done[L]
            r = np.nonzero(act)[0]
            if not r.size:
                continue
            la, sa, sq = L[r], s[r], sq[r]
            base = (la * NUM_SQUARES)[:, None]
            dst = self.r_dst[sq]  # [a, K]
            fbase = (r * NUM_SQUARES)[:, None]
            cross = np.take(flat_passage, fbase[:, :, None] + self.r_via[sq])  # [a, K, 2] the paths' middles
            ok = (np.take(flat_owner, base + dst) < 0) & (cross[:, :, 0] | cross[:, :, 1])
            noise = np.exp(self.rng.random((r.size, width + 1), dtype=np.float32) * np.float32(p.move_noise))
            score = np.where(ok, np.take(field, fbase + dst) * noise[:, 1:], -1.0)
            stay = np.take(field, fbase[:, 0] + sq) * noise[:, 0]
            go = score.max(1) > stay
            if go.any():
                g = np.nonzero(go)[0]
                lg, sg, src = la[g], sa[g], sq[g]
                to = dst[g, np.argmax(score[g], axis=1)]
                self._relocate(lg, src, to)
                self._record("move", lg, np.stack([src, to], axis=1))
                alive = S.alive[lg].sum(1)
                self._take_control(lg, to, sg)
                out = S.alive[lg].sum(1) != alive
                if out.any():  # a player was put out: their armies no longer block
                    rows = r[g[out]]
                    o = S.owner[L[rows]]
                    passage[rows] = (o < 0) | (o == s[rows, None])
        L, s = self._live(L, s)
        self._record("end", L)

    def _battle(self, L: np.ndarray, s: np.ndarray) -> None:
        """Battle phase: each army with an adjacent enemy may attack once, in square order."""
        S, p, t = self.S, self.p, self.t
        # The policy considers its armies in square order; one that touches no enemy army is passed over.
        # Contacts only appear during the phase where a defender wins and moves into the attacker's keep
        # or fortress, so the armies worth visiting are those touching an enemy now and those next to a
        # keep or fortress held by such an army; every other lane and army is skipped (same outcome).
        own = _rows(S.owner, L)
        mine = own == s[:, None]
        if S.spent.any():
            mine &= ~S.spent[L]  # armies that attacked before the lane resumed here
        touch = mine & _adjacent((own >= 0) & (own != s[:, None]))
        visit = touch | (mine & _adjacent(touch & self.t.holding[None, :]))
        keep = visit.any(1)
        L, s = L[keep], s[keep]
        if not L.size:
            return
        order = self._sorted_squares(visit[keep])
        for j in range(order.shape[1]):
            sq = order[:, j]
            act = sq < NUM_SQUARES
            over = S.done[L] | self.early[L]
            if over.any():
                act &= ~over
            r = np.nonzero(act)[0]  # (armies not yet considered have not moved: still at their square)
            if not r.size:
                continue
            la, sa, sq = L[r], s[r], sq[r]
            tgt = self.neigh[sq]  # [a, 4]
            towner = _take(S.owner, la, tgt)
            is_en = (towner >= 0) & (towner != sa[:, None])
            has = is_en.any(1)
            if not has.any():
                continue
            la, sa, sq, tgt = la[has], sa[has], sq[has], tgt[has]
            towner, is_en = towner[has], is_en[has]
            m = np.arange(la.size)
            mine = force(greedy_commit(S.hands[la, sa]))
            hs_t = S.hands[la[:, None], np.maximum(towner, 0)].sum(-1)
            theirs = p.avg_force * np.minimum(hs_t, 7) + _take(S.exp, la, tgt) + t.defense[tgt]
            adv = np.where(is_en, mine[:, None] + S.exp[la, sq][:, None] - theirs, -np.inf)
            k = np.argmax(adv, axis=1)
            go = adv[m, k] + p.attack_noise * (self.rng.random(la.size) - 0.5) > p.attack_margin
            if go.any():
                self._fight(la[go], sa[go], sq[go], tgt[go, k[go]])

    def _fight(self, A: np.ndarray, sa: np.ndarray, asq: np.ndarray, dsq: np.ndarray) -> None:
        """Battles in lanes ``A``: the army of seat ``sa`` at ``asq`` attacks the enemy army at ``dsq``
        (japanese_swords.battle.resolve and the discards that follow)."""
        S, p, t, rules = self.S, self.p, self.t, self.rules
        m = A.size
        self._record("attack", A, np.stack([asq, dsq], axis=1))
        ds = S.owner[A, dsq]
        nd = rules.battle_draw
        seq = self._deal(A, np.full(m, 2 * nd))
        self._record("deals", A, seq)
        dealt = _counts(seq.reshape(2 * m, nd))  # rows: attackers' 5 cards, then defenders' 5
        ha = S.hands[A, sa] + dealt[0::2]
        hd = S.hands[A, ds] + dealt[1::2]
        both = greedy_commit(np.concatenate([ha, hd]))
        ac, dc = both[:m], both[m:]
        ea, ed = S.exp[A, asq], S.exp[A, dsq]
        terrain = t.defense[dsq]
        hopeless = force(dc) + ed + terrain < p.avg_force * ac.sum(1) + ea - p.diplomacy_margin
        dip_only = (hd[:, _DI] > 0) & hopeless
        if dip_only.any():
            dc[dip_only] = 0
            dc[dip_only, _DI] = 1
        ne = ha.sum(1) > 0
        self._record("commit", A[ne], ac[ne])
        ne = hd.sum(1) > 0
        self._record("commit", A[ne], dc[ne])
        S.hands[A, sa] = ha - ac
        S.hands[A, ds] = hd - dc
        # resolution (japanese_swords.battle.resolve)
        S.discard[A] += ac + dc
        dip = (ac[:, _DI] + dc[:, _DI]) > 0
        aw = force(ac, dc[:, _NI] > 0) + ea > force(dc, ac[:, _NI] > 0) + ed + terrain
        q1 = np.where(dip | aw, sa, ds)  # discard queue: winner first (attacker first after Diplomacy)
        q2 = np.where(dip | aw, ds, sa)
        l1 = np.where(dip, rules.diplomacy_hand_limit, rules.winner_hand_limit)
        l2 = np.where(dip, rules.diplomacy_hand_limit, rules.loser_hand_limit)
        x = ~dip
        if x.any():
            X, w_seat, l_seat = A[x], q1[x], q2[x]
            acx, dcx, sax, dsx = ac[x], dc[x], sa[x], ds[x]
            w_sq = np.where(aw[x], asq[x], dsq[x])
            l_sq = np.where(aw[x], dsq[x], asq[x])
            mx = np.arange(X.size)
            ch = np.zeros((X.size, S.num_players), dtype=np.int64)
            ch[mx, w_seat] += 3
            ch[mx, l_seat] -= 1
            ch[mx, sax] -= rules.treachery_honor_cost * acx[:, _TR] + rules.ninja_honor_cost * acx[:, _NI]
            ch[mx, dsx] -= rules.treachery_honor_cost * dcx[:, _TR] + rules.ninja_honor_cost * dcx[:, _NI]
            S.honor[X] += ch
            self._remove(X, l_sq)
            mv = t.holding[l_sq]
            if mv.any():
                self._relocate(X[mv], w_sq[mv], l_sq[mv])
            new_sq = np.where(mv, l_sq, w_sq)
            S.exp[X, new_sq] += 1
            if mv.any():
                self._take_control(X[mv], l_sq[mv], w_seat[mv])
        self._check_honor(A)
        live = ~S.done[A]
        if not live.any():
            return
        A, q1, q2, l1, l2 = A[live], q1[live], q2[live], l1[live], l2[live]
        h1, h2 = S.hands[A, q1], S.hands[A, q2]
        n1 = np.where(S.alive[A, q1], np.maximum(h1.sum(1) - l1, 0), 0)
        n2 = np.where(S.alive[A, q2], np.maximum(h2.sum(1) - l2, 0), 0)
        if not (n1.any() or n2.any()):
            return
        d = discard_down(np.concatenate([h1, h2]), np.concatenate([n1, n2]))
        d1, d2 = d[: A.size], d[A.size:]
        for q, h, n, dq in ((q1, h1, n1, d1), (q2, h2, n2, d2)):
            need = n > 0
            if need.any():
                ln = A[need]
                S.hands[ln, q[need]] = h[need] - dq[need]
                S.discard[ln] += dq[need]
                self._record("discards", ln, dq[need])

    def _end_turn(self, L: np.ndarray) -> None:
        """Pass the turn to the next live seat in order (a new round after the last), ending the game as a
        draw after ``max_rounds``; the new turn player collects its revenue."""
        S, rules = self.S, self.rules
        if not L.size:
            return
        n = S.num_players
        i = S.turn_index[L].copy()
        r = S.round[L].copy()
        pending = np.ones(L.size, dtype=bool)
        over = np.zeros(L.size, dtype=bool)
        mr = rules.max_rounds
        for _ in range(n):
            i[pending] += 1
            wrap = pending & (i >= n)
            i[wrap] = 0
            r[wrap] += 1
            if mr is not None:
                o = wrap & (r > mr)
                over |= o
                pending &= ~o
            found = pending & S.alive[L, S.order[L, i]]
            pending &= ~found
        lo = L[over]
        S.round[lo] = mr if mr is not None else 0
        S.done[lo] = True
        S.winner[lo] = -1
        k = ~over
        L, i, r = L[k], i[k], r[k]
        S.turn_index[L], S.round[L] = i, r
        s = S.order[L, i]
        mine = _take(S.control, L, self.hold_sq[None, :]) == s[:, None]
        S.gold[L, s] += mine @ self.hold_revenue


def run(state: BatchState, rng: np.random.Generator, turns: int, policy: RolloutPolicy | None = None,
        recorder: Any = None) -> BatchState:
    """Advance every lane of ``state`` (in place) by up to ``turns`` player-turns, a lane resuming inside
    its turn first playing the rest of that turn; returns it."""
    runner = TurnRunner(state, rng, policy, recorder)
    resuming = (state.start_phase != _REVENUE) & ~state.done
    limit = state.turns + turns + resuming
    for _ in range(turns + int(resuming.any())):
        if not runner.run_turn(state.turns < limit):
            break
    return state
