"""The ``japanese-swords`` subcommands beyond selfplay, replay and play: one module each, listed here.

A module defines ``register(sub)``, which adds its parser to the subparsers ``sub`` and sets the default
``handler(args) -> exit status``. A module whose command has its own full parser (``bench``, ``map``) sets
``PASSTHROUGH = True`` and defines ``run_argv(argv) -> exit status``: the command line after its name goes
to that parser unchanged (its ``--help`` included).
"""

from __future__ import annotations

import argparse
import importlib
from types import ModuleType

#: Subcommand modules under this package, in the order ``--help`` lists them.
MODULES = ("warmup", "bench", "map", "serve_agent", "rate", "export_trajectories")


def modules() -> list[ModuleType]:
    """The subcommand modules, imported (they import nothing heavy at module level)."""
    return [importlib.import_module(f"{__name__}.{name}") for name in MODULES]


def register_all(sub: argparse._SubParsersAction) -> None:
    """Add every subcommand's parser to ``sub``."""
    for module in modules():
        module.register(sub)


def passthrough(name: str) -> ModuleType | None:
    """The module of a passthrough command called ``name``, or None."""
    for module in modules():
        if getattr(module, "PASSTHROUGH", False) and module.COMMAND == name:
            return module
    return None
