"""``japanese-swords export-trajectories``: game records -> (observation, mask, action, return) arrays in
an ``.npz`` file for training (:mod:`ai.trajectories`, docs/env.md)."""

from __future__ import annotations

import argparse

from japanese_swords.argtypes import decimal

COMMAND = "export-trajectories"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the ``export-trajectories`` parser."""
    p = sub.add_parser(COMMAND, help="convert game records to training trajectories (.npz)")
    p.add_argument("inputs", nargs="+", metavar="RECORD_OR_DIR", help="game records, or folders of them (*.json)")
    p.add_argument("--out", required=True, metavar="FILE.npz", help="the file to write (atomically)")
    p.add_argument("--loss-reward", type=decimal, default=-1.0,
                   help="return of every seat but the winner (default -1; a draw gives 0 to all)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Write the trajectories and say how many steps of how many games."""
    from ai.trajectories import export, record_files
    from japanese_swords.fileio import check_output_file

    check_output_file(args.out, "--out")
    t = export(record_files(args.inputs), args.out, args.loss_reward)
    note = f"; {t.skipped} trade steps left out (no index)" if t.skipped else ""
    print(f"wrote {len(t.actions)} steps of {len(t.game_files)} games to {args.out}{note}")
    return 0
