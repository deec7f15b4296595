"""The rule modules a game may add to the classic rules: their records, parameters, presets, and the
checks a game's module list must pass (docs/variants.md).

A game names its modules in ``Rules.modules`` as canonical specs, ``NAME`` or ``NAME:KEY=VALUE:...``
(parameters given only where they differ from the default, keys sorted), so a record of the classic rules
carries no module field at all. This module is data and checks only: it imports nothing of the engine, so
``game.py`` may use it; the rules of each module live beside it (``weather.py``, ``terrain_arms.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from japanese_swords.errors import JapaneseSwordsError

__all__ = ["Param", "RuleModule", "MODULES", "PRESETS", "PLANNED_PRESETS", "ModuleError", "parse_spec",
           "canonical", "validate", "params_of", "preset_modules", "needs_scalar_rollouts", "add_arguments",
           "from_arguments", "chosen_explicitly", "DEFAULT_RULES"]


class ModuleError(JapaneseSwordsError):
    """A module list that cannot be played: an unknown module or parameter, a bad value, a conflict."""


@dataclass(frozen=True)
class Param:
    """One whole-number parameter of a module, its default and the range a game may set."""

    name: str
    default: int
    low: int
    high: int
    doc: str


@dataclass(frozen=True)
class RuleModule:
    """A named option of the rules: where it comes from, what it does and with what it combines.

    ``ai`` is "compiled" when the batch simulator (``ai.batch``) plays the module, "scalar" when MCTS must
    fall back to scalar playouts in games that use it."""

    name: str
    source: str
    description: str
    players: tuple[int, ...] = (2, 3, 4)
    excludes: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    ai: str = "scalar"
    params: tuple[Param, ...] = ()

    def param(self, key: str) -> Param | None:
        return next((p for p in self.params if p.name == key), None)


MODULES: dict[str, RuleModule] = {m.name: m for m in (
    RuleModule(
        name="terrain-arms", source="003 Samurai Battles (terrain rules)", ai="compiled",
        description="Mounted Samurai count 0 attacking into Covered or Treacherous terrain; Archers and "
                    "Musketeers defending a keep or fortress gain force.",
        params=(Param("shooters", 2, 0, 10, "force each Archer or Musketeer gains defending a keep or fortress"),)),
    RuleModule(
        name="weather", source="002 Tokugawa (the weather die)", ai="compiled",
        description="A public weather draw each round (clear 3/6, rain 2/6, storm 1/6): rain weakens "
                    "attackers, a storm weakens them more and makes Difficult and Covered terrain dearer.",
        params=(Param("rain", 2, 0, 20, "force an attacker loses in rain"),
                Param("storm", 4, 0, 20, "force an attacker loses in a storm"),
                Param("storm_cost", 1, 0, 10, "extra movement points to enter Difficult or Covered terrain "
                                              "in a storm"))),
    RuleModule(
        name="bidding", source="001 Samurai Swords (taking the swords)", ai="compiled",
        description="Each round every seat secretly bids gold for the turn order; highest bid goes first, "
                    "ties by a draw, every bid is spent."),
    RuleModule(
        name="ronin", source="001 Samurai Swords (hiring ronin)", ai="compiled",
        description="Hire ronin in the expense phase, face down with one of your armies: each adds force "
                    "to that army's battles until your next turn.",
        params=(Param("cost", 2, 1, 20, "gold per ronin"),
                Param("force", 3, 0, 20, "force each ronin adds to its army's battles"),
                Param("most", 3, 1, 10, "most ronin with one army"))),
    RuleModule(
        name="castles", source="001 Samurai Swords (castles and fortresses)", ai="compiled",
        description="Pay gold in the expense phase to wall a keep you hold (one level a turn): each level "
                    "adds defence, and the walls stay with the keep when it is captured.",
        params=(Param("cost", 3, 1, 20, "gold per level of walls"),
                Param("defence", 3, 0, 20, "defence each level of walls adds"),
                Param("levels", 2, 1, 5, "most levels of walls on one keep"))),
    RuleModule(
        name="sites", source="000 four-clan card battle game (battlefield tiles)", ai="compiled",
        description="Named battlefield squares (from the map, else placed evenly between the fortresses) "
                    "change battles fought there and give +1 honor a turn to the seat whose army holds them.",
        params=(Param("honor", 1, 0, 10, "honor a site gives in the revenue phase to the seat whose army "
                                         "stands on it"),)),
    RuleModule(
        name="support", source="002 Tokugawa (support from adjacent units)",
        description="When a battle starts, attacker then defender may pay 1 gold for each other army of "
                    "theirs next to the defended square; each supporter draws one more battle card; the "
                    "winner's supporters earn their gold back with interest.",
        params=(Param("fee", 1, 0, 10, "gold each supporting army costs"),
                Param("interest", 1, 0, 10, "gold each of the winner's supporters earns on top of its fee"))),
    RuleModule(
        name="retreat-siege", source="002 Tokugawa (retreat and siege)", ai="compiled",
        description="A beaten defender in the open retreats to a free square not next to the winner and "
                    "loses 1 experience (removed if it has none); a home fortress falls only to a second win "
                    "(the first breaches it)."),
    RuleModule(
        name="teams", source="000 team variant; 001 two-colour game", ai="compiled",
        description="Two against two: p1+p3 play p2+p4; partners never attack each other, pass through "
                    "each other's squares and trade freely; a team wins when both enemy home fortresses "
                    "have fallen or one partner reaches the honor goal.",
        players=(4,)),
)}
"""Every module this version plays, by name."""

PRESETS: dict[str, tuple[str, ...]] = {
    "classic": (),
    "shogun": ("bidding", "ronin", "castles"),
    "tokugawa": ("retreat-siege", "support", "weather"),
    "battlefields": ("sites", "terrain-arms"),
    "teams": ("teams",),
}
"""Named module sets offered by the CLI and tournaments: only those whose modules all exist."""

PLANNED_PRESETS: dict[str, tuple[str, ...]] = {}
"""Presets of issue 30 whose modules are not all written yet: none now, every preset is playable (the
error paths that name a planned preset stay for the next one)."""


def _short(text: object, limit: int = 40) -> str:
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def parse_spec(spec: str) -> tuple[str, dict[str, int]]:
    """``"weather:rain=3"`` -> ``("weather", {"rain": 3})``; ModuleError names an unknown module or
    parameter and a value that is not a whole number within the parameter's range."""
    if not isinstance(spec, str):
        raise ModuleError(f"a module must be named by text, not {type(spec).__name__}")
    name, *pairs = spec.strip().split(":")
    name = name.strip().lower()
    module = MODULES.get(name)
    if module is None:
        planned = [p for p, ms in PLANNED_PRESETS.items() if name in ms]
        hint = " (planned, not written yet)" if planned else ""
        raise ModuleError(f"unknown rule module {_short(name)}{hint}; known: {', '.join(sorted(MODULES))}")
    values: dict[str, int] = {}
    for pair in pairs:
        key, eq, raw = pair.partition("=")
        key = key.strip().lower()
        param = module.param(key)
        if param is None or not eq:
            known = ", ".join(p.name for p in module.params) or "none"
            raise ModuleError(f"module {name}: unknown parameter {_short(pair)} (parameters: {known}; "
                              f"write {name}:KEY=VALUE)")
        raw = raw.strip()
        if key in values:
            raise ModuleError(f"module {name}: parameter {key} is given twice")
        body = raw[1:] if raw[:1] == "-" else raw
        if not body.isascii() or not body.isdigit() or len(body) > 9:
            raise ModuleError(f"module {name}: {key} must be a whole number {param.low}-{param.high}, "
                              f"got {_short(raw)}")
        value = int(raw)
        if not param.low <= value <= param.high:
            raise ModuleError(f"module {name}: {key} must be {param.low}-{param.high}, got {value}")
        values[key] = value
    return name, values


def canonical(spec: str) -> str:
    """The stored form of a spec: the name, then parameters differing from the default, keys sorted."""
    name, values = parse_spec(spec)
    module = MODULES[name]
    pairs = [f"{k}={v}" for k, v in sorted(values.items()) if v != module.param(k).default]  # type: ignore[union-attr]
    return ":".join([name, *pairs])


@lru_cache(maxsize=256)
def params_of(modules: tuple[str, ...], name: str) -> dict[str, int] | None:
    """The parameters (defaults filled in) of module ``name`` in a game's list, or None if not chosen."""
    for spec in modules:
        got, values = parse_spec(spec)
        if got == name:
            return {p.name: values.get(p.name, p.default) for p in MODULES[name].params}
    return None


def validate(modules: tuple[str, ...] | list[str], players: int) -> tuple[str, ...]:
    """The canonical, sorted module list of a game for ``players`` seats; ModuleError names the first
    problem (unknown module, bad value, a module twice, an excluded pair, a missing requirement, a
    player count the module does not allow)."""
    specs = [canonical(s) for s in modules]
    names = [s.split(":")[0] for s in specs]
    for name in names:
        if names.count(name) > 1:
            raise ModuleError(f"module {name} is chosen twice")
        module = MODULES[name]
        if players not in module.players:
            allowed = ", ".join(map(str, module.players))
            raise ModuleError(f"module {name} is for {allowed} players, not {players}")
        for other in module.excludes:
            if other in names:
                raise ModuleError(f"module {name} excludes module {other}")
        for other in module.requires:
            if other not in names:
                raise ModuleError(f"module {name} requires module {other}")
    return tuple(sorted(specs))


def preset_modules(name: str) -> tuple[str, ...]:
    """The modules of a preset; ModuleError for an unknown or only planned one."""
    key = name.strip().lower()
    if key in PRESETS:
        return PRESETS[key]
    if key in PLANNED_PRESETS:
        raise ModuleError(f"preset {key} is planned, not playable yet (it needs modules "
                          f"{', '.join(PLANNED_PRESETS[key])}); playable presets: {', '.join(PRESETS)}")
    raise ModuleError(f"unknown rules preset {_short(key)}; playable presets: {', '.join(PRESETS)}")


def needs_scalar_rollouts(modules: tuple[str, ...]) -> bool:
    """Whether a game with these modules must be played out by the scalar engine (a module the compiled
    batch simulator does not play)."""
    return any(MODULES[s.split(":")[0]].ai != "compiled" for s in modules)


class _DefaultPreset(str):
    """The ``--rules`` value when the option is not given: reads as ``classic`` everywhere, but is told apart
    from an explicit ``--rules classic`` so a map's ``modules:`` line can apply (docs/maps.md)."""


DEFAULT_RULES = _DefaultPreset("classic")
"""``--rules``'s default: the classic preset, unless the map names default modules."""


def add_arguments(parser: object, map_defaults: bool = False) -> None:
    """Add ``--rules PRESET`` and the repeatable ``--module NAME[:KEY=VALUE...]`` to an argparse parser;
    ``map_defaults``: the command plays a map's ``modules:`` line when neither is given (its help says so)."""
    default = ("the map's modules: line, else classic; --rules or --module replace the map's modules"
               if map_defaults else "classic")
    parser.add_argument("--rules", default=DEFAULT_RULES, metavar="PRESET",  # type: ignore[attr-defined]
                        help=f"rules preset: {', '.join(PRESETS)} (default {default}; docs/variants.md)")
    parser.add_argument("--module", action="append", default=[], metavar="NAME",  # type: ignore[attr-defined]
                        help=f"add a rule module, repeatable, parameters as NAME:KEY=VALUE "
                             f"({', '.join(MODULES)}; docs/variants.md)")


def chosen_explicitly(args: object) -> bool:
    """Whether parsed arguments name the rules (``--rules`` or any ``--module``): then a map's default
    modules do not apply."""
    return not isinstance(getattr(args, "rules", DEFAULT_RULES), _DefaultPreset) or bool(getattr(args, "module", None))


def from_arguments(args: object, players: int, defaults: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The checked module list of parsed ``--rules``/``--module`` arguments for ``players`` seats; without
    either, ``defaults`` (a map's ``modules:`` line, ``Board.modules``): explicit rules replace them."""
    if not chosen_explicitly(args):
        return validate(defaults, players)
    chosen = list(preset_modules(getattr(args, "rules", "classic")))
    chosen += list(getattr(args, "module", []) or [])
    return validate(chosen, players)
