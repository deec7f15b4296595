"""The fishtest-style SPRT: LLRs on published counts, bounds, decisions and the --sprt syntax.

Reference values are the ones published in the test suites of fastchess (``app/tests/sprt_test.cpp``,
which reproduces fishtest's ``LLRcalc``) and of racetrack (``src/tests/sprt_tests.rs``), to 2 decimals.
Pentanomial counts are ``[LL, LD, WL+DD, WD, WW]``; trinomial counts are ``[L, D, W]``.
"""

from __future__ import annotations

import math

import pytest

from ai.tournament.sprt import (
    SprtConfig,
    SprtSpecError,
    llr_logistic,
    llr_normalized,
    parse_sprt,
    sprt_status,
)

# fastchess Stats(ll, ld, wl, dd, wd, ww) -> [LL, LD, WL+DD, WD, WW]
LOGISTIC_PENTANOMIAL = [
    ([223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5, -3.07),
    ([871, 26175, 55003 + 980, 26678, 821], 0.0, 2.0, -4.98),
]
NORMALIZED_PENTANOMIAL = [
    ([365, 16618, 36029 + 200, 16974, 390], 0.0, 2.0, 2.25),
    ([127, 4883, 10311 + 401, 5150, 104], -1.75, 0.25, 3.01),
    # racetrack (alpha 0.05, beta 0.10 only changes the bounds)
    ([440, 2910, 5170, 2888, 455], 0.0, 5.0, -2.27),
    ([142, 620, 1122, 699, 188], 0.0, 5.0, 2.99),
    ([349, 1561, 3340, 1604, 359], -5.0, 0.0, 2.90),
    ([98, 382, 674, 369, 71], -5.0, 0.0, -1.11),
]
# fastchess Stats(wins, losses, draws) -> [L, D, W]
LOGISTIC_TRINOMIAL = [
    ([21184, 40708, 21404], 0.5, 2.5, -1.57),
    ([57030, 106593, 57433], 0.0, 2.0, -2.59),
]
NORMALIZED_TRINOMIAL = [
    ([36027, 68692, 36433], 0.0, 2.0, 0.92),
    ([10650, 20431, 10871], -1.75, 0.25, 2.30),
]


@pytest.mark.parametrize(("counts", "elo0", "elo1", "llr"), LOGISTIC_PENTANOMIAL + LOGISTIC_TRINOMIAL)
def test_logistic_llr_on_published_counts(counts: list[int], elo0: float, elo1: float, llr: float) -> None:
    assert llr_logistic(elo0, elo1, counts) == pytest.approx(llr, abs=0.006)


@pytest.mark.parametrize(("counts", "elo0", "elo1", "llr"), NORMALIZED_PENTANOMIAL + NORMALIZED_TRINOMIAL)
def test_normalized_llr_on_published_counts(counts: list[int], elo0: float, elo1: float, llr: float) -> None:
    assert llr_normalized(elo0, elo1, counts) == pytest.approx(llr, abs=0.006)


def test_llr_is_symmetric_under_swapping_the_agents() -> None:
    counts = [12, 30, 41, 25, 9]
    swapped = counts[::-1]
    # H1 "elo1 better" on counts equals H1 "-elo1 better" for the opponent on reversed counts
    assert llr_logistic(0, 20, counts) == pytest.approx(llr_logistic(0, -20, swapped), abs=1e-9)
    assert llr_normalized(-1, 3, counts) == pytest.approx(llr_normalized(1, -3, swapped), abs=1e-7)


def test_llr_sign_follows_the_evidence() -> None:
    strong = [0, 2, 10, 30, 40]  # the tested agent wins most pairs
    weak = strong[::-1]
    assert llr_logistic(0, 20, strong) > 0 > llr_logistic(0, 20, weak)
    assert abs(llr_logistic(0, 20, [0] * 5)) < 1e-3  # no data (regularized counts): no evidence


def test_wald_bounds() -> None:
    c = SprtConfig(0, 20, 0.05, 0.05)
    assert c.lower == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944, abs=1e-3)
    assert c.upper == pytest.approx(2.944, abs=1e-3)
    c = SprtConfig(0, 5, 0.05, 0.10)
    assert c.lower == pytest.approx(math.log(0.10 / 0.95)) and c.upper == pytest.approx(math.log(0.90 / 0.05))
    assert c.decide(2.88) is None and c.decide(2.9) == "H1"
    assert c.decide(-2.2) is None and c.decide(-2.26) == "H0"
    assert SprtConfig(0, 5, 0.05, 0.05).decide(2.95) == "H1"


def test_status_decides_on_published_counts() -> None:
    # racetrack's threshold examples (alpha 0.05, beta 0.10, normalized)
    cases = [([485, 1923, 2942, 1937, 594], 0.0, 5.0, "H1"), ([261, 739, 2683, 737, 253], -10.0, 0.0, "H1"),
             ([63, 252, 385, 250, 74], 0.0, 10.0, None), ([527, 1007, 1932, 933, 511], 0.0, 5.0, "H0"),
             ([175, 305, 694, 291, 157], 0.0, 10.0, "H0")]
    for counts, elo0, elo1, result in cases:
        status = sprt_status(SprtConfig(elo0, elo1, 0.05, 0.10, "normalized"), counts)
        assert status.result == result, (counts, status.llr)
    empty = sprt_status(SprtConfig(), [0, 0, 0, 0, 0])
    assert empty.llr == 0.0 and empty.result is None


def test_parse_sprt() -> None:
    c = parse_sprt("elo0=0,elo1=20,alpha=0.05,beta=0.05")
    assert (c.elo0, c.elo1, c.alpha, c.beta, c.model) == (0.0, 20.0, 0.05, 0.05, "logistic")
    assert parse_sprt("elo1=10,model=normalized").model == "normalized"
    assert parse_sprt("elo0=-5,elo1=5").alpha == 0.05


@pytest.mark.parametrize(("text", "message"), [
    ("elo0=20,elo1=0", "elo0 < elo1"), ("elo0=0,elo1=x", "number"), ("gamma=1", "bad --sprt item"),
    ("elo0=0,elo1=5,alpha=0.7", "alpha"), ("elo1=5,model=bayes", "model"), ("elo1=nan", "finite"),
])
def test_parse_sprt_errors_are_one_line(text: str, message: str) -> None:
    with pytest.raises(SprtSpecError, match=message) as err:
        parse_sprt(text)
    assert "\n" not in str(err.value)
