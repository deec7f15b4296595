"""Trade offers an AI makes on its own turn (ruling 15: at most 3 offers a turn).

Candidates are the trades a hobbyist proposes: buying an opponent's unguarded keep for gold, buying off
an enemy army that stands near our home fortress (the enforceable way to pay off an attacker: the army
changes hands), selling surplus cards for gold when gold is short and, for the search, buying honor with
the cards beyond the hand it keeps. An offer is made only when it
raises the offering agent's own evaluation (the caller's ``gain`` function) by at least ``min_gain`` and
the receiver's likely answer is yes. The receiver is modelled by greedy's published rule (accept when
the material received clearly outweighs the material given, :func:`ai.greedy.bundle_worth`), which reads
only public information, so the model never peeks. Each offer is tried once a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from ai.material import KEEP_VALUE, bundle_worth
from ai.toolkit.commit import CHEAP_ORDER
from japanese_swords import cards as C
from japanese_swords.actions import Bundle, Offer
from japanese_swords.board import orthogonal_steps
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import State, decision

if TYPE_CHECKING:
    from ai.toolkit.view import View

#: Gold prices tried for a keep and for an enemy army.
KEEP_PRICES = (4, 6, 8)
ARMY_PRICES = (5, 7, 9)
#: An enemy army this close (orthogonal steps) to our home fortress is worth buying off.
THREAT = 3
#: Cards are sold only beyond this hand size, and only while gold is below an army's cost.
SELL_ABOVE = 7
#: Rounds a seat that declined an honor purchase is not asked for honor again.
HONOR_PAUSE = 3
#: Honor asked for our surplus cards: (honor, the numbers of cards offered for it), the most generous first,
#: so that where the cards cost us nothing the offer most likely accepted is made.
HONOR_PRICES = ((1, (6, 5, 4, 3, 2, 1)), (2, (8, 7, 6, 5, 4, 3)))
#: A haggler asks a seller that sold honor this share of the price it sold at (:class:`OfferMemory`).
HAGGLE = 0.7


def receiver_accepts(view: View, offer: Offer) -> bool:
    """Greedy's answer from the receiver's side: what it gets must clearly outweigh what it gives."""
    got, gave = bundle_worth(view.state, offer.give), bundle_worth(view.state, offer.get)
    return got > gave * 1.2 + 0.5


def honor_purchases(view: View, to: int, keep: int) -> list[Offer]:
    """Honor bought from seat ``to`` with our surplus: the cards beyond our ``keep`` best (by keep value),
    the best of them first, never a Diplomacy; 1 honor for 1-6 of them, 2 for 3-8 (:data:`HONOR_PRICES`),
    as far as ``to`` has the honor."""
    best_first = [c for c in reversed(CHEAP_ORDER) for _ in range(view.hand[c])]
    surplus = [c for c in best_first[keep:] if c != Card.DIPLOMACY]
    out: list[Offer] = []
    for honor, counts in HONOR_PRICES:
        if honor > view.state.honor[to]:
            continue
        out += [Offer(to, Bundle(cards=tuple(surplus[:n])), Bundle(honor=honor)) for n in counts
                if n <= len(surplus)]
    return out


def candidate_offers(view: View, honor_keep: int | None = None, honor_from: Collection[int] = ()) -> list[Offer]:
    """Keep purchases, army buy-offs near home and card sales, cheapest first within each kind; unless
    ``honor_keep`` is None, honor purchases from the seats in ``honor_from`` with the cards beyond that many
    (:func:`honor_purchases`)."""
    state, seat = view.state, view.seat
    board = state.game.board
    home = board.fortresses[seat]
    gold = state.gold[seat]
    out: list[Offer] = []
    for p in range(state.num_players):
        if p == seat or not state.alive[p]:
            continue
        for k in board.keeps():
            if state.control[k] == p and state.occupant[k] < 0:
                out += [Offer(p, Bundle(gold=g), Bundle(keeps=(k,))) for g in KEEP_PRICES if g <= gold]
        for army in state.armies.values():
            near = orthogonal_steps(army.square, home) <= THREAT
            if army.owner == p and near and board.fortress_owner(army.square) is None:
                out += [Offer(p, Bundle(gold=g), Bundle(armies=(army.square,))) for g in ARMY_PRICES if g <= gold]
        hand = view.hand
        if sum(hand) > SELL_ABOVE and gold < state.game.rules.army_cost:
            spare = sorted((Card(c) for c in C.cards_of(hand) if c != Card.DIPLOMACY), key=lambda c: KEEP_VALUE[c])
            for n in (1, 2):
                cards = tuple(spare[-n:])  # the best cards fetch a price; the hand keeps its Diplomacy
                if len(cards) == n:
                    out += [Offer(p, Bundle(cards=cards), Bundle(gold=g)) for g in (2, 3, 4)]
        if honor_keep is not None and p in honor_from:
            out += honor_purchases(view, p, honor_keep)
    return out


def choose_offer(view: View, gain: Callable[[Offer], float], tried: set[Offer],
                 min_gain: float = 0.01, honor_keep: int | None = None,
                 honor_from: Collection[int] = (), accepts: Callable[[Offer], bool] | None = None,
                 cheap_first: bool = False) -> Offer | None:
    """The acceptable, untried, legal offer with the largest gain above ``min_gain`` (None if none), made
    only in the seat's own travel phase and while the turn's offers last; ``honor_keep`` and ``honor_from``
    as in :func:`candidate_offers`. ``accepts`` predicts the receiver's answer (default
    :func:`receiver_accepts`); of offers that gain alike, the first listed is made, or with ``cheap_first``
    the one giving the fewest cards."""
    state = view.state
    if state.phase != Phase.TRAVEL or state.turn_player != view.seat or decision(state) != "main":
        return None
    if state.offers_made >= state.game.rules.offers_per_turn:
        return None
    predict = accepts or (lambda offer: receiver_accepts(view, offer))
    best: tuple[tuple[float, int], Offer] | None = None
    for offer in candidate_offers(view, honor_keep, honor_from):
        if offer in tried or not predict(offer) or state.why_illegal(offer) is not None:
            continue
        g = gain(offer)
        key = (round(g, 9), -len(offer.give.cards)) if cheap_first else (g, 0)
        if g >= min_gain and (best is None or key > best[0]):
            best = (key, offer)
    return None if best is None else best[1]


def honor_rate(state: State, offer: Offer) -> float:
    """What an honor purchase pays, in :func:`~ai.material.bundle_worth` gold an honor point."""
    return bundle_worth(state, offer.give) / offer.get.honor


class OfferMemory:
    """The offers an agent already made this turn (each is tried once a turn), and whom it may ask for honor:
    one honor purchase a turn, and a seat that declined one is not asked again for :data:`HONOR_PAUSE`
    rounds (a player is not pestered every turn).

    With ``haggle`` it also learns each seller's price from its answers: a seller that sold an honor point
    is next asked :data:`HAGGLE` of that price (the cards it gets, by :func:`honor_rate`) even where
    greedy's rule would refuse, and one that declined is not asked that price or less for
    :data:`HONOR_PAUSE` rounds. A declined cheaper ask costs no pause: the turn's purchase may still be
    made at a price the seller is not known to refuse."""

    def __init__(self, haggle: bool = False) -> None:
        self.haggle = haggle
        self.turn: tuple[int, int] | None = None
        self.tried: set[Offer] = set()
        # the last honor purchase offered, unanswered: (seller, our honor if accepted, its rate, a cheaper ask)
        self.asked: tuple[int, int, float, bool] | None = None
        self.bought = False  # this turn's honor purchase was offered (a cheaper ask declined does not count)
        self.paused: dict[int, int] = {}  # seller -> the first round it may be asked for honor again
        self.sold_at: dict[int, float] = {}  # seller -> the rate at which it last sold (haggle)
        self.refused: dict[int, tuple[float, int]] = {}  # seller -> (the rate it refused, round it expires)

    def for_turn(self, view: View) -> set[Offer]:
        """The offers tried in the current turn (forgotten when a new turn starts)."""
        key = (view.state.round, view.state.turn_player)
        if key != self.turn:  # an ask is answered within its turn: one still unread is forgotten
            self.turn, self.tried, self.asked, self.bought = key, set(), None, False
        return self.tried

    def _read_answer(self, view: View) -> None:
        """Read the last honor purchase's answer from our honor (less than asked: declined)."""
        if self.asked is None:
            return
        state = view.state
        seller, expected, rate, cheaper = self.asked
        self.asked = None
        if state.honor[view.seat] >= expected:
            self.sold_at[seller] = rate
            return
        self.refused[seller] = (rate, state.round + HONOR_PAUSE)  # while it lasts, only dearer asks follow
        if self.sold_at.get(seller, rate + 1) <= rate:
            del self.sold_at[seller]  # its price has risen since it last sold
        if cheaper:
            self.bought = False
        else:
            self.paused[seller] = state.round + HONOR_PAUSE

    def honor_sellers(self, view: View) -> frozenset[int]:
        """The seats that may be asked for honor now (call after :meth:`for_turn`): none once this turn's
        honor purchase was offered (unless, haggling, a cheaper ask was declined), none paused."""
        self._read_answer(view)
        if self.bought:
            return frozenset()
        state = view.state
        return frozenset(p for p in range(state.num_players)
                         if p != view.seat and self.paused.get(p, 0) <= state.round)

    def predicts_accept(self, view: View, offer: Offer) -> bool:
        """Whether the receiver likely accepts: greedy's rule (:func:`receiver_accepts`), and with ``haggle``
        for an honor purchase the seller's learned price: no at a rate it refused lately, yes from
        :data:`HAGGLE` of the rate at which it last sold."""
        if not (self.haggle and offer.get.honor):
            return receiver_accepts(view, offer)
        rate = honor_rate(view.state, offer)
        refused, until = self.refused.get(offer.to, (0.0, 0))
        if until > view.state.round and rate <= refused:
            return False
        sold = self.sold_at.get(offer.to)
        return (sold is not None and rate >= HAGGLE * sold) or receiver_accepts(view, offer)

    def made(self, view: View, offer: Offer) -> None:
        """Note an offer made this turn."""
        self.tried.add(offer)
        if offer.get.honor:
            cheaper = self.haggle and not receiver_accepts(view, offer)  # below what greedy's rule takes
            self.asked = (offer.to, view.state.honor[view.seat] + offer.get.honor, honor_rate(view.state, offer),
                          cheaper)
            self.bought = True
