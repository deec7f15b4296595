"""Typed errors: every user mistake becomes one of these, with a one-line message."""


class JapaneseSwordsError(Exception):
    """Base class of every error this package raises on bad input."""


class IllegalActionError(JapaneseSwordsError, ValueError):
    """An action broke a rule; the message names the rule. The state is left unchanged."""


class NotationError(IllegalActionError):
    """A text action could not be parsed."""


class MapError(JapaneseSwordsError, ValueError):
    """A map file is malformed; the message is ``file:line:col: text``."""


class RecordError(JapaneseSwordsError, ValueError):
    """A game record is malformed, truncated or does not replay."""


class FileAccessError(JapaneseSwordsError, ValueError):
    """A file or folder cannot be read or written (missing, special, too large, unwritable); names the path."""
