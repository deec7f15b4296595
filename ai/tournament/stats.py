"""Match statistics: score <-> Elo, intervals, likelihood of superiority, and a Bradley-Terry rating fit.

Conventions follow the chess-engine testing world (fishtest, cutechess-cli, Ordo, BayesElo):

* logistic Elo: a score ``s`` (points per game, a draw is half a point) is worth
  ``elo(s) = -400 log10(1/s - 1)``; 60% is about +70.4 Elo;
* a pair's interval is the normal approximation on the mean score, mapped through ``elo``; its variance is
  taken over game *pairs* (pentanomial) when the games were paired, else over single games (trinomial);
* the likelihood of superiority is ``Phi((mu - 1/2) / stderr)``;
* the rating list is the maximum-likelihood fit of the Bradley-Terry model over every game with a weak
  prior (virtual draws) so that a 100% score still gives finite ratings.

Infinite Elo values (a 0% or 100% score) are ``math.inf``; :mod:`ai.tournament.report` writes them as null.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal law
ELO_PER_NAT = 400.0 / math.log(10.0)  # logistic Elo per natural-log unit of odds


def elo_from_score(score: float) -> float:
    """Logistic Elo difference for an expected score in [0, 1]; +-inf at the ends."""
    if not 0.0 <= score <= 1.0 or math.isnan(score):
        raise ValueError(f"a score must lie in [0, 1], got {score!r}")
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """Expected score of a player ``elo`` points stronger (inverse of :func:`elo_from_score`)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def phi(x: float) -> float:
    """Cumulative distribution function of the standard normal law."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


@dataclass(frozen=True)
class EloEstimate:
    """A score with its Elo equivalent, a 95% interval and the likelihood of superiority (LOS)."""

    n: int  # games (trinomial) or game pairs (pentanomial)
    score: float  # mean points per game
    stderr: float  # standard error of ``score``
    elo: float
    low: float
    high: float
    los: float


def _wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval, used only when every game had the same result (zero sample variance)."""
    p = successes / n
    denom = 1.0 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def estimate(counts: Sequence[float]) -> EloEstimate:
    """Elo estimate from outcome counts of ``2k+1`` evenly spaced kinds, worst first.

    ``[losses, draws, wins]`` (trinomial, one game each) or ``[LL, LD, WL+DD, WD, WW]`` (pentanomial, one
    game pair each). The mean score is per game. The interval is ``mu +- 1.96 stderr`` mapped through
    :func:`elo_from_score` (clipped to [0, 1], so it may reach +-inf); when all results are equal (no
    sample variance) the Wilson interval of the score is used instead, which stays informative at 0%/100%.
    """
    k = len(counts)
    if k < 3 or k % 2 == 0:
        raise ValueError(f"expected 3 or 5 (2k+1) outcome counts, got {k}")
    n = sum(counts)
    if n <= 0:
        return EloEstimate(0, math.nan, math.nan, math.nan, -math.inf, math.inf, 0.5)
    values = [i / (k - 1) for i in range(k)]  # per-game score of each outcome kind
    mu = sum(c * v for c, v in zip(counts, values, strict=True)) / n
    var = sum(c * (v - mu) ** 2 for c, v in zip(counts, values, strict=True)) / n
    stderr = math.sqrt(var / n)
    if stderr > 0.0:
        lo_s, hi_s = max(0.0, mu - Z95 * stderr), min(1.0, mu + Z95 * stderr)
        los = phi((mu - 0.5) / stderr)
    else:
        games = n * (k - 1) // 2
        lo_s, hi_s = _wilson(mu * games, max(1, games))
        los = 0.5 if mu == 0.5 else (1.0 if mu > 0.5 else 0.0)
    return EloEstimate(int(n), mu, stderr, elo_from_score(mu), elo_from_score(lo_s), elo_from_score(hi_s), los)


@dataclass(frozen=True)
class Rating:
    """One agent's fitted rating (Elo) with its 95% interval, relative to the anchor."""

    agent: str
    elo: float
    low: float
    high: float
    stderr: float


def fit_ratings(names: Sequence[str], points: np.ndarray, games: np.ndarray, anchor: str | None = None,
                prior_draws: float = 1.0) -> list[Rating]:
    """Maximum-likelihood Bradley-Terry (logistic Elo) ratings over all games.

    ``points[i, j]`` is what ``i`` scored against ``j`` (wins + draws/2) in the ``games[i, j]`` games
    they played (symmetric). Every pair
    that met also gets ``prior_draws`` virtual draws (BayesElo's device) so a 100% score stays finite.
    The model is ``P(i beats j) = 1 / (1 + 10^((r_j - r_i)/400))``; Newton's method maximises the
    log-likelihood. ``anchor`` (e.g. ``random``) is pinned at 0; without one the mean rating is 0.
    Agents not linked to the others by any game get NaN.
    Intervals are ``+-1.96`` standard errors from the observed information (the inverse Hessian).
    """
    n = len(names)
    if n == 0:
        return []
    wins = np.asarray(points, dtype=float).copy()
    tot = np.asarray(games, dtype=float).copy()
    if wins.shape != (n, n) or tot.shape != (n, n):
        raise ValueError(f"points and games must be {n}x{n} matrices")
    if not np.allclose(tot, tot.T) or not np.allclose(wins + wins.T, tot):
        raise ValueError("games must be symmetric and points[i, j] + points[j, i] == games[i, j]")
    met = tot > 0
    wins += np.where(met, prior_draws / 2.0, 0.0)
    tot += np.where(met, prior_draws, 0.0)
    np.fill_diagonal(wins, 0.0)
    np.fill_diagonal(tot, 0.0)
    if anchor is not None and anchor in names and tot[names.index(anchor)].sum() > 0:
        root = names.index(anchor)
    else:
        anchor = None
        played = [i for i in range(n) if tot[i].sum() > 0]
        if not played:
            return [Rating(name, math.nan, math.nan, math.nan, math.nan) for name in names]
        root = played[0]
    comp = _component(tot > 0, root)  # agents linked to the root by games; others cannot be rated
    free = [i for i in comp if i != root]
    theta = np.zeros(n)  # ratings in natural log-odds units
    for _ in range(200):
        if not free:
            break
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j] = P(i beats j)
        grad = (wins - tot * p).sum(axis=1)
        w = tot * p * (1.0 - p)
        info = np.diag(w.sum(axis=1)) - w  # observed information (minus the Hessian)
        step = np.clip(np.linalg.solve(info[np.ix_(free, free)], grad[free]), -5.0, 5.0)
        theta[free] += step
        if np.max(np.abs(step)) < 1e-12:
            break
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    w = tot * p * (1.0 - p)
    info = np.diag(w.sum(axis=1)) - w
    m = len(comp)
    sub = np.zeros((m, m))  # covariance of the component's ratings relative to the root
    idx = {a: k for k, a in enumerate(comp)}
    if free:
        f = [idx[i] for i in free]
        sub[np.ix_(f, f)] = np.linalg.inv(info[np.ix_(free, free)])
    vals = theta[comp]
    if anchor is None:  # re-centre on the mean: r' = P r with P = I - 11'/m
        proj = np.eye(m) - np.full((m, m), 1.0 / m)
        vals = proj @ vals
        sub = proj @ sub @ proj.T
    out = [Rating(name, math.nan, math.nan, math.nan, math.nan) for name in names]
    for k, i in enumerate(comp):
        r = float(vals[k] * ELO_PER_NAT)
        se = float(math.sqrt(max(sub[k, k], 0.0)) * ELO_PER_NAT)
        out[i] = Rating(names[i], r, r - Z95 * se, r + Z95 * se, se)
    return out


def _component(adjacent: np.ndarray, root: int) -> list[int]:
    """Indices connected to ``root`` in the graph ``adjacent`` (sorted)."""
    seen = {root}
    todo = [root]
    while todo:
        i = todo.pop()
        for j in np.flatnonzero(adjacent[i]):
            if int(j) not in seen:
                seen.add(int(j))
                todo.append(int(j))
    return sorted(seen)
