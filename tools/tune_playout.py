"""Tune the batch playouts' rollout-policy knobs by whole games in the compiled simulator.

A seeded local search (:func:`ai.batch.knob_match.hill_climb`) from the default knobs (or ``--start``
given as JSON knobs; ``--fixed`` names knobs left as they start): each generation scores the current
setting and ``--mutants`` mutants against a pool (the default knobs, the opponent model's four styles and
the current setting) over ``--games`` fresh paired deals, and keeps a mutant that leads by ``--margin``
there and again on fresh deals. Prints one line a generation and, at the end, the knobs that differ from
the default as JSON, and each against the pool and the default on ``--check-games`` deals of another seed
(``--check-maps`` other 2-player maps as well; ``--out FILE`` writes that JSON; ``--generations 0``
reports on the ``--start`` knobs alone). Usage:

    python tools/tune_playout.py [--map classic-2p] [--generations 40] [--mutants 8] [--games 2048]
                                 [--seed 1] [--start JSON] [--fixed KNOB,...] [--check-maps MAP,...]
                                 [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared

from ai.batch.knob_match import KNOBS, Step, hill_climb, knob_changes, match, pool_score, starts  # noqa: E402
from ai.batch.policy import RolloutPolicy, with_knobs  # noqa: E402
from ai.batch.state import BatchState  # noqa: E402
from ai.learned.selfplay import new_game  # noqa: E402
from ai.mcts.opponent_model import STYLES  # noqa: E402
from japanese_swords.argtypes import OneLineParser, decimal  # noqa: E402
from japanese_swords.errors import FileAccessError  # noqa: E402
from japanese_swords.fileio import check_output_file, parse_json, write_json  # noqa: E402

PROG = "tune_playout"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = OneLineParser(prog=PROG, description=__doc__.split("\n\n")[0])
    ap.add_argument("--map", default="classic-2p", help="a 2-player map")
    ap.add_argument("--generations", type=int, default=40)
    ap.add_argument("--mutants", type=int, default=8)
    ap.add_argument("--games", type=int, default=2048, help="deals a generation (each played twice)")
    ap.add_argument("--check-games", type=int, default=4096, help="deals of the final report")
    ap.add_argument("--margin", type=decimal, default=0.01)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", default=None, help="JSON object of knobs to start from")
    ap.add_argument("--out", type=Path, default=None, help="write the final knobs here as JSON")
    ap.add_argument("--fixed", default="", help="comma-separated knobs left as they start")
    ap.add_argument("--check-maps", default="", help="comma-separated 2-player maps the final knobs are also "
                    "reported on")
    args = ap.parse_args(argv)
    fixed = [k for k in args.fixed.split(",") if k]
    names = [k.name for k in KNOBS]
    unknown = [k for k in fixed if k not in names]
    if unknown:
        ap.error(f"--fixed: {unknown[0]!r} is not a tunable knob ({', '.join(names)})")
    args.knobs = tuple(k for k in KNOBS if k.name not in fixed)
    if not args.knobs:
        ap.error("--fixed: every knob is fixed, nothing to tune")
    if args.generations < 0 or min(args.mutants, args.games, args.check_games) < 1:
        ap.error("--generations must be at least 0; --mutants, --games and --check-games at least 1")
    try:
        args.start_policy = start_policy(args.start)
    except ValueError as exc:
        ap.error(f"--start: {exc}")
    args.other_maps = [m for m in args.check_maps.split(",") if m]
    if args.out is not None:
        try:
            check_output_file(args.out, "--out")  # before the run, not after it
        except FileAccessError as exc:
            ap.error(str(exc))
    for option, name in [("--map", args.map)] + [("--check-maps", m) for m in args.other_maps]:
        try:
            game = new_game(name)
        except Exception as exc:  # noqa: BLE001 - a bad map name is the user's mistake
            ap.error(f"{option}: {exc}")
        if game.num_players != 2:
            ap.error(f"{option}: {name} has {game.num_players} players; knob matches are 2-player")
    return args


def start_policy(text: str | None) -> RolloutPolicy:
    """The knobs of ``text`` (a JSON object, read as strictly as the knob files) over the defaults;
    ValueError naming the problem."""
    if text is None:
        return RolloutPolicy()
    return with_knobs(parse_json(text, "JSON"))


def figures(best: RolloutPolicy, pool: list[RolloutPolicy], deals: BatchState) -> dict[str, float]:
    """``best`` and the default knobs against the pool, and ``best`` against the default, on ``deals``."""
    return {"against_pool": pool_score(best, pool, deals, 77),
            "default_against_pool": pool_score(RolloutPolicy(), pool, deals, 77),
            "against_default": match(best, RolloutPolicy(), deals, 78)}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    game = new_game(args.map)
    pool = [RolloutPolicy()] + [STYLES[s] for s in ("racer", "rusher", "turtle", "hoarder")]

    def log(step: Step) -> None:
        state = "kept" if step.kept else "-"
        confirmed = "" if step.confirmed is None else f" confirmed {step.confirmed:.3f}"
        print(f"gen {step.generation:3d}: current {step.current:.3f}, best mutant {step.mutant:.3f}{confirmed}"
              f" {state} {json.dumps(step.changes)}", flush=True)

    best, _ = hill_climb(game, pool, args.generations, args.mutants, args.games, args.seed,
                         start=args.start_policy, margin=args.margin, knobs=args.knobs, log=log)
    report: dict[str, object] = {"map": args.map, "knobs": knob_changes(best)}
    report |= figures(best, pool, starts(game, args.check_games, args.seed + 10_007))
    if args.other_maps:
        report["other_maps"] = {m: figures(best, pool, starts(new_game(m), args.check_games, args.seed + 10_007))
                                for m in args.other_maps}
    print(json.dumps(report, indent=1))
    if args.out is not None:
        write_json(args.out, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
