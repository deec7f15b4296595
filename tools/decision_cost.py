"""CPU cost of a search decision at several settings, on the same positions.

Plays games of PLAYER against OPPONENT (seats alternate), keeps the travel and economy decisions of
PLAYER's seat with more than one legal action, then lets each SPEC choose at every kept position from the
same seeded generator and reports the CPU seconds of this process per decision (median and mean) and the
leaves searched (0 where the option generator leaves one option and nothing is searched). CPU time, with
one BLAS thread, so that other jobs on the machine bias it little::

    python tools/decision_cost.py --specs mcts:iterations=100,mcts:iterations=100:lanes=32 --games 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core, as the search uses it

from ai.agent import SpecError, make_agent  # noqa: E402
from ai.match import play_game  # noqa: E402
from ai.mcts.bot import family  # noqa: E402
from japanese_swords.actions import Action  # noqa: E402
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402
from japanese_swords.observation import Observation  # noqa: E402

#: The decision families kept (the root search's, where the leaf budget goes).
KEPT = ("travel", "economy")


class Recorder:
    """Plays as ``player`` and keeps (observation, legal actions) at its searched decisions."""

    def __init__(self, player: object, positions: list[tuple[Observation, list[Action]]], limit: int) -> None:
        self.player, self.positions, self.limit = player, positions, limit
        self.name = getattr(player, "name", "player")

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and len(self.positions) < self.limit and family(obs) in KEPT:
            self.positions.append((obs, list(legal)))
        return self.player.choose(obs, legal, rng)

    def respond_to_trade(self, obs: Observation, offer: object, rng: random.Random) -> tuple[bool, str]:
        return self.player.respond_to_trade(obs, offer, rng)  # type: ignore[attr-defined]


def positions(player: str, opponent: str, games: int, seed: int, map_name: str, max_rounds: int,
              limit: int) -> list[tuple[Observation, list[Action]]]:
    """The kept decisions of ``games`` games (at most ``limit``)."""
    board = load_map(map_name)
    game = Game(board, Rules(max_rounds=max_rounds))
    kept: list[tuple[Observation, list[Action]]] = []
    for g in range(games):
        seat = g % board.players
        agents = [Recorder(make_agent(player), kept, limit) if s == seat else make_agent(opponent)
                  for s in range(board.players)]
        play_game(game, agents, seed + g)
    return kept


def cost(spec: str, kept: list[tuple[Observation, list[Action]]]) -> dict:
    """CPU seconds per decision and leaves per decision of ``spec`` at the kept positions."""
    agent = make_agent(f"{spec}:trade=0" if spec.split(":")[0] == "mcts" else spec)
    agent.choose(*kept[0], random.Random(0))  # compile and warm caches outside the measurement
    seconds, leaves = [], []
    for i, (obs, legal) in enumerate(kept):
        agent.last_iterations = 0  # a decision the generator leaves one option to is not searched
        t0 = time.process_time()
        agent.choose(obs, legal, random.Random(i))
        seconds.append(time.process_time() - t0)
        leaves.append(getattr(agent, "last_iterations", 0))
    return {"spec": spec, "decisions": len(kept), "cpu_median": statistics.median(seconds),
            "cpu_mean": statistics.fmean(seconds), "leaves_median": statistics.median(leaves),
            "leaves_mean": statistics.fmean(leaves)}


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: one-line errors, exit 2."""
    p = argparse.ArgumentParser(description="CPU seconds per search decision of several specs, same positions.")
    p.add_argument("--specs", default="mcts:iterations=100,mcts:iterations=100:lanes=32",
                   help="comma-separated agent specs to time")
    p.add_argument("--player", default="mcts:iterations=100", help="who plays the recorded seat")
    p.add_argument("--opponent", default="greedy")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--map", default="classic-2p")
    p.add_argument("--max-rounds", type=int, default=30)
    p.add_argument("--positions", type=int, default=60, help="at most this many decisions are timed")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 100 or not 1 <= args.max_rounds <= 150 or args.positions < 1:
        print("decision_cost: --games must be in [1, 100], --max-rounds in [1, 150], --positions >= 1",
              file=sys.stderr)
        return 2
    specs = [s for s in args.specs.split(",") if s]
    try:
        for spec in specs:
            make_agent(spec)  # a bad spec fails before any game is played
        kept = positions(args.player, args.opponent, args.games, args.seed, args.map, args.max_rounds,
                         args.positions)
        if not kept:
            print("decision_cost: no travel or economy decision was recorded", file=sys.stderr)
            return 2
        rows = [cost(spec, kept) for spec in specs]
    except (SpecError, JapaneseSwordsError) as exc:
        print(f"decision_cost: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rows))
        return 0
    for row in rows:
        print(f"{row['spec']:40} {row['decisions']:4} decisions: CPU median {row['cpu_median'] * 1000:.0f} ms, "
              f"mean {row['cpu_mean'] * 1000:.0f} ms, leaves median {row['leaves_median']:.0f} "
              f"(mean {row['leaves_mean']:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
