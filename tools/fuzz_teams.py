"""Fuzz the teams module: random and greedy games on the 4-player maps with every allowed module set
containing teams; the engine's invariants after every action; every record replays and verifies.

    python tools/fuzz_teams.py 200

(The CI part is tests/japanese_swords/test_module_games.py and tests/ai/test_module_play.py.)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # the checkout's tests package

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import Record, state_digest
from tests.japanese_swords.random_play import random_actions
from tests.japanese_swords.test_invariants import check_invariants
from tests.japanese_swords.test_module_games import allowed_combinations


def main(games: int) -> str:
    """Play ``games`` games (even: random, odd: greedy), checking everything; one line of results."""
    combos = [c for c in allowed_combinations(4) if any(s.startswith("teams") for s in c)]
    maps = ["onin-4p", "shikoku-4p"]
    done = wins = 0
    for i in range(games):
        combo, map_name = combos[i % len(combos)], maps[(i // len(combos)) % 2]
        game = Game(load_map(map_name), Rules(modules=combo, max_rounds=30))
        if i % 2 == 0:
            record = Record(game, ["random"] * 4, i)
            state = None
            for step in random_actions(game, i):
                state, action = step
                check_invariants(state)
                record.actions.append(str(action))
            record.finish(state)
        else:
            result = play_game(game, [make_agent("greedy") for _ in range(4)], seed=i,
                               on_action=lambda s, a: check_invariants(s))
            record, state = result.record, result.state
        again = Record.from_json(json.loads(json.dumps(record.to_json())))
        assert state_digest(again.verify()) == state_digest(state)
        if state.winner is not None:
            wins += 1
            assert sorted(state.returns()) == [0.0, 0.0, 1.0, 1.0]
        done += 1
    return (f"{done} games ({len(combos)} module sets: {combos}; maps {maps}): invariants kept, "
            f"records verified, {wins} team wins")


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 40))
