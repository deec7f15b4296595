"""tools/pool_results.py: real benchmark reports pooled and compared; bad reports get one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.tournament.cli import main as bench

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("pool_results")


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, Path]:
    """Short real runs: random and the honor racer each against greedy, on the same two seeds."""
    folder = tmp_path_factory.mktemp("reports")
    out = {}
    for tested in ("random", "honor_racer"):
        for seed in (3, 4):
            path = out[f"{tested}.{seed}"] = folder / f"{tested}.{seed}.json"
            assert bench(["--agents", f"{tested},greedy", "--games", "4", "--seed", str(seed), "--max-rounds", "3",
                          "--quiet", "--json", str(path)]) == 0
    return out


def test_pooling_real_reports_adds_their_games(tool, reports, capsys) -> None:
    capsys.readouterr()
    assert tool.main([str(reports["random.3"]), str(reports["random.4"]), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (pair,) = out["pairs"]
    assert (pair["agent"], pair["opponent"], pair["games"], pair["files"]) == ("random", "greedy", 8, 2)
    parts = [json.loads(reports[k].read_text())["pairs"][0] for k in ("random.3", "random.4")]
    assert pair["wins"] == sum(p["wins"] for p in parts) and pair["draws"] == sum(p["draws"] for p in parts)
    assert sum(pair["pentanomial"]) == 4
    assert out["comparison"] is None


def test_comparing_two_settings_on_the_same_deals(tool, reports, capsys) -> None:
    capsys.readouterr()
    assert tool.main([str(reports["honor_racer.3"]), str(reports["honor_racer.4"]), "--against",
                      str(reports["random.3"]), str(reports["random.4"])]) == 0
    text = capsys.readouterr().out
    assert "honor_racer against random, paired by deal:" in text and "over 4 deal pairs" in text
    assert "random vs greedy" in text and "honor_racer vs greedy" in text


def test_repeats_change_nothing_without_repeated_seeds_and_refuse_a_copy(tool, reports, tmp_path, capsys) -> None:
    argv = [str(reports["honor_racer.3"]), str(reports["honor_racer.4"]), "--against",
            str(reports["random.3"]), str(reports["random.4"]), "--json"]
    capsys.readouterr()
    outs = []
    for extra in ([], ["--repeats"]):
        assert tool.main([*argv, *extra]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    assert outs[0] == outs[1]
    copy = tmp_path / "copy.json"
    copy.write_text(reports["random.3"].read_text())
    assert tool.main([str(reports["random.3"]), str(copy), "--repeats"]) == 2
    err = capsys.readouterr().err
    assert "copy.json: the same games, result for result" in err and err.count("\n") == 1


def test_a_bad_report_is_one_line_naming_it(tool, tmp_path, capsys) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    assert tool.main([str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"pool_results: error: {bad}: not a benchmark report (no format 'japanese-swords-benchmark')"
    assert tool.main([str(tmp_path / "missing.json")]) == 2
    assert "missing.json: cannot read benchmark report: no such file" in capsys.readouterr().err


def test_three_player_runs_compare_by_deal_group(tool, tmp_path, capsys) -> None:
    """On 3 players a deal group is a seed's three games, the tested agent in each seat; its score there is
    its share of the games (a draw a third), paired with the other setting's on the same seed."""
    paths = {}
    for tested in ("random", "honor_racer"):
        paths[tested] = tmp_path / f"{tested}.json"
        assert bench(["--agents", f"{tested},greedy,rusher", "--map", "kanto-3p", "--games", "6", "--seed", "5",
                      "--max-rounds", "4", "--quiet", "--json", str(paths[tested])]) == 0
    capsys.readouterr()
    assert tool.main([str(paths["honor_racer"]), "--against", str(paths["random"]), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    comparison = out["comparison"]

    def share(name: str) -> float:
        games = json.loads(paths[name].read_text())["results"]
        assert len(games) == 6 and all(len(g["seats"]) == 3 for g in games)
        return sum(1.0 if g["winner"] == name else 1 / 3 if g["winner"] is None else 0.0 for g in games) / 6

    assert comparison["pairs"] == 2 and list(comparison["by_opponent"]) == ["greedy+rusher"]
    assert comparison["score_a"] == pytest.approx(share("honor_racer"), abs=1e-4)
    assert comparison["score_b"] == pytest.approx(share("random"), abs=1e-4)
    assert comparison["difference"] == pytest.approx(share("honor_racer") - share("random"), abs=1e-4)
    shares = {w["agent"]: w for w in out["shares"]}
    assert sorted(shares) == ["honor_racer", "random"]
    for name, w in shares.items():
        assert (w["games"], w["deals"], w["even"], w["opponents"]) == (6, 2, round(1 / 3, 4), ["greedy", "rusher"])
        assert w["share"] == pytest.approx(share(name), abs=1e-4) and w["low"] <= w["share"] <= w["high"]


def test_two_player_runs_have_no_win_share(tool, reports, tmp_path, capsys) -> None:
    """Two-player runs pool as pairs only, a round robin of three agents on two seats included."""
    robin = tmp_path / "robin.json"
    assert bench(["--agents", "random,greedy,rusher", "--games", "2", "--seed", "9", "--max-rounds", "3", "--quiet",
                  "--json", str(robin)]) == 0
    capsys.readouterr()
    assert tool.main([str(reports["random.3"]), str(robin), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["shares"] == [] and len(out["pairs"]) == 3  # random-greedy pooled over both


def test_team_games_compare_as_two_sides(tool, tmp_path, capsys) -> None:
    """A team game seats two agents twice each: a deal is its two games (the teams swapped), a draw half."""
    paths = {}
    for tested in ("random", "honor_racer"):
        paths[tested] = tmp_path / f"{tested}.json"
        assert bench(["--agents", f"{tested},greedy", "--map", "onin-4p", "--rules", "teams", "--games", "4",
                      "--seed", "5", "--max-rounds", "3", "--quiet", "--json", str(paths[tested])]) == 0
    capsys.readouterr()
    assert tool.main([str(paths["honor_racer"]), "--against", str(paths["random"]), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)

    def score(name: str) -> float:
        games = json.loads(paths[name].read_text())["results"]
        assert len(games) == 4 and all(len(g["seats"]) == 4 for g in games)
        return sum(1.0 if g["winner"] == name else 0.5 if g["winner"] is None else 0.0 for g in games) / 4

    assert out["comparison"]["pairs"] == 2 and out["shares"] == []
    assert out["comparison"]["score_a"] == pytest.approx(score("honor_racer"), abs=1e-4)
    assert out["comparison"]["score_b"] == pytest.approx(score("random"), abs=1e-4)


def test_runs_with_luck_also_give_the_pooled_luck_adjusted_scores(tool, tmp_path, capsys) -> None:
    paths = []
    for seed in (5, 6):
        path = tmp_path / f"luck.{seed}.json"
        assert bench(["--agents", "greedy,random", "--games", "2", "--seed", str(seed), "--max-rounds", "3",
                      "--luck", "material", "--quiet", "--json", str(path)]) == 0
        paths.append(path)
    capsys.readouterr()
    assert tool.main([*map(str, paths), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["luck"]
    assert (row["agent"], row["opponents"], row["groups"]) == ("greedy", ["random"], 2)
    games = [g for p in paths for g in json.loads(p.read_text())["results"]]
    luck = sum(g["luck"][g["seats"].index("greedy")] for g in games) / 4
    assert row["raw"]["mean"] - row["adjusted"]["mean"] == pytest.approx(luck, abs=1e-3)
    assert tool.main(list(map(str, paths))) == 0
    assert "greedy vs random (classic-2p), luck over 2 deal groups: raw" in capsys.readouterr().out
