"""Command-line helpers shared by every tool: an argparse parser whose errors are one line, and number types.

Numbers are read with explicit ASCII checks: ``int()`` also accepts ``'١٢'``, ``' 7 '`` and ``'1_000'``,
and raises on more than 4300 digits; here a number is an optional sign and 1-18 ASCII digits.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable

MAX_DIGITS = 18
_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def one_line(text: str, limit: int = 500) -> str:
    """``text`` as a single printable line: control characters (newlines included) and lone surrogates
    (undecodable bytes in a file name) escaped, cut to ``limit`` characters."""
    flat = _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)
    flat = flat.encode("utf-8", "backslashreplace").decode("utf-8")
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits 2 (no usage dump, no traceback)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Print ``PROG: error: MESSAGE`` as exactly one line on stderr and exit with status 2."""
        self.exit(2, f"{one_line(self.prog)}: error: {one_line(message)}\n")


def _clip(text: str) -> str:
    return repr(text) if len(text) <= 30 else repr(text[:27] + "...")


def whole_int(text: str) -> int:
    """A whole number (argparse type): optional sign and at most 18 ASCII digits."""
    if not _INT.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number, got {_clip(text)}")
    if len(text.lstrip("+-")) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"expected a whole number of at most {MAX_DIGITS} digits, got {_clip(text)}")
    return int(text)


def positive_int(text: str) -> int:
    """A whole number >= 1 (argparse type)."""
    value = whole_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {value}")
    return value


def decimal(text: str) -> float:
    """A finite number (argparse type): optional sign, digits with an optional point and an optional exponent
    (``1e-4`` for a learning rate); never nan or inf, so a range check after parsing cannot be passed by one."""
    value = float(text) if _DECIMAL.fullmatch(text) and len(text) <= 2 * MAX_DIGITS else math.nan
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"expected a finite number like 0.1 or 1e-4, got {_clip(text)}")
    return value


def positive_float(text: str) -> float:
    """A finite decimal number > 0 (argparse type): digits with an optional point, no exponent, nan or inf."""
    if not _FLOAT.fullmatch(text) or len(text) > 2 * MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"expected a number like 0.1, got {_clip(text)}")
    value = float(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number > 0, got {text}")
    return value


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An argparse type for a whole number from ``low`` to ``high`` inclusive."""

    def parse(text: str) -> int:
        value = whole_int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected a number from {low} to {high}, got {value}")
        return value

    parse.__name__ = f"number {low}-{high}"  # argparse names the type in some messages
    return parse


def package_version() -> str:
    """The code's version, ``japanese_swords.__version__`` (the one source; installed metadata copies it)."""
    from japanese_swords import __version__  # lazily: argtypes is imported while the package initialises

    return __version__


def maps_problem(names: str, option: str = "--maps") -> str | None:
    """The first of comma-separated map names or files that cannot be found, as one line naming the
    option; None when all resolve (the training tools check their --maps this way)."""
    from .maps import resolve_map_path

    for name in names.split(","):
        try:
            resolve_map_path(name)
        except Exception as exc:  # noqa: BLE001  (the map module's own error, as one line)
            return f"{option}: {exc}"
    return None
