"""Fit the MCTS world sampler's hand prior (ai/mcts/hand_prior.json) on seeded games.

Plays games of every pair of greedy, tuned and the league styles on the 2-player maps, and at the start
of each travel phase compares each opponent's hand with the turn player's unseen pool, card type by card
type (:mod:`ai.mcts.hand_prior`). Prints the weights and writes them atomically, e.g.::

    python tools/fit_hand_prior.py --games 120 --seed 1
    python tools/fit_hand_prior.py --games 30 --seed 2 --dry-run     # print only
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from ai.agent import make_agent
from ai.league import LEAGUE
from ai.match import play_game
from ai.mcts.hand_prior import PRIOR_PATH, fit, positions, tally
from ai.value_fit import TRAIN_MAPS
from japanese_swords import cards as C
from japanese_swords.engine import State
from japanese_swords.fileio import write_json
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map


def collect(games: int, seed: int, maps: list[str], max_rounds: int) -> tuple[list[float], list[float], int]:
    """Play ``games`` seeded games over every style pair and map; tally hand and pool shares."""
    styles = ["greedy", "greedy:style=tuned", *LEAGUE]
    pairs = [(a, b) for i, a in enumerate(styles) for b in styles[i + 1:]]
    hand = [0.0] * C.NUM_TYPES
    pool = [0.0] * C.NUM_TYPES
    n_pos = 0
    for g in range(games):
        a, b = pairs[(g // len(maps)) % len(pairs)]
        specs = [a, b] if (g // (len(maps) * len(pairs))) % 2 == 0 else [b, a]
        game = Game(load_map(maps[g % len(maps)]), Rules(max_rounds=max_rounds))
        seen: list[State] = []

        def on_action(state: State, _action: object, seen: list[State] = seen) -> None:
            if positions(state):
                seen.append(state.clone())

        play_game(game, [make_agent(s) for s in specs], seed * 100_003 + g, on_action=on_action)
        h, p = tally(seen)
        hand = [x + y for x, y in zip(hand, h, strict=True)]
        pool = [x + y for x, y in zip(pool, p, strict=True)]
        n_pos += len(seen)
    return hand, pool, n_pos


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments, play, fit, print, and save unless ``--dry-run``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=120, help="games to play (default 120)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--maps", nargs="+", default=list(TRAIN_MAPS))
    p.add_argument("--max-rounds", type=int, default=150)
    p.add_argument("--out", type=Path, default=PRIOR_PATH)
    p.add_argument("--dry-run", action="store_true", help="print the weights, write nothing")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 100_000:
        print("error: --games must be in [1, 100000]", file=sys.stderr)
        return 2
    start = time.perf_counter()
    hand, pool, n_pos = collect(args.games, args.seed, args.maps, args.max_rounds)
    weights = fit(hand, pool)
    for name, w in weights.items():
        print(f"{name:14s} {w:6.3f}")
    print(f"{n_pos} positions from {args.games} games in {time.perf_counter() - start:.0f} s")
    if not args.dry_run:
        command = "python tools/fit_hand_prior.py " + shlex.join(argv if argv is not None else sys.argv[1:])
        data = {"weights": weights, "meta": {"command": command, "games": args.games, "positions": n_pos}}
        write_json(args.out, data)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
