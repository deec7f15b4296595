"""``japanese-swords map ...``: check, generate or edit map files (:mod:`japanese_swords.app.maptool`)."""

from __future__ import annotations

import argparse

COMMAND = "map"
PASSTHROUGH = True


def register(sub: argparse._SubParsersAction) -> None:
    """List ``map`` in ``--help``; the map tool's own parser reads its arguments (see :func:`run_argv`)."""
    sub.add_parser(COMMAND, add_help=False, help="map files: --check, --generate or the editor window "
                                                 "('japanese-swords map --help')")


def run_argv(argv: list[str]) -> int:
    """Run the map tool's command line (the same as ``tools/map_editor.py``)."""
    from japanese_swords.app.maptool import main

    return main(argv, prog=f"japanese-swords {COMMAND}")
