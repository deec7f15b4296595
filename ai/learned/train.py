"""Training the learned value in numpy: minibatches encoded on the fly, Adam, a resumable checkpoint.

A minibatch is drawn from one map's :class:`~ai.learned.selfplay.Positions` (the encoding needs one board);
each position gives a row per alive seat, ``sigmoid(g(x_s) - g(x_rival))`` against the seat's final score,
cross-entropy plus a small L2 penalty. Inputs are standardised with a mean and spread measured on the
training positions; the saved network has them folded in (:meth:`ai.learned.network.Network.folded`). The
checkpoint (an ``.npz``: weights, Adam moments, epoch, the standardisation) lets a stopped run go on from
the last finished epoch with the same minibatch order, since every epoch's order is drawn from
``(seed, epoch)``.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ai.batch.value import fitted_values, strongest_rivals
from ai.learned.encode import WIDTH, encode
from ai.learned.network import LAYERS, Network
from ai.learned.selfplay import Positions
from ai.value_fit import accuracy, load_weights, log_loss
from japanese_swords.fileio import write_atomic


@dataclass
class Trainer:
    """A network being trained, its optimiser state and its input standardisation."""

    net: Network
    mean: np.ndarray
    std: np.ndarray
    lr: float = 1e-3
    l2: float = 1e-4
    epoch: int = 0
    step: int = 0
    m: dict[str, np.ndarray] = field(default_factory=dict)
    v: dict[str, np.ndarray] = field(default_factory=dict)

    @classmethod
    def start(cls, parts: Sequence[Positions], hidden: tuple[int, int], seed: int, lr: float = 1e-3,
              l2: float = 1e-4) -> Trainer:
        """A new network; the standardisation measured on up to 4,000 positions of each part."""
        rng = np.random.default_rng([seed, 7])
        rows = []
        for part in parts:
            idx = np.sort(rng.choice(len(part), min(len(part), 4000), replace=False))
            rows.append(encode(part.lanes(idx)).reshape(-1, WIDTH))
        x = np.concatenate(rows)
        std = x.std(0)
        return cls(Network.initial(WIDTH, hidden, np.random.default_rng([seed, 11])), x.mean(0),
                   np.where(std > 1e-6, std, 1.0), lr, l2)

    def exported(self) -> Network:
        """The network over raw rows (standardisation folded in)."""
        return self.net.folded(self.mean, self.std)

    def batch_step(self, part: Positions, idx: np.ndarray) -> float:
        """One Adam step on the positions ``idx`` of ``part``; returns their mean cross-entropy."""
        S = part.lanes(idx)
        rival = strongest_rivals(S)
        b, p = S.size, S.num_players
        x = ((encode(S, rival) - self.mean) / self.std).reshape(b * p, WIDTH)
        net = self.net
        z1 = x @ net.w1 + net.b1
        a1 = np.maximum(z1, 0.0)
        z2 = a1 @ net.w2 + net.b2
        a2 = np.maximum(z2, 0.0)
        g = (a2 @ net.w3 + net.b3[0]).reshape(b, p)
        lanes = np.arange(b)[:, None]
        z = np.clip(g - g[lanes, rival], -30, 30)
        prob = 1.0 / (1.0 + np.exp(-z))
        y = part.score[idx]
        mask = S.alive.astype(float)
        n = max(mask.sum(), 1.0)
        loss = float((mask * -(y * np.log(np.clip(prob, 1e-9, 1)) + (1 - y) * np.log(np.clip(1 - prob, 1e-9, 1))))
                     .sum() / n)
        dz = mask * (prob - y) / n
        dg = dz.copy()
        np.add.at(dg, (np.broadcast_to(lanes, rival.shape), rival), -dz)
        dg = dg.reshape(-1)
        grads = {"w3": a2.T @ dg, "b3": np.array([dg.sum()])}
        d2 = np.outer(dg, net.w3) * (z2 > 0)
        grads["w2"], grads["b2"] = a1.T @ d2, d2.sum(0)
        d1 = (d2 @ net.w2.T) * (z1 > 0)
        grads["w1"], grads["b1"] = x.T @ d1, d1.sum(0)
        self._adam(grads)
        return loss

    def _adam(self, grads: dict[str, np.ndarray], b1: float = 0.9, b2: float = 0.999) -> None:
        self.step += 1
        for k in LAYERS:
            w = getattr(self.net, k)
            gk = grads[k] + (self.l2 * w if k.startswith("w") else 0.0)
            m = self.m.setdefault(k, np.zeros_like(w))
            v = self.v.setdefault(k, np.zeros_like(w))
            m *= b1
            m += (1 - b1) * gk
            v *= b2
            v += (1 - b2) * gk * gk
            mh = m / (1 - b1 ** self.step)
            vh = v / (1 - b2 ** self.step)
            w -= self.lr * mh / (np.sqrt(vh) + 1e-8)

    def run_epoch(self, parts: Sequence[Positions], train: Sequence[np.ndarray], seed: int, batch: int = 256,
                  progress: Callable[[float], None] | None = None) -> float:
        """One pass over every part's ``train`` positions, minibatches of the parts interleaved in an order
        drawn from ``(seed, epoch)``; returns the mean training loss."""
        rng = np.random.default_rng([seed, 13, self.epoch])
        jobs = []
        for k, idx in enumerate(train):
            order = rng.permutation(idx)
            jobs += [(k, np.sort(order[i: i + batch])) for i in range(0, len(order), batch)]
        losses = []
        for j in rng.permutation(len(jobs)):
            k, idx = jobs[j]
            losses.append(self.batch_step(parts[k], idx))
            if progress is not None:
                progress(losses[-1])
        self.epoch += 1
        return float(np.mean(losses)) if losses else float("nan")

    # ----- checkpoint ------------------------------------------------------------------------------------
    def save(self, path: Path) -> None:
        """Everything needed to go on (atomically, ``.npz``, no pickle)."""
        arrays = {f"net_{k}": v for k, v in self.net.arrays().items()}
        arrays |= {f"m_{k}": v for k, v in self.m.items()} | {f"v_{k}": v for k, v in self.v.items()}
        arrays |= {"mean": self.mean, "std": self.std,
                   "counters": np.array([self.epoch, self.step]), "rates": np.array([self.lr, self.l2])}
        buf = io.BytesIO()
        np.savez(buf, **arrays)
        write_atomic(path, buf.getvalue())

    @classmethod
    def load(cls, path: Path) -> Trainer:
        """A trainer saved by :meth:`save`; ValueError naming the file when it is not one."""
        try:
            with np.load(path, allow_pickle=False) as d:
                net = Network(**{k: d[f"net_{k}"] for k in LAYERS})
                m = {k: d[f"m_{k}"] for k in LAYERS if f"m_{k}" in d}
                v = {k: d[f"v_{k}"] for k in LAYERS if f"v_{k}" in d}
                epoch, step = (int(c) for c in d["counters"])
                lr, l2 = (float(r) for r in d["rates"])
                return cls(net, d["mean"], d["std"], lr, l2, epoch, step, m, v)
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"{path}: not a training checkpoint ({exc})") from None


def report(parts: Sequence[Positions], held: Sequence[np.ndarray], net: Network) -> dict[str, float]:
    """Held-out log-loss and accuracy of ``net`` (raw rows) and of the shipped 15-feature logistic value on
    the same positions, every alive seat's row; also the number of rows."""
    from ai.learned.value import learned_values

    model = load_weights()
    learned, fitted, labels = [], [], []
    for part, idx in zip(parts, held, strict=True):
        for i in range(0, len(idx), 2048):
            sub = idx[i: i + 2048]
            S = part.lanes(sub)
            alive = S.alive
            learned.append(learned_values(S, net)[alive])
            fitted.append(fitted_values(S, model)[alive])
            labels.append(part.score[sub][alive])
    if not labels:
        return {"rows": 0}
    p, f, y = np.concatenate(learned), np.concatenate(fitted), np.concatenate(labels)
    return {"rows": int(y.size), "learned_logloss": log_loss(p, y), "learned_accuracy": accuracy(p, y),
            "logistic_logloss": log_loss(f, y), "logistic_accuracy": accuracy(f, y)}
