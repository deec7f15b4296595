"""tools/persona_profile.py: an agent's style figures over paired games, how its wins came, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("persona_profile")


def test_a_win_below_the_honor_target_is_a_conquest_and_one_on_honor_is_not(tool) -> None:
    assert tool.won_by_conquest(0, [20, 10], 0, 50) and not tool.won_by_conquest(0, [20, 10], 1, 50)
    assert not tool.won_by_conquest(0, [50, 10], 0, 50)  # the winner reached the honor target
    assert not tool.won_by_conquest(None, [20, 10], 0, 50)  # a draw at the round limit


def test_played_conquests_are_the_games_left_with_one_seat(tool) -> None:
    """In two-player games a win below the honor target is exactly a win with the rival out of the game."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    kinds = set()
    for seed in range(6):
        result = play_game(game, [make_agent("greedy"), make_agent("random")], seed=seed)
        if result.winner is None:
            continue
        conquest = tool.won_by_conquest(result.winner, result.honor, result.winner, game.rules.honor_to_win)
        assert conquest == (sum(map(bool, result.state.alive)) == 1)
        assert not tool.won_by_conquest(result.winner, result.honor, 1 - result.winner, game.rules.honor_to_win)
        kinds.add(conquest)
    assert True in kinds  # greedy takes random's fortress in some of these games


def test_the_report_counts_conquests_among_the_wins(tool, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "profile.json"
    rc = tool.main(["--agents", "greedy", "--opponent", "random", "--games", "4", "--seed", "2",
                    "--max-rounds", "40", "--json", str(out)])
    assert rc == 0
    data = json.loads(out.read_text())["greedy"]
    games = data["games"]
    assert len(games) == 4
    for g in games:
        assert g["conquest"] in (0, 1) and (g["conquest"] == 0 or g["score"] == 1.0)
    assert data["summary"]["conquest"] == pytest.approx(sum(g["conquest"] for g in games) / 4, abs=1e-3)
    assert "won by conquest" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--agents", "greddy"], ["--agents", "greedy", "--games", "0"],
                                  ["--agents", "greedy", "--map", "no-such-map"]])
def test_bad_arguments_are_one_line_errors(tool, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert tool.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("persona_profile: ") and "\n" not in err
