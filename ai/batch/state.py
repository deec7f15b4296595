"""The game as numpy arrays with a leading batch axis (one lane per game); conversion from/to engine states.

Lanes are kept at turn boundaries: every live lane is at the start of its turn (revenue collected, the
revenue phase's own decision pending, nothing else pending); a finished lane is in GAME_OVER. Armies are
stored per square (``owner``, ``exp``, ``aid``: -1 where empty), which makes moves and adjacency array
look-ups. Army ids are kept so a lane converts back to exactly the engine's state.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ai.batch.tables import MapTables, map_tables
from japanese_swords import cards as C
from japanese_swords.board import NUM_SQUARES
from japanese_swords.engine import decision
from japanese_swords.game import Game
from japanese_swords.state import Army, Phase, State

I64 = np.int64


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
        """Per lane: Phase.REVENUE (at a turn start) or Phase.GAME_OVER."""
        return np.where(self.done, int(Phase.GAME_OVER), int(Phase.REVENUE))

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

    @classmethod
    def from_states(cls, states: list[State]) -> BatchState:
        """Lanes from engine states of one game, each at the start of a turn or finished (ValueError
        otherwise; :func:`ai.rollout_policy.finish_turn` brings any state to a turn start)."""
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
                  np.full((b, NUM_SQUARES), -1, np.int8), z(b, I64))
        for i, s in enumerate(states):
            if s.game != game:
                raise ValueError("all states of a batch must share one game (map and rules)")
            over = s.is_terminal()
            if not over and not (s.order is not None and s.phase == Phase.REVENUE and decision(s) == "main"):
                raise ValueError(f"state {i} is not at the start of a turn (phase {s.phase.name}, "
                                 f"decision {decision(s)}); use ai.rollout_policy.finish_turn first")
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
            out.control[i] = s.control
        return out

    def to_state(self, lane: int) -> State:
        """The engine state of one lane (``last_battle`` is not tracked and comes back as None)."""
        s = State(game=self.game)
        s.order = tuple(int(x) for x in self.order[lane])
        s.turn_index, s.round = int(self.turn_index[lane]), int(self.round[lane])
        s.phase = Phase.GAME_OVER if self.done[lane] else Phase.REVENUE
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
        s.control = self.control[lane].tolist()
        s.next_army_id = int(self.next_id[lane])
        s.winner = None if self.winner[lane] < 0 else int(self.winner[lane])
        return s
