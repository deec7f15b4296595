"""Registers ``openspiel-ismcts`` (OpenSpiel's ISMCTS bot, :mod:`ai.openspiel_agent`) without importing
OpenSpiel: the agent is built, and ``pyspiel`` imported, only when a spec asks for it."""

from __future__ import annotations

from ai.agent import Agent, SpecError, register


@register("openspiel-ismcts")
def openspiel_ismcts(sims: int = 200, uct: float = 2.0, leaf: str = "material",
                     rollouts: int = 1) -> Agent:
    """OpenSpiel's ISMCTS bot; the options are documented in :mod:`ai.openspiel_agent`."""
    try:
        from ai.openspiel_agent import OpenSpielISMCTSAgent
    except ModuleNotFoundError as exc:
        if exc.name != "pyspiel":
            raise
        raise SpecError("openspiel-ismcts needs OpenSpiel: pip install 'japanese-swords[openspiel]'") from None
    return OpenSpielISMCTSAgent(sims=sims, uct=uct, leaf=leaf, rollouts=rollouts)
