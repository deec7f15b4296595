"""Gymnasium single-seat environments with the other seats played by agents named by spec
(:class:`japanese_swords.env.single.SingleSeatEnv` takes agent objects: the engine does not import ``ai``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.agent import SpecError, make_agent
from japanese_swords.env.single import SingleSeatEnv
from japanese_swords.maps import load_map


def single_seat_env(opponents: str | Sequence[str] = "greedy", seat: int = 0, map_name: str = "classic-2p",
                    **kwargs: Any) -> SingleSeatEnv:
    """The learner on ``seat`` of ``map_name``; ``opponents`` are agent specs, one per other seat in seat
    order, or one spec for all of them. Other keyword arguments go to :class:`SingleSeatEnv`
    (``max_rounds``, ``loss_reward``, ``illegal_reward``, ``rules``, ``render_mode``)."""
    specs = [opponents] if isinstance(opponents, str) else list(opponents)
    others = load_map(map_name).players - 1
    if len(specs) == 1:
        specs = specs * others
    if len(specs) != others:
        raise SpecError(f"{map_name} has {others + 1} seats: give 1 or {others} opponent specs, got {len(specs)}")
    return SingleSeatEnv([make_agent(s) for s in specs], seat=seat, map_name=map_name, **kwargs)
