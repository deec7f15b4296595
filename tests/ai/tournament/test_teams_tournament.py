"""Tournaments of team games (docs/variants.md, teams): agents play as pairs of seats, swapped in the
paired game, and a team win counts once for the agent holding the team's seats."""

from __future__ import annotations

import json

import pytest

from ai.tournament.cli import main
from ai.tournament.outcome import GameOutcome
from ai.tournament.ranking import finishing_ranks, is_team_game
from ai.tournament.schedule import make_schedule
from ai.tournament.tally import tally


def test_a_team_schedule_pairs_agents_as_teams_with_seats_swapped():
    s = make_schedule(["a", "b", "c"], 4, 4, 0, teams=True)
    assert s.lineups == ((0, 1), (0, 2), (1, 2)) and s.games_per_lineup == 4 and s.paired
    first = [t for t in s.tasks if t.lineup == 0 and t.group == 0]
    assert [t.seats for t in first] == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert first[0].seed == first[1].seed
    assert all(is_team_game(t.seats) for t in s.tasks)
    with pytest.raises(ValueError, match="4-player map"):
        make_schedule(["a", "b"], 2, 4, 0, teams=True)


def _outcome(task, winner):
    winners = () if winner is None else (winner % 2, winner % 2 + 2)
    return GameOutcome(task.index, task.lineup, task.group, task.rotation, task.seed, task.seats,
                       winner=winner, rounds=10, winners=winners)


def test_a_team_win_counts_once_for_the_teams_agent():
    s = make_schedule(["a", "b"], 4, 4, 0, teams=True)
    t = s.tasks  # seats (a, b, a, b) then (b, a, b, a)
    outcomes = [_outcome(t[0], 2), _outcome(t[1], 3),  # a's team wins both: p3 then p4 made the win
                _outcome(t[2], 1), _outcome(t[3], None)]  # b's team wins, then a draw
    tl = tally(s, outcomes)
    p = tl.pairs[(0, 1)]
    assert (p.wins, p.draws, p.losses) == (2, 1, 1) and p.games == 4
    assert p.pentanomial == [0, 1, 0, 0, 1]  # WW, then LD
    assert (tl.agents[0].wins, tl.agents[0].draws, tl.agents[0].losses) == (2, 1, 1)
    assert (tl.agents[1].wins, tl.agents[1].draws, tl.agents[1].losses) == (1, 1, 2)


def test_both_partners_finish_first():
    assert finishing_ranks(2, [False, False, True, True], [10, 0, 50, 20], [5, 9, None, None], (0, 2)) \
        == (1, 4, 1, 3)


def test_the_benchmark_plays_the_teams_preset_on_a_four_player_map(tmp_path, capsys):
    out = tmp_path / "teams.json"
    code = main(["--agents", "greedy,random", "--rules", "teams", "--games", "2", "--max-rounds", "20",
                 "--json", str(out), "--quiet"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    data = json.loads(out.read_text())
    assert data["config"]["map"] == "onin-4p" and data["config"]["modules"] == ["teams"]
    pair = data["pairs"][0]
    assert pair["games"] == 2 and pair["interval"] in ("pentanomial", "trinomial")
