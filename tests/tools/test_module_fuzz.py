"""tools/module_fuzz.py: every allowed module combination per player count is a case, and games play them."""

from __future__ import annotations

from .conftest import load_tool

module_fuzz = load_tool("module_fuzz")


def test_every_allowed_combination_is_a_case_the_classic_game_included():
    two, four = module_fuzz.allowed(2, set()), module_fuzz.allowed(4, set())
    assert len(two) == 256 and len(four) == 512 and two[0] == four[0] == ()
    assert all(not any(spec.startswith("teams") for spec in combo) for combo in two)
    assert sum(1 for combo in four if "teams" in combo) == 256
    assert all("weather" in combo for combo in module_fuzz.allowed(3, {"weather"}))


def test_a_short_run_plays_distinct_cases_and_reports_them(capsys):
    assert module_fuzz.main(["--games", "4", "--max-rounds", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert ("4 games (2 random, 2 greedy) played 4 of the 1024 (player count, module combination) cases: "
            "0 failures") in out
