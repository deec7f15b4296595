"""Command-line logic of ``tools/map_editor.py``: check map files, generate maps, open the editor window.

Kept importable and free of GUI imports so ``--check`` and ``--generate`` run headless and in tests; the
editor window mode (no ``--check``/``--generate``) imports :mod:`japanese_swords.app.client.editor.app` (and so
arcade) only when chosen.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from japanese_swords.argtypes import OneLineParser, int_range, one_line, package_version, whole_int
from japanese_swords.errors import JapaneseSwordsError, MapError
from japanese_swords.fileio import check_output_file, describe_os_error, write_atomic
from japanese_swords.mapcheck import Problem, check_text, is_clean
from japanese_swords.mapgen import generate_map
from japanese_swords.maps import map_text, read_map_text


def build_parser(prog: str = "map_editor.py") -> argparse.ArgumentParser:
    """Arguments for the three modes: ``--check FILE...``, ``--generate ...`` and the editor ``[FILE]``."""
    parser = OneLineParser(
        prog=prog,
        description="Check, generate or edit Japanese Swords map files. See docs/maps.md.")
    parser.add_argument("--version", action="version", version=f"{prog} {package_version()}",
                        help="print the version and exit")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="check FILE... and print every problem as file:line:col: severity: message")
    mode.add_argument("--generate", action="store_true", help="generate a symmetric map that passes --strict")
    parser.add_argument("files", nargs="*", metavar="FILE",
                        help="map files to check (with --check) or the map to open in the editor")
    parser.add_argument("--strict", action="store_true", help="with --check: warnings also fail")
    parser.add_argument("--players", type=int_range(2, 4), help="with --generate: 2, 3 or 4")
    parser.add_argument("--seed", type=whole_int, help="with --generate: random seed (same seed, same map)")
    parser.add_argument("-o", "--output", metavar="OUT.map", help="with --generate: write here, else stdout")
    parser.add_argument("--name", help="with --generate: the map's name")
    parser.add_argument("--screenshot", metavar="FILE.png",
                        help="editor: render --frames frames, save a PNG of the window and exit "
                             "(for demos and tests; headless with ARCADE_HEADLESS=1)")
    parser.add_argument("--frames", type=int_range(1, 100_000), default=1, metavar="N",
                        help="editor with --screenshot: frames to render first (default 1)")
    return parser


def check_path(path: str) -> list[Problem]:
    """Problems of one map file; an unreadable, missing, special or oversized file is a single error
    naming it (read with the loader's bounds: a regular file of at most MAX_MAP_BYTES)."""
    if not os.path.lexists(path):
        return [Problem(path, 1, 1, "error", "no such map file")]
    try:
        text = read_map_text(path)
    except MapError as exc:
        msg = str(exc)
        prefix = f"{path}:1:1: "
        return [Problem(path, 1, 1, "error", msg[len(prefix):] if msg.startswith(prefix) else msg)]
    return check_text(text, path)


def run_check(paths: Sequence[str], strict: bool, out: TextIO, err: TextIO) -> int:
    """Print each problem of each file, one per line; 0 if all clean (strict: no warnings either), else 1."""
    ok = True
    errors = warnings = 0
    for path in paths:
        problems = check_path(path)
        for problem in problems:
            print(one_line(str(problem), 2000), file=out)
        errors += sum(p.is_error for p in problems)
        warnings += sum(not p.is_error for p in problems)
        ok = ok and is_clean(problems, strict)
    print(f"checked {len(paths)} map(s): {errors} error(s), {warnings} warning(s)", file=err)
    return 0 if ok else 1


def run_generate(players: int, seed: int, output: str | None, name: str | None, out: TextIO,
                 err: TextIO) -> int:
    """Generate a map from ``seed`` and write it to ``output`` (atomically) or print it to ``out``."""
    if output is not None:
        try:
            check_output_file(output, "-o")
        except JapaneseSwordsError as exc:
            print(one_line(f"{output}: error: cannot write map: {exc}", 2000), file=err)
            return 1
    board = generate_map(players, random.Random(seed), name or f"Generated {players}p seed {seed}")
    text = map_text(board)
    if output is None:
        out.write(text)
        return 0
    try:
        write_atomic(output, text)
    except (OSError, ValueError) as exc:
        reason = describe_os_error(exc) if isinstance(exc, OSError) else str(exc)
        print(one_line(f"{output}: error: cannot write map: {reason}", 2000), file=err)
        return 1
    print(one_line(f"{output}: wrote {board.name!r} for {players} players", 2000), file=err)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None,
         prog: str = "map_editor.py") -> int:
    """Parse the command line and run the chosen mode; returns the process exit status."""
    out = out or sys.stdout
    err = err or sys.stderr
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    if args.check:
        if not args.files:
            parser.error("--check needs at least one FILE")
        return run_check(args.files, args.strict, out, err)
    if args.generate:
        if args.players is None or args.seed is None:
            parser.error("--generate needs --players N and --seed S")
        if args.files:
            parser.error("--generate takes no FILE (use -o OUT.map)")
        return run_generate(args.players, args.seed, args.output, args.name, out, err)
    if len(args.files) > 1:
        parser.error("the editor opens one FILE at a time")
    if args.frames < 1:
        parser.error("--frames must be at least 1")
    if args.frames != 1 and args.screenshot is None:
        parser.error("--frames needs --screenshot FILE.png")
    if args.screenshot is not None:
        try:
            check_output_file(args.screenshot, "--screenshot")
        except JapaneseSwordsError as exc:
            parser.error(str(exc))
    return run_editor_mode(args.files[0] if args.files else None, args.screenshot, args.frames, err)


def run_editor_mode(path: str | None, screenshot: str | None, frames: int, err: TextIO) -> int:
    """Open the editor window (imported lazily: arcade loads only in this mode); 2 if it cannot open."""
    try:
        from japanese_swords.app.client.editor.app import run_editor
    except ImportError as exc:
        print(f"map_editor: the editor window needs arcade ({exc}); --check and --generate work without it",
              file=err)
        return 2
    return run_editor(path, screenshot=screenshot, frames=frames, err=err)


__all__ = ["build_parser", "check_path", "run_check", "run_generate", "run_editor_mode", "write_atomic",
           "main"]


if __name__ == "__main__":
    sys.exit(main())
