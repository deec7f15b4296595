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

import numpy as np

from ai.batch.state import LaneLeaf, LaneTable, resumable
from ai.mcts.worlds import Hidden, with_hidden
from japanese_swords.actions import Action
from japanese_swords.cards import NUM_TYPES
from japanese_swords.engine import State, decision

_UNSAFE = object()  # a step that changed what is hidden (a capture that empties a hand, say)


class PublicState:
    """One state our own quiet choices reach from the decision's position, with the facts the walk asks
    of it, its successors by action and its exported lane, each computed once."""

    __slots__ = ("state", "table", "terminal", "player", "ordinal", "main", "ready", "_after", "_row")

    def __init__(self, state: State, table: LaneTable) -> None:
        self.state = state
        self.table = table  # the decision's lanes (shared by its public states)
        self.terminal = state.is_terminal()
        self.player = -1 if self.terminal else state.current_player()
        self.ordinal = state.round * state.num_players + state.turn_index
        self.main = not self.terminal and decision(state) == "main"
        self.ready = self.terminal or resumable(state)  # the simulator takes it as it is
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
        return LaneLeaf(self.table, self.row(), cards.hands, cards.others, cards.deck)


class WorldCards:
    """One world's hidden cards as a lane wants them: the other seats' hands [P, 16] (our row unused),
    which seats they are, and the deck [16]; shared by the sweep's leaves. :attr:`hidden` gives them as
    :class:`~ai.mcts.worlds.Hidden` for a world built as an engine state."""

    __slots__ = ("hands", "others", "deck", "_hidden")

    def __init__(self, hands: np.ndarray, others: np.ndarray, deck: np.ndarray) -> None:
        self.hands, self.others, self.deck = hands, others, deck
        self._hidden: Hidden | None = None

    @classmethod
    def of(cls, hidden: Hidden, players: int) -> WorldCards:
        """The arrays of ``hidden``."""
        hands = np.zeros((players, NUM_TYPES), np.int64)
        others = np.zeros(players, bool)
        for s, counts in hidden.hands.items():
            hands[s] = counts
            others[s] = True
        cards = cls(hands, others, np.array(hidden.deck, np.int64))
        cards._hidden = hidden
        return cards

    @property
    def hidden(self) -> Hidden:
        """The cards as lists (the other seats' hands by seat, the deck)."""
        if self._hidden is None:
            rows = self.hands.tolist()
            self._hidden = Hidden({s: rows[s] for s in np.flatnonzero(self.others).tolist()}, self.deck.tolist())
        return self._hidden


def public_root(state: State, hidden: Hidden) -> PublicState:
    """The decision's position with stand-in hidden cards of the right sizes (the first world's): what is
    hidden only ever counts there by its sizes."""
    return PublicState(with_hidden(state, hidden), LaneTable())


def _hidden_marks(state: State) -> tuple:
    """What a step must leave alone for its result to hold in every world."""
    return (tuple(map(sum, state.hands)), sum(state.deck), tuple(state.discard), tuple(state.alive),
            state.winner, state.battle is None)
