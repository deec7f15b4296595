"""The learned policy prior: a softmax over a decision's options, one linear scorer per decision family.

An option's score is ``w_f . x`` with ``x`` its row of :mod:`ai.learned.policy_features` and ``f`` the
decision's family (travel, economy); the probabilities are the softmax over the decision's options. The
weights were fitted to the root visit distributions of the search's own games (expert iteration,
``tools/train_policy.py``) and ship as ``ai/learned/policy_net.npz`` (read with ``allow_pickle=False``)
with the command that made them beside it. The search reads it with ``mcts:prior=learned``.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ai.learned.policy_features import NAMES, WIDTH
from japanese_swords.fileio import write_atomic

WEIGHTS_PATH = Path(__file__).with_name("policy_net.npz")
#: The decision families the policy scores (the root search's families, travel first).
FAMILIES = ("travel", "economy")


@dataclass
class PolicyNet:
    """``w`` [len(FAMILIES), WIDTH]: each family's weights over the option features."""

    w: np.ndarray

    @classmethod
    def zeros(cls) -> PolicyNet:
        """The uniform policy."""
        return cls(np.zeros((len(FAMILIES), WIDTH)))

    def logits(self, family: str, x: np.ndarray) -> np.ndarray:
        """[K] the options' scores for rows ``x`` [K, WIDTH] of a decision of ``family``."""
        return x @ self.w[FAMILIES.index(family)]

    def probs(self, family: str, x: np.ndarray) -> np.ndarray:
        """[K] the softmax of :meth:`logits`."""
        return softmax(self.logits(family, x))


def softmax(z: np.ndarray) -> np.ndarray:
    """The softmax of a vector (shifted by its maximum, so large scores do not overflow)."""
    e = np.exp(z - z.max())
    return e / e.sum()


def save(net: PolicyNet, path: Path, command: str) -> None:
    """Write the weights (``.npz``, atomically, with the feature names) and the command beside them."""
    buf = io.BytesIO()
    np.savez(buf, w=np.asarray(net.w, dtype=np.float64), names=np.array(NAMES), families=np.array(FAMILIES))
    write_atomic(path, buf.getvalue())
    write_atomic(path.with_suffix(".txt"), command.rstrip() + "\n")


def load(path: Path = WEIGHTS_PATH) -> PolicyNet:
    """Weights written by :func:`save`; ValueError in one line naming the file if absent, malformed or made
    for other features or families."""
    if not zipfile.is_zipfile(path):
        why = "not an .npz archive" if Path(path).is_file() else "no such file"
        raise ValueError(f"{path}: not a learned policy's weights ({why})")
    try:
        with np.load(path, allow_pickle=False) as data:
            w = np.ascontiguousarray(data["w"], dtype=np.float64)
            names = tuple(str(n) for n in data["names"])
            families = tuple(str(f) for f in data["families"])
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"{path}: not a learned policy's weights ({exc})") from None
    if names != NAMES or families != FAMILIES or w.shape != (len(FAMILIES), WIDTH):
        raise ValueError(f"{path}: made for other option features or families; retrain with tools/train_policy.py")
    return PolicyNet(w)


@lru_cache(maxsize=1)
def shipped() -> PolicyNet:
    """The shipped policy (``ai/learned/policy_net.npz``), read once."""
    return load()


@lru_cache(maxsize=8)
def _from_file(path: str) -> PolicyNet:
    return load(Path(path))


def weights(path: str | None = None) -> PolicyNet:
    """The policy in ``path`` (``mcts:prior_weights=PATH``; each file read once a process), or the shipped one
    for None; ValueError in one line like :func:`load`."""
    return shipped() if path is None else _from_file(path)
