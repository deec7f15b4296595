"""The learned value's network: a small MLP in numpy, its compiled forward pass, its weights file.

``g(x)`` is a two-hidden-layer ReLU network over one seat's encoding (:mod:`ai.learned.encode`); a seat's
chance of winning is ``sigmoid(g(x_s) - g(x_r))`` with ``r`` its strongest rival, so in a 2-player game the
two values sum to 1 exactly. The input standardisation is folded into the first layer when the weights are
saved, so the forward pass reads raw rows and skips their zeros (most of the board planes), which makes it
cheap in the compiled simulator's cut-off. Weights are an ``.npz`` read with ``allow_pickle=False``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.batch.jit import jit
from japanese_swords.fileio import write_atomic

WEIGHTS_PATH = Path(__file__).with_name("value_net.npz")
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")


@dataclass
class Network:
    """Weights of ``g``: ``w1`` [D, H1], ``b1`` [H1], ``w2`` [H1, H2], ``b2`` [H2], ``w3`` [H2], ``b3`` [1]."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    w3: np.ndarray
    b3: np.ndarray

    @classmethod
    def initial(cls, width: int, hidden: tuple[int, int], rng: np.random.Generator) -> Network:
        """He-initialised weights drawn from ``rng``; zero biases."""
        h1, h2 = hidden
        return cls(rng.normal(0, np.sqrt(2 / width), (width, h1)), np.zeros(h1),
                   rng.normal(0, np.sqrt(2 / h1), (h1, h2)), np.zeros(h2),
                   rng.normal(0, np.sqrt(1 / h2), h2), np.zeros(1))

    def arrays(self) -> dict[str, np.ndarray]:
        """The layers by name (copies are not made)."""
        return {k: getattr(self, k) for k in LAYERS}

    def folded(self, mean: np.ndarray, std: np.ndarray) -> Network:
        """The same function of raw rows for a network trained on ``(x - mean) / std``."""
        w1 = self.w1 / std[:, None]
        return Network(w1, self.b1 - mean @ w1, self.w2, self.b2, self.w3, self.b3)

    def g(self, x: np.ndarray) -> np.ndarray:
        """[N] the network's output for rows [N, D] (numpy; the reference for :func:`forward`)."""
        a = np.maximum(x @ self.w1 + self.b1, 0.0)
        a = np.maximum(a @ self.w2 + self.b2, 0.0)
        return a @ self.w3 + self.b3[0]


@jit
def _forward(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray, w3: np.ndarray,
             b3: np.ndarray, h1: np.ndarray, h2: np.ndarray, out: np.ndarray) -> None:
    """out[n] = g(x[n]); the first layer adds only the rows of w1 where x is not zero."""
    n, d = x.shape
    k1 = w1.shape[1]
    for i in range(n):
        for j in range(k1):
            h1[j] = b1[j]
        for f in range(d):
            v = x[i, f]
            if v != 0.0:
                for j in range(k1):
                    h1[j] += v * w1[f, j]
        out[i] = _head(h1, w2, b2, w3, b3, h2)


@jit
def _head(h1: np.ndarray, w2: np.ndarray, b2: np.ndarray, w3: np.ndarray, b3: np.ndarray,
          h2: np.ndarray) -> float:
    """The layers after the first: ReLU of ``h1`` into ``h2``, then the output (one place for both
    forward passes)."""
    k1, k2 = w2.shape[0], w2.shape[1]
    for j in range(k2):
        h2[j] = b2[j]
    for m in range(k1):
        a = h1[m]
        if a > 0.0:
            for j in range(k2):
                h2[j] += a * w2[m, j]
    total = b3[0]
    for j in range(k2):
        if h2[j] > 0.0:
            total += h2[j] * w3[j]
    return total


@jit
def _forward_lanes(dense: np.ndarray, owner: np.ndarray, exp: np.ndarray, control: np.ndarray,
                   rival: np.ndarray, exp_scale: float, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray,
                   b2: np.ndarray, w3: np.ndarray, b3: np.ndarray, h1: np.ndarray, h2: np.ndarray,
                   out: np.ndarray) -> None:
    """out[b, s] = g of seat s's row in lane b, the board planes read from the lane's squares (the layout of
    :func:`ai.learned.encode.encode`: planes after the ``dense`` numbers, 100 squares each)."""
    nb, p, d0 = dense.shape
    nsq = owner.shape[1]
    k1 = w1.shape[1]
    for b in range(nb):
        for s in range(p):
            r = rival[b, s]
            for j in range(k1):
                h1[j] = b1[j]
            for f in range(d0):
                v = dense[b, s, f]
                if v != 0.0:
                    for j in range(k1):
                        h1[j] += v * w1[f, j]
            for sq in range(nsq):
                o = owner[b, sq]
                if o >= 0:
                    e = exp[b, sq] / exp_scale
                    plane = 0 if o == s else (2 if o == r else 4)
                    row = d0 + plane * nsq + sq
                    for j in range(k1):
                        h1[j] += w1[row, j]
                    if plane < 4 and e != 0.0:
                        row += nsq
                        for j in range(k1):
                            h1[j] += e * w1[row, j]
                c = control[b, sq]
                if c >= 0 and (c == s or c == r):
                    row = d0 + (5 if c == s else 6) * nsq + sq
                    for j in range(k1):
                        h1[j] += w1[row, j]
            out[b, s] = _head(h1, w2, b2, w3, b3, h2)


def forward_lanes(net: Network, dense: np.ndarray, owner: np.ndarray, exp: np.ndarray, control: np.ndarray,
                  rival: np.ndarray, exp_scale: float) -> np.ndarray:
    """[B, P] ``g`` of every seat's row, the planes read from the lanes' ``owner``/``exp``/``control``
    squares instead of a dense row (what :func:`ai.learned.value.logits` calls)."""
    out = np.empty(dense.shape[:2])
    _forward_lanes(np.ascontiguousarray(dense), np.ascontiguousarray(owner, dtype=np.int64),
                   np.ascontiguousarray(exp, dtype=np.int64), np.ascontiguousarray(control, dtype=np.int64),
                   np.ascontiguousarray(rival, dtype=np.int64), float(exp_scale), net.w1, net.b1, net.w2,
                   net.b2, net.w3, net.b3, np.empty(net.w1.shape[1]), np.empty(net.w2.shape[1]), out)
    return out


def forward(net: Network, x: np.ndarray) -> np.ndarray:
    """[N] ``g`` of rows [N, D] by the compiled pass (same numbers as :meth:`Network.g`)."""
    x = np.ascontiguousarray(x, dtype=np.float64)
    out = np.empty(x.shape[0])
    _forward(x, net.w1, net.b1, net.w2, net.b2, net.w3, net.b3, np.empty(net.w1.shape[1]),
             np.empty(net.w2.shape[1]), out)
    return out


def save(net: Network, path: Path, command: str) -> None:
    """Write the weights (``.npz``, atomically) and, beside them, the command that made them (``.txt``)."""
    import io

    buf = io.BytesIO()
    np.savez(buf, **{k: np.asarray(v, dtype=np.float64) for k, v in net.arrays().items()})
    write_atomic(path, buf.getvalue())
    write_atomic(path.with_suffix(".txt"), command.rstrip() + "\n")


def load(path: Path = WEIGHTS_PATH) -> Network:
    """Weights written by :func:`save`; ValueError in one line naming the file if absent or malformed."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {k: np.ascontiguousarray(data[k], dtype=np.float64) for k in LAYERS}
    except (OSError, KeyError, ValueError) as exc:
        raise ValueError(f"{path}: not a learned value's weights ({exc})") from None
    net = Network(**arrays)
    if (net.w1.shape[1] != net.b1.shape[0] or net.w2.shape != (net.b1.shape[0], net.b2.shape[0])
            or net.w3.shape != net.b2.shape or net.b3.shape != (1,)):
        raise ValueError(f"{path}: the layers' shapes do not fit together")
    return net
