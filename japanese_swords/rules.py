"""The rules options of a game: every number of the rules (the card table aside) with its accepted range.

Defaults are the rules text plus DESIGN section 4's rulings (docs/rules.md); :mod:`japanese_swords.game`
pairs them with a map."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from japanese_swords import modules as M
from japanese_swords.errors import JapaneseSwordsError


@dataclass(frozen=True)
class Rules:
    """Rules options. Defaults are the rules text plus DESIGN section 4's rulings (docs/rules.md)."""

    max_rounds: int | None = None  # ruling 14: game ends as a draw after this many rounds
    honor_to_win: int = 50
    move_points: int = 2  # ruling 2
    army_cost: int = 4
    upkeep: int = 1
    fortress_revenue: int = 3
    keep_revenue: int = 1
    honor_buys_per_phase: int = 1  # ruling 8
    offers_per_turn: int = 3  # ruling 15
    battle_draw: int = 5
    winner_hand_limit: int = 8
    loser_hand_limit: int = 3
    diplomacy_hand_limit: int = 5
    ninja_honor_cost: int = 1  # ruling 11
    treachery_honor_cost: int = 7
    # Options added after records were first written: to_json writes each only when it differs from its
    # default, so the records (and setup digests) of default games read exactly as before.
    winner_honor: int = 3  # ruling 10: honor change of the battle's winner
    loser_honor: int = -1  # ruling 10: honor change of the battle's loser
    winner_experience: int = 1  # ruling 10: experience the winning army gains
    prosperity_gold: int = 3  # ruling 5
    much_honor: int = 4  # ruling 8: honor a Much Honor gives
    intrigue_honor: int = 3  # ruling 8: honor the Intrigue target loses when it keeps its cards
    intrigue_cards: int = 3  # ruling 8: cards it discards instead (it must hold that many)
    honor_price: int = 1  # ruling 8: gold per honor bought
    honor_per_buy: int = 1  # ruling 8: honor one purchase gives
    free_draws: int = 1  # ruling 7: cards drawn free each draw phase
    draw_price: int = 1  # ruling 7: gold per card after the free ones
    commit_cards: int = 7  # ruling 9: most cards in one battle commitment
    commit_soldiers: int = 5  # ruling 9: most soldier cards in one
    commit_daimyo: int = 1  # ruling 9: most Daimyo in one
    commit_ninja: int = 1  # ruling 9: most Ninja in one
    modules: tuple[str, ...] = ()  # rule modules (docs/variants.md); checked and sorted by Game

    def to_json(self) -> dict[str, object]:
        """The options as a record stores them: the original ones always, later ones (rule modules
        included) only when changed."""
        data = asdict(self)
        out = {k: v for k, v in data.items() if k in _ALWAYS_WRITTEN or v != _DEFAULTS[k]}
        if "modules" in out:
            out["modules"] = list(self.modules)
        return out

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Rules:
        """Rules from a record's ``rules`` object: known options only, whole numbers within RULES_RANGES."""
        known = {f.name: f for f in fields(cls)}
        kwargs: dict[str, object] = {}
        for key, value in data.items():
            if key not in known:
                raise JapaneseSwordsError(f"unknown rules option {_short(key)}")
            if key == "modules":
                if not isinstance(value, list) or len(value) > len(M.MODULES):
                    raise JapaneseSwordsError(f"rules option 'modules' must list at most {len(M.MODULES)} "
                                              f"module names, got {_short(value)}")
                kwargs[key] = tuple(M.canonical(v) for v in value)
                continue
            if key == "max_rounds" and value is None:
                kwargs[key] = None
                continue
            if type(value) is not int:
                raise JapaneseSwordsError(f"rules option {key!r} must be an integer, got {_short(value)}")
            low, high = RULES_RANGES[key]
            if not low <= value <= high:
                raise JapaneseSwordsError(f"rules option {key!r} must be {low} to {high}, got {_short(value)}")
            kwargs[key] = value
        return cls(**kwargs)  # type: ignore[arg-type]


RULES_RANGES: dict[str, tuple[int, int]] = {
    "max_rounds": (1, 1_000_000), "honor_to_win": (1, 1_000), "move_points": (0, 20), "army_cost": (0, 1_000),
    "upkeep": (0, 100), "fortress_revenue": (0, 1_000), "keep_revenue": (0, 1_000),
    "honor_buys_per_phase": (0, 100), "offers_per_turn": (0, 100), "battle_draw": (0, 116),
    "winner_hand_limit": (0, 116), "loser_hand_limit": (0, 116), "diplomacy_hand_limit": (0, 116),
    "ninja_honor_cost": (0, 1_000), "treachery_honor_cost": (0, 1_000),
    "winner_honor": (-1_000, 1_000), "loser_honor": (-1_000, 1_000), "winner_experience": (0, 100),
    "prosperity_gold": (0, 1_000), "much_honor": (0, 1_000), "intrigue_honor": (0, 1_000),
    "intrigue_cards": (0, 116), "honor_price": (0, 1_000), "honor_per_buy": (0, 1_000), "free_draws": (0, 116),
    "draw_price": (0, 1_000), "commit_cards": (1, 116), "commit_soldiers": (0, 116), "commit_daimyo": (0, 5),
    "commit_ninja": (0, 5),
}
"""Accepted range of each rules option in a record (docs/input-limits.md): wide enough for variants, small
enough that no option can make a replay allocate or loop without bound (116 is the deck size)."""


DEFAULT_RULES = Rules()
"""The rules text with DESIGN section 4's rulings: the rules of every game that names no option."""

_ALWAYS_WRITTEN = frozenset((
    "max_rounds", "honor_to_win", "move_points", "army_cost", "upkeep", "fortress_revenue", "keep_revenue",
    "honor_buys_per_phase", "offers_per_turn", "battle_draw", "winner_hand_limit", "loser_hand_limit",
    "diplomacy_hand_limit", "ninja_honor_cost", "treachery_honor_cost"))
"""The options every record has written since the first format: always present in ``to_json``."""
_DEFAULTS = asdict(DEFAULT_RULES)


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a huge value cannot flood a one-line error."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
