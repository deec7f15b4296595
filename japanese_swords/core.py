"""The plain data a game state is made of: phases, armies, battles, battle reports and the special
seat numbers. Every engine module may import this; it imports nothing of the engine."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import NamedTuple

from japanese_swords import cards as C

CHANCE = -1
TERMINAL = -4


class Phase(IntEnum):
    """Phases of a turn; MARCH_* are the Forced March extra travel and battle phases (ruling 13)."""

    SETUP = 0
    REVENUE = 1
    EXPENSE = 2
    DRAW = 3
    HONOR = 4
    TRAVEL = 5
    BATTLE = 6
    MARCH_TRAVEL = 7
    MARCH_BATTLE = 8
    GAME_OVER = 9

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").title()


class Army(NamedTuple):
    """One army counter: its owner's seat, its square and its experience."""

    owner: int
    square: int
    experience: int = 0


@dataclass
class Battle:
    """A battle in progress: who fights, and the (secret) commitments made so far."""

    attacker: int  # army id
    defender: int
    attacker_seat: int
    defender_seat: int
    attacker_cards: tuple[C.Card, ...] | None = None
    defender_cards: tuple[C.Card, ...] | None = None
    attacker_count: int = 0  # number of cards committed (face down, so public)
    defender_count: int = 0
    support: tuple[int, ...] | None = None  # the support module: supporters paid for (attacker, defender)

    def to_json(self) -> dict:
        data = {
            "attacker": self.attacker, "defender": self.defender,
            "attacker_seat": self.attacker_seat, "defender_seat": self.defender_seat,
            "attacker_cards": None if self.attacker_cards is None else [c.code for c in self.attacker_cards],
            "defender_cards": None if self.defender_cards is None else [c.code for c in self.defender_cards],
            "attacker_count": self.attacker_count, "defender_count": self.defender_count,
        }
        if self.support is not None:  # only under the support module: classic battles read as before
            data["support"] = list(self.support)
        return data

    @classmethod
    def from_json(cls, d: dict) -> Battle:
        def cs(v):
            return None if v is None else tuple(C.Card.from_code(x) for x in v)

        return cls(d["attacker"], d["defender"], d["attacker_seat"], d["defender_seat"],
                   cs(d["attacker_cards"]), cs(d["defender_cards"]), d["attacker_count"], d["defender_count"],
                   None if d.get("support") is None else tuple(d["support"]))


@dataclass(frozen=True)
class BattleReport:
    """The public result of the last battle: revealed cards and the force breakdown."""

    attacker_seat: int
    defender_seat: int
    attacker_square: int
    defender_square: int
    attacker_cards: tuple[C.Card, ...]
    defender_cards: tuple[C.Card, ...]
    attacker_card_force: int
    defender_card_force: int
    attacker_experience: int
    defender_experience: int
    terrain_defense: int
    winner: int | None  # seat, None after Diplomacy
    honor_changes: tuple[int, ...]  # per seat
    attacker_modifier: int = 0  # rule modules' change of the attacker's force besides its cards (weather)
    defender_modifier: int = 0  # rule modules' change of the defender's force besides its cards (walls, ronin)

    @property
    def attacker_force(self) -> int:
        return self.attacker_card_force + self.attacker_experience + self.attacker_modifier

    @property
    def defender_force(self) -> int:
        return self.defender_card_force + self.defender_experience + self.terrain_defense + self.defender_modifier

    def to_json(self) -> dict:
        d = dict(self.__dict__)
        d["attacker_cards"] = [c.code for c in self.attacker_cards]
        d["defender_cards"] = [c.code for c in self.defender_cards]
        d["honor_changes"] = list(self.honor_changes)
        if not self.attacker_modifier:  # classic reports read as before modules existed
            del d["attacker_modifier"]
        if not self.defender_modifier:
            del d["defender_modifier"]
        return d

    @classmethod
    def from_json(cls, d: dict) -> BattleReport:
        d = dict(d)
        d["attacker_cards"] = tuple(C.Card.from_code(x) for x in d["attacker_cards"])
        d["defender_cards"] = tuple(C.Card.from_code(x) for x in d["defender_cards"])
        d["honor_changes"] = tuple(d["honor_changes"])
        return cls(**d)
