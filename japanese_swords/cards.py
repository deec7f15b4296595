"""The 116-card deck: sixteen card types, a hand or pile is a tuple of sixteen counts.

Cards of one type are identical, so every pile (hand, deck, discard, commitment) is a multiset stored as
counts indexed by :class:`Card`. That keeps chance outcomes small (a card type with probability
count/total) and maps directly onto the compiled batch simulator.
"""

from __future__ import annotations

from enum import IntEnum

from japanese_swords.rules import DEFAULT_RULES as _DEFAULT_RULES
from japanese_swords.rules import Rules


class Card(IntEnum):
    """Card types in deck-list order; the value indexes count vectors."""

    PEASANT = 0
    SPEARMEN = 1
    MONKS = 2
    MUSKETEERS = 3
    SWORDSMEN = 4
    ARCHERS = 5
    MOUNTED = 6
    DAIMYO = 7
    NINJA = 8
    TACTICS = 9
    FORCED_MARCH = 10
    PROSPERITY = 11
    MUCH_HONOR = 12
    DIPLOMACY = 13
    INTRIGUE = 14
    TREACHERY = 15

    @property
    def code(self) -> str:
        return CODES[self]

    @property
    def title(self) -> str:
        return TITLES[self]

    @property
    def force(self) -> int:
        return FORCE[self]

    @property
    def count(self) -> int:
        return COUNT[self]

    @property
    def is_soldier(self) -> bool:
        return self <= Card.MOUNTED

    @classmethod
    def from_code(cls, code: str) -> Card:
        try:
            return _BY_CODE[code.upper()]
        except KeyError:
            raise ValueError(f"unknown card code {code!r} (codes: {' '.join(CODES)})") from None


CARD_TYPES: tuple[Card, ...] = tuple(Card)
NUM_TYPES = len(CARD_TYPES)
CODES = ("PF", "SP", "WM", "MU", "SW", "AR", "MS", "DA", "NI", "ST", "FM", "PR", "MH", "DI", "IN", "TR")
TITLES = (
    "Peasant Foot Soldiers", "Bushi Spearmen", "Warrior Monks", "Bushi Musketeers", "Samurai Swordsmen",
    "Samurai Archers", "Mounted Samurai", "Daimyo", "Ninja", "Superior Tactics", "Forced March",
    "Prosperity", "Much Honor", "Diplomacy", "Intrigue", "Treachery",
)
COUNT = (12, 11, 10, 9, 8, 7, 6, 5, 5, 10, 8, 5, 5, 5, 7, 3)
FORCE = (3, 4, 5, 6, 7, 8, 9, 10, 2, 7, 0, 0, 0, 0, 0, 10)
EFFECTS = (
    "Soldier.", "Soldier.", "Soldier.", "Soldier.", "Soldier.", "Soldier.", "Soldier.",
    "General: at most one per battle.",
    "Kills the opposing Daimyo (its 10 does not count). At most one per battle. Lose 1 honor.",
    "Any number may be played in a battle.",
    "Travel or battle phase: the army gets one more travel and battle phase this turn.",
    "Revenue phase: gain 3 gold.",
    "Honor phase: gain 4 honor.",
    "In battle: neither side wins; both discard down to 5.",
    "Honor phase: an opponent loses 3 cards or 3 honor (their choice).",
    "Lose 7 honor when revealed.",
)
_BY_CODE = {c: Card(i) for i, c in enumerate(CODES)}
DECK_SIZE = sum(COUNT)
assert DECK_SIZE == 116

#: The default rules' commitment limits (the rules in play are ``state.game.rules``, :class:`Rules`).
MAX_COMMIT = _DEFAULT_RULES.commit_cards
MAX_SOLDIERS = _DEFAULT_RULES.commit_soldiers
SOLDIERS = tuple(c for c in Card if c.is_soldier)

Counts = tuple[int, ...]


def full_deck() -> list[int]:
    """Counts of a fresh 116-card deck."""
    return list(COUNT)


def empty() -> list[int]:
    return [0] * NUM_TYPES


def total(counts: list[int] | Counts) -> int:
    return sum(counts)


def cards_of(counts: list[int] | Counts) -> list[Card]:
    """Expand counts into a sorted list of cards (one entry per card)."""
    out: list[Card] = []
    for i, n in enumerate(counts):
        out.extend([Card(i)] * n)
    return out


def counts_of(cards: list[Card] | tuple[Card, ...]) -> list[int]:
    out = empty()
    for c in cards:
        out[c] += 1
    return out


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(c.code for c in sorted(cards))


def commit_limit(card: Card, rules: Rules = _DEFAULT_RULES) -> int:
    """The most cards of one type a commitment may hold by its group limit (Daimyo, Ninja, soldiers) and
    the card limit."""
    if card == Card.DAIMYO:
        return min(rules.commit_daimyo, rules.commit_cards)
    if card == Card.NINJA:
        return min(rules.commit_ninja, rules.commit_cards)
    if card.is_soldier:
        return min(rules.commit_soldiers, rules.commit_cards)
    return rules.commit_cards


def commit_problem(cards: tuple[Card, ...] | list[Card], rules: Rules = _DEFAULT_RULES) -> str | None:
    """Why a battle commitment breaks the limits of ``rules``, or None if it is within them (hand not
    checked)."""
    if len(cards) > rules.commit_cards:
        return f"at most {rules.commit_cards} cards may be committed to a battle"
    if sum(1 for c in cards if c.is_soldier) > rules.commit_soldiers:
        return f"at most {rules.commit_soldiers} soldier cards may be committed to a battle"
    for card, most in ((Card.DAIMYO, rules.commit_daimyo), (Card.NINJA, rules.commit_ninja)):
        if sum(1 for c in cards if c == card) > most:
            return f"at most {_in_words(most)} {card.title} may be played in a battle"
    return None


def _in_words(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five")[n] if 0 <= n <= 5 else str(n)


def battle_force(cards: tuple[Card, ...] | list[Card], opponent_cards: tuple[Card, ...] | list[Card]) -> int:
    """Sum of committed cards' force; a Daimyo counts 0 if the opponent revealed a Ninja."""
    ninja_against = Card.NINJA in opponent_cards
    return sum(0 if (c == Card.DAIMYO and ninja_against) else c.force for c in cards)
