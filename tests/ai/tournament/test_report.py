"""Reports: the summary's numbers, strict JSON, CSV, the printed table and the PNG plot."""

from __future__ import annotations

import csv
import io
import json
import math
import sys

import pytest

from ai.tournament.outcome import GameOutcome
from ai.tournament.plot import PlotUnavailable, plot_summary, require_matplotlib
from ai.tournament.report import atomic_write, format_table, summarize, to_csv, to_json
from ai.tournament.runner import TournamentConfig, TournamentResult
from ai.tournament.schedule import make_schedule
from ai.tournament.sprt import SprtConfig, sprt_status
from ai.tournament.stats import elo_from_score, estimate
from ai.tournament.tally import tally


def _result(agents: tuple[str, ...], winners: list[int | None], games: int, sprt: SprtConfig | None = None,
            error_at: int | None = None) -> TournamentResult:
    """A finished 2-player tournament with the given winning seats, without playing."""
    config = TournamentConfig(agents, games=games, seed=1, max_rounds=50, sprt=sprt)
    s = make_schedule(agents, 2, games, 1)
    outcomes = []
    for task, w in zip(s.tasks, winners, strict=True):
        err = "RuntimeError: boom" if task.index == error_at else None
        outcomes.append(GameOutcome(task.index, task.lineup, task.group, task.rotation, task.seed, task.seats,
                                    winner=None if err else w, rounds=12, honor=(3, 4), error=err,
                                    culprit=0 if err else None,
                                    ranks=(1, 1) if w is None else (1 + (w != 0), 1 + (w != 1))))
    t = tally(s, outcomes)
    status = None if sprt is None else sprt_status(sprt, t.pairs[(0, 1)].pentanomial)
    return TournamentResult(config, s, outcomes, t, "complete", status, 1.5, 2)


def test_summary_numbers_match_the_statistics() -> None:
    # 32 games random vs x: x wins 24, random wins 4, four draws
    winners = [1, 0, 1, 0, 1, 0, None, 1] * 4  # seats alternate: (random, x), (x, random), ...
    r = _result(("random", "x"), winners, 32)
    s = summarize(r)
    pair = s["pairs"][0]
    assert (pair["agent"], pair["opponent"]) == ("random", "x")
    assert (pair["wins"], pair["draws"], pair["losses"]) == (4, 4, 24)
    est = estimate(r.tally.pairs[(0, 1)].pentanomial)
    assert pair["interval"] == "pentanomial"
    assert pair["score"] == pytest.approx(3 / 16, abs=1e-4) == pytest.approx(est.score, abs=1e-4)
    assert pair["elo"] == pytest.approx(elo_from_score(3 / 16), abs=1e-3)
    assert math.isfinite(est.low) and pair["elo_low"] == pytest.approx(est.low, abs=1e-3)
    assert pair["elo_high"] == pytest.approx(est.high, abs=1e-3)
    ratings = {row["agent"]: row for row in s["ratings"]}
    assert ratings["random"]["elo"] == 0.0 and s["rating_model"]["anchor"] == "random"
    assert ratings["x"]["elo"] > 0 and ratings["x"]["elo_low"] < ratings["x"]["elo"] < ratings["x"]["elo_high"]
    assert [row["rank"] for row in s["ratings"]] == [1, 2] and s["ratings"][0]["agent"] == "x"
    assert s["games"]["seat_wins"] == [12, 16] and s["games"]["draws"] == 4
    assert len(s["results"]) == 32 and s["results"][0]["winner"] == "x"


def test_json_is_strict_and_unbounded_elo_is_null(tmp_path) -> None:
    r = _result(("random", "x"), [1, 0, 1, 0], 4)  # x wins everything
    s = summarize(r)
    text = to_json(s)
    data = json.loads(text, parse_constant=lambda c: pytest.fail(f"non-standard JSON constant {c}"))
    pair = data["pairs"][0]
    assert pair["score"] == 0.0 and pair["elo"] is None and pair["elo_low"] is None
    assert pair["elo_high"] is not None and pair["elo_high"] < 0
    x = next(row for row in data["ratings"] if row["agent"] == "x")
    assert math.isfinite(x["elo"]) and x["elo"] > 0  # the rating fit's prior keeps it finite
    path = tmp_path / "out.json"
    atomic_write(path, text)
    assert json.loads(path.read_text()) == data
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left behind


def test_csv_has_ratings_and_pairs() -> None:
    r = _result(("random", "x"), [1, 0, 0, 0], 4)
    rows = list(csv.DictReader(io.StringIO(to_csv(summarize(r)))))
    assert [row["kind"] for row in rows] == ["rating", "rating", "pair", "openskill", "openskill"]
    pair = rows[2]
    assert (pair["agent"], pair["opponent"], pair["wins"], pair["losses"]) == ("random", "x", "1", "3")
    assert float(pair["score"]) == 0.25 and float(pair["elo"]) == pytest.approx(elo_from_score(0.25), abs=1e-3)
    best = rows[3]
    assert best["agent"] == "x" and best["games"] == "4" and float(best["ordinal"]) > float(rows[4]["ordinal"])
    assert float(best["ordinal"]) == pytest.approx(float(best["mu"]) - 3 * float(best["sigma"]), abs=1e-3)


def test_table_shows_pairs_ratings_sprt_and_errors() -> None:
    sprt = SprtConfig(0, 20)
    r = _result(("random", "x"), [1, 0, 1, 0, 1, 0], 6, sprt=sprt, error_at=3)
    text = format_table(summarize(r))
    assert "random vs x" in text and "rating list" in text and "(anchor)" in text
    assert "OpenSkill (Plackett-Luce" in text
    assert "SPRT logistic elo0=0 elo1=20" in text and "LLR" in text
    assert "error in game 3" in text and "RuntimeError: boom" in text
    assert "2 of 3 games" not in text and "5 of 6 games counted, 1 failed" in text


def test_plot_reports_missing_matplotlib(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # makes 'import matplotlib' fail
    with pytest.raises(PlotUnavailable, match="pip install"):
        require_matplotlib()
    with pytest.raises(PlotUnavailable):
        plot_summary(summarize(_result(("random", "x"), [1, 0], 2)), tmp_path / "p.png")
    assert not (tmp_path / "p.png").exists()


def test_plot_writes_png_files(tmp_path) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is the optional 'plot' extra")
    s = summarize(_result(("random", "x"), [1, 0, 0, 1, 1, 1], 6))
    plot_summary(s, tmp_path / "ratings.png")
    assert (tmp_path / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    swept = summarize(_result(("random", "x"), [1, 0, 0, 1], 4),
                      sweep={"key": "iterations", "specs": ["x"], "values": [50.0]})
    assert swept["sweep"]["points"][0]["elo"] == next(r["elo"] for r in swept["ratings"] if r["agent"] == "x")
    plot_summary(swept, tmp_path / "sweep.png")
    assert (tmp_path / "sweep.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
