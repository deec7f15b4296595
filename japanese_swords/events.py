"""What happened: the events the engine reports for an action and everything that followed it.

:func:`japanese_swords.engine.apply` appends them to a list when given one (the AI's fast path passes
none and pays nothing); :meth:`japanese_swords.engine.State.play` returns them. Readers (the client's
log, turn summaries and statistics, the env) use them instead of comparing two states.

Hidden information: an event may carry what only one seat may see (the card a seat is dealt, the cards
it commits face down). :meth:`Event.seen_by` gives the version a seat may see; ``seen_by(None)`` is the
public version (a spectator's). Everything else in an event is public.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from japanese_swords.cards import Card
from japanese_swords.core import BattleReport, Phase

__all__ = [
    "Event", "TurnStarted", "PhaseStarted", "PhaseEnded", "GoldChanged", "HonorChanged", "CardPlayed",
    "CardDealt", "CardsCommitted", "CardsGiven", "CardDiscarded", "DeckReshuffled", "ArmyRaised", "ArmyMoved",
    "ArmyRemoved", "ArmyGiven", "ControlChanged", "BattleStarted", "BattleResolved", "PlayerEliminated",
    "GameOver", "WeatherDrawn", "TeamWon", "SupportPaid", "ArmyRetreated", "FortressBreached",
    "BidMade", "BidsRevealed", "RoninHired", "RoninFought", "WallsBuilt", "Events", "net_changes", "public",
]


@dataclass(frozen=True)
class Event:
    """Base of every event."""

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (None: a spectator); public events are returned unchanged."""
        return self


# ----- the turn's flow -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TurnStarted(Event):
    """``seat``'s turn begins in ``round`` (its revenue follows as a GoldChanged)."""

    seat: int
    round: int


@dataclass(frozen=True)
class PhaseStarted(Event):
    """The turn player's ``phase`` begins."""

    seat: int
    phase: Phase


@dataclass(frozen=True)
class PhaseEnded(Event):
    """The turn player ended ``phase`` (the End action)."""

    seat: int
    phase: Phase


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended: ``winner`` is a seat, or None for a draw at the round limit."""

    winner: int | None
    round: int


@dataclass(frozen=True)
class WeatherDrawn(Event):
    """The weather module's draw at the start of ``round``: clear, rain or storm (public)."""

    weather: str
    round: int


@dataclass(frozen=True)
class TeamWon(Event):
    """The teams module: the team of ``seats`` won together in ``round`` (``seat`` made the win: reached
    the honor goal, or is the first of the team still in the game after the enemies fell). Public."""

    seats: tuple[int, ...]
    seat: int
    round: int


@dataclass(frozen=True)
class SupportPaid(Event):
    """The support module: ``seat`` paid ``gold`` for ``count`` supporters of the starting battle (public)."""

    seat: int
    count: int
    gold: int


@dataclass(frozen=True)
class ArmyRetreated(Event):
    """The retreat-siege module: ``seat``'s beaten defender ``army`` fell back from ``src`` to ``dst``,
    losing 1 experience."""

    seat: int
    army: int
    src: int
    dst: int


@dataclass(frozen=True)
class FortressBreached(Event):
    """The retreat-siege module: ``attacker_seat`` won a first battle at ``seat``'s home fortress
    ``square``; the next win takes it."""

    square: int
    seat: int
    attacker_seat: int


# ----- resources -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GoldChanged(Event):
    """A seat's gold changed by ``delta``. Reasons: revenue, prosperity, upkeep (emitted also when 0),
    raise, draw, honor, trade."""

    seat: int
    delta: int
    reason: str


@dataclass(frozen=True)
class HonorChanged(Event):
    """A seat's honor changed by ``delta``. Reasons: bought, much honor, intrigue, battle, trade."""

    seat: int
    delta: int
    reason: str


# ----- cards ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played ``card`` face up outside battle (``target``: a seat for Intrigue, a square for
    Forced March)."""

    seat: int
    card: Card
    target: int | None = None


@dataclass(frozen=True)
class CardDealt(Event):
    """``seat`` received a card from the deck. ``card`` is None in the version other seats see.
    ``price`` is the gold the draw-phase draw cost (0 for the free one), None for a battle hand."""

    seat: int
    card: Card | None
    price: int | None = None

    @property
    def for_battle(self) -> bool:
        return self.price is None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.card is None else replace(self, card=None)


@dataclass(frozen=True)
class CardsCommitted(Event):
    """``seat`` committed ``count`` cards face down to the battle; ``cards`` is empty in the version
    other seats see (they are revealed by BattleResolved)."""

    seat: int
    count: int
    cards: tuple[Card, ...] = ()

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or not self.cards else replace(self, cards=())


@dataclass(frozen=True)
class CardsGiven(Event):
    """``src`` handed ``cards`` to ``dst`` in a trade (public: the offer named them)."""

    src: int
    dst: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardDiscarded(Event):
    """``seat`` discarded ``card`` face up. Reasons: hand limit, intrigue."""

    seat: int
    card: Card
    reason: str


@dataclass(frozen=True)
class DeckReshuffled(Event):
    """The discard pile (``cards`` of them) became the deck (ruling 7)."""

    cards: int


# ----- armies and squares --------------------------------------------------------------------------------
@dataclass(frozen=True)
class ArmyRaised(Event):
    """``seat`` raised army ``army`` at ``square`` for ``cost`` gold."""

    seat: int
    army: int
    square: int
    cost: int


@dataclass(frozen=True)
class ArmyMoved(Event):
    """Army ``army`` of ``seat`` went from ``src`` to ``dst`` (a move, or the winner of a battle taking
    the loser's keep or fortress)."""

    seat: int
    army: int
    src: int
    dst: int


@dataclass(frozen=True)
class ArmyRemoved(Event):
    """Army ``army`` of ``seat`` left the board at ``square``. Reasons: disbanded, battle, eliminated."""

    seat: int
    army: int
    square: int
    reason: str


@dataclass(frozen=True)
class ArmyGiven(Event):
    """Army ``army`` at ``square`` changed owner from ``src`` to ``dst`` in a trade."""

    army: int
    square: int
    src: int
    dst: int


@dataclass(frozen=True)
class ControlChanged(Event):
    """Control of ``square`` (a keep or fortress) passed from ``old`` to ``new`` (-1: nobody). Reasons:
    occupied, trade, eliminated."""

    square: int
    old: int
    new: int
    reason: str


# ----- battles and eliminations --------------------------------------------------------------------------
@dataclass(frozen=True)
class BattleStarted(Event):
    """Army ``attacker`` of ``attacker_seat`` at ``src`` attacks army ``defender`` of ``defender_seat`` at
    ``dst``."""

    attacker_seat: int
    defender_seat: int
    attacker: int
    defender: int
    src: int
    dst: int


@dataclass(frozen=True)
class BattleResolved(Event):
    """A battle's revealed result: ``report`` has the seats, squares, both sides' cards, forces, winner
    (None after Diplomacy) and honor changes; ``loser`` is the army removed (None after Diplomacy) and
    the winning army gains one experience."""

    attacker: int
    defender: int
    report: BattleReport
    loser: int | None

    @property
    def winner_army(self) -> int | None:
        if self.loser is None:
            return None
        return self.defender if self.loser == self.attacker else self.attacker


@dataclass(frozen=True)
class PlayerEliminated(Event):
    """``seat`` lost its home fortress to ``by`` and is out (armies, holdings and hand gone)."""

    seat: int
    by: int
    cards: int  # the hand discarded


# ----- the bidding, ronin and castles modules (docs/variants.md) -------------------------------------------
@dataclass(frozen=True)
class BidMade(Event):
    """``seat`` made its secret bid for the round's turn order; ``amount`` is None in the version other
    seats see (BidsRevealed shows every bid at once)."""

    seat: int
    amount: int | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.amount is None else replace(self, amount=None)


@dataclass(frozen=True)
class BidsRevealed(Event):
    """Every seat's bid of ``round`` (per seat; -1 for a seat out of the game), all spent, and the turn
    order they gave (``tied``: a chance draw broke a tie)."""

    round: int
    bids: tuple[int, ...]
    order: tuple[int, ...]
    tied: bool = False


@dataclass(frozen=True)
class RoninHired(Event):
    """``seat`` hired one ronin for ``cost`` gold; ``square`` (the army it joined) is None in the version
    other seats see: the assignment is secret until the army fights."""

    seat: int
    cost: int
    square: int | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat or self.square is None else replace(self, square=None)


@dataclass(frozen=True)
class RoninFought(Event):
    """``count`` ronin of ``seat`` were revealed fighting with its army at ``square``, adding ``force``."""

    seat: int
    square: int
    count: int
    force: int


@dataclass(frozen=True)
class WallsBuilt(Event):
    """``seat`` built a level of walls on the keep at ``square`` (now ``levels``) for ``cost`` gold."""

    seat: int
    square: int
    levels: int
    cost: int


Events = list[Event] | None
"""Where :func:`japanese_swords.engine.apply` puts events: a list, or None to collect nothing."""


def net_changes(
    events: list[Event] | tuple[Event, ...], players: int, keeps: frozenset[int] = frozenset()
) -> list[dict[str, int]]:
    """Per seat, the net change the events report in honor, gold, armies, cards in hand and ``keeps``
    held (all public: a hidden card still counts)."""
    out = [dict.fromkeys(("honor", "gold", "armies", "cards", "keeps"), 0) for _ in range(players)]
    for e in events:
        if isinstance(e, HonorChanged):
            out[e.seat]["honor"] += e.delta
        elif isinstance(e, GoldChanged):
            out[e.seat]["gold"] += e.delta
        elif isinstance(e, ArmyRaised):
            out[e.seat]["armies"] += 1
        elif isinstance(e, ArmyRemoved):
            out[e.seat]["armies"] -= 1
        elif isinstance(e, ArmyGiven):
            out[e.src]["armies"] -= 1
            out[e.dst]["armies"] += 1
        elif isinstance(e, CardDealt):
            out[e.seat]["cards"] += 1
        elif isinstance(e, CardsCommitted):
            out[e.seat]["cards"] -= e.count
        elif isinstance(e, (CardPlayed, CardDiscarded)):
            out[e.seat]["cards"] -= 1
        elif isinstance(e, CardsGiven):
            out[e.src]["cards"] -= len(e.cards)
            out[e.dst]["cards"] += len(e.cards)
        elif isinstance(e, PlayerEliminated):
            out[e.seat]["cards"] -= e.cards
        elif isinstance(e, ControlChanged) and e.square in keeps:
            if e.old >= 0:
                out[e.old]["keeps"] -= 1
            if e.new >= 0:
                out[e.new]["keeps"] += 1
    return out


def public(events: list[Event] | tuple[Event, ...], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them (None: a spectator)."""
    return [e.seen_by(seat) for e in events]
