"""The sequential probability ratio test as fishtest runs it (generalized SPRT on pentanomial counts).

H0: the tested agent is ``elo0`` stronger than its opponent; H1: it is ``elo1`` stronger. After every game
pair the log-likelihood ratio of the observed counts is compared with Wald's bounds
``ln(beta / (1 - alpha))`` (accept H0) and ``ln((1 - beta) / alpha)`` (accept H1).

The LLR is the *generalized* one of Michel Van den Bergh (fishtest ``LLRcalc.py``): the outcome
distribution is not assumed but estimated, by maximum likelihood under each hypothesis's constraint:

* ``logistic`` (default; the Elo of :mod:`ai.tournament.stats`): the expected score equals
  ``s = 1/(1+10^(-elo/400))``. The constrained MLE is ``p_i = phat_i / (1 + x (a_i - s))`` with ``x``
  the root of ``sum phat_i (a_i - s) / (1 + x (a_i - s)) = 0``.
* ``normalized`` (fishtest's current default): the t-value ``(mu - 1/2) / sigma`` is fixed at
  ``nelo / (800/ln 10)`` (times sqrt 2 for pairs), solved by the fixed-point iteration of
  ``normalized_elo_practical.pdf`` section 4.1.

``LLR = N * sum_i phat_i (ln p1_i - ln p0_i)``. Zero counts are replaced by 0.001 first, as fishtest does.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.tournament.stats import score_from_elo

NELO_PER_T = 800.0 / math.log(10.0)  # normalized Elo per unit of t-value
MODELS = ("logistic", "normalized")


class SprtSpecError(ValueError):
    """A bad ``--sprt`` specification."""


@dataclass(frozen=True)
class SprtConfig:
    """Hypotheses (in Elo of ``model``) and error rates; ``alpha`` is the false-positive rate."""

    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise SprtSpecError(f"SPRT needs elo0 < elo1, got elo0={self.elo0:g} elo1={self.elo1:g}")
        for name in ("alpha", "beta"):
            v = getattr(self, name)
            if not 0.0 < v < 0.5:
                raise SprtSpecError(f"SPRT {name} must lie strictly between 0 and 0.5, got {v:g}")
        if self.model not in MODELS:
            raise SprtSpecError(f"SPRT model must be one of {', '.join(MODELS)}, got {self.model!r}")

    @property
    def lower(self) -> float:
        """LLR at or below which H0 is accepted."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """LLR at or above which H1 is accepted."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[float]) -> float:
        """The generalized LLR of these counts (3: L/D/W, or 5: pentanomial) for H1 against H0."""
        if self.model == "logistic":
            return llr_logistic(self.elo0, self.elo1, counts)
        return llr_normalized(self.elo0, self.elo1, counts)

    def decide(self, llr: float) -> str | None:
        """``'H1'`` or ``'H0'`` once a bound is crossed, else None (keep playing)."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def to_json(self) -> dict[str, float | str]:
        """The test's parameters as JSON-ready data."""
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta,
                "model": self.model}


def parse_sprt(text: str) -> SprtConfig:
    """``'elo0=0,elo1=20,alpha=0.05,beta=0.05[,model=normalized]'``; missing keys take defaults."""
    values: dict[str, float | str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or key not in ("elo0", "elo1", "alpha", "beta", "model"):
            raise SprtSpecError(f"bad --sprt item {part!r} (use elo0=0,elo1=20,alpha=0.05,beta=0.05)")
        if key == "model":
            values[key] = value.strip()
            continue
        try:
            number = float(value)
        except ValueError:
            raise SprtSpecError(f"--sprt {key} must be a number, got {value!r}") from None
        if not math.isfinite(number):
            raise SprtSpecError(f"--sprt {key} must be finite, got {value!r}")
        values[key] = number
    return SprtConfig(**values)  # type: ignore[arg-type]


def _pdf(counts: Sequence[float]) -> tuple[float, list[float], list[float]]:
    """Regularized counts -> (N, outcome values a_i in [0, 1], empirical probabilities)."""
    k = len(counts)
    if k not in (3, 5):
        raise ValueError(f"expected 3 (L, D, W) or 5 (pentanomial) counts, got {k}")
    if any(c < 0 for c in counts):
        raise ValueError("counts must not be negative")
    reg = [c if c > 0 else 1e-3 for c in counts]
    n = sum(reg)
    return n, [i / (k - 1) for i in range(k)], [c / n for c in reg]


def _root(f: Callable[[float], float], lo: float, hi: float) -> float:
    """Root of an increasing-or-decreasing function on (lo, hi) with a sign change, by bisection."""
    eps = 1e-12 * (hi - lo)
    lo, hi = lo + eps, hi - eps
    flo = f(lo)
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        fm = f(mid)
        if fm == 0.0 or hi - lo < 1e-15:
            return mid
        if (fm < 0) == (flo < 0):
            lo, flo = mid, fm
        else:
            hi = mid
    return 0.5 * (lo + hi)


def _secular(values: Sequence[float], probs: Sequence[float]) -> float:
    """Solve ``sum p_i v_i / (1 + x v_i) = 0`` for x with all ``1 + x v_i > 0`` (needs min v < 0 < max v)."""
    vmin, vmax = min(values), max(values)
    if not vmin < 0.0 < vmax:
        raise ValueError("the hypothesis lies outside the range of possible scores")

    def f(x: float) -> float:
        """The secular function (decreasing in x)."""
        return sum(p * v / (1.0 + x * v) for v, p in zip(values, probs, strict=True))

    return _root(f, -1.0 / vmax, -1.0 / vmin)


def _mle_expected(a: Sequence[float], phat: Sequence[float], s: float) -> list[float]:
    """Most likely distribution on outcomes ``a`` with mean ``s`` given the empirical ``phat``."""
    shifted = [ai - s for ai in a]
    x = _secular(shifted, phat)
    return [p / (1.0 + x * v) for v, p in zip(shifted, phat, strict=True)]


def _mean_var(a: Sequence[float], p: Sequence[float]) -> tuple[float, float]:
    """Mean and variance of the distribution ``p`` on values ``a``."""
    mu = sum(ai * pi for ai, pi in zip(a, p, strict=True))
    return mu, sum(pi * (ai - mu) ** 2 for ai, pi in zip(a, p, strict=True))


def _mle_t_value(a: Sequence[float], phat: Sequence[float], ref: float, t: float) -> list[float]:
    """Most likely distribution with ``(mu - ref) / sigma == t`` given ``phat`` (fixed-point iteration)."""
    p = [1.0 / len(a)] * len(a)
    for _ in range(100):
        mu, var = _mean_var(a, p)
        sigma = math.sqrt(var)
        phi = [ai - ref - t * sigma * (1.0 + ((mu - ai) / sigma) ** 2) / 2.0 for ai in a]
        x = _secular(phi, phat)
        new = [ph / (1.0 + x * v) for v, ph in zip(phi, phat, strict=True)]
        done = max(abs(u - v) for u, v in zip(new, p, strict=True)) < 1e-12
        p = new
        if done:
            break
    return p


def _llr(phat: Sequence[float], p0: Sequence[float], p1: Sequence[float], n: float) -> float:
    """``N * E_phat[ln p1 - ln p0]``: the log-likelihood ratio of the observed counts."""
    return n * sum(ph * (math.log(q1) - math.log(q0)) for ph, q0, q1 in zip(phat, p0, p1, strict=True))


def llr_logistic(elo0: float, elo1: float, counts: Sequence[float]) -> float:
    """Generalized LLR for expected score ``L(elo1)`` against ``L(elo0)`` (fishtest ``LLR_logistic``)."""
    n, a, phat = _pdf(counts)
    p0, p1 = (_mle_expected(a, phat, score_from_elo(e)) for e in (elo0, elo1))
    return _llr(phat, p0, p1, n)


def llr_normalized(nelo0: float, nelo1: float, counts: Sequence[float]) -> float:
    """Generalized LLR in normalized Elo (fishtest ``LLR_normalized``); pairs scale t by sqrt 2."""
    n, a, phat = _pdf(counts)
    scale = math.sqrt(2.0) if len(counts) == 5 else 1.0
    p0, p1 = (_mle_t_value(a, phat, 0.5, e / NELO_PER_T * scale) for e in (nelo0, nelo1))
    return _llr(phat, p0, p1, n)


@dataclass(frozen=True)
class SprtStatus:
    """Where a test stands: the LLR, the bounds and the decision so far."""

    config: SprtConfig
    pentanomial: tuple[int, ...]
    llr: float
    result: str | None  # 'H1' (the tested agent is stronger by elo1), 'H0', or None

    def describe(self, tested: str, opponent: str) -> str:
        """One line for the report, e.g. ``SPRT [0, 20]: LLR 2.96 (-2.94, 2.94): H1 accepted``."""
        c = self.config
        verdict = {
            "H1": f"H1 accepted: {tested} is stronger than {opponent} (elo >= {c.elo1:g})",
            "H0": f"H0 accepted: {tested} is not {c.elo1:g} Elo stronger than {opponent} (elo <= {c.elo0:g})",
            None: "no decision yet",
        }[self.result]
        return (f"SPRT {c.model} [{c.elo0:g}, {c.elo1:g}] alpha={c.alpha:g} beta={c.beta:g}: "
                f"LLR {self.llr:.2f} ({c.lower:.2f}, {c.upper:.2f}), pentanomial "
                f"{list(self.pentanomial)}: {verdict}")

    def to_json(self) -> dict[str, object]:
        """Parameters, bounds, LLR, counts and result as JSON-ready data."""
        c = self.config
        return {**c.to_json(), "lower_bound": c.lower, "upper_bound": c.upper, "llr": self.llr,
                "pentanomial": list(self.pentanomial), "result": self.result}


def sprt_status(config: SprtConfig, pentanomial: Sequence[int]) -> SprtStatus:
    """Evaluate the test on pentanomial counts ``[LL, LD, WL+DD, WD, WW]`` of the tested agent."""
    pent = tuple(int(c) for c in pentanomial)
    llr = config.llr(pent) if sum(pent) > 0 else 0.0
    return SprtStatus(config, pent, llr, config.decide(llr) if sum(pent) > 0 else None)
