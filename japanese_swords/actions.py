"""Actions and their one-line text notation (docs/notation.md); ``parse_action(str(a)) == a``.

Every player choice and every chance outcome is an :class:`Action`. Seats are written ``p1``..``p4``
(seat 0 is ``p1``), squares ``a1``..``j10``, cards by their two-letter codes (``PF``, ``DA``...).
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field

from japanese_swords.board import square_index, square_name
from japanese_swords.cards import Card
from japanese_swords.errors import NotationError

MAX_LINE = 2000
"""Longest action line accepted (characters); the promise of an offer is part of it."""
MAX_PROMISE = 1000
"""Longest promise after ``say`` (characters, after JSON unescaping)."""
MAX_AMOUNT_DIGITS = 9
"""Gold and honor amounts in an offer have at most this many digits."""
_AMOUNT = re.compile(r"([0-9]+)([gh])")  # ASCII digits only: str.isdigit() also accepts '²' and '١'


def seat_name(seat: int) -> str:
    return f"p{seat + 1}"


def parse_seat(text: str) -> int:
    t = text.lower()
    if len(t) == 2 and t[0] == "p" and t[1] in "1234":
        return int(t[1]) - 1
    raise NotationError(f"bad seat {text!r} (use p1-p4)")


def _square(text: str) -> int:
    if not text.isascii() or len(text) > 3:
        raise NotationError(f"bad square name {text[:20]!r} (use a column a-j and a row 1-10, e.g. c7)")
    try:
        return square_index(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _card(text: str) -> Card:
    if not text.isascii():
        raise NotationError(f"unknown card code {text[:20]!r}")
    try:
        return Card.from_code(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


class Action:
    """Base class of every action; subclasses are frozen dataclasses with a text notation."""

    is_chance = False

    @staticmethod
    def parse(text: str) -> Action:
        return parse_action(text)


@dataclass(frozen=True)
class End(Action):
    """End the current phase."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Draw(Action):
    """Draw a card in the draw phase (the first is free, each further one costs 1 gold)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class BuyHonor(Action):
    """Pay 1 gold for 1 honor in the honor phase."""

    def __str__(self) -> str:
        return "honor"


@dataclass(frozen=True)
class PlayCard(Action):
    """Play Prosperity, Much Honor, Intrigue (target seat) or Forced March (target army's square)."""

    card: Card
    target: int | None = None  # seat for Intrigue, square for Forced March

    def __str__(self) -> str:
        if self.card == Card.INTRIGUE and self.target is not None:
            return f"play {self.card.code} {seat_name(self.target)}"
        if self.card == Card.FORCED_MARCH and self.target is not None:
            return f"play {self.card.code} {square_name(self.target)}"
        return f"play {self.card.code}"


@dataclass(frozen=True)
class Disband(Action):
    """Leave an army unsupplied in the expense phase when gold is short (ruling 6)."""

    square: int

    def __str__(self) -> str:
        return f"disband {square_name(self.square)}"


@dataclass(frozen=True)
class Raise(Action):
    """Raise a new army (4 gold) on or next to a fortress you control."""

    square: int

    def __str__(self) -> str:
        return f"raise {square_name(self.square)}"


@dataclass(frozen=True)
class Move(Action):
    """Move an army in a travel phase."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {square_name(self.src)} {square_name(self.dst)}"


@dataclass(frozen=True)
class Attack(Action):
    """Attack the orthogonally adjacent enemy army at ``dst`` with the army at ``src``."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"attack {square_name(self.src)} {square_name(self.dst)}"


@dataclass(frozen=True)
class Commit(Action):
    """Secretly commit 1-7 cards to a battle; stored sorted so equal commitments compare equal."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return "commit " + (" ".join(c.code for c in self.cards) or "none")


@dataclass(frozen=True)
class Discard(Action):
    """Discard one card (down to a hand limit after a battle, or to answer Intrigue)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card.code}"


@dataclass(frozen=True)
class IntrigueReply(Action):
    """The target of Intrigue chooses to lose 3 honor or 3 cards."""

    cards: bool

    def __str__(self) -> str:
        return "lose cards" if self.cards else "lose honor"


@dataclass(frozen=True)
class Bundle:
    """One side of a trade: gold, honor, specific cards, armies (by square), keeps (by square)."""

    gold: int = 0
    honor: int = 0
    cards: tuple[Card, ...] = ()
    armies: tuple[int, ...] = ()
    keeps: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))
        object.__setattr__(self, "armies", tuple(sorted(self.armies)))
        object.__setattr__(self, "keeps", tuple(sorted(self.keeps)))

    def is_empty(self) -> bool:
        return not (self.gold or self.honor or self.cards or self.armies or self.keeps)

    def __str__(self) -> str:
        parts = []
        if self.gold:
            parts.append(f"{self.gold}g")
        if self.honor:
            parts.append(f"{self.honor}h")
        parts += [c.code for c in self.cards]
        parts += [f"@{square_name(s)}" for s in self.armies]
        parts += [f"#{square_name(s)}" for s in self.keeps]
        return " ".join(parts) or "nothing"

    @staticmethod
    def parse(tokens: list[str]) -> Bundle:
        gold = honor = 0
        cards: list[Card] = []
        armies: list[int] = []
        keeps: list[int] = []
        for t in tokens:
            if t == "nothing":
                continue
            amount = _AMOUNT.fullmatch(t)
            if amount:
                digits, unit = amount.groups()
                if len(digits) > MAX_AMOUNT_DIGITS:
                    raise NotationError(f"amount {t[:20]}... has more than {MAX_AMOUNT_DIGITS} digits")
                if unit == "g":
                    gold += int(digits)
                else:
                    honor += int(digits)
            elif t.startswith("@"):
                armies.append(_square(t[1:]))
            elif t.startswith("#"):
                keeps.append(_square(t[1:]))
            else:
                cards.append(_card(t))
        return Bundle(gold, honor, tuple(cards), tuple(armies), tuple(keeps))


@dataclass(frozen=True)
class Offer(Action):
    """Offer a trade to another player: ``give`` for ``get``, plus a promise that binds nobody."""

    to: int
    give: Bundle = field(default_factory=Bundle)
    get: Bundle = field(default_factory=Bundle)
    promise: str = ""

    def __str__(self) -> str:
        text = f"offer {seat_name(self.to)} give {self.give} get {self.get}"
        if self.promise:
            text += " say " + json.dumps(self.promise, ensure_ascii=False)
        return text


@dataclass(frozen=True)
class Accept(Action):
    """Accept the trade offered to you."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Decline(Action):
    """Decline the trade offered to you."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True)
class Deal(Action):
    """Chance: the next card dealt from the deck is of this type."""

    card: Card
    is_chance = True

    def __str__(self) -> str:
        return f"deal {self.card.code}"


@dataclass(frozen=True)
class SetOrder(Action):
    """Chance: the turn order (the rules' rock-paper-scissors), as a permutation of seats."""

    order: tuple[int, ...]
    is_chance = True

    def __str__(self) -> str:
        return "order " + " ".join(seat_name(s) for s in self.order)


WEATHERS = ("clear", "rain", "storm")
"""The weather module's outcomes (docs/variants.md)."""


@dataclass(frozen=True)
class SetWeather(Action):
    """Chance (the weather module): the round's weather, one of WEATHERS."""

    weather: str
    is_chance = True

    def __str__(self) -> str:
        return f"weather {self.weather}"


@dataclass(frozen=True)
class Bid(Action):
    """The bidding module: a seat's secret bid of gold for the round's turn order (docs/variants.md)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True)
class HireRonin(Action):
    """The ronin module: hire one ronin in the expense phase, face down with the army at ``square``."""

    square: int

    def __str__(self) -> str:
        return f"ronin {square_name(self.square)}"


@dataclass(frozen=True)
class Fortify(Action):
    """The castles module: build one level of walls on the keep at ``square`` in the expense phase."""

    square: int

    def __str__(self) -> str:
        return f"fortify {square_name(self.square)}"


@dataclass(frozen=True)
class Support(Action):
    """The support module: the deciding side of a starting battle pays for ``count`` adjacent supporters."""

    count: int

    def __str__(self) -> str:
        return f"support {self.count}"


_SIMPLE: dict[str, Action] = {"end": End(), "draw": Draw(), "honor": BuyHonor(), "accept": Accept(),
                              "decline": Decline(), "lose honor": IntrigueReply(False),
                              "lose cards": IntrigueReply(True)}


def parse_action(text: str) -> Action:
    """Parse one action in notation; raises NotationError (an IllegalActionError) on bad text.

    Everything but an offer's promise must be ASCII (``str.lower`` maps the Kelvin sign to ``k``, and
    ``int`` reads Arabic-Indic digits); lines are at most MAX_LINE characters."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    if len(text) > MAX_LINE:
        raise NotationError(f"action line of {len(text)} characters is longer than the limit of {MAX_LINE}")
    body, _, _ = text.partition(" say ")
    if not body.isascii():
        bad = next(ch for ch in body if not ch.isascii())
        raise NotationError(f"non-ASCII character {bad!r} in action {text[:60]!r} (only a promise may use it)")
    line = " ".join(text.split()) if "say" not in text else text.strip()
    low = line.lower()
    if low in _SIMPLE:
        return _SIMPLE[low]
    head, _, rest = line.partition(" ")
    head = head.lower()
    args = rest.split()
    try:
        if head == "play" and args:
            card = _card(args[0])
            if len(args) == 1:
                return PlayCard(card)
            if len(args) == 2:
                if card == Card.INTRIGUE:
                    return PlayCard(card, parse_seat(args[1]))
                if card == Card.FORCED_MARCH:
                    return PlayCard(card, _square(args[1]))
            raise NotationError(f"bad play {line!r}: only Intrigue takes a seat and Forced March a square")
        if head in ("disband", "raise") and len(args) == 1:
            return (Disband if head == "disband" else Raise)(_square(args[0]))
        if head in ("move", "attack") and len(args) == 2:
            return (Move if head == "move" else Attack)(_square(args[0]), _square(args[1]))
        if head == "commit" and args:
            if args == ["none"]:
                return Commit(())
            return Commit(tuple(_card(a) for a in args))
        if head == "discard" and len(args) == 1:
            return Discard(_card(args[0]))
        if head == "deal" and len(args) == 1:
            return Deal(_card(args[0]))
        if head == "weather" and len(args) == 1 and args[0].lower() in WEATHERS:
            return SetWeather(args[0].lower())
        if head == "bid" and len(args) == 1:
            if not args[0].isdigit() or len(args[0]) > MAX_AMOUNT_DIGITS:
                raise NotationError(f"a bid is a whole number of gold, not {args[0][:20]!r}")
            return Bid(int(args[0]))
        if head in ("ronin", "fortify") and len(args) == 1:
            return (HireRonin if head == "ronin" else Fortify)(_square(args[0]))
        if head == "support" and len(args) == 1 and args[0].isdigit() and len(args[0]) <= 3:
            return Support(int(args[0]))
        if head == "order" and args:
            return SetOrder(tuple(parse_seat(a) for a in args))
        if head == "offer":
            return _parse_offer(rest)
    except NotationError as exc:
        raise NotationError(f"{exc} in {line!r}") from None
    raise NotationError(f"cannot read action {line!r} (see docs/notation.md)")


def _parse_offer(rest: str) -> Offer:
    body, sep, said = rest.partition(" say ")
    promise = ""
    if sep:
        said = said.strip()
        if not said.startswith('"'):  # never hand json anything but a string literal (deep nesting recurses)
            raise NotationError("the promise after 'say' must be a double-quoted string")
        try:
            promise = json.loads(said)
        except (ValueError, RecursionError):
            raise NotationError("the promise after 'say' must be a double-quoted string") from None
        if not isinstance(promise, str):
            raise NotationError("the promise after 'say' must be a double-quoted string")
        if len(promise) > MAX_PROMISE:
            raise NotationError(f"a promise is at most {MAX_PROMISE} characters, this one {len(promise)}")
        try:
            promise.encode("utf-8")
        except UnicodeEncodeError:
            raise NotationError("the promise contains a lone surrogate escape (not text)") from None
    try:
        tokens = shlex.split(body)
    except ValueError:
        raise NotationError("unbalanced quotes in offer") from None
    if len(tokens) < 2 or tokens[1] != "give" or "get" not in tokens:
        raise NotationError("an offer reads: offer pN give ITEMS get ITEMS [say \"promise\"]")
    to = parse_seat(tokens[0])
    g = tokens.index("get")
    return Offer(to, Bundle.parse(tokens[2:g]), Bundle.parse(tokens[g + 1:]), promise)
