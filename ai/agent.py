"""The agent protocol and agent specs (``NAME[:KEY=VALUE...]``), shared by the CLI, tools and client."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from japanese_swords.actions import Action, Offer
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.observation import Observation


class Agent(Protocol):
    """Chooses actions from what its seat can see; ``respond_to_trade`` is optional."""

    name: str

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action: ...


def respond_to_trade(agent: Agent, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
    """Ask an agent whether to accept an offer; agents without an opinion decline."""
    fn = getattr(agent, "respond_to_trade", None)
    if fn is None:
        return False, "no interest in trading"
    return fn(obs, offer, rng)


class SpecError(JapaneseSwordsError, ValueError):
    """A bad agent spec on the command line."""


AgentFactory = Callable[..., Agent]
_REGISTRY: dict[str, AgentFactory] = {}


def register(name: str) -> Callable[[AgentFactory], AgentFactory]:
    def deco(factory: AgentFactory) -> AgentFactory:
        _REGISTRY[name] = factory
        return factory

    return deco


def _convert(value: str) -> object:
    for conv in (int, float):
        try:
            return conv(value)
        except ValueError:
            pass
    return value


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``'mcts:iterations=400:seed=3'`` -> ``('mcts', {'iterations': 400, 'seed': 3})``."""
    name, *opts = spec.strip().split(":")
    kwargs: dict[str, object] = {}
    for opt in opts:
        key, eq, value = opt.partition("=")
        if not eq or not key:
            raise SpecError(f"bad agent option {opt!r} in {spec!r} (use NAME:KEY=VALUE)")
        kwargs[key] = _convert(value)
    return name, kwargs


def make_agent(spec: str) -> Agent:
    """Build an agent from its spec; raises SpecError with a one-line message."""
    _load_builtin()
    name, kwargs = parse_spec(spec)
    if name not in _REGISTRY:
        raise SpecError(f"unknown agent {name!r} (known: {', '.join(sorted(_REGISTRY))})")
    try:
        agent = _REGISTRY[name](**kwargs)
    except TypeError as exc:
        raise SpecError(f"bad options for agent {name!r}: {exc}") from None
    except ValueError as exc:
        raise SpecError(f"bad options for agent {name!r}: {exc}") from None
    agent.name = spec
    return agent


def known_agents() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    import importlib

    for mod in ("ai.random_agent", "ai.greedy", "ai.league", "ai.mcts", "ai.batch", "ai.rollout_policy"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
