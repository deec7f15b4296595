"""A few short game records written to a folder, for the tests of record-reading commands."""

from __future__ import annotations

from pathlib import Path

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import save_record


def write_records(folder: Path, lineups: list[tuple[str, ...]], map_name: str = "classic-2p",
                  max_rounds: int = 30) -> list[Path]:
    """Play each lineup once (seed = its index) and save the records; returns their paths."""
    game = Game(load_map(map_name), Rules(max_rounds=max_rounds))
    paths = []
    for i, lineup in enumerate(lineups):
        result = play_game(game, [make_agent(s) for s in lineup], seed=i)
        path = folder / f"game-{i:03d}.json"
        save_record(result.record, path)
        paths.append(path)
    return paths
