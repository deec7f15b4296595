"""Statistics of the benchmark against known values: Elo of a score, intervals, LOS, the rating fit."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ai.tournament.stats import (
    ELO_PER_NAT,
    Z95,
    elo_from_score,
    estimate,
    fit_ratings,
    phi,
    score_from_elo,
)


@pytest.mark.parametrize(("score", "elo"), [(0.5, 0.0), (0.6, 70.4365), (0.75, 190.8485), (0.9, 381.6970),
                                            (0.99, 798.2541), (0.4, -70.4365)])
def test_elo_of_known_scores(score: float, elo: float) -> None:
    assert elo_from_score(score) == pytest.approx(elo, abs=1e-3)
    assert score_from_elo(elo) == pytest.approx(score, abs=1e-6)


def test_elo_is_unbounded_at_the_ends_and_rejects_impossible_scores() -> None:
    assert elo_from_score(1.0) == math.inf
    assert elo_from_score(0.0) == -math.inf
    with pytest.raises(ValueError, match="score"):
        elo_from_score(1.2)


def test_trinomial_estimate_matches_the_textbook_formulas() -> None:
    losses, draws, wins = 30, 40, 50
    est = estimate([losses, draws, wins])
    n = losses + draws + wins
    mu = (wins + draws / 2) / n
    var = (wins * (1 - mu) ** 2 + draws * (0.5 - mu) ** 2 + losses * mu ** 2) / n
    se = math.sqrt(var / n)
    assert est.n == n and est.score == pytest.approx(mu)
    assert est.elo == pytest.approx(elo_from_score(mu))
    assert est.low == pytest.approx(elo_from_score(mu - Z95 * se))
    assert est.high == pytest.approx(elo_from_score(mu + Z95 * se))
    assert est.low < est.elo < est.high
    # the classic cutechess LOS formula, which ignores the score's own contribution to the variance
    classic = 0.5 * (1 + math.erf((wins - losses) / math.sqrt(2 * (wins + losses))))
    assert est.los == pytest.approx(classic, abs=0.01)


def test_estimate_is_antisymmetric() -> None:
    a, b = estimate([3, 10, 12]), estimate([12, 10, 3])
    assert a.elo == pytest.approx(-b.elo)
    assert a.low == pytest.approx(-b.high) and a.high == pytest.approx(-b.low)
    assert a.los == pytest.approx(1 - b.los)


def test_pentanomial_uses_the_variance_of_pairs() -> None:
    # 10 pairs, each split 1-1 (the seat decided): as single games that is 10 wins and 10 losses, a wide
    # interval; as pairs every pair scored exactly 1/2, so the pentanomial interval is much narrower.
    balanced = estimate([0, 0, 10, 0, 0])
    assert balanced.score == 0.5 and balanced.elo == 0.0 and balanced.los == 0.5
    trinomial = estimate([10, 0, 10])
    assert balanced.high - balanced.low < trinomial.high - trinomial.low
    pent = estimate([4, 8, 9, 6, 3])
    mu = (4 * 0 + 8 * 0.25 + 9 * 0.5 + 6 * 0.75 + 3 * 1) / 30
    var = (4 * mu ** 2 + 8 * (0.25 - mu) ** 2 + 9 * (0.5 - mu) ** 2 + 6 * (0.75 - mu) ** 2 + 3 * (1 - mu) ** 2) / 30
    assert pent.n == 30 and pent.score == pytest.approx(mu)
    assert pent.stderr == pytest.approx(math.sqrt(var / 30))
    assert pent.los == pytest.approx(phi((mu - 0.5) / math.sqrt(var / 30)))


def test_perfect_score_gives_a_finite_bound() -> None:
    est = estimate([0, 0, 40])
    assert est.elo == math.inf and est.high == math.inf
    # Wilson lower bound on 40/40: 40 / (40 + z^2)
    assert est.low == pytest.approx(elo_from_score(40 / (40 + Z95 ** 2)), abs=1e-6)
    assert est.los == 1.0


def _expected_matrices(ratings: list[float], n: int) -> tuple[np.ndarray, np.ndarray]:
    """Points each player would score in n games against each other at exactly the model's odds."""
    k = len(ratings)
    pts, cnt = np.zeros((k, k)), np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            if i != j:
                pts[i, j] = n * score_from_elo(ratings[i] - ratings[j])
                cnt[i, j] = n
    return pts, cnt


def test_rating_fit_recovers_ratings_from_exact_data() -> None:
    truth = [0.0, 150.0, -80.0, 300.0]
    names = ["random", "a", "b", "c"]
    pts, cnt = _expected_matrices(truth, 100)
    fitted = fit_ratings(names, pts, cnt, anchor="random", prior_draws=0.0)
    for r, t in zip(fitted, truth, strict=True):
        assert r.elo == pytest.approx(t, abs=1e-6)
    assert fitted[0].stderr == 0.0
    assert all(r.low < r.elo < r.high for r in fitted[1:])


def test_rating_fit_of_two_players_is_the_pair_elo_with_binomial_error() -> None:
    pts = np.array([[0.0, 14.0], [26.0, 0.0]])
    cnt = np.array([[0.0, 40.0], [40.0, 0.0]])
    random, other = fit_ratings(["random", "x"], pts, cnt, anchor="random", prior_draws=0.0)
    assert random.elo == 0.0
    assert other.elo == pytest.approx(elo_from_score(26 / 40))
    p = 26 / 40
    assert other.stderr == pytest.approx(ELO_PER_NAT / math.sqrt(40 * p * (1 - p)))


def test_rating_fit_without_anchor_centres_on_the_mean() -> None:
    truth = [10.0, 110.0, -50.0]
    pts, cnt = _expected_matrices(truth, 60)
    fitted = fit_ratings(["a", "b", "c"], pts, cnt, anchor=None, prior_draws=0.0)
    mean = sum(truth) / 3
    for r, t in zip(fitted, truth, strict=True):
        assert r.elo == pytest.approx(t - mean, abs=1e-6)
    assert sum(r.elo for r in fitted) == pytest.approx(0.0, abs=1e-9)


def test_prior_keeps_a_perfect_score_finite_and_below_the_unregularized_limit() -> None:
    pts = np.array([[0.0, 0.0], [40.0, 0.0]])
    cnt = np.array([[0.0, 40.0], [40.0, 0.0]])
    random, other = fit_ratings(["random", "x"], pts, cnt, anchor="random", prior_draws=1.0)
    assert math.isfinite(other.elo) and math.isfinite(other.high)
    assert other.elo == pytest.approx(elo_from_score(40.5 / 41))  # one virtual draw
    assert random.elo == 0.0


def test_agents_without_games_are_not_rated() -> None:
    pts = np.zeros((3, 3))
    cnt = np.zeros((3, 3))
    pts[0, 1], pts[1, 0], cnt[0, 1], cnt[1, 0] = 6.0, 4.0, 10.0, 10.0
    ratings = fit_ratings(["random", "a", "lonely"], pts, cnt, anchor="random", prior_draws=0.0)
    assert ratings[1].elo == pytest.approx(elo_from_score(0.4))
    assert math.isnan(ratings[2].elo)


def test_rating_fit_rejects_inconsistent_matrices() -> None:
    with pytest.raises(ValueError, match="symmetric"):
        fit_ratings(["a", "b"], np.array([[0.0, 5.0], [1.0, 0.0]]), np.array([[0.0, 10.0], [10.0, 0.0]]))
