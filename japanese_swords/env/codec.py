"""The environment's fixed integer action space: every engine action as one index (or a few, for commitments).

Layout (``ActionCodec.size`` indices, the same for every map; squares are ``0..99`` as in the engine):

======================  =====================================================  =========
block                   meaning                                                size
======================  =====================================================  =========
``END``                 end the phase                                          1
``DRAW``                draw a card                                            1
``HONOR``               buy 1 honor                                            1
``PROSPERITY``          play Prosperity                                        1
``MUCH_HONOR``          play Much Honor                                        1
``LOSE_HONOR``          answer Intrigue by losing 3 honor                      1
``LOSE_CARDS``          answer Intrigue by losing 3 cards                      1
``INTRIGUE + k - 1``    play Intrigue on the seat ``k`` places after you       3
``COMMIT_ADD + c``      add one card of type ``c`` to the battle commitment    16
``COMMIT_DONE``         commit the cards added so far                          1
``DISCARD + c``         discard one card of type ``c``                         16
``RAISE + sq``          raise an army on ``sq``                                100
``DISBAND + sq``        disband the army on ``sq``                             100
``MARCH + sq``          play Forced March on the army on ``sq``                100
``MOVE + sq*K + k``     move the army on ``sq`` by ``offsets[k]``              100 K
``ATTACK + sq*4 + d``   attack from ``sq`` towards north, east, south, west   400
======================  =====================================================  =========

The classic space ends there (1943 indices with the default 2 movement points). Rule modules with
actions of their own (docs/variants.md) add blocks after it, in this order, each only when the rules
choose one of its modules, starting where the space ended before it (``ActionCodec.support`` and
``ActionCodec.bid``; -1 when absent):

======================  =====================================================  =========
block                   meaning                                                size
======================  =====================================================  =========
``support + k``         pay for ``k`` supporters (support module)              4
``bid + n``             bid ``n`` gold, 0 to ``MAX_BID`` (bidding, ronin or    64
                        castles module; a higher bid has no index)
``bid + 64 + sq``       hire a ronin for the army on ``sq``                    100
``bid + 164 + sq``      build walls on the keep on ``sq``                      100
======================  =====================================================  =========

So the support module alone gives 1947 indices, bidding, ronin or castles 2207, both 2211.

``K`` is the number of (row, column) offsets within ``move_points`` steps (12 with the default 2 movement
points). A battle commitment (1-7 cards; 193,485 combinations from the whole deck) is built in several
steps: ``COMMIT_ADD`` in non-decreasing card order, then ``COMMIT_DONE``; each commitment has exactly one
such sequence.
Trade offers (open-ended) are not in the space.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from japanese_swords.actions import (
    Action,
    Attack,
    Bid,
    BuyHonor,
    Commit,
    Disband,
    Discard,
    Draw,
    End,
    Fortify,
    HireRonin,
    IntrigueReply,
    Move,
    PlayCard,
    Raise,
    Support,
)
from japanese_swords.board import MOVE_COST, NUM_SQUARES, SIZE
from japanese_swords.cards import NUM_TYPES, Card
from japanese_swords.game import Rules

MAX_SEATS = 4
DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))  # (row, column): north, east, south, west

END, DRAW, HONOR, PROSPERITY, MUCH_HONOR, LOSE_HONOR, LOSE_CARDS = range(7)
INTRIGUE = 7
COMMIT_ADD = INTRIGUE + MAX_SEATS - 1
COMMIT_DONE = COMMIT_ADD + NUM_TYPES
DISCARD = COMMIT_DONE + 1
RAISE = DISCARD + NUM_TYPES
DISBAND = RAISE + NUM_SQUARES
MARCH = DISBAND + NUM_SQUARES
MOVE = MARCH + NUM_SQUARES
MAX_SUPPORTERS = 3
"""Most supporters of one side under the support module: the defended square's neighbours but one."""
MAX_BID = 63
"""The highest bid the action space holds (the bidding module)."""
_SHOGUN = ("bidding", "ronin", "castles")

_SIMPLE: dict[Action, int] = {End(): END, Draw(): DRAW, BuyHonor(): HONOR, PlayCard(Card.PROSPERITY): PROSPERITY,
                              PlayCard(Card.MUCH_HONOR): MUCH_HONOR, IntrigueReply(False): LOSE_HONOR,
                              IntrigueReply(True): LOSE_CARDS}


class UnencodableAction(ValueError):
    """An engine action with no index (a trade offer or reply, a chance outcome)."""


def move_offsets(move_points: int) -> tuple[tuple[int, int], ...]:
    """Every (row, column) offset an army could travel with ``move_points`` (cheapest square costs 1)."""
    cheapest = min(c for c in MOVE_COST if c is not None)
    radius = move_points // cheapest
    return tuple(sorted((dr, dc) for dr in range(-radius, radius + 1) for dc in range(-radius, radius + 1)
                        if 0 < abs(dr) + abs(dc) <= radius))


@dataclass(frozen=True)
class Decoded:
    """What an index means: an engine action, or one step of building a commitment."""

    action: Action | None = None  # None for COMMIT_ADD / COMMIT_DONE
    add: Card | None = None  # the card a COMMIT_ADD step adds
    done: bool = False  # a COMMIT_DONE step


class ActionCodec:
    """Index <-> engine action for one set of rules (the layout depends only on ``move_points``)."""

    def __init__(self, rules: Rules | None = None) -> None:
        self.offsets = move_offsets((rules or Rules()).move_points)
        self._offset_index = {o: k for k, o in enumerate(self.offsets)}
        self.attack = MOVE + NUM_SQUARES * len(self.offsets)
        self.size = self.attack + NUM_SQUARES * len(DIRECTIONS)
        self.support = -1  # the module blocks (module docstring): -1 when the rules do not choose them
        self.bid = -1
        names = {s.split(":")[0] for s in rules.modules} if rules is not None else set()
        if "support" in names:
            self.support = self.size
            self.size += MAX_SUPPORTERS + 1
        if names.intersection(_SHOGUN):
            self.bid = self.size
            self.size += MAX_BID + 1 + 2 * NUM_SQUARES

    # ----- engine action -> index ----------------------------------------------------------------------
    def encode(self, action: Action, seat: int, players: int) -> int:
        """The index of a one-step engine action taken by ``seat`` (commitments: see :meth:`steps`)."""
        if action in _SIMPLE:
            return _SIMPLE[action]
        if isinstance(action, PlayCard):
            if action.card == Card.INTRIGUE and action.target is not None:
                return INTRIGUE + (action.target - seat) % players - 1
            if action.card == Card.FORCED_MARCH and action.target is not None:
                return MARCH + action.target
        elif isinstance(action, Discard):
            return DISCARD + action.card
        elif isinstance(action, Raise):
            return RAISE + action.square
        elif isinstance(action, Disband):
            return DISBAND + action.square
        elif isinstance(action, Move):
            k = self._offset_index.get(_offset(action.src, action.dst))
            if k is not None:
                return MOVE + action.src * len(self.offsets) + k
        elif isinstance(action, Attack):
            off = _offset(action.src, action.dst)
            if off in DIRECTIONS:
                return self.attack + action.src * len(DIRECTIONS) + DIRECTIONS.index(off)
        elif isinstance(action, Support) and self.support >= 0 and action.count <= MAX_SUPPORTERS:
            return self.support + action.count
        elif isinstance(action, (Bid, HireRonin, Fortify)) and self.bid >= 0:
            if isinstance(action, Bid):
                if action.amount <= MAX_BID:
                    return self.bid + action.amount
            else:
                block = self.bid + MAX_BID + 1 + (NUM_SQUARES if isinstance(action, Fortify) else 0)
                return block + action.square
        raise UnencodableAction(f"{action} has no index in the environment's action space")

    def steps(self, action: Action, seat: int, players: int) -> list[int]:
        """The indices that play ``action``: one, or for a commitment each card in order then COMMIT_DONE."""
        if isinstance(action, Commit):
            return [COMMIT_ADD + c for c in action.cards] + [COMMIT_DONE]
        return [self.encode(action, seat, players)]

    # ----- index -> engine action ----------------------------------------------------------------------
    def decode(self, index: int, seat: int, players: int) -> Decoded:
        """What ``index`` means for ``seat``; raises ValueError outside the space."""
        i = int(index)
        if not 0 <= i < self.size:
            raise ValueError(f"action {i} is outside the action space 0..{self.size - 1}")
        if i < INTRIGUE:
            return Decoded(next(a for a, k in _SIMPLE.items() if k == i))
        if i < COMMIT_ADD:
            return Decoded(PlayCard(Card.INTRIGUE, (seat + i - INTRIGUE + 1) % players))
        if i < COMMIT_DONE:
            return Decoded(add=Card(i - COMMIT_ADD))
        if i == COMMIT_DONE:
            return Decoded(done=True)
        if i < RAISE:
            return Decoded(Discard(Card(i - DISCARD)))
        if i < DISBAND:
            return Decoded(Raise(i - RAISE))
        if i < MARCH:
            return Decoded(Disband(i - DISBAND))
        if i < MOVE:
            return Decoded(PlayCard(Card.FORCED_MARCH, i - MARCH))
        if i < self.attack:
            src, k = divmod(i - MOVE, len(self.offsets))
            dst = _shift(src, self.offsets[k])
            return Decoded(Move(src, dst if dst is not None else src))
        if 0 <= self.bid <= i:  # the bidding, ronin and castles modules
            k = i - self.bid
            if k <= MAX_BID:
                return Decoded(Bid(k))
            k -= MAX_BID + 1
            return Decoded(HireRonin(k) if k < NUM_SQUARES else Fortify(k - NUM_SQUARES))
        if 0 <= self.support <= i:  # the support module
            return Decoded(Support(i - self.support))
        src, d = divmod(i - self.attack, len(DIRECTIONS))
        dst = _shift(src, DIRECTIONS[d])
        return Decoded(Attack(src, dst if dst is not None else src))

    # ----- masks ---------------------------------------------------------------------------------------
    def mask_indices(self, legal: Iterable[Action], seat: int, players: int,
                     partial: Sequence[Card] = ()) -> list[int]:
        """Indices legal now: the one-step legal actions, or the next commitment steps after ``partial``."""
        out: set[int] = set()
        commits: list[tuple[Card, ...]] = []
        for a in legal:
            if isinstance(a, Commit):
                commits.append(a.cards)
                continue
            try:
                out.add(self.encode(a, seat, players))
            except UnencodableAction:
                continue  # e.g. a chance outcome, never legal at a seat's decision
        if commits:
            out.update(commit_steps(commits, partial))
        return sorted(out)


def commit_mask(is_legal: Callable[[tuple[Card, ...]], bool], partial: Sequence[Card]) -> list[int]:
    """Next commitment steps, asking ``is_legal`` about single commitments instead of listing them all
    (a full hand has thousands): add ``c >= partial[-1]`` if ``partial + c`` is legal, done if ``partial``
    is. Same answer as :func:`commit_steps` because every prefix of a legal commitment is legal (the
    rules only cap counts)."""
    prefix = tuple(partial)
    first = prefix[-1] if prefix else 0
    out = [COMMIT_ADD + c for c in range(first, NUM_TYPES) if is_legal((*prefix, Card(c)))]
    if is_legal(prefix):
        out.append(COMMIT_DONE)
    return out


def commit_steps(commits: Iterable[tuple[Card, ...]], partial: Sequence[Card]) -> set[int]:
    """Next commitment steps: add ``c`` if ``partial + c`` starts a legal (sorted) commitment; done if
    ``partial`` is one."""
    prefix = tuple(partial)
    n = len(prefix)
    out: set[int] = set()
    for cards in commits:
        if cards[:n] != prefix:
            continue
        if len(cards) == n:
            out.add(COMMIT_DONE)
        else:
            out.add(COMMIT_ADD + cards[n])
    return out


def _offset(src: int, dst: int) -> tuple[int, int]:
    return dst // SIZE - src // SIZE, dst % SIZE - src % SIZE


def _shift(src: int, off: tuple[int, int]) -> int | None:
    r, c = src // SIZE + off[0], src % SIZE + off[1]
    return r * SIZE + c if 0 <= r < SIZE and 0 <= c < SIZE else None
