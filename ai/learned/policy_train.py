"""Fitting the learned policy to recorded root visit distributions, and its held-out report.

Each family's weights minimise the cross-entropy between the softmax over a decision's options and the
root's visit shares, plus an L2 penalty, by full-batch Adam on standardised features; the standardisation is
folded into the saved weights (a shift of every option's row by the same vector does not change a softmax).
"""

from __future__ import annotations

import numpy as np

from ai.learned.policy import FAMILIES, PolicyNet
from ai.learned.policy_data import Decisions
from ai.learned.policy_features import WIDTH


def _segments(d: Decisions) -> np.ndarray:
    """[rows] the decision index of every option row."""
    return np.repeat(np.arange(len(d)), d.count)


def _softmax_segments(z: np.ndarray, seg: np.ndarray, n: int) -> np.ndarray:
    """The softmax of ``z`` within each decision."""
    top = np.full(n, -np.inf)
    np.maximum.at(top, seg, z)
    e = np.exp(z - top[seg])
    total = np.zeros(n)
    np.add.at(total, seg, e)
    return e / total[seg]


LABELS = ("choice", "mean")  # what counts as the search's verdict on a decision (:func:`verdicts`)


def verdicts(d: Decisions, label: str = "choice") -> np.ndarray:
    """[decisions] the index of the option the search found best. ``choice``: the option it played, which
    had to beat the prior's own choice by the root's margin (``prior_bonus``), so a policy fitted to it learns
    its own margin back; ``mean``: the best mean value among the most visited options (the survivors of the
    last halving), the search's evidence without the margin. ValueError if ``mean`` meets decisions recorded
    without their means."""
    if label == "choice":
        return d.pick
    if label != "mean":
        raise ValueError(f"unknown label {label!r} (use {' or '.join(LABELS)})")
    if np.isnan(d.means).any():
        raise ValueError("decisions recorded without the root's means (games of release 0.17.5 or before): "
                         "label them by the choice, or record them again")
    out = np.empty(len(d), np.int64)
    for i, (s, c) in enumerate(zip(d.start, d.count, strict=True)):
        visits, means = d.visits[s: s + c], d.means[s: s + c]
        out[i] = int(np.argmax(np.where(visits == visits.max(), means, -np.inf)))
    return out


def targets(d: Decisions, pick_weight: float = 0.5, label: str = "choice") -> np.ndarray:
    """[rows] each option's target probability: its share of the decision's root visits, mixed with weight
    ``pick_weight`` with the search's verdict (:func:`verdicts`; Sequential Halving spreads visits evenly over
    the options that survive a halving, so with two options the visits alone say nothing)."""
    seg = _segments(d)
    total = np.zeros(len(d))
    np.add.at(total, seg, d.visits)
    chosen = np.zeros(len(d.rows))
    chosen[d.start + verdicts(d, label)] = 1.0
    return (1 - pick_weight) * d.visits / np.maximum(total[seg], 1e-12) + pick_weight * chosen


def fit(d: Decisions, l2: float = 1e-3, steps: int = 2000, lr: float = 0.05, pick_weight: float = 0.5,
        label: str = "choice") -> PolicyNet:
    """Weights of every family fitted on ``d`` (a family without decisions keeps zero weights: uniform)."""
    net = PolicyNet.zeros()
    for f in range(len(FAMILIES)):
        sub = d.subset(d.family == f)
        if not len(sub):
            continue
        x, p, seg = sub.rows, targets(sub, pick_weight, label), _segments(sub)
        mean, std = x.mean(0), x.std(0)
        std = np.where(std > 1e-9, std, 1.0)
        xs = (x - mean) / std
        w = np.zeros(WIDTH)
        m, v = np.zeros(WIDTH), np.zeros(WIDTH)
        n = len(sub)
        for t in range(1, steps + 1):
            q = _softmax_segments(xs @ w, seg, n)
            g = xs.T @ (q - p) / n + l2 * w
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            w -= lr * (m / (1 - 0.9 ** t)) / (np.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
        net.w[f] = w / std
    return net


def report(d: Decisions, net: PolicyNet, pick_weight: float = 0.5, label: str = "choice"
           ) -> dict[str, dict[str, float]]:
    """Per family: decisions, the cross-entropy of the policy and of the uniform choice against the targets
    (:func:`targets`), and how often the search's verdict (:func:`verdicts`) is the policy's top choice and
    the greedy choice."""
    out: dict[str, dict[str, float]] = {}
    for f, name in enumerate(FAMILIES):
        sub = d.subset(d.family == f)
        n = len(sub)
        if not n:
            continue
        seg, p = _segments(sub), targets(sub, pick_weight, label)
        q = _softmax_segments(sub.rows @ net.w[f], seg, n)
        ce = np.zeros(n)
        np.add.at(ce, seg, -p * np.log(np.maximum(q, 1e-12)))
        best = verdicts(sub, label)
        top = np.array([int(np.argmax(q[s: s + c])) for s, c in zip(sub.start, sub.count, strict=True)])
        out[name] = {"decisions": n, "cross_entropy": float(ce.mean()),
                     "uniform_cross_entropy": float(np.log(sub.count).mean()),
                     "top1_policy": float((top == best).mean()), "top1_greedy": float((sub.prior == best).mean())}
    return out
