"""``japanese-swords rate``: ratings of a folder of records with intervals, pairwise by finishing order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.agent import make_agent
from ai.match import play_game
from ai.tournament.rate import rate
from japanese_swords.app.cli import main
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import save_record
from tests.ai.records_fixture import write_records


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("rated")
    write_records(d, [("greedy", "random")] * 3 + [("random", "greedy")] * 3 + [("random", "random")])
    return d


def test_ratings_and_pairs_count_every_game(folder: Path) -> None:
    s = rate(sorted(folder.glob("*.json")))
    assert (s["records"], s["rated"], s["unfinished"]) == (7, 7, 0)
    rows = {r["agent"]: r for r in s["ratings"]}
    assert rows["random"]["elo"] == 0.0 and s["rating_model"]["anchor"] == "random"  # random played: anchor
    assert rows["random"]["games"] == 7 and rows["greedy"]["games"] == 6
    (pair,) = s["pairs"]  # random vs random is no comparison
    assert pair["games"] == 6 and pair["wins"] + pair["draws"] + pair["losses"] == 6
    won = pair["wins"] if pair["agent"] == "greedy" else pair["losses"]
    greedy_points = won + pair["draws"] / 2
    assert rows["greedy"]["score"] == pytest.approx(greedy_points / 6, abs=1e-4)
    g = rows["greedy"]
    assert (g["elo_low"] is None or g["elo_low"] < g["elo"]) and (g["elo_high"] is None or g["elo"] < g["elo_high"])
    assert {r["agent"] for r in s["openskill"]} == {"greedy", "random"}


def test_four_player_games_compare_every_pair_of_seats(tmp_path: Path) -> None:
    write_records(tmp_path, [("greedy", "random", "random", "random")], map_name="onin-4p", max_rounds=12)
    s = rate(sorted(tmp_path.glob("*.json")), anchor="greedy")
    (pair,) = s["pairs"]
    assert pair["games"] == 3  # greedy against each random seat; random seats are not compared
    assert {r["agent"]: r["elo"] for r in s["ratings"]}["greedy"] == 0.0


def test_the_subcommand_prints_the_table_and_writes_json(folder: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.json"
    assert main(["rate", str(folder), "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("7 games rated") and "greedy" in text and "95% interval" in text
    data = json.loads(out.read_text())
    assert data["format"] == "japanese-swords-ratings" and data["provenance"]["version"]
    assert main(["rate", str(folder), "--anchor", "mcts"]) == 2
    assert "anchor 'mcts' played no game" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["rate", str(empty)]) == 2
    assert "no game records" in capsys.readouterr().err


class _Named:
    """An agent under another name, so partners of one team can be told apart in a record."""

    def __init__(self, spec: str, name: str) -> None:
        self.inner, self.name = make_agent(spec), name

    def choose(self, obs, legal, rng):
        return self.inner.choose(obs, legal, rng)


def test_a_team_game_scores_both_partners_and_never_compares_them(tmp_path: Path) -> None:
    game = Game(load_map("onin-4p"), Rules(modules=("teams",), max_rounds=60))
    seats = [("greedy", "g1"), ("random", "r1"), ("greedy", "g2"), ("random", "r2")]
    result = play_game(game, [_Named(spec, name) for spec, name in seats], seed=2)
    assert result.winner in (0, 2)  # the greedy team won (p1+p3)
    save_record(result.record, tmp_path / "team.json")
    s = rate([tmp_path / "team.json"])
    rows = {r["agent"]: r for r in s["ratings"]}
    assert rows["g1"]["wins"] == rows["g2"]["wins"] == 1 and rows["r1"]["wins"] == rows["r2"]["wins"] == 0
    assert rows["g1"]["score"] == rows["g2"]["score"] == 1.0  # each beat both rivals, whatever its honor
    pairs = {frozenset((p["agent"], p["opponent"])): p for p in s["pairs"]}
    assert set(pairs) == {frozenset((g, r)) for g in ("g1", "g2") for r in ("r1", "r2")}  # no partners
    for p in pairs.values():
        won = p["wins"] if p["agent"].startswith("g") else p["losses"]
        assert won == 1 and p["draws"] == 0
