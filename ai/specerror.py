"""The error of a bad agent spec and the value clipping its messages use (shared by :mod:`ai.agent` and the
agents it builds, e.g. :mod:`ai.external`, without an import cycle)."""

from __future__ import annotations

from japanese_swords.errors import JapaneseSwordsError

__all__ = ["SpecError", "clip"]


class SpecError(JapaneseSwordsError, ValueError):
    """A bad agent spec on the command line."""


def clip(value: object, width: int = 60) -> str:
    """``repr(value)`` cut to ``width`` characters, so an error about a huge value stays one short line."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."
