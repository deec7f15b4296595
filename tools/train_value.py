"""Train the learned leaf value (ai/learned/) on self-play positions and report it against the logistic one.

Positions come from two sources, both seeded: games of the compiled simulator's rollout policy (each seat
with knobs drawn at random per batch of ``--batch-games``) on every map of ``--maps``, and games between
engine agents (``--matchups``, default greedy, tuned and the league styles; a searcher such as
``mcts:iterations=30`` may be named) on the 2-player maps. Games are generated locally, or as Ray tasks
with ``--ray`` when Ray is installed. A share ``--holdout`` of the games (chosen by game id) is held out;
after every epoch the held-out log-loss and accuracy of the network and of the shipped 15-feature logistic
value on the same positions are printed per source. The positions and a checkpoint are kept in ``--work``:
running the same command again resumes after the last finished epoch. The finished network is written to
``--out`` (default the package's ``ai/learned/value_net.npz``) with this command beside it. Usage:

    python tools/train_value.py [--rollout-games 2048] [--engine-games 120] [--epochs 4] [--seed 1]
                                [--work .train_value] [--out PATH] [--ray] [--json]
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

from ai.learned import network  # noqa: E402
from ai.learned.selfplay import FIELDS, Positions, engine_play, play  # noqa: E402
from ai.learned.train import Trainer, report  # noqa: E402
from japanese_swords.argtypes import OneLineParser, decimal  # noqa: E402
from japanese_swords.fileio import write_atomic  # noqa: E402

MAPS = ("classic-2p", "kawanakajima-2p", "nagashino-2p", "sekigahara-3p", "kanto-3p", "onin-4p", "shikoku-4p")
TWO_PLAYER = ("classic-2p", "kawanakajima-2p", "nagashino-2p")
STYLES = ("greedy", "greedy:style=tuned", "honor_racer", "rusher", "turtle", "hoarder")
MATCHUPS = tuple(f"{a},{b}" for i, a in enumerate(STYLES) for b in STYLES[i:])


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = OneLineParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--maps", default=",".join(MAPS), help="maps of the rollout games (comma-separated)")
    ap.add_argument("--rollout-games", type=int, default=2048, help="rollout-policy games per map")
    ap.add_argument("--batch-games", type=int, default=128, help="rollout games per batch (one knob draw)")
    ap.add_argument("--keep", type=decimal, default=0.1, help="share of turn starts kept (rollout games)")
    ap.add_argument("--engine-games", type=int, default=120, help="engine-agent games on the 2-player maps")
    ap.add_argument("--engine-keep", type=decimal, default=0.3, help="share of turn starts kept (engine games)")
    ap.add_argument("--matchups", nargs="*", default=list(MATCHUPS), help="'A,B' agent pairs, cycled")
    ap.add_argument("--holdout", type=decimal, default=0.15, help="share of games held out")
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--hidden", default="64,32", help="hidden layer sizes H1,H2")
    ap.add_argument("--batch", type=int, default=256, help="positions per minibatch")
    ap.add_argument("--lr", type=decimal, default=1e-3)
    ap.add_argument("--l2", type=decimal, default=1e-4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--work", type=Path, default=Path(".train_value"), help="positions and checkpoint")
    ap.add_argument("--out", type=Path, default=network.WEIGHTS_PATH)
    ap.add_argument("--ray", action="store_true", help="generate games as Ray tasks")
    ap.add_argument("--json", action="store_true", help="print the last held-out report as JSON")
    args = ap.parse_args(argv)
    problem = check(args)
    if problem:
        ap.error(problem)
    return args


def check(args: argparse.Namespace) -> str | None:
    """A one-line problem with the options, or None."""
    from japanese_swords.argtypes import maps_problem

    problem = maps_problem(args.maps)
    if problem:
        return problem
    for m in args.matchups:
        if len(m.split(",")) != 2:
            return f"--matchups: expected 'A,B', got {m!r}"
    if min(args.rollout_games, args.engine_games, args.epochs) < 0 or args.batch_games < 1 or args.batch < 1:
        return "game counts and epochs must be >= 0, batch sizes >= 1"
    if not (0 <= args.keep <= 1 and 0 <= args.engine_keep <= 1 and 0 < args.holdout < 1):
        return "--keep and --engine-keep must lie in [0, 1], --holdout in (0, 1)"
    if args.lr <= 0 or args.l2 < 0:
        return "--lr must be above 0 and --l2 at least 0"
    try:
        h = tuple(int(x) for x in args.hidden.split(","))
    except ValueError:
        h = ()
    if len(h) != 2 or min(h) < 1:
        return f"--hidden: expected two positive sizes H1,H2, got {args.hidden!r}"
    return None


def _task(task: tuple) -> Positions:
    """One generation task: ('rollout', map, games, seed, first game, keep) or ('engine', map, specs, seed,
    game id, keep)."""
    kind, map_name, what, seed, first, keep = task
    if kind == "rollout":
        return play(map_name, what, seed, keep=keep, first_game=first)
    return engine_play(map_name, what, seed, first, keep=keep)


def tasks(args: argparse.Namespace) -> list[tuple]:
    """The generation tasks of the options, in a fixed order."""
    out: list[tuple] = []
    for map_name in args.maps.split(","):
        for first in range(0, args.rollout_games, args.batch_games):
            out.append(("rollout", map_name, min(args.batch_games, args.rollout_games - first), args.seed, first,
                        args.keep))
    for g in range(args.engine_games):
        specs = tuple(args.matchups[(g // len(TWO_PLAYER)) % len(args.matchups)].split(","))
        if (g // (len(TWO_PLAYER) * len(args.matchups))) % 2:
            specs = specs[::-1]
        out.append(("engine", TWO_PLAYER[g % len(TWO_PLAYER)], specs, args.seed * 100_003 + g, g, args.engine_keep))
    return out


def generate(args: argparse.Namespace) -> list[tuple[str, Positions]]:
    """Every task's positions merged per (source, map), locally or on Ray."""
    todo = tasks(args)
    if args.ray:
        from ai.tournament.raypool import RayUnavailable, connect

        try:
            ray = connect()
        except RayUnavailable as exc:
            sys.exit(f"train_value: {exc}")
        remote = ray.remote(_task)
        refs = [remote.remote(t) for t in todo]
        results = [ray.get(r) for r in tqdm(refs, desc="games (ray)", unit="task")]
    else:
        results = [_task(t) for t in tqdm(todo, desc="games", unit="task")]
    merged: dict[tuple[str, str], list[Positions]] = {}
    for t, pos in zip(todo, results, strict=True):
        if len(pos):
            merged.setdefault((t[0], t[1]), []).append(pos)
    return [(k[0], Positions.concat(v)) for k, v in merged.items()]


def data_signature(args: argparse.Namespace) -> str:
    keys = ("maps", "rollout_games", "batch_games", "keep", "engine_games", "engine_keep", "matchups", "seed")
    return json.dumps({k: getattr(args, k) for k in keys}, sort_keys=True)


def save_positions(path: Path, parts: list[tuple[str, Positions]], signature: str) -> None:
    import io

    arrays: dict[str, np.ndarray] = {"signature": np.array(signature),
                                     "names": np.array([f"{src}:{p.map_name}" for src, p in parts])}
    for i, (_src, p) in enumerate(parts):
        arrays |= {f"p{i}_{k}": v for k, v in p.arrays.items()}
        arrays[f"p{i}_game"], arrays[f"p{i}_score"] = p.game, p.score
    buf = io.BytesIO()
    np.savez_compressed(buf, **arrays)
    write_atomic(path, buf.getvalue())


def load_positions(path: Path, signature: str) -> list[tuple[str, Positions]] | None:
    """The cached positions if they were made by the same options, else None."""
    if not path.exists():
        return None
    with np.load(path, allow_pickle=False) as d:
        if str(d["signature"]) != signature:
            return None
        out = []
        for i, name in enumerate(d["names"].tolist()):
            src, map_name = name.split(":", 1)
            out.append((src, Positions(map_name, {k: d[f"p{i}_{k}"] for k in FIELDS}, d[f"p{i}_game"],
                                       d[f"p{i}_score"])))
        return out


def held_out(pos: Positions, share: float) -> np.ndarray:
    """Mask of the positions whose game is held out (by a hash of the game id, so stable across runs)."""
    return (pos.game * 2654435761 % 1_000_003) < share * 1_000_003


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    command = "python tools/train_value.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    args.work.mkdir(parents=True, exist_ok=True)
    signature = data_signature(args)
    parts = load_positions(args.work / "positions.npz", signature)
    if parts is None:
        parts = generate(args)
        save_positions(args.work / "positions.npz", parts, signature)
    sources = [src for src, _ in parts]
    pos = [p for _, p in parts]
    masks = [held_out(p, args.holdout) for p in pos]
    train = [np.nonzero(~m)[0] for m in masks]
    held = [np.nonzero(m)[0] for m in masks]
    print(f"positions: {sum(len(p) for p in pos)} ({sum(len(h) for h in held)} held out) from "
          + ", ".join(f"{s}:{p.map_name} {len(p)}" for s, p in parts))
    ckpt = args.work / "checkpoint.npz"
    hidden = tuple(int(x) for x in args.hidden.split(","))
    if ckpt.exists():
        trainer = Trainer.load(ckpt)
        print(f"resuming after epoch {trainer.epoch}")
    else:
        trainer = Trainer.start(pos, hidden, args.seed, args.lr, args.l2)
    result: dict[str, dict[str, float]] = {}
    while trainer.epoch < args.epochs:
        steps = sum(-(-len(t) // args.batch) for t in train)
        with tqdm(total=steps, desc=f"epoch {trainer.epoch + 1}/{args.epochs}", unit="batch") as bar:
            def tick(loss: float, bar: tqdm = bar) -> None:
                bar.update()
                bar.set_postfix(loss=f"{loss:.4f}", refresh=False)

            loss = trainer.run_epoch(pos, train, args.seed, args.batch, tick)
        trainer.save(ckpt)
        result = {src: report([p for s, p in parts if s == src], [h for s, h in zip(sources, held, strict=True)
                                                                   if s == src], trainer.exported())
                  for src in dict.fromkeys(sources)}
        lines = [f"{src}: {r['rows']} rows, log-loss learned {r['learned_logloss']:.4f} vs logistic "
                 f"{r['logistic_logloss']:.4f}, accuracy {r['learned_accuracy']:.3f} vs {r['logistic_accuracy']:.3f}"
                 for src, r in result.items() if r["rows"]]
        print(f"epoch {trainer.epoch}: train loss {loss:.4f}; held out: " + "; ".join(lines), flush=True)
    network.save(trainer.exported(), args.out, command)
    print(f"wrote {args.out}")
    if args.json:
        print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
