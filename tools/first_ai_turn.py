"""How long the client's AI takes for its first decisions in a fresh process, with or without the warm-up.

``--clean-cache`` points numba at an empty cache folder first (``NUMBA_CACHE_DIR``), as on a fresh
install; ``--warmup`` runs :func:`ai.warmup.prepare` (what the client's menu runs in the background)
before the first decision. Prints one JSON object: the warm-up's seconds and, for each decision of an
MCTS opponent at the difficulty with more than one legal action, its wall seconds and search
iterations::

    python tools/first_ai_turn.py --clean-cache --warmup --decisions 6
    python tools/first_ai_turn.py --clean-cache --decisions 6
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time


def main(argv: list[str] | None = None) -> int:
    """Parse the options, play the decisions, print the JSON object."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clean-cache", action="store_true", help="compile into an empty numba cache folder")
    ap.add_argument("--warmup", action="store_true", help="run the warm-up before the first decision")
    ap.add_argument("--decisions", type=int, default=6, help="decisions to time (default 6)")
    ap.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.clean_cache:
        os.environ["NUMBA_CACHE_DIR"] = tempfile.mkdtemp(prefix="js-numba-")
    from ai.agent import make_agent
    from ai.warmup import is_compiled, prepare
    from japanese_swords.chance import sample_chance
    from japanese_swords.core import CHANCE
    from japanese_swords.engine import initial_state
    from japanese_swords.game import Game
    from japanese_swords.maps import load_map
    from japanese_swords.observation import observation

    out: dict = {"clean_cache": args.clean_cache, "compiled_before": is_compiled()}
    out["warmup_s"] = round(prepare(), 2) if args.warmup else None
    agent = make_agent(f"mcts:difficulty={args.difficulty}")
    state = initial_state(Game(load_map("classic-2p")))
    rng, chance = random.Random(args.seed), random.Random(args.seed + 1)
    timings = []
    while len(timings) < args.decisions and not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, chance))
            continue
        obs = observation(state, seat)
        legal = state.legal_actions()
        t0 = time.perf_counter()
        action = agent.choose(obs, legal, rng)
        if len(legal) > 1:  # a real choice (a lone legal action is played without a search)
            timings.append({"s": round(time.perf_counter() - t0, 3), "iterations": agent.last_iterations})
        state.play(action)
    out["decisions"] = timings
    json.dump(out, sys.stdout)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
