"""The rules page's text for the rule modules of a game: title, source, the parameters in play and the
rulings (read from docs/variants.md by :mod:`japanese_swords.modules.rulings`), wrapped into lines."""

from __future__ import annotations

import textwrap

from japanese_swords.modules import MODULES, params_of
from japanese_swords.modules.rulings import module_rules

#: Line styles: a module's title, its source and parameters, its opening paragraph, a ruling's text.
TITLE, NOTE, BODY, RULE = "title", "note", "body", "rule"


def module_names(modules: tuple[str, ...]) -> tuple[str, ...]:
    """The module names of a game's canonical specs (``weather:rain=3`` -> ``weather``), in order."""
    return tuple(spec.split(":")[0] for spec in modules)


def parameter_line(modules: tuple[str, ...], name: str) -> str:
    """``"In this game: rain 2 (force an attacker loses in rain), ..."``, or "" for a module without any."""
    values = params_of(modules, name) if name in module_names(modules) else None
    params = MODULES[name].params
    if not params:
        return ""
    if values is None:
        values = {p.name: p.default for p in params}
    shown = ", ".join(f"{p.name.replace('_', ' ')} {values[p.name]} ({p.doc})" for p in params)
    return f"In this game: {shown}"


def module_lines(modules: tuple[str, ...], chars: int) -> list[tuple[str, str]]:
    """Every line of the modules' rules, ``(style, text)``, wrapped at ``chars`` characters; a blank line
    (``BODY``, "") between modules. ``modules`` are canonical specs (their parameters are shown)."""
    out: list[tuple[str, str]] = []
    for name in module_names(modules):
        rules, module = module_rules(name), MODULES[name]
        if out:
            out.append((BODY, ""))
        out.append((TITLE, f"{rules.title} ({name})"))
        out += [(NOTE, line) for line in textwrap.wrap(f"Source: {module.source}", chars)]
        out += [(NOTE, line) for line in textwrap.wrap(parameter_line(modules, name), chars)]
        out += [(BODY, line) for line in textwrap.wrap(rules.intro or module.description, chars)]
        for ruling in rules.rulings:
            for i, part in enumerate(ruling.split("\n")):
                first = "- " if i == 0 else "    "
                out += [(RULE, line) for line in textwrap.wrap(part, chars, initial_indent=first,
                                                              subsequent_indent="  " if i == 0 else "    ")]
    return out
