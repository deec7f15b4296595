"""Each rule module's rulings as plain text, read at run time from docs/variants.md, their one source.

The in-game rules page shows them for the modules of the game being played. An installed package reads the
copy shipped as ``japanese_swords/shipped_docs/variants.md`` (setup.py); a source checkout reads
``docs/variants.md``. A module's text is its section (``### Title (`name`)``): the opening paragraph and
the rulings list (a table inside a ruling becomes ``cell: cell`` lines), without the notes on the AI,
tournaments and checks that follow the list. Markdown marks (backticks, emphasis, links) are removed.
"""

from __future__ import annotations

import importlib.resources
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from japanese_swords.modules.registry import MODULES

__all__ = ["ModuleRules", "variants_path", "module_rules"]

_HEADING = re.compile(r"^###\s+(?P<title>.+?)\s+\(`(?P<name>[a-z-]+)`\)\s*$")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


@dataclass(frozen=True)
class ModuleRules:
    """A module's title and its rules text: the opening paragraph, then one paragraph per ruling."""

    name: str
    title: str
    intro: str
    rulings: tuple[str, ...]


def variants_path() -> Path:
    """docs/variants.md: the shipped copy in an installed package, else the checkout's."""
    packaged = importlib.resources.files("japanese_swords") / "shipped_docs" / "variants.md"
    if isinstance(packaged, Path) and packaged.is_file():
        return packaged
    return Path(__file__).resolve().parent.parent.parent / "docs" / "variants.md"


def plain(text: str) -> str:
    """Markdown inline marks removed: links keep their text; backticks and emphasis stars go."""
    text = _LINK.sub(r"\1", text)
    return re.sub(r"\s+", " ", text.replace("`", "").replace("**", "").replace("*", "")).strip()


def _table_row(line: str) -> str | None:
    """``| a | b |`` as ``a: b``; None for a separator row (``|---|---|``)."""
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if all(set(c) <= set("-: ") for c in cells):
        return None
    return plain(": ".join(cells))


def parse(text: str) -> dict[str, ModuleRules]:
    """Every module section of the variants document, by module name."""
    out: dict[str, ModuleRules] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _HEADING.match(lines[i])
        i += 1
        if m is None:
            continue
        body: list[str] = []
        while i < len(lines) and not lines[i].startswith("#"):
            body.append(lines[i])
            i += 1
        out[m["name"]] = _section(m["name"], plain(m["title"]), body)
    return out


def _section(name: str, title: str, body: list[str]) -> ModuleRules:
    """The opening paragraph and the rulings list of one section's lines."""
    intro: list[str] = []
    table: list[str] = []  # a table between the opening and the list (terrain-arms' card table)
    rulings: list[list[str]] = []
    header_seen = False
    for line in body:
        stripped = line.strip()
        if not rulings and stripped.startswith("|"):
            row = _table_row(stripped)
            if row is not None and header_seen:
                table.append(row)
            header_seen = True
        elif stripped.startswith("- "):
            rulings.append([stripped[2:]])
            header_seen = False
        elif not rulings:
            if stripped and (not intro or intro[-1]):
                intro.append(stripped)  # the opening paragraph, up to its first blank line
            elif intro:
                intro.append("")
        elif stripped.startswith("|"):
            row = _table_row(stripped)
            if row is not None and header_seen:
                rulings[-1].append("\n" + row)
            header_seen = True  # a table's first row names its columns, which its rows say anyway
        elif stripped and line.startswith(" "):
            after_table = rulings[-1][-1].startswith("\n") and header_seen
            rulings[-1].append(("\n" if after_table else "") + stripped)
            header_seen = False
        elif stripped:  # a paragraph after the list: notes on the AI, tournaments or tests, not rules
            break
    first = intro[:intro.index("")] if "" in intro else intro
    paragraphs = tuple("\n".join(plain(part) for part in " ".join(r).split("\n")) for r in rulings)
    if table:
        paragraphs = ("\n".join(table), *paragraphs)
    return ModuleRules(name, title, plain(" ".join(first)), paragraphs)


@lru_cache(maxsize=4)
def _load(path: Path) -> dict[str, ModuleRules]:
    try:
        return parse(path.read_text(encoding="utf-8"))
    except OSError:
        return {}


def module_rules(name: str) -> ModuleRules:
    """The rules of module ``name``: its section of docs/variants.md, or (if the document cannot be read)
    the registry's one-line description alone."""
    found = _load(variants_path()).get(name)
    if found is not None:
        return found
    module = MODULES[name]
    return ModuleRules(name, name, module.description, ())
