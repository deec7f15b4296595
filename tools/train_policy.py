"""Train the learned policy prior (ai/learned/policy*.py) on the root visits of the search's own games.

Expert iteration: ``--games`` seeded games on the 2-player maps between the agent pairs of ``--matchups``
(default the searcher ``--searcher`` against itself, greedy and league styles, seats alternating); every
travel and economy decision a searcher made is kept with its options' features, root visits, the greedy
choice, the search's choice and each option's mean value at the root. Each game is written to
``--work/games/`` as it finishes, so running the same command again resumes with the games still missing
(``--shard I/N`` plays only the games whose number is I modulo N, for a second process; ``--generate-only``
stops before fitting). A share ``--holdout`` of the games (by game number) is held out and the report gives,
per family, the cross-entropy of the fitted policy and of the uniform choice against the targets, and how
often the search's choice is the policy's top choice and the greedy choice (``--label mean``: the best mean
among the most visited options stands for the search's choice, which had to beat the prior's choice by the
root's margin); ``--compare WEIGHTS`` reports other weights (e.g. the shipped ones, the previous round of
expert iteration) on the same held-out decisions. ``--earlier DIR`` (repeatable) adds the games an earlier
round recorded in its work folder ``DIR`` to the fit and the held-out split, a window over the rounds like
expert iteration's replay buffer. The weights go to ``--out`` (default the package's
``ai/learned/policy_net.npz``) with this command beside them. Usage:

    python tools/train_policy.py [--games 60] [--searcher mcts:iterations=50] [--seed 1] [--work .train_policy]
                                 [--shard I/N] [--generate-only] [--compare WEIGHTS] [--earlier DIR ...]
                                 [--label choice|mean] [--out PATH] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from pathlib import Path

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared

import numpy as np  # noqa: E402
from tqdm import tqdm  # noqa: E402

from ai.learned import policy  # noqa: E402
from ai.learned.policy_data import Decisions, record_game  # noqa: E402
from ai.learned.policy_train import LABELS, fit, report, verdicts  # noqa: E402
from japanese_swords.argtypes import OneLineParser, decimal  # noqa: E402

TWO_PLAYER = ("classic-2p", "kawanakajima-2p", "nagashino-2p")
OPPONENTS = ("self", "greedy", "self", "rusher", "self", "turtle", "honor_racer", "hoarder")


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60, help="games to record (resumes with the missing ones)")
    ap.add_argument("--searcher", default="mcts:iterations=50", help="the searcher whose choices are learned")
    ap.add_argument("--opponents", default=",".join(OPPONENTS),
                    help="its opponents, cycled per game ('self': the searcher, both seats recorded)")
    ap.add_argument("--maps", default=",".join(TWO_PLAYER), help="maps, cycled per game")
    ap.add_argument("--holdout", type=decimal, default=0.2, help="share of games held out")
    ap.add_argument("--pick-weight", type=decimal, default=0.5, help="weight of the search's verdict in the target")
    ap.add_argument("--label", choices=LABELS, default="choice",
                    help="the search's verdict on a decision: the option it played (choice, which had to beat the "
                         "prior's choice by the root's margin) or the best mean among its most visited options "
                         "(mean: its evidence without the margin; games recorded from release 0.17.6)")
    ap.add_argument("--l2", type=decimal, default=1e-3)
    ap.add_argument("--steps", type=int, default=2000, help="full-batch Adam steps per family")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--shard", default="0/1", help="I/N: play only the games whose number is I modulo N")
    ap.add_argument("--generate-only", action="store_true", help="record the games, do not fit")
    ap.add_argument("--work", type=Path, default=Path(".train_policy"), help="recorded games")
    ap.add_argument("--earlier", type=Path, action="append", default=[],
                    help="an earlier round's work folder: its recorded games are fitted beside this round's")
    ap.add_argument("--out", type=Path, default=policy.WEIGHTS_PATH)
    ap.add_argument("--compare", type=Path, help="other weights reported on the same held-out decisions")
    ap.add_argument("--json", action="store_true", help="print the held-out report as JSON")
    args = ap.parse_args(argv)
    problem = check(args)
    if problem:
        ap.error(problem)
    return args


def check(args: argparse.Namespace) -> str | None:
    """A one-line problem with the options, or None."""
    from ai.agent import SpecError, make_agent
    from japanese_swords.argtypes import maps_problem

    problem = maps_problem(args.maps)
    if problem:
        return problem
    if not args.searcher.startswith("mcts"):
        return f"--searcher: expected an mcts spec, got {args.searcher!r}"
    for spec in [args.searcher] + [o for o in args.opponents.split(",") if o != "self"]:
        try:
            make_agent(spec)
        except SpecError as exc:
            return f"agent {spec!r}: {exc}"
    try:
        i, n = (int(x) for x in args.shard.split("/"))
    except ValueError:
        return f"--shard: expected I/N, got {args.shard!r}"
    if not 0 <= i < n:
        return f"--shard: expected 0 <= I < N, got {args.shard!r}"
    for folder in args.earlier:
        if not any((folder / "games").glob("g*.npz")):
            return f"--earlier {folder}: no recorded games in {folder / 'games'}"
    if args.games < 1 or args.steps < 1 or not 0 < args.holdout < 1 or not 0 <= args.pick_weight <= 1:
        return "--games and --steps must be >= 1, --holdout in (0, 1), --pick-weight in [0, 1]"
    if args.l2 < 0:
        return "--l2 must be at least 0"
    return None


def game_plan(args: argparse.Namespace, g: int) -> tuple[str, tuple[str, str], int]:
    """Game ``g``'s map, seats' specs (the searcher in seat g % 2) and seed."""
    maps = args.maps.split(",")
    opponents = args.opponents.split(",")
    other = opponents[(g // len(maps)) % len(opponents)]
    other = args.searcher if other == "self" else other
    specs = (args.searcher, other) if g % 2 == 0 else (other, args.searcher)
    return maps[g % len(maps)], specs, args.seed * 1_000_003 + g


def generate(args: argparse.Namespace) -> None:
    """Record the missing games of this shard, each written as it finishes."""
    i, n = (int(x) for x in args.shard.split("/"))
    folder = args.work / "games"
    folder.mkdir(parents=True, exist_ok=True)
    todo = [g for g in range(args.games) if g % n == i and not (folder / f"g{g:05d}.npz").exists()]
    for g in tqdm(todo, desc=f"games (shard {args.shard})", unit="game"):
        map_name, specs, seed = game_plan(args, g)
        record_game(map_name, specs, seed, g).save(folder / f"g{g:05d}.npz")


def held_out(games: np.ndarray, share: float) -> np.ndarray:
    """Mask of the decisions whose game is held out (by a hash of the game number, stable across runs)."""
    return (games * 2654435761 % 1_000_003) < share * 1_000_003


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    command = "python tools/train_policy.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    other: policy.PolicyNet | None = None  # read before the games are played: a bad file fails at once
    if args.compare is not None:
        try:
            other = policy.load(args.compare)
        except ValueError as exc:
            sys.exit(f"train_policy: --compare: {exc}")
    generate(args)
    if args.generate_only:
        return 0
    files = [args.work / "games" / f"g{g:05d}.npz" for g in range(args.games)]
    missing = [f.name for f in files if not f.exists()]
    if missing:
        sys.exit(f"train_policy: {len(missing)} games not recorded yet (e.g. {missing[0]}); run the other shards")
    for folder in args.earlier:  # (each holds games: checked before any game is played)
        files += sorted((folder / "games").glob("g*.npz"))
    try:
        data = Decisions.concat([Decisions.load(f) for f in files])
        verdicts(data, args.label)  # games recorded without the means cannot be labelled by them
    except ValueError as exc:
        sys.exit(f"train_policy: {exc}")
    held = held_out(data.game, args.holdout)
    train, test = data.subset(~held), data.subset(held)
    print(f"decisions: {len(data)} ({len(test)} held out) from {len(files)} games")
    net = fit(train, l2=args.l2, steps=args.steps, pick_weight=args.pick_weight, label=args.label)
    result = report(test, net, args.pick_weight, args.label)
    payload: dict[str, object] = dict(result)
    for fam, r in result.items():
        print(f"{fam}: {r['decisions']} held-out decisions, cross-entropy {r['cross_entropy']:.4f} vs uniform "
              f"{r['uniform_cross_entropy']:.4f}; the search's choice is the policy's top {r['top1_policy']:.3f}, "
              f"greedy's {r['top1_greedy']:.3f}")
    if other is not None:
        compared = report(test, other, args.pick_weight, args.label)
        for fam, r in compared.items():
            print(f"{fam}, {args.compare}: cross-entropy {r['cross_entropy']:.4f}; the search's choice is its top "
                  f"{r['top1_policy']:.3f}")
        payload["compare"] = {"weights": str(args.compare), "families": compared}
    policy.save(net, args.out, command)
    print(f"wrote {args.out}")
    if args.json:
        print(json.dumps(payload, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
