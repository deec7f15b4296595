"""Fit the MCTS leaf value to self-play outcomes and write ai/mcts/value_weights.json.

Plays seeded games on the 2-player maps, samples positions at turn starts, fits a logistic regression
(:mod:`ai.value_fit`) and prints the held-out log-loss and accuracy of the fit next to the material
heuristic's on the same positions, e.g.::

    python tools/fit_value.py --games 600 --seed 1 --matchups greedy,greedy
    python tools/fit_value.py --games 600 --seed 1 --dry-run      # report only, write nothing
    python tools/fit_value.py --games 1200 --seed 1 --league --compare ai/mcts/value_weights.json
    python tools/fit_value.py --records RUN1 RUN2 --out W.json --compare ai/mcts/value_weights.json

``--records`` fits recorded games (``bench --records DIR``) instead of playing new ones: the positions of
the games the searcher actually plays, e.g. against a release (``mcts:value_weights=W.json`` plays them).
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

from ai.agent import SpecError
from ai.trajectories import record_files
from ai.value_fit import (
    WEIGHTS_PATH,
    add_sample_arguments,
    fit_and_report,
    generate,
    load_weights,
    parse_matchups,
    progress_printer,
    records_samples,
    sample_arguments_problem,
    save_weights,
)
from japanese_swords.argtypes import OneLineParser, decimal
from japanese_swords.errors import JapaneseSwordsError


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, generate data, fit, report, and save unless ``--dry-run``."""
    p = OneLineParser(description=__doc__.splitlines()[0])
    add_sample_arguments(p, games=600)
    p.add_argument("--league", action="store_true",
                   help="match-ups: every pair of greedy, greedy:style=tuned and the league styles")
    p.add_argument("--records", nargs="+", default=None, metavar="DIR_OR_FILE",
                   help="fit these recorded games (folders of bench --records) instead of playing --games")
    p.add_argument("--l2", type=decimal, default=1e-3)
    p.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    p.add_argument("--dry-run", action="store_true", help="print the report, write nothing")
    p.add_argument("--compare", type=Path, default=None, metavar="WEIGHTS.json",
                   help="also score this saved model on the held-out positions (e.g. the shipped weights)")
    args = p.parse_args(argv)
    problem = sample_arguments_problem(args) or ("--l2 must be at least 0" if args.l2 < 0 else None)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    if args.league:  # diverse games: greedy and every league style, against greedy and each other
        from ai.league import LEAGUE

        styles = ["greedy", "greedy:style=tuned", *LEAGUE]
        args.matchups = [f"{a},{b}" for i, a in enumerate(styles) for b in styles[i + 1:]]
    if args.records and args.league:
        print("error: --records fits recorded games; --league chooses games to play (give one of them)",
              file=sys.stderr)
        return 2
    try:
        compare = {"compared": load_weights(args.compare)} if args.compare else None
    except (OSError, KeyError, TypeError, ValueError) as e:
        print(f"error: --compare {args.compare}: {' '.join(str(e).split())}", file=sys.stderr)
        return 2
    try:
        if args.records:
            samples = records_samples(record_files(args.records), args.seed, args.keep, progress_printer())
        else:
            matchups = parse_matchups(args.matchups)
            samples = generate(args.games, args.seed, matchups, args.maps, args.keep, args.max_rounds,
                               progress_printer())
    except (SpecError, JapaneseSwordsError, ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    command = "python tools/fit_value.py " + shlex.join(
        argv if argv is not None else sys.argv[1:])
    source = ({"records": list(args.records)} if args.records
              else {"maps": list(args.maps), "matchups": args.matchups})
    model, report = fit_and_report(samples, l2=args.l2, meta={"command": command.strip(),
                                                                **source},
                                   compare=compare)
    print(json.dumps(report, indent=1))
    print("weights (per standard deviation of the feature):")
    for name, w in zip(model.features, model.weights, strict=True):
        print(f"  {name:15s} {w:+.4f}")
    if not args.dry_run:
        save_weights(model, args.out)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
