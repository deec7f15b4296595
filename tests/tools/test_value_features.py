"""tools/value_features.py: candidate features follow the position, stay antisymmetric, and are scored."""

from __future__ import annotations

import json

import numpy as np
import pytest

from ai.value_fit import FEATURES
from tests.positions import clear_armies, give, place, started

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("value_features")


def column(tool, name: str) -> int:
    return len(FEATURES) + tool.CANDIDATES.index(name)


def test_candidates_follow_the_position(tool) -> None:
    state = started()
    clear_armies(state)
    place(state, 0, "b1")
    place(state, 1, "i9", experience=3)
    give(state, 0, "DI DI DA MS AR MH MH")
    give(state, 1, "MH")
    before = tool.describe(state, 0)
    assert before[column(tool, "much_honor")] == 2 - 1
    assert before[column(tool, "diplomacy")] == 2
    assert before[column(tool, "daimyo")] == 1
    assert before[column(tool, "best_experience")] == -3
    assert before[column(tool, "best7")] == 8 + 8 + 8  # Daimyo, Mounted and Archers, force capped at 8
    assert before[column(tool, "near_home")] == 0  # each side has its army at home
    place(state, 1, "c2")  # an enemy army two steps from p1's fortress at b1
    after = tool.describe(state, 0)
    assert after[column(tool, "threatened")] == 1
    state.honor[0] = 48
    assert tool.describe(state, 0)[column(tool, "honor_over_45")] == 3


def test_candidates_are_antisymmetric_between_the_two_seats(tool) -> None:
    state = started()
    clear_armies(state)
    place(state, 0, "b1", experience=2)
    place(state, 0, "c3")
    place(state, 1, "i9")
    give(state, 1, "TR SW DI")
    state.gold[0], state.gold[1] = 25, 4
    a, b = tool.describe(state, 0), tool.describe(state, 1)
    assert len(a) == len(FEATURES) + len(tool.CANDIDATES)
    assert a == pytest.approx([-v for v in b])
    assert any(abs(v) > 0 for v in a[len(FEATURES):])


def test_a_candidate_that_carries_the_outcome_lowers_the_held_out_loss(tool) -> None:
    gen = np.random.default_rng(3)
    n = 4000
    x = gen.normal(size=(n, len(FEATURES) + len(tool.CANDIDATES)))
    signal = column(tool, "diplomacy")
    y = (gen.random(n) < 1 / (1 + np.exp(-2.0 * x[:, signal]))).astype(float)
    games = np.arange(n) // 10
    fits = tool.score_fits(x, y, games)
    assert set(fits) == {"shipped model", "refit", "+all", *(f"+{c}" for c in tool.CANDIDATES)}
    assert fits["+diplomacy"]["logloss"] < fits["refit"]["logloss"] - 0.1
    assert fits["+daimyo"]["logloss"] > fits["+diplomacy"]["logloss"]


def test_main_reports_every_fit(tool, capsys) -> None:
    assert tool.main(["--games", "8", "--seed", "3", "--max-rounds", "20", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 8 and out["positions"] > out["heldout_positions"] > 0
    assert all(np.isfinite(row["logloss"]) for row in out["fits"].values())


@pytest.mark.parametrize("args", [["--games", "1"], ["--keep", "0"], ["--matchups", "greedy"],
                                  ["--matchups", "nobody,greedy", "--games", "2"]])
def test_bad_arguments_get_one_line(tool, capsys, args) -> None:
    assert tool.main(args) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error:") and "\n" not in err
