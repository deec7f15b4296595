"""Public leaves: the part of a search's walk that no hidden card can change, computed once per decision.

A root search samples a world per sweep and walks it down the tree; a leaf is usually the world right
after one or two of our own travel moves. Those steps read nothing hidden: our options are ranked from
what we see (:func:`~ai.mcts.descent.seen_key`), our moves are legal or not whatever the others hold,
and they change no hand and no deck. So the states they reach are the same in every world but for the
other hands and the deck, and are computed once (:class:`PublicState`), each exported once as a
simulator lane; a world then only supplies its hands and deck (:func:`~ai.mcts.worlds.deal_hidden`),
and its leaf reaches the simulator as that lane with those cards put in (:class:`~ai.batch.state.LaneLeaf`)
without an engine state being copied, walked or exported. Where the walk meets anything else (a chance
event, another seat's choice, a decision whose ranking draws from the generator, a step that changes
what is hidden), the world is built at that point and the walk goes on through the engine as before, so
every decision is the one the plain walk makes (``tests/ai/mcts/test_public.py``).
"""

from __future__ import annotations

from collections.abc import Hashable

import numpy as np

from ai.batch.state import LaneLeaf, LaneTable, resumable
from ai.mcts.options import Option
from ai.mcts.worlds import Hidden, with_hidden
from japanese_swords.actions import Action
from japanese_swords.cards import NUM_TYPES
from japanese_swords.core import Phase
from japanese_swords.engine import State, decision

#: The phases whose main decisions are ranked without a draw: option generators and greedy policies
#: draw from the generator only for commitments and attacks (tests/ai/mcts/test_rank_memo.py checks it).
QUIET_PHASES = frozenset({Phase.REVENUE, Phase.EXPENSE, Phase.DRAW, Phase.HONOR, Phase.TRAVEL,
                          Phase.MARCH_TRAVEL})
_UNSAFE = object()  # a step that changed what is hidden (a capture that empties a hand, say)


class PublicState:
    """One state our own quiet choices reach from the decision's position, with the facts the walk asks
    of it, its successors by action and its exported lane, each computed once."""

    __slots__ = ("state", "table", "terminal", "player", "ordinal", "main", "quiet", "ready", "ranked", "keys",
                 "actions", "_safe", "_after", "_row")

    def __init__(self, state: State, table: LaneTable) -> None:
        self.state = state
        self.table = table  # the decision's lanes (shared by its public states)
        self.terminal = state.is_terminal()
        self.player = -1 if self.terminal else state.current_player()
        self.ordinal = state.round * state.num_players + state.turn_index
        self.main = not self.terminal and decision(state) == "main"
        self.quiet = self.main and not rank_draws(state)  # a decision ranked without the generator
        self.ready = self.terminal or resumable(state)  # the simulator takes it as it is
        self.ranked: list[Option] | None = None  # the options in unpruning order (set by :meth:`rank`)
        self.keys: list[Hashable] = []
        self.actions: dict[Hashable, Action] = {}
        self._safe = 0  # how many leading ranked options are known to keep to public states
        self._after: dict[Action, object] = {}
        self._row = -1

    def after(self, action: Action) -> PublicState | None:
        """The state ``action`` leads to, or None when the step changes what is hidden (another seat's
        hand size, the deck, the discard pile, who is alive): then the walk needs the world's cards."""
        nxt = self._after.get(action)
        if nxt is None:
            state = self.state.clone()
            before = _hidden_marks(state)
            state.apply(action)
            nxt = PublicState(state, self.table) if _hidden_marks(state) == before else _UNSAFE
            self._after[action] = nxt
        return None if nxt is _UNSAFE else nxt  # type: ignore[return-value]

    def rank(self, ranked: list[Option]) -> list[Option]:
        """Keep the quiet decision's ranked options (the walk's remembered ranking of this state; the
        legal actions' first when there is none); returns them."""
        if not ranked:
            ranked = [("first", self.state.legal_actions()[0])]
        self.ranked = ranked
        self.keys = [k for k, _ in ranked]
        self.actions = dict(ranked)
        return ranked

    def safe(self, count: int) -> int:
        """How many of the first ``count`` ranked options lead to public states (all ``count`` unless one
        changes what is hidden)."""
        ranked = self.ranked or []
        while self._safe < count and self.after(ranked[self._safe][1]) is not None:
            self._safe += 1
        return min(self._safe, count)

    def row(self) -> int:
        """This state's lane in the decision's table (its stand-in hands and deck are replaced per world)."""
        if self._row < 0:
            self._row = self.table.add(self.state)
        return self._row

    def world(self, hidden: Hidden) -> State:
        """The world this state is in ``hidden``'s cards."""
        return with_hidden(self.state, hidden)

    def leaf(self, cards: WorldCards) -> LaneLeaf:
        """The leaf of a world here (``ready`` states only): this state's lane with the world's cards."""
        return LaneLeaf(self.table, self.row(), cards.hands, cards.deck, cards.index, cards.others)


class WorldCards:
    """One world's hidden cards as a lane wants them: world ``index`` of the other seats' hands
    ``hands`` [W, P, 16] (our row unused) and the decks ``deck`` [W, 16] dealt together, and which seats
    are the others; shared by the sweep's leaves. :attr:`hidden` gives them as
    :class:`~ai.mcts.worlds.Hidden` for a world built as an engine state."""

    __slots__ = ("hands", "deck", "index", "others", "_hidden")

    def __init__(self, hands: np.ndarray, deck: np.ndarray, index: int, others: np.ndarray) -> None:
        self.hands, self.deck, self.index, self.others = hands, deck, index, others
        self._hidden: Hidden | None = None

    @classmethod
    def of(cls, hidden: Hidden, players: int) -> WorldCards:
        """The arrays of ``hidden`` (a world of its own)."""
        hands = np.zeros((1, players, NUM_TYPES), np.int64)
        others = np.zeros(players, bool)
        for s, counts in hidden.hands.items():
            hands[0, s] = counts
            others[s] = True
        cards = cls(hands, np.array([hidden.deck], np.int64), 0, others)
        cards._hidden = hidden
        return cards

    @property
    def hidden(self) -> Hidden:
        """The cards as lists (the other seats' hands by seat, the deck)."""
        if self._hidden is None:
            rows = self.hands[self.index].tolist()
            self._hidden = Hidden({s: rows[s] for s in np.flatnonzero(self.others).tolist()},
                                  self.deck[self.index].tolist())
        return self._hidden


def rank_draws(state: State) -> bool:
    """Whether ranking the options of ``state``'s decision may draw from the generator (so it is not
    remembered): anything but a main decision of a quiet phase."""
    return state.phase not in QUIET_PHASES or decision(state) != "main"


def public_root(state: State, hidden: Hidden) -> PublicState:
    """The decision's position with stand-in hidden cards of the right sizes (the first world's): what is
    hidden only ever counts there by its sizes."""
    return PublicState(with_hidden(state, hidden), LaneTable())


def _hidden_marks(state: State) -> tuple:
    """What a step must leave alone for its result to hold in every world."""
    return (tuple(map(sum, state.hands)), sum(state.deck), tuple(state.discard), tuple(state.alive),
            state.winner, state.battle is None)
