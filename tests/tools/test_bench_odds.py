"""tools/bench_odds.py: the client's battle odds timed in two checkouts on the same positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import load_tool

bench_odds = load_tool("bench_odds")
ROOT = Path(__file__).resolve().parents[2]


def test_a_checkout_against_itself_gives_the_same_estimates_for_both_kinds():
    out = bench_odds.bench(ROOT, "classic-2p", positions=2, seed=3)
    assert out["same_estimates"] is True
    for kind in ("attack", "battle"):
        k = out[kind]
        assert k["calls"] == 2 and k["this_median"] > 0 and k["reference_median"] > 0
        assert k["ratio"] == pytest.approx(k["this_median"] / k["reference_median"], rel=0.01)


def test_each_estimate_is_a_distribution_over_its_samples():
    rows = bench_odds.measure(ROOT, "classic-2p", 2, 3)
    assert sorted({r["kind"] for r in rows}) == ["attack", "battle"] and len(rows) == 4
    for r in rows:
        win, lose, void, samples = r["odds"]
        assert abs(win + lose + void - 1) < 1e-9 and samples == (120 if r["kind"] == "attack" else 150)


def test_bad_arguments_are_one_line(tmp_path, capsys):
    assert bench_odds.main(["--reference", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "is not a checkout" in err
    assert bench_odds.main(["--reference", str(ROOT), "--positions", "0"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--positions must be at least 1" in err


def test_a_reference_that_fails_is_one_line(tmp_path, capsys):
    client = tmp_path / "japanese_swords" / "app" / "client"
    client.mkdir(parents=True)
    (client / "odds.py").write_text("raise ImportError('broken')\n")
    assert bench_odds.main(["--reference", str(tmp_path), "--positions", "1"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("bench_odds: error: the positions in")
