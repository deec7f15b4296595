"""The agent protocol and agent specs (``NAME[:KEY=VALUE...]``), shared by the CLI, tools and client."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from ai.specerror import SpecError, clip, unknown_name, unknown_option
from japanese_swords.actions import Action, Offer
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


AgentFactory = Callable[..., Agent]
_REGISTRY: dict[str, AgentFactory] = {}


def register(name: str) -> Callable[[AgentFactory], AgentFactory]:
    def deco(factory: AgentFactory) -> AgentFactory:
        _REGISTRY[name] = factory
        return factory

    return deco


def _convert(value: str) -> object:
    """An option value as written: an int, else a float, else the text (range checks are the agent's)."""
    for conv in (int, float):
        try:
            return conv(value)
        except (ValueError, OverflowError):
            pass
    return value


def parse_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``'mcts:iterations=400:seed=3'`` -> ``('mcts', {'iterations': 400, 'seed': 3})``; SpecError for a
    malformed or repeated option."""
    name, *opts = spec.strip().split(":")
    kwargs: dict[str, object] = {}
    for opt in opts:
        key, eq, value = opt.partition("=")
        if not eq or not key:
            raise SpecError(f"bad agent option {clip(opt)} in {clip(spec)} (use NAME:KEY=VALUE)")
        if key in kwargs:
            raise SpecError(f"agent option {clip(key)} is given twice in {clip(spec)}")
        kwargs[key] = _convert(value)
    return name, kwargs


def whole_option(agent: str, key: str, value: object, low: int, high: int) -> int:
    """A whole-number option in ``[low, high]``; SpecError naming the option otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SpecError(f"{agent} option {key!r}: expected a whole number in [{low}, {high}], got {clip(value)}")
    return value


def number_option(agent: str, key: str, value: object, low: float, high: float) -> float:
    """A finite number in ``[low, high]``; SpecError naming the option otherwise."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high
    if not ok:
        raise SpecError(f"{agent} option {key!r}: expected a finite number in [{low:g}, {high:g}], got {clip(value)}")
    return float(value)  # type: ignore[arg-type]


def _known_options(factory: AgentFactory) -> list[str]:
    """The keyword options an agent factory takes (empty if it takes ``**options``)."""
    import inspect

    params = inspect.signature(factory).parameters.values()
    return [p.name for p in params if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]


def make_agent(spec: str) -> Agent:
    """Build an agent from its spec; raises SpecError with a one-line message. ``cmd:PROGRAM ARGS`` is a
    program speaking the JSON-lines protocol (:mod:`ai.external`, docs/protocol.md)."""
    if spec.strip().startswith("cmd:"):
        from ai.external import make_external

        return make_external(spec.strip())
    _load_builtin()
    name, kwargs = parse_spec(spec)
    if name not in _REGISTRY:
        raise unknown_name("unknown agent", name, sorted(_REGISTRY))
    factory = _REGISTRY[name]
    known = _known_options(factory)
    unknown = [k for k in kwargs if known and k not in known]
    if unknown or (not known and kwargs and not _takes_any(factory)):
        raise unknown_option(name, (unknown or list(kwargs))[0], known or ())
    try:
        agent = factory(**kwargs)
    except SpecError:
        raise
    except (TypeError, ValueError, OverflowError) as exc:
        text = " ".join(str(exc).split())
        raise SpecError(f"{name}: bad options: {text[:200]}") from None
    agent.name = spec
    return agent


def _takes_any(factory: AgentFactory) -> bool:
    """Whether the factory accepts arbitrary keyword options (``**options``)."""
    import inspect

    return any(p.kind == p.VAR_KEYWORD for p in inspect.signature(factory).parameters.values())


def known_agents() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def _load_builtin() -> None:
    import importlib

    for mod in ("ai.random_agent", "ai.greedy", "ai.league", "ai.mcts", "ai.batch", "ai.rollout_policy", "ai.spiel"):
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
