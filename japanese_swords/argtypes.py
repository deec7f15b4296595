"""Command-line helpers shared by every tool: an argparse parser whose errors are one line, and number types."""

from __future__ import annotations

import argparse


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line and exits 2 (no usage dump, no traceback)."""

    def error(self, message: str) -> None:
        self.exit(2, f"{self.prog}: error: {message}\n")


def positive_int(text: str) -> int:
    """A whole number >= 1 (argparse type)."""
    value = whole_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {value}")
    return value


def whole_int(text: str) -> int:
    """A whole number (argparse type)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
