"""Fit the opponent model's style reader and write ai/mcts/opponent_weights.json.

Plays seeded games of an observer (greedy, a small search) against greedy, the tuned greedy, a small
search and each league style on the 2-player maps, reads each opponent's public play a round at a time
(:mod:`ai.mcts.opponent_model`), fits a softmax regression naming the style (:mod:`ai.opponent_fit`) and
prints the held-out confusion, e.g.::

    python tools/fit_opponent_model.py --games 16 --seed 1
    python tools/fit_opponent_model.py --games 4 --seed 1 --dry-run    # report only, write nothing
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

import numpy as np

from ai.agent import SpecError
from ai.mcts.opponent_model import FEATURES, WEIGHTS_PATH, StyleFileError, load_reader
from ai.opponent_fit import CLASSES, MAPS, confusion, fit_softmax, generate, reader_of
from ai.value_fit import progress_printer
from japanese_swords.argtypes import OneLineParser, decimal
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import write_atomic


def problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the arguments, in a line (None: nothing)."""
    for name in ("games", "max_rounds", "holdout"):
        if getattr(args, name) < 1:
            return f"--{name.replace('_', '-')} must be at least 1"
    if args.games < 2 or args.holdout < 2:
        return "--games and --holdout must be at least 2 (games 0, holdout, ... are held out; the rest fit)"
    if not 0.0 <= args.min_confidence <= 1.0:
        return "--min-confidence must be within 0-1"
    if args.l2 < 0:
        return "--l2 must be at least 0"
    return None


def print_confusion(title: str, m: np.ndarray, counts: np.ndarray) -> None:
    """A confusion matrix as a table: the true style down, the style read across."""
    print(title)
    print("  true \\ read " + "".join(f"{c:>9s}" for c in CLASSES) + "     rows")
    for i, c in enumerate(CLASSES):
        print(f"  {c:11s} " + "".join(f"{v:9.2f}" for v in m[i]) + f"  {int(counts[i]):7d}")


def main(argv: list[str] | None = None) -> int:
    """Generate rows, fit, report the held-out confusion, and save unless ``--dry-run``."""
    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=16, help="games per map and opponent (default 16)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--maps", default=",".join(MAPS), help="comma-separated 2-player maps")
    p.add_argument("--max-rounds", type=int, default=150)
    p.add_argument("--holdout", type=int, default=4,
                   help="games whose index is a multiple of this are held out (default 4)")
    p.add_argument("--l2", type=decimal, default=1e-3)
    p.add_argument("--min-confidence", type=decimal, default=0.5,
                   help="below this probability the reader answers self (default 0.5)")
    p.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    p.add_argument("--compare", type=Path, default=None, metavar="WEIGHTS.json",
                   help="also report this saved reader on the held-out rows (e.g. the shipped one)")
    p.add_argument("--dry-run", action="store_true", help="print the report, write nothing")
    args = p.parse_args(argv)
    fault = problem(args)
    if fault:
        print(f"error: {fault}", file=sys.stderr)
        return 2
    maps = [m for m in args.maps.split(",") if m]
    try:
        compared = load_reader(args.compare) if args.compare else None
        rows = generate(args.games, args.seed, maps, args.max_rounds, progress_printer(every=20))
    except (SpecError, JapaneseSwordsError, StyleFileError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    held = rows.game % args.holdout == 0
    if held.all() or not held.any():
        print("error: the games gave no training or no held-out rows (more games or rounds)", file=sys.stderr)
        return 2
    w, scale = fit_softmax(rows.x[~held], rows.y[~held], len(CLASSES), l2=args.l2)
    command = "python tools/fit_opponent_model.py " + shlex.join(argv if argv is not None else sys.argv[1:])
    m = confusion(reader_of(w, scale, args.min_confidence, {}), rows.x[held], rows.y[held])
    counts = np.bincount(rows.y[held], minlength=len(CLASSES))
    correct = float(np.mean([m[i, i] for i in range(len(CLASSES))]))
    meta = {"command": command.strip(), "maps": maps, "games": args.games, "rows": int(len(rows.y)),
            "held_out_mean_recall": round(correct, 3)}
    reader = reader_of(w, scale, args.min_confidence, meta)
    print_confusion(f"held-out confusion ({int(held.sum())} rows of {len(rows.y)}; mean recall {correct:.3f})",
                    m, counts)
    late = held & (rows.round >= 10)
    print_confusion("the same from round 10", confusion(reader, rows.x[late], rows.y[late]),
                    np.bincount(rows.y[late], minlength=len(CLASSES)))
    if compared is not None:
        print_confusion(f"held-out confusion of {args.compare}", confusion(compared, rows.x[held], rows.y[held]),
                        counts)
    print("weights (per standard deviation of the feature), one column a style:")
    print("  " + " " * 18 + "".join(f"{c:>9s}" for c in CLASSES))
    for j, name in enumerate((*FEATURES, "bias")):
        print(f"  {name:18s}" + "".join(f"{w[i, j]:+9.3f}" for i in range(len(CLASSES))))
    if not args.dry_run:
        write_atomic(args.out, reader.to_json())
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
