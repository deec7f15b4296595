"""Per-action state digest chains of a fixed set of games: the guard of every code move.

Each game (map, agents, seed) is played to its end; after every action the state's canonical digest is
folded into a running SHA-256, so two code versions give the same chain only if every state of every game
is the same. ``tests/data/digest_chains.json`` holds the chains of the code the moves started from; write
it again only when a change is meant to change games:

    python -m tests.digest_chains --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map, shipped_maps_dir
from japanese_swords.records import state_digest

FIXTURE = Path(__file__).parent / "data" / "digest_chains.json"
MAPS = ("classic-2p", "kawanakajima-2p", "nagashino-2p", "kanto-3p", "sekigahara-3p", "onin-4p", "shikoku-4p")
STYLES = ("random", "greedy", "honor_racer", "rusher", "turtle", "hoarder")
MCTS = "mcts:iterations=6"
#: The search with the greedy prior (the default before the learned prior), guarded beside the default.
MCTS_GREEDY = "mcts:iterations=6:prior=greedy"


def cases() -> list[tuple[str, tuple[str, ...], int, int]]:
    """(map, agents per seat, seed, max rounds) of every guarded game."""
    out: list[tuple[str, tuple[str, ...], int, int]] = []
    for m, name in enumerate(MAPS):
        players = int(name.split("-")[1][0])
        for seed in range(16):  # random and greedy families, every map
            agents = tuple(STYLES[(seed + m + i) % len(STYLES)] for i in range(players))
            out.append((name, agents, 1000 * m + seed, 60))
        for seed in range(20, 32):  # all random: long games through every rule
            out.append((name, ("random",) * players, 1000 * m + seed, 120))
        for seed in range(40, 45):  # MCTS at a fixed, small budget against greedy, both priors
            search = MCTS_GREEDY if seed < 43 else MCTS
            agents = tuple(search if i == seed % players else "greedy" for i in range(players))
            out.append((name, agents, 1000 * m + seed, 12))
    return out


def key(case: tuple[str, tuple[str, ...], int, int]) -> str:
    name, agents, seed, rounds = case
    return f"{name}|{','.join(agents)}|{seed}|{rounds}"


def chain(case: tuple[str, tuple[str, ...], int, int]) -> str:
    """The game's digest chain: SHA-256 folded over the state digest after every action."""
    name, agents, seed, rounds = case
    board = load_map(str(shipped_maps_dir() / f"{name}.map"))
    game = Game(board, Rules(max_rounds=rounds))
    h = hashlib.sha256()

    def fold(state: object, _action: object) -> None:
        h.update(state_digest(state).encode())  # type: ignore[arg-type]

    play_game(game, [make_agent(a) for a in agents], seed, on_action=fold)
    return h.hexdigest()


def main(argv: list[str]) -> int:
    return compare_or_write({key(c): chain(c) for c in cases()}, FIXTURE, argv)


def compare_or_write(chains: dict[str, str], fixture: Path, argv: list[str]) -> int:
    """With ``--write`` store ``chains`` as the fixture; else print how many equal the stored ones (exit 1
    if any differs)."""
    if "--write" in argv:
        fixture.write_text(json.dumps(chains, indent=1, sort_keys=True) + "\n")
        print(f"wrote {len(chains)} chains to {fixture}")
        return 0
    stored = json.loads(fixture.read_text())
    bad = [k for k in chains if stored.get(k) != chains[k]]
    print(f"{len(chains) - len(bad)} of {len(chains)} chains identical")
    for k in bad:
        print("differs:", k)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
