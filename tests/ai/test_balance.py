"""ai.balance: per-seat tallies from real self-play games, score arithmetic, chi-square tail, the table."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from ai.agent import SpecError
from ai.balance import FLAG_SCORE, MapBalance, chi2_sf, format_table, measure_map, to_json

TOOL = Path(__file__).resolve().parents[2] / "tools" / "map_balance.py"


def test_measure_map_scores_sum_to_one_and_match_the_tally() -> None:
    """A few real greedy games: wins + draws = games, scores sum to 1 and equal (wins + draws/N) / games."""
    result = measure_map("classic-2p", games=4, seed=3, max_rounds=60)
    assert result.games == 4 and len(result.wins) == 2
    assert sum(result.wins) + result.draws == 4
    assert math.isclose(sum(result.scores), 1.0)
    for wins, score in zip(result.wins, result.scores, strict=True):
        assert math.isclose(score, (wins + result.draws / 2) / 4)
    assert result.mean_rounds > 0


def test_measure_map_is_reproducible_and_independent_of_jobs() -> None:
    """Same seed, same tallies; two worker processes give the same result as one."""
    one = measure_map("kanto-3p", games=3, seed=5, max_rounds=40)
    again = measure_map("kanto-3p", games=3, seed=5, max_rounds=40, jobs=2)
    assert (one.wins, one.draws, one.rounds) == (again.wins, again.draws, again.rounds)
    assert math.isclose(sum(one.scores), 1.0) and len(one.scores) == 3


def test_draws_are_shared_between_all_seats_and_flags() -> None:
    """Four players, 10 games: 2 draws give each seat 0.5 game; a seat with 7 wins is flagged."""
    b = MapBalance("x", 4, wins=[0, 0, 0, 0])
    for winner in [0] * 7 + [1] + [None, None]:
        b.add(winner, 10)
    assert b.scores == pytest.approx([0.75, 0.15, 0.05, 0.05])
    assert math.isclose(sum(b.scores), 1.0)
    assert b.flagged == [0] and b.scores[0] > FLAG_SCORE
    assert b.p_equal < 0.01
    empty = MapBalance("y", 2, wins=[0, 0])
    assert empty.scores == [0.0, 0.0] and empty.p_equal == 1.0 and empty.flagged == []


def test_chi2_tail_matches_known_critical_values() -> None:
    """The 5% critical values of chi-square with 1, 2, 3 degrees of freedom."""
    for x, df in ((3.841, 1), (5.991, 2), (7.815, 3)):
        assert chi2_sf(x, df) == pytest.approx(0.05, abs=1e-3)
    assert chi2_sf(0.0, 2) == 1.0
    with pytest.raises(ValueError):
        chi2_sf(1.0, 4)


def test_table_and_json_report_every_seat() -> None:
    """The Markdown table has a column per seat of the widest map and the verdict; JSON round-trips."""
    a = MapBalance("Two", 2, games=10, wins=[7, 3])
    b = MapBalance("Four", 4, games=8, wins=[2, 2, 2, 2])
    table = format_table([a, b]).splitlines()
    assert table[0].count("Seat") == 4
    assert "70.0%" in table[2] and "seat 1 > 60%" in table[2]
    assert table[3].endswith("| ok |")
    data = json.loads(to_json([a, b], {"games": 10}))
    assert data["maps"][0]["flagged_seats"] == [1] and data["maps"][1]["scores"] == [0.25] * 4


def test_bad_agent_spec_is_a_spec_error() -> None:
    with pytest.raises(SpecError):
        measure_map("classic-2p", games=1, spec="nosuchagent")


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=300,
                          check=False)


def test_tool_prints_json_and_rejects_unknown_maps_in_one_line() -> None:
    """``map_balance.py --json`` prints settings and per-map scores; an unknown map is a one-line error."""
    result = run_tool("--games", "2", "--maps", "classic-2p", "--max-rounds", "40", "--json")
    assert result.returncode in (0, 1), result.stderr
    data = json.loads(result.stdout)
    assert data["settings"]["games"] == 2 and math.isclose(sum(data["maps"][0]["scores"]), 1.0)
    bad = run_tool("--games", "1", "--maps", "atlantis")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1 and "atlantis" in bad.stderr
