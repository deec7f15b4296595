"""The error of a bad agent spec and the value clipping its messages use (shared by :mod:`ai.agent` and the
agents it builds, e.g. :mod:`ai.external`, without an import cycle)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from japanese_swords.errors import JapaneseSwordsError

__all__ = ["SpecError", "clip", "unknown_name", "unknown_option"]


class SpecError(JapaneseSwordsError, ValueError):
    """A bad agent spec on the command line."""


def clip(value: object, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, so an error about a huge value stays one short line."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def unknown_name(what: str, key: object, known: Iterable[str]) -> SpecError:
    """The error for a name not among ``known``, on one line: the name (clipped like a value), the nearest
    known name if one is close (a typo's likely fix), then every known name."""
    names = list(known)
    near = difflib.get_close_matches(key, names, n=1) if isinstance(key, str) and len(key) < 40 else []
    hint = f", did you mean {near[0]!r}?" if near else ""
    return SpecError(f"{what} {clip(key)}{hint} (known: {', '.join(names) or 'none'})")


def unknown_option(owner: str, key: object, known: Iterable[str]) -> SpecError:
    """The error for an option ``owner`` does not take (:func:`unknown_name`)."""
    return unknown_name(f"{owner}: unknown option", key, known)
