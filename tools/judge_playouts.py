"""Judge the search's playouts: their values at turn starts of real games against those games' results.

Plays ``--games`` seeded games (the value fit's generator: ``--matchups``, ``--maps``, ``--keep`` of the turn
starts) or reads ``--records`` (e.g. the search's own games against an opponent), then scores each
``--judges`` entry on every kept position (:mod:`ai.batch.judge`): log loss and
Brier score a seat, how often its favourite won, and its log loss minus the first judge's, paired game by
game with a 95% interval (negative: it judges better). A judge is ``static`` (the fitted value of the
position, no playout), ``default`` or ``tuned`` (the playout knobs of ``mcts:playout=``) or a JSON file of
knobs (``mcts:playout_knobs=``'s format), played ``--depth`` turns (``NAME@DEPTH``: its own) on ``--lanes``
lanes; ``NAME+MIX`` takes that share of its value from the position's fitted value (``mcts:leaf_mix``).
``--balance N`` then hill-climbs the knobs for N generations to lower the log loss on half the games,
confirmed on a quarter (simulation balancing), and reports the result beside the default on the last
quarter, held out. Usage:

    python tools/judge_playouts.py [--games 120] [--seed 1] [--matchups A,B ...] [--maps MAP ...]
        [--records DIR ...] [--judges static default default@4 default+0.5 FILE ...] [--depth 8] [--lanes 16]
        [--balance 0] [--mutants 6] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared

from ai.batch import judge as J  # noqa: E402
from ai.batch.knob_match import Step, knob_changes  # noqa: E402
from ai.batch.policy import PLAYOUTS, RolloutPolicy, knobs_from_file  # noqa: E402
from ai.trajectories import record_files  # noqa: E402
from ai.value_fit import (  # noqa: E402
    add_sample_arguments,
    heldout_games,
    parse_matchups,
    progress_printer,
    sample_arguments_problem,
)
from japanese_swords.argtypes import OneLineParser  # noqa: E402
from japanese_swords.errors import FileAccessError  # noqa: E402
from japanese_swords.fileio import check_output_file, write_json  # noqa: E402

PROG = "judge_playouts"
STATIC = "static"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = OneLineParser(prog=PROG, description=__doc__.split("\n\n")[0])
    add_sample_arguments(ap, games=120)
    ap.set_defaults(maps=["classic-2p"], matchups=["mcts:iterations=10,greedy"])
    ap.add_argument("--judges", nargs="+", default=[STATIC, "default", "tuned"],
                    help="static, default, tuned or a JSON file of knobs; the first is the reference")
    ap.add_argument("--depth", type=int, default=8, help="playout turns (default 8, the search's)")
    ap.add_argument("--lanes", type=int, default=16, help="playouts a position (default 16)")
    ap.add_argument("--balance", type=int, default=0, help="generations of simulation balancing (default 0)")
    ap.add_argument("--mutants", type=int, default=6)
    ap.add_argument("--records", nargs="+", default=None, metavar="DIR_OR_FILE",
                    help="judge the turn starts of these recorded games (bench --records) instead of playing")
    ap.add_argument("--out", type=Path, default=None, help="write the report here as JSON")
    args = ap.parse_args(argv)
    problem = sample_arguments_problem(args)
    if problem is not None:
        ap.error(problem)
    try:
        args.pairs = parse_matchups(args.matchups)
    except ValueError as exc:
        ap.error(f"--matchups: {exc}")
    if not 1 <= args.depth <= 40 or not 1 <= args.lanes <= 256 or args.balance < 0 or args.mutants < 1:
        ap.error("need 1 <= --depth <= 40, 1 <= --lanes <= 256, --balance >= 0 and --mutants >= 1")
    try:
        args.judge_knobs = {name: judge_knobs(name) for name in args.judges}
    except ValueError as exc:
        ap.error(f"--judges: {exc}")
    if args.out is not None:
        try:
            check_output_file(args.out, "--out")  # before the run, not after it
        except FileAccessError as exc:
            ap.error(str(exc))
    return args


#: A judge: its playout knobs (None: the default; ``static``: no playout), its depth (None: ``--depth``) and
#: the share of its value taken from the position's fitted value (``mcts:leaf_mix``).
Judge = tuple[RolloutPolicy | None | str, int | None, float]


def judge_knobs(entry: str) -> Judge:
    """The judge ``NAME[@DEPTH][+MIX]`` (e.g. ``default@4``, ``tuned+0.5``); ValueError naming a bad entry."""
    rest, plus, mix_text = entry.rpartition("+") if "+" in entry else (entry, "", "")
    mix = 0.0
    if plus:
        try:
            mix = float(mix_text)
        except ValueError:
            mix = -1.0
        if not 0 <= mix <= 1:
            raise ValueError(f"{entry!r}: the share after + must be a number from 0 to 1")
    name, at, depth = rest.rpartition("@") if "@" in rest else (rest, "", "")
    if at and (not depth.isdigit() or not 1 <= int(depth) <= 40):
        raise ValueError(f"{entry!r}: the depth after @ must be a whole number of turns from 1 to 40")
    return playout_knobs(name), int(depth) if at else None, mix


def playout_knobs(name: str) -> RolloutPolicy | None | str:
    """The knobs a judge's name stands for (see :func:`judge_knobs`)."""
    if name == STATIC:
        return STATIC
    if name in PLAYOUTS:
        return PLAYOUTS[name]
    if name == "default":
        return None
    if not Path(name).is_file():
        raise ValueError(f"{name!r} is neither static, default, tuned nor a file of knobs")
    return knobs_from_file(name)


def judge_values(positions: J.Positions, judge: Judge, args: argparse.Namespace, seed: int) -> object:
    """A judge's values of the positions (the static judge plays no turn)."""
    knobs, depth, mix = judge
    if knobs == STATIC:
        return J.values(positions, None, 0, 1, seed)
    return J.values(positions, knobs, depth or args.depth, args.lanes, seed, mix)  # type: ignore[arg-type]


def report_judges(positions: J.Positions, judges: dict[str, Judge],
                  args: argparse.Namespace, seed: int) -> dict[str, dict[str, object]]:
    """Each judge's score on the positions and its log loss against the first judge's, paired by game."""
    out: dict[str, dict[str, object]] = {}
    first = None
    for name, judge in judges.items():
        vals = judge_values(positions, judge, args, seed)
        row: dict[str, object] = J.score(vals, positions).as_dict()  # type: ignore[arg-type]
        if first is None:
            first = vals
        else:
            mean, low, high = J.paired_difference(first, vals, positions)  # type: ignore[arg-type]
            row["minus_first"] = [round(mean, 4), round(low, 4), round(high, 4)]
        out[name] = row
    return out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        if args.records:
            positions = J.collect_records(record_files(args.records), args.seed, args.keep, progress_printer(20))
        else:
            positions = J.collect(args.games, args.seed, args.pairs, args.maps, args.keep, args.max_rounds,
                                  progress_printer(20))
    except Exception as exc:  # noqa: BLE001 - a bad agent spec, map or record is the user's mistake
        print(f"{PROG}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    source = ({"records": args.records, "games": len(set(positions.game.tolist()))} if args.records
              else {"games": args.games, "matchups": args.matchups, "maps": args.maps})
    report: dict[str, object] = {**source, "positions": len(positions), "depth": args.depth,
                                 "lanes": args.lanes,
                                 "judges": report_judges(positions, args.judge_knobs, args, args.seed)}
    if args.balance:
        held = heldout_games(positions.game)  # every fourth game: the final report's
        checked = (positions.game % 4 == 2) & ~held  # another fourth: a mutant's confirmation
        train, check = positions.subset(~held & ~checked), positions.subset(checked)

        def log(step: Step) -> None:
            mark = "kept" if step.kept else "-"
            extra = "" if step.confirmed is None else f" held-out {step.confirmed:.4f}"
            print(f"gen {step.generation:3d}: current {step.current:.4f}, best mutant {step.mutant:.4f}{extra}"
                  f" {mark} {json.dumps(step.changes)}", file=sys.stderr, flush=True)

        first = next((k for k, _, _ in args.judge_knobs.values() if k != STATIC), None)
        start = first if isinstance(first, RolloutPolicy) else None
        best, steps = J.balance(train, check, args.balance, args.mutants, args.seed, start=start,
                                depth=args.depth, lanes=args.lanes, log=log)
        pair: dict[str, Judge] = {"default": (None, None, 0.0), "balanced": (best, None, 0.0)}
        report["balanced"] = {"knobs": knob_changes(best), "kept": sum(s.kept for s in steps),
                              "heldout": report_judges(positions.subset(held), pair, args, args.seed + 1)}
    print(json.dumps(report, indent=1))
    if args.out is not None:
        write_json(args.out, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
