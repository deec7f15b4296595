"""The game as numpy arrays with a leading batch axis (one lane per game); conversion from/to engine states.

Lanes are kept at turn boundaries: every live lane is at the start of its turn (revenue collected, the
revenue phase's own decision pending, nothing else pending); a finished lane is in GAME_OVER. A lane may
also start inside a turn, at a main decision of a later phase with nothing pending (``start_phase``:
:func:`resumable`; the armies that already moved or attacked in ``spent``), so that search leaves need not
be played to the end of their turn by the slow scalar policy first; the first simulated turn resumes
there. Armies are stored per square (``owner``, ``exp``, ``aid``: -1 where empty), which makes moves and
adjacency array look-ups. Army ids are kept so a lane converts back to exactly the engine's state.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np

from ai.batch.jit import jit
from ai.batch.tables import MapTables, map_tables
from japanese_swords import cards as C
from japanese_swords.actions import WEATHERS
from japanese_swords.board import NUM_SQUARES
from japanese_swords.core import Army, Phase
from japanese_swords.engine import State, decision
from japanese_swords.game import Game
from japanese_swords.modules import weather

I64 = np.int64
#: Phases a lane may resume at besides a turn start: past the upkeep, each of the rollout policy's phases.
RESUMABLE = (Phase.EXPENSE, Phase.DRAW, Phase.HONOR, Phase.TRAVEL, Phase.BATTLE)


def resumable(state: State) -> bool:
    """Whether the batch simulator can take ``state`` as it is: at the start of a turn, or at a main decision
    of a later phase with nothing pending (no battle, discard, offer, Intrigue or Forced March under way)
    that the simulator plays on from: an expense phase with no walls built yet, a draw phase before its
    first draw, an honor phase before honor is bought (the lanes keep no count of these)."""
    if state.order is None or decision(state) != "main" or state.marched:
        return False
    phase = state.phase
    if phase == Phase.EXPENSE:
        return not state.fortified
    if phase == Phase.DRAW:
        return state.draws_this_phase == 0
    if phase == Phase.HONOR:
        return state.honor_bought == 0
    return phase == Phase.REVENUE or phase in RESUMABLE


@dataclass(eq=False)
class BatchState:
    """Arrays of B games of one :class:`Game` (one map and rules)."""

    game: Game
    tables: MapTables
    order: np.ndarray  # [B, P] seats in turn order
    turn_index: np.ndarray  # [B]
    round: np.ndarray  # [B]
    done: np.ndarray  # [B] bool: the game is over
    winner: np.ndarray  # [B] seat, -1 none (draw or unfinished)
    gold: np.ndarray  # [B, P]
    honor: np.ndarray  # [B, P]
    alive: np.ndarray  # [B, P] bool
    eliminated_by: np.ndarray  # [B, P] captor seat or -1
    hands: np.ndarray  # [B, P, 16] card counts
    deck: np.ndarray  # [B, 16]
    discard: np.ndarray  # [B, 16]
    owner: np.ndarray  # [B, 100] int8: seat of the army on the square, -1 empty
    exp: np.ndarray  # [B, 100] its experience
    aid: np.ndarray  # [B, 100] its engine army id, -1 empty
    next_id: np.ndarray  # [B] next army id
    control: np.ndarray  # [B, 100] int8: controlling seat, -1 none
    turns: np.ndarray  # [B] player-turns simulated in this batch
    start_phase: np.ndarray  # [B] Phase the current turn resumes at: REVENUE or one of RESUMABLE
    spent: np.ndarray  # [B, 100] bool: the turn player's army there already moved (travel) or attacked
    weather: np.ndarray | None = None  # [B] the weather module's round weather, an index of WEATHERS (0 clear)
    breached: np.ndarray | None = None  # [B, 100] bool: the retreat-siege module's breached home fortresses
    walls: np.ndarray | None = None  # [B, 100] the castles module's levels of walls
    ronin: np.ndarray | None = None  # [B, 100] the ronin module's ronin with the army there

    def __post_init__(self) -> None:
        """Lanes made without the module fields (no such module, or by callers that predate them) have clear
        skies, no breach, no walls and no ronin."""
        if self.weather is None:
            self.weather = np.zeros(self.order.shape[0], I64)
        if self.breached is None:
            self.breached = np.zeros((self.order.shape[0], NUM_SQUARES), bool)
        if self.walls is None:
            self.walls = np.zeros((self.order.shape[0], NUM_SQUARES), I64)
        if self.ronin is None:
            self.ronin = np.zeros((self.order.shape[0], NUM_SQUARES), I64)

    @property
    def size(self) -> int:
        """Number of lanes."""
        return int(self.order.shape[0])

    @property
    def num_players(self) -> int:
        """Players of the game."""
        return int(self.order.shape[1])

    @property
    def phase(self) -> np.ndarray:
        """Per lane: the phase it resumes at (REVENUE at a turn start) or Phase.GAME_OVER."""
        return np.where(self.done, int(Phase.GAME_OVER), self.start_phase)

    @property
    def turn_player(self) -> np.ndarray:
        """Per lane, the seat whose turn it is."""
        return self.order[np.arange(self.size), self.turn_index]

    def copy(self) -> BatchState:
        """A deep copy of the arrays (the game and tables are shared)."""
        kw = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in self.__dict__.items()}
        return BatchState(**kw)

    def repeat(self, k: int) -> BatchState:
        """Each lane ``k`` times in a row (lane ``i`` becomes lanes ``i*k .. i*k+k-1``)."""
        kw = {key: (np.repeat(v, k, axis=0) if isinstance(v, np.ndarray) else v)
              for key, v in self.__dict__.items()}
        return BatchState(**kw)

    def take(self, index: np.ndarray) -> BatchState:
        """The lanes at ``index`` (in that order, repeats allowed), copied in one compiled pass."""
        names = [k for k, v in self.__dict__.items() if isinstance(v, np.ndarray)]
        if len(names) != len(_ARRAYS):  # (a state with other arrays: numpy, field by field)
            return BatchState(**{k: (v[index] if isinstance(v, np.ndarray) else v) for k, v in self.__dict__.items()})
        index = np.asarray(index, np.int64)
        src = [self.__dict__[k] for k in _ARRAYS]
        dst = [np.empty((index.shape[0],) + a.shape[1:], a.dtype) for a in src]
        _gather(index, *[a.reshape(a.shape[0], -1) for a in src], *[b.reshape(b.shape[0], -1) for b in dst])
        return BatchState(self.game, self.tables, *dst)

    @classmethod
    def concat(cls, parts: list[BatchState]) -> BatchState:
        """The lanes of ``parts`` (states of one game) one after the other."""
        if len(parts) == 1:
            return parts[0]
        first = parts[0]
        kw = {key: (np.concatenate([p.__dict__[key] for p in parts]) if isinstance(v, np.ndarray) else v)
              for key, v in first.__dict__.items()}
        return cls(**kw)

    @classmethod
    def from_states(cls, states: list[State]) -> BatchState:
        """Lanes from engine states of one game, each finished or :func:`resumable` (ValueError otherwise;
        :func:`ai.rollout_policy.to_batch_start` brings any state to one of these)."""
        if not states:
            raise ValueError("from_states needs at least one state")
        game = states[0].game
        tables = map_tables(game.board, game.rules.move_points)
        b, p = len(states), game.num_players
        z = np.zeros
        out = cls(game, tables, z((b, p), I64), z(b, I64), z(b, I64), z(b, bool), np.full(b, -1, I64),
                  z((b, p), I64), z((b, p), I64), z((b, p), bool), np.full((b, p), -1, I64),
                  z((b, p, C.NUM_TYPES), I64), z((b, C.NUM_TYPES), I64), z((b, C.NUM_TYPES), I64),
                  np.full((b, NUM_SQUARES), -1, np.int8), z((b, NUM_SQUARES), I64),
                  np.full((b, NUM_SQUARES), -1, I64), z(b, I64),
                  np.full((b, NUM_SQUARES), -1, np.int8), z(b, I64), np.full(b, int(Phase.REVENUE), I64),
                  z((b, NUM_SQUARES), bool))
        for i, s in enumerate(states):
            if s.game != game:
                raise ValueError("all states of a batch must share one game (map and rules)")
            over = s.is_terminal()
            if not over and not resumable(s):
                raise ValueError(f"state {i} is not at a turn start nor at a main decision the simulator resumes "
                                 f"at (phase {s.phase.name}, decision {decision(s)}); "
                                 "use ai.rollout_policy.to_batch_start first")
            if s.order is None:
                raise ValueError(f"state {i} has no turn order yet")
            out.order[i] = s.order
            out.turn_index[i], out.round[i], out.done[i] = s.turn_index, s.round, over
            out.winner[i] = -1 if s.winner is None else s.winner
            out.gold[i], out.honor[i], out.alive[i] = s.gold, s.honor, s.alive
            out.eliminated_by[i] = s.eliminated_by
            out.hands[i], out.deck[i], out.discard[i] = s.hands, s.deck, s.discard
            for aid, a in s.armies.items():
                sq = a.square
                out.owner[i, sq], out.exp[i, sq], out.aid[i, sq] = a.owner, a.experience, aid
            out.next_id[i] = s.next_army_id
            out.weather[i] = 0 if s.weather is None else WEATHERS.index(s.weather)
            out.breached[i, sorted(s.breached)] = True
            for sq, levels in s.walls.items():
                out.walls[i, sq] = levels
            for aid, n in s.ronin.items():  # (ronin of armies no longer on the board play no more)
                if aid in s.armies:
                    out.ronin[i, s.armies[aid].square] = n
            out.control[i] = s.control
            if not over and s.phase != Phase.REVENUE:
                out.start_phase[i] = int(s.phase)
                for aid in (s.moved if s.phase == Phase.TRAVEL else s.attacked):
                    out.spent[i, s.armies[aid].square] = True
        return out

    def to_state(self, lane: int) -> State:
        """The engine state of one lane (``last_battle`` is not tracked and comes back as None)."""
        s = State(game=self.game)
        s.order = tuple(int(x) for x in self.order[lane])
        s.turn_index, s.round = int(self.turn_index[lane]), int(self.round[lane])
        s.phase = Phase.GAME_OVER if self.done[lane] else Phase(int(self.start_phase[lane]))
        s.gold, s.honor = self.gold[lane].tolist(), self.honor[lane].tolist()
        s.alive = [bool(x) for x in self.alive[lane]]
        s.eliminated_by = self.eliminated_by[lane].tolist()
        s.hands = self.hands[lane].tolist()
        s.deck, s.discard = self.deck[lane].tolist(), self.discard[lane].tolist()
        for sq in np.nonzero(self.owner[lane] >= 0)[0].tolist():
            aid = int(self.aid[lane, sq])
            s.armies[aid] = Army(int(self.owner[lane, sq]), sq, int(self.exp[lane, sq]))
            s.occupant[sq] = aid
        s.armies = dict(sorted(s.armies.items()))
        spent = {int(self.aid[lane, sq]) for sq in np.nonzero(self.spent[lane])[0].tolist()}
        s.upkeep_paid = s.phase in RESUMABLE  # past the expense phase's upkeep
        if s.phase == Phase.TRAVEL:
            s.moved = spent
        elif s.phase == Phase.BATTLE:
            s.attacked = spent
        s.control = self.control[lane].tolist()
        s.next_army_id = int(self.next_id[lane])
        s.winner = None if self.winner[lane] < 0 else int(self.winner[lane])
        s.breached = set(np.nonzero(self.breached[lane])[0].tolist())
        s.walls = {sq: int(self.walls[lane, sq]) for sq in np.nonzero(self.walls[lane])[0].tolist()}
        s.ronin = {int(self.aid[lane, sq]): int(self.ronin[lane, sq])
                   for sq in np.nonzero(self.ronin[lane])[0].tolist()}
        # (``fortified`` comes back False: it matters only in the expense phase, which lanes resume before walls)
        if self.game.rules.modules and weather.params(s) is not None:
            s.weather = WEATHERS[int(self.weather[lane])]
        return s


class LaneTable:
    """The lanes of one search decision's public states, exported once each into one growing batch, so
    that a call's leaves are gathered from it by index."""

    def __init__(self) -> None:
        self._arrays: dict[str, np.ndarray] = {}
        self._first: BatchState | None = None
        self._view: BatchState | None = None
        self._flat: list[np.ndarray] = []  # the rows as [rows, values] views, for the compiled gather
        self.size = 0

    def add(self, state: State) -> int:
        """Export ``state`` as a new lane; returns its row."""
        lane = BatchState.from_states([state])
        if self._first is None:
            self._first = lane
            self._arrays = {k: np.empty((16,) + lane.__dict__[k].shape[1:], lane.__dict__[k].dtype)
                            for k in _ARRAYS}
        elif self.size == self._arrays["order"].shape[0]:  # full: twice the room
            self._arrays = {k: np.concatenate([a, np.empty_like(a)]) for k, a in self._arrays.items()}
        for k, a in self._arrays.items():
            a[self.size] = lane.__dict__[k][0]
        self.size += 1
        self._view = None
        self._flat = []
        return self.size - 1

    @property
    def batch(self) -> BatchState:
        """The lanes exported so far."""
        if self._view is None:
            if self._first is None:
                raise ValueError("an empty lane table has no batch")
            self._view = BatchState(self._first.game, self._first.tables,
                                    *[self._arrays[k][: self.size] for k in _ARRAYS])
        return self._view

    def gather(self, rows: np.ndarray, worlds: np.ndarray, lanes: int, hands: np.ndarray, deck: np.ndarray,
               others: np.ndarray) -> BatchState:
        """``lanes`` lanes of each row of ``rows`` in order (row ``rows[i]`` is lanes ``i*lanes ..
        i*lanes+lanes-1``) with world ``worlds[i]``'s cards put in: the hands of the seats ``others`` from
        ``hands`` [W, P, 16] and the deck from ``deck`` [W, 16]. Two compiled passes into arrays this thread
        keeps for lanes of that shape (:func:`_scratch`): the lanes are valid until the thread's next
        gather (a search evaluates them before it gathers again), and a call allocates nothing, where
        fresh arrays of a few hundred lanes cost page faults."""
        base = self.batch
        if not self._flat:
            self._flat = [a.reshape(a.shape[0], -1) for a in (base.__dict__[k] for k in _ARRAYS)]
        dst, flat = _scratch(self._flat, base, rows.shape[0] * lanes)
        _gather(np.repeat(rows, lanes), *self._flat, *flat)
        _put_cards(worlds, lanes, others, hands, deck, flat[_HANDS], flat[_DECK])
        return BatchState(base.game, base.tables, *dst)


_SCRATCH = threading.local()  # per thread: {lane shape: (arrays, [rows, values] views)}; one made per shape


def _scratch(flat: list[np.ndarray], base: BatchState, n: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """This thread's arrays for ``n`` lanes shaped as ``base``'s (``flat``: its arrays as [rows, values]):
    the lane arrays and their [lanes, values] views, grown to twice their room when too small."""
    pool: dict | None = getattr(_SCRATCH, "pool", None)
    if pool is None:
        pool = _SCRATCH.pool = {}
    key = tuple((a.shape[1], a.dtype.char) for a in flat)
    arrays, views, cut = pool.get(key, ((), (), None))
    if not arrays or arrays[0].shape[0] < n:
        room = max(n, 2 * arrays[0].shape[0] if arrays else 0)
        arrays = [np.empty((room,) + a.shape[1:], a.dtype) for a in (base.__dict__[k] for k in _ARRAYS)]
        views, cut = [a.reshape(room, -1) for a in arrays], None
    if cut is None or cut[0] != n:  # the first ``n`` lanes (kept: a search asks the same size call after call)
        cut = (n, [a[:n] for a in arrays], [v[:n] for v in views])
    pool[key] = (arrays, views, cut)
    return cut[1], cut[2]


@dataclass(eq=False, slots=True)
class LaneLeaf:
    """A search leaf handed over as a lane rather than an engine state: row ``row`` of ``table`` (a public
    state's export) whose hands of the seats in ``others`` and whose deck are a world's: world ``world``
    of ``hands`` [W, P, 16] and ``deck`` [W, 16] (the worlds dealt for one evaluation). A lane of a state
    that is finished or :func:`resumable`."""

    table: LaneTable
    row: int
    hands: np.ndarray
    deck: np.ndarray
    world: int
    others: np.ndarray

    @property
    def game(self) -> Game:
        """The game of the lane."""
        return self.table.batch.game  # type: ignore[union-attr]

    @property
    def num_players(self) -> int:
        """Players of the game."""
        return self.table.batch.num_players  # type: ignore[union-attr]


def one_table(items: list[State | LaneLeaf]) -> LaneTable | None:
    """The table of ``items`` when they are all lane leaves of one table and of one evaluation's worlds
    (the same hands, deck and seats dealt: a search's usual call), else None."""
    first = items[0] if items else None
    if type(first) is not LaneLeaf:
        return None
    table, hands, deck, others = first.table, first.hands, first.deck, first.others
    if all(type(x) is LaneLeaf and x.table is table and x.hands is hands and x.deck is deck  # noqa: E721
           and x.others is others for x in items):
        return table
    return None


def gather_leaves(table: LaneTable, leaves: list[LaneLeaf], lanes: int) -> BatchState:
    """:func:`lanes_of` of lane leaves of which ``table`` is :func:`one_table`: :meth:`LaneTable.gather`."""
    rows = np.array([x.row for x in leaves], I64)
    worlds = np.array([x.world for x in leaves], I64)
    first = leaves[0]
    return table.gather(rows, worlds, lanes, first.hands, first.deck, first.others)


def lanes_of(items: list[State | LaneLeaf], lanes: int = 1) -> BatchState:
    """``lanes`` lanes per item, in order (item ``i`` is lanes ``i*lanes .. i*lanes+lanes-1``): engine
    states (finished or :func:`resumable`) exported, lane leaves gathered from their table with their
    world's hands and deck put in; the same arrays as ``BatchState.from_states(states).repeat(lanes)`` of
    each leaf's engine state. Lane leaves all of one table and one evaluation's worlds (a search's usual
    call) are gathered by :meth:`LaneTable.gather`: the lanes then live in the table's reused arrays."""
    table = one_table(items)
    if table is not None:
        return gather_leaves(table, items, lanes)  # type: ignore[arg-type]
    leaves = [i for i, x in enumerate(items) if isinstance(x, LaneLeaf)]
    if not leaves:
        return BatchState.from_states(items).repeat(lanes)  # type: ignore[arg-type]
    chosen: list[LaneLeaf] = [items[i] for i in leaves]  # type: ignore[misc]
    tables: dict[int, tuple[LaneTable, int]] = {}  # table -> (table, offset of its rows)
    at = 0
    for leaf in chosen:
        if id(leaf.table) not in tables:
            tables[id(leaf.table)] = (leaf.table, at)
            at += leaf.table.batch.size  # type: ignore[union-attr]
    if len(leaves) < len(items):  # engine states too: every item one lane first, then repeated
        lanes_each, repeat = 1, lanes
    else:
        lanes_each, repeat = lanes, 1
    base = BatchState.concat([t.batch for t, _ in tables.values()])  # type: ignore[misc]
    pick = np.repeat(np.array([tables[id(x.table)][1] + x.row for x in chosen], I64), lanes_each)
    out = base.take(pick)
    source = chosen[0].hands
    if all(x.hands is source for x in chosen):  # one evaluation's worlds: gathered by index
        worlds = np.repeat(np.array([x.world for x in chosen], I64), lanes_each)
        hands, deck = source[worlds], chosen[0].deck[worlds]
    else:
        hands = np.repeat(np.stack([x.hands[x.world] for x in chosen]), lanes_each, axis=0)
        deck = np.repeat(np.stack([x.deck[x.world] for x in chosen]), lanes_each, axis=0)
    others = chosen[0].others
    if not all(x.others is others for x in chosen):
        others = np.repeat(np.stack([x.others for x in chosen]), lanes_each, axis=0)
    out.hands = np.where(others[..., None], hands, out.hands)
    out.deck = deck
    if repeat == 1:
        return out
    states = [i for i, x in enumerate(items) if not isinstance(x, LaneLeaf)]
    both = BatchState.concat([out, BatchState.from_states([items[i] for i in states])])  # type: ignore[misc]
    order = np.empty(len(items), I64)
    order[leaves] = np.arange(len(leaves))
    order[states] = len(leaves) + np.arange(len(states))
    return both.take(np.repeat(order, repeat))


#: The array fields of :class:`BatchState`, in field order (what :meth:`BatchState.take` copies).
_ARRAYS = ("order", "turn_index", "round", "done", "winner", "gold", "honor", "alive", "eliminated_by", "hands",
           "deck", "discard", "owner", "exp", "aid", "next_id", "control", "turns", "start_phase", "spent",
           "weather", "breached", "walls", "ronin")
_HANDS, _DECK = _ARRAYS.index("hands"), _ARRAYS.index("deck")  # the arrays a world's cards go into


@jit
def _gather(idx, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19,  # noqa: ANN001
            a20, a21, a22, a23, b0, b1, b2, b3, b4, b5, b6, b7, b8, b9, b10, b11, b12, b13, b14, b15, b16, b17,
            b18, b19, b20, b21, b22, b23) -> None:
    """b_k[i] = a_k[idx[i]] for each of the 24 lane arrays, each seen as [lanes, values] (one call instead
    of 24 numpy gathers)."""
    for i in range(idx.shape[0]):
        j = idx[i]
        for c in range(a0.shape[1]):
            b0[i, c] = a0[j, c]
        for c in range(a1.shape[1]):
            b1[i, c] = a1[j, c]
        for c in range(a2.shape[1]):
            b2[i, c] = a2[j, c]
        for c in range(a3.shape[1]):
            b3[i, c] = a3[j, c]
        for c in range(a4.shape[1]):
            b4[i, c] = a4[j, c]
        for c in range(a5.shape[1]):
            b5[i, c] = a5[j, c]
        for c in range(a6.shape[1]):
            b6[i, c] = a6[j, c]
        for c in range(a7.shape[1]):
            b7[i, c] = a7[j, c]
        for c in range(a8.shape[1]):
            b8[i, c] = a8[j, c]
        for c in range(a9.shape[1]):
            b9[i, c] = a9[j, c]
        for c in range(a10.shape[1]):
            b10[i, c] = a10[j, c]
        for c in range(a11.shape[1]):
            b11[i, c] = a11[j, c]
        for c in range(a12.shape[1]):
            b12[i, c] = a12[j, c]
        for c in range(a13.shape[1]):
            b13[i, c] = a13[j, c]
        for c in range(a14.shape[1]):
            b14[i, c] = a14[j, c]
        for c in range(a15.shape[1]):
            b15[i, c] = a15[j, c]
        for c in range(a16.shape[1]):
            b16[i, c] = a16[j, c]
        for c in range(a17.shape[1]):
            b17[i, c] = a17[j, c]
        for c in range(a18.shape[1]):
            b18[i, c] = a18[j, c]
        for c in range(a19.shape[1]):
            b19[i, c] = a19[j, c]
        for c in range(a20.shape[1]):
            b20[i, c] = a20[j, c]
        for c in range(a21.shape[1]):
            b21[i, c] = a21[j, c]
        for c in range(a22.shape[1]):
            b22[i, c] = a22[j, c]
        for c in range(a23.shape[1]):
            b23[i, c] = a23[j, c]


@jit
def _put_cards(worlds, lanes, others, hands, deck, b9, b10) -> None:  # noqa: ANN001
    """World ``worlds[i]``'s cards put into lanes ``i*lanes .. i*lanes+lanes-1``: ``b9`` (the hands, [lanes,
    P*16]) of the seats ``others`` from ``hands`` [W, P, 16], ``b10`` (the deck) from ``deck`` [W, 16]."""
    types = hands.shape[2]
    for i in range(worlds.shape[0]):
        w = worlds[i]
        for o in range(i * lanes, i * lanes + lanes):
            for p in range(others.shape[0]):
                if others[p]:
                    for c in range(types):
                        b9[o, p * types + c] = hands[w, p, c]
            for c in range(types):
                b10[o, c] = deck[w, c]
