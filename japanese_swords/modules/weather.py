"""The weather module (002 Tokugawa's weather die): a public draw at the start of every round.

The die has six faces: clear on three, rain on two, storm on one. Rain costs an attacker ``rain`` force;
a storm costs ``storm`` force and makes Difficult and Covered terrain cost ``storm_cost`` more movement
points to enter. The draw is a chance node (``SetWeather``) the engine raises after the turn order is
drawn and whenever a new round begins; ``StateData.weather`` holds the result (public).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from japanese_swords.actions import WEATHERS, SetWeather
from japanese_swords.board import MOVE_COST, Terrain
from japanese_swords.modules.registry import params_of

if TYPE_CHECKING:
    from japanese_swords.state import StateData

NAME = "weather"
FACES = (3, 2, 1)
"""Faces of the six-sided weather die showing clear, rain and storm."""
STORMY = (Terrain.DIFFICULT, Terrain.COVERED)
"""The terrain a storm makes dearer to enter."""


def params(state: StateData) -> dict[str, int] | None:
    """The module's parameters in this game, or None if it is not played."""
    modules = state.game.rules.modules
    return params_of(modules, NAME) if modules else None


def pending(state: StateData) -> bool:
    """Whether the round's weather is still to be drawn (a chance decision)."""
    return (state.weather is None and state.order is not None and bool(state.game.rules.modules)
            and params(state) is not None)


def outcomes() -> list[tuple[SetWeather, float]]:
    """The draw's outcomes with their probabilities."""
    total = sum(FACES)
    return [(SetWeather(w), n / total) for w, n in zip(WEATHERS, FACES, strict=True)]


def sample(rng_value: int) -> SetWeather:
    """The outcome of die face ``rng_value`` (0-5): exact integer weights, no float drift."""
    for w, n in zip(WEATHERS, FACES, strict=True):
        if rng_value < n:
            return SetWeather(w)
        rng_value -= n
    raise ValueError("weather die face out of range")


def attack_penalty(state: StateData) -> int:
    """Force the attacker loses to the round's weather (0 without the module or in clear weather)."""
    p = params(state)
    if p is None or state.weather in (None, "clear"):
        return 0
    return p["rain"] if state.weather == "rain" else p["storm"]


def move_costs(state: StateData) -> tuple[int | None, ...]:
    """Movement points to enter each terrain this round: the board's, dearer in a storm."""
    p = params(state)
    if p is None or state.weather != "storm" or not p["storm_cost"]:
        return MOVE_COST
    return tuple(None if c is None else c + p["storm_cost"] * (t in STORMY)
                 for t, c in zip(Terrain, MOVE_COST, strict=True))
