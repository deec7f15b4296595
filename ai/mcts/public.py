"""Public leaves: the part of a search's walk that no hidden card can change, computed once per decision.

A root search samples a world per sweep and walks it down the tree; a leaf is usually the world right
after one or two of our own travel moves. Those steps read nothing hidden: our options are ranked from
what we see (:func:`~ai.mcts.descent.seen_key`), our moves are legal or not whatever the others hold,
and they change no hand and no deck. So the states they reach are the same in every world but for the
other hands and the deck, and are computed once (:class:`PublicState`), each exported once as a
simulator lane; a world then only supplies its hands and deck (:func:`~ai.mcts.worlds.deal_hidden`),
and its leaf reaches the simulator as that lane with those cards put in (:class:`~ai.batch.state.LaneLeaf`)
without an engine state being copied, walked or exported. The other seats' turns stay public as far as
nothing hidden is read but their own hands: another seat's quiet decision is ranked by its world hand's
quiet key (:meth:`PublicState.as_held`: what the plain greedy policy reads, and the stand-in hand the
learned policy reads with ``prior_others=stand_in``, :func:`quiet_stand_in`), and a draw-phase card dealt to it is the
world's (:meth:`WorldCards.dealt`) while the state goes on as one (:meth:`PublicState.dealt`). Where the
walk meets anything else (another chance event, a battle, a step that changes what is hidden), the world
is built at that point and the walk goes on through the engine as before, so every decision is the one
the plain walk makes (``tests/ai/mcts/test_public.py``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import lru_cache

import numpy as np

from ai.batch.state import LaneLeaf, LaneTable, resumable
from ai.mcts.options import Option
from ai.mcts.worlds import Hidden, with_hidden
from japanese_swords.actions import Action, Deal
from japanese_swords.cards import COUNT, NUM_TYPES, Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, decision

#: The phases whose main decisions are ranked without a draw: option generators and greedy policies
#: draw from the generator only for commitments and attacks (tests/ai/mcts/test_rank_memo.py checks it).
QUIET_PHASES = frozenset({Phase.REVENUE, Phase.EXPENSE, Phase.DRAW, Phase.HONOR, Phase.TRAVEL,
                          Phase.MARCH_TRAVEL})
#: The cards a quiet phase's main decision may play: Prosperity (revenue), Much Honor and Intrigue (honor),
#: Forced March (travel).
_PLAYABLE = (Card.PROSPERITY, Card.MUCH_HONOR, Card.INTRIGUE, Card.FORCED_MARCH)
_P0, _P1, _P2, _P3 = (int(c) for c in _PLAYABLE)  # (plain ints: indexing by them is the quicker)
_DEAL = object()  # the key of a deal's successor in :attr:`PublicState._after`
_UNSAFE = object()  # a step that changed what is hidden (a capture that empties a hand, say)


class PublicState:
    """One state our own quiet choices reach from the decision's position, with the facts the walk asks
    of it, its successors by action and its exported lane, each computed once."""

    __slots__ = ("state", "table", "terminal", "player", "ordinal", "main", "quiet", "ready", "ranked", "keys",
                 "actions", "_safe", "_after", "_row", "_hands")

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
        self._hands: dict[Hashable, PublicState] | None = None  # by the deciding seat's quiet hand (:meth:`as_held`)

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

    def as_held(self, seat: int, key: Hashable, cards: WorldCards) -> PublicState:
        """This state with the deciding seat's hand as ``cards``' world deals it, for another seat's quiet
        decision: its ranking reads of that hand only ``key`` (:func:`quiet_hand_of`), so the
        worlds of one key share the state, its ranking and its successors (the first such world's cards
        stand in for theirs)."""
        if self._hands is None:
            self._hands = {quiet_hand_of(self.state.hands[seat]): self}
        held = self._hands.get(key)
        if held is None:
            held = self._hands[key] = PublicState(with_hidden(self.state, cards.hidden), self.table)
        return held

    def deal_to(self) -> int:
        """The seat the pending chance event deals a draw-phase card to, or -1 when it is another event (or
        a deal that may empty the deck, which a reshuffle follows)."""
        st = self.state
        if (self.player != CHANCE or st.order is None or st.bids is not None or not st.pending_draws
                or st.battle is not None or st.phase != Phase.DRAW or sum(st.deck) < 2):
            return -1
        return st.pending_draws[0]

    def dealt(self) -> PublicState:
        """The state after the pending deal (:meth:`deal_to`) but for the card, which is each world's
        (:meth:`WorldCards.dealt`): every world's deal leads here, the stand-in taking a card it has."""
        nxt = self._after.get(_DEAL)
        if nxt is None:
            state = self.state.clone()
            state.apply(Deal(Card(next(c for c, n in enumerate(state.deck) if n))))
            nxt = self._after[_DEAL] = PublicState(state, self.table)
        return nxt  # type: ignore[return-value]

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

    def dealt(self, seat: int, rng: random.Random, held: list[int] | None = None) -> WorldCards:
        """This world's cards after the pending deal to ``seat``, drawn as
        :func:`~japanese_swords.chance.sample_chance` draws it from this world's deck (a world of its own).
        ``held``: the seat's hand before the deal when it is not yet one of the world's (our own, which
        then becomes the world's)."""
        deck = self.deck[self.index].tolist()
        r = rng.randrange(sum(deck))
        card = 0
        while r >= deck[card]:
            r -= deck[card]
            card += 1
        hands = self.hands[self.index:self.index + 1].copy()
        others = self.others
        if held is not None:
            hands[0, seat] = held
            others = others.copy()
            others[seat] = True
        hands[0, seat, card] += 1
        deck[card] -= 1
        return WorldCards(hands, np.array([deck], np.int64), 0, others)

    @property
    def hidden(self) -> Hidden:
        """The cards as lists (the other seats' hands by seat, the deck)."""
        if self._hidden is None:
            rows = self.hands[self.index].tolist()
            self._hidden = Hidden({s: rows[s] for s in np.flatnonzero(self.others).tolist()},
                                  self.deck[self.index].tolist())
        return self._hidden


def quiet_hand_of(hand: list[int]) -> Hashable:
    """What the plain greedy policy's ranking of a quiet phase's main decision reads of the seat's own hand
    (and the learned policy's of another seat's with ``prior_others=stand_in``, through :func:`quiet_stand_in`):
    its size (drawing up to a target, the travel aggression and strength edge) and which of the cards the
    phase may play it holds (the option generators' and the policy's plays, their legality);
    tests/ai/mcts/test_rank_memo.py checks the rankings read no more."""
    return ("quiet", sum(hand), hand[_P0] > 0, hand[_P1] > 0, hand[_P2] > 0, hand[_P3] > 0)


#: The cards a stand-in hand is filled with: every card no quiet phase plays.
_FILLER = tuple(c for c in Card if c not in _PLAYABLE)


@lru_cache(maxsize=128)
def _filler(size: int) -> tuple[int, ...]:
    """``size`` cards of :data:`_FILLER` in their shares of the deck (largest remainder, ties to the lower
    card), as counts by card."""
    total = sum(COUNT[c] for c in _FILLER)
    quotas = [size * COUNT[c] / total for c in _FILLER]
    counts = [int(q) for q in quotas]
    for i in sorted(range(len(_FILLER)), key=lambda i: (counts[i] - quotas[i], i))[:size - sum(counts)]:
        counts[i] += 1
    hand = [0] * NUM_TYPES
    for c, n in zip(_FILLER, counts, strict=True):
        hand[c] = n
    return tuple(hand)


def quiet_stand_in(hand: list[int]) -> list[int]:
    """The hand standing in for every hand of ``hand``'s quiet key (:func:`quiet_hand_of`), made from that
    key alone: one of each playable card held, the rest the deck's other cards in their shares. With
    ``prior_others=stand_in`` another seat's learned ranking reads it instead of its world hand, so the
    worlds of one key share that ranking and the walk through its turn stays public."""
    held = [c for c in _PLAYABLE if hand[c] > 0]
    out = list(_filler(sum(hand) - len(held)))
    for c in held:
        out[c] = 1
    return out


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
