"""Random and greedy games under every allowed combination of rule modules on the shipped 2-4 player maps:
each keeps the engine's invariants and its record replays and verifies (docs/variants.md).

    PYTHONPATH=. python tools/module_fuzz.py --games 2000 [--only sites,support,retreat-siege] [--seed 1]

Every allowed module combination for each player count (the empty one, the classic game, included) is a
case: 256 for 2 and 3 players, 512 for 4 (``teams`` needs 4), 1,024 in all. Game ``g`` plays case
``g mod cases`` (in an order shuffled by the seed), so 1,024 games or more play every case; each later pass
moves every case to its player count's next map and the other agent kind, so repeated passes spread each
combination over the maps and over random and greedy play. ``--only`` keeps combinations holding at least
one of the named modules. Prints one line per failure and a summary; exit status 1 if any.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from itertools import combinations

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import available_maps, load_map
from japanese_swords.modules import MODULES, ModuleError, validate
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.random_play import random_actions
from tests.japanese_swords.test_invariants import check_invariants


def allowed(players: int, only: set[str]) -> list[tuple[str, ...]]:
    """Every module set the registry accepts for ``players`` seats, the empty one first (with ``only``: the
    sets holding one of those modules)."""
    out = [] if only else [()]
    for k in range(1, len(MODULES) + 1):
        for combo in combinations(sorted(MODULES), k):
            if only and not only & set(combo):
                continue
            try:
                out.append(validate(combo, players))
            except ModuleError:
                continue
    return out


def one_game(game: Game, kind: str, seed: int) -> Counter:
    """Play one game, checking the invariants after every action; replay its record. Returns the count of
    each action kind played."""
    seen: Counter = Counter()
    n = game.num_players
    if kind == "random":
        record = Record(game, ["random"] * n, seed)
        state = None
        for state, action in random_actions(game, seed):
            check_invariants(state)
            record.actions.append(str(action))
            seen[str(action).split()[0]] += 1
        assert state is not None
        record.finish(state)
    else:
        result = play_game(game, [make_agent("greedy") for _ in range(n)], seed=seed,
                           on_action=lambda s, a: (check_invariants(s), seen.update([str(a).split()[0]])))
        record, state = result.record, result.state
        record.finish(state)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert state_digest(again.verify()) == state_digest(state), "the record replays to another state"
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-rounds", type=int, default=20)
    parser.add_argument("--only", default="", help="comma-separated modules; keep combinations with one of them")
    args = parser.parse_args(argv)
    only = {m for m in args.only.split(",") if m}
    boards = [load_map(name) for name in available_maps()]
    by_players = {n: [b for b in boards if b.players == n] for n in sorted({b.players for b in boards})}
    cases = [(n, combo) for n in by_players for combo in allowed(n, only)]
    random.Random(args.seed).shuffle(cases)
    failures = 0
    seen: Counter = Counter()
    played: set[tuple[int, tuple[str, ...]]] = set()
    kinds: Counter = Counter()
    for g in range(args.games):
        i, lap = g % len(cases), g // len(cases)
        players, combo = cases[i]
        maps = by_players[players]
        board, kind = maps[(i + lap) % len(maps)], ("random", "greedy")[(i + lap) % 2]
        played.add((players, combo))
        kinds[kind] += 1
        game = Game(board, Rules(max_rounds=args.max_rounds, modules=combo))
        try:
            seen += one_game(game, kind, args.seed + g)
        except AssertionError as exc:
            failures += 1
            print(f"FAIL game {g}: {board.name} {','.join(combo)} {kind} seed {args.seed + g}: {exc}")
    print(f"{args.games} games ({kinds['random']} random, {kinds['greedy']} greedy) played {len(played)} of the "
          f"{len(cases)} (player count, module combination) cases: {failures} failures; "
          f"attacks {seen['attack']}, supports {seen['support']}, bids {seen['bid']}, ronin {seen['ronin']}, "
          f"walls {seen['fortify']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
