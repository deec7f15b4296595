"""tools/team_battles.py: every battle of recorded team games is counted once, by side."""

from __future__ import annotations

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import save_record
from tests.tools.conftest import load_tool


def test_the_tool_counts_every_attack_of_a_team_game(tmp_path, capsys):
    game = Game(load_map("onin-4p"), Rules(modules=("teams",), max_rounds=12))
    battles = []
    result = play_game(game, [make_agent("greedy"), make_agent("random")] * 2, seed=3,
                       on_action=lambda state, action: battles.append(str(action).startswith("attack")))
    save_record(result.record, tmp_path / "game.json")
    tool = load_tool("team_battles")
    counts = tool.tally([tmp_path / "game.json"], "greedy")
    made = sum(battles)
    assert made > 0
    assert sum(counts[(side, "all", r)] for side in "AB" for r in tool.RESULTS) == made
    by_bucket = sum(counts[(side, b, r)] for side in "AB" for _, b in tool.BUCKETS for r in tool.RESULTS)
    assert by_bucket == made
    assert tool.main([str(tmp_path)]) == 0
    assert "side A attacks" in capsys.readouterr().out


def test_a_folder_without_records_is_one_line(tmp_path, capsys):
    tool = load_tool("team_battles")
    assert tool.main([str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("team_battles: no records") and "\n" not in err
