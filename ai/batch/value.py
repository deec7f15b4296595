"""The fitted leaf value (:mod:`ai.value_fit`) over a whole batch: the same features, one numpy pass.

The MCTS scores its scalar playouts with :meth:`ai.value_fit.ValueModel.value`; batch rollouts cut off at
the same horizon must be scored by the same function, or the two evaluators would optimise different
things. :func:`fitted_values` computes, for every lane and seat, the feature vector relative to the
seat's strongest rival (most honor, then most armies, then the lower seat) and the logistic value, and is
tested to agree with the scalar model lane by lane.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ai.batch.evaluate import holdings, team_shares
from ai.batch.jit import jit
from ai.batch.state import BatchState
from ai.value_fit import FEATURES, ValueModel, hop_distances
from japanese_swords.board import Board
from japanese_swords.cards import Card
from japanese_swords.modules import teams

_FORCE = np.array([min(c.force, 8) for c in Card], dtype=float)  # as ai.value_fit: Treachery counts 8
_STATS = len(FEATURES) - 1  # every feature but ``threat`` is a difference of per-seat numbers


@lru_cache(maxsize=16)
def _fortress_hops(board: Board) -> np.ndarray:
    """[P, 100] steps over passable squares from each seat's home fortress (99 unreachable)."""
    return np.array([hop_distances(board.terrain, f) for f in board.fortresses], dtype=float)


def seat_stats(S: BatchState) -> np.ndarray:
    """[B, P, 12] the per-seat numbers of :func:`ai.value_fit.seat_stats` for every lane."""
    armies, exp, keeps, revenue = holdings(S)
    honor = S.honor.astype(float)
    progress = np.minimum(1.0, S.round / 40.0)[:, None]
    homes = np.array(S.game.board.fortresses)
    garrison = S.owner[:, homes] >= 0  # [B, P]
    return np.stack([
        honor, np.maximum(0.0, honor - 30), np.maximum(0.0, honor - 40), honor * progress,
        armies, exp, keeps, revenue, np.minimum(S.gold, 10),
        S.hands.sum(-1), S.hands @ _FORCE, garrison,
    ], axis=-1).astype(float)


@jit
def _nearest_hops(owner: np.ndarray, hops: np.ndarray, best: np.ndarray) -> None:
    """best[b, s, t] = fewest steps from any of seat s's armies to seat t's home (99: none or unreachable)."""
    p = hops.shape[0]
    for b in range(owner.shape[0]):
        for sq in range(owner.shape[1]):
            s = owner[b, sq]
            if s >= 0:
                for t in range(p):
                    if hops[t, sq] < best[b, s, t]:
                        best[b, s, t] = hops[t, sq]


def threats(S: BatchState) -> np.ndarray:
    """[B, P, P] 1 / (1 + steps from seat s's nearest army to seat t's home fortress); 0 with no army.
    One compiled pass over the lanes' squares (the broadcast [B, P, 100, P] minimum cost a fifth of a
    travel search)."""
    hops = _fortress_hops(S.game.board)  # [P, 100]
    best = np.full((S.size, S.num_players, S.num_players), 99.0)
    _nearest_hops(S.owner, hops, best)
    return np.where(best >= 99, 0.0, 1.0 / (1.0 + best))


def strongest_rivals(S: BatchState) -> np.ndarray:
    """[B, P] each seat's strongest alive rival (most honor, most armies, lower seat); if no rival is
    alive, among all the other seats; never a partner in a team game (as
    :func:`ai.value_fit.strongest_rival`)."""
    p = S.num_players
    seats = np.arange(p)
    armies = (S.owner[:, None, :] == seats[None, :, None]).sum(-1)
    key = S.honor * 1_000_000.0 + armies * 1_000.0 - seats[None, :]  # [B, t]
    other = ~np.eye(p, dtype=bool)
    if S.game.rules.modules and teams.chosen(S.game.rules.modules):
        other &= seats[:, None] % 2 != seats[None, :] % 2
    other = other[None, :, :]  # [1, s, t]
    alive_other = other & S.alive[:, None, :]
    pool = np.where(alive_other.any(-1, keepdims=True), alive_other, other)
    return np.where(pool, key[:, None, :], -np.inf).argmax(-1)


def fitted_values(S: BatchState, model: ValueModel) -> np.ndarray:
    """[B, P] each seat's value under ``model``: the result in a finished lane, 0 for an eliminated seat,
    the alive seats normalised to sum to 1 with more than two players."""
    b, p = S.size, S.num_players
    stats = seat_stats(S)
    rival = strongest_rivals(S)
    lanes = np.arange(b)[:, None]
    seats = np.arange(p)[None, :]
    th = threats(S)
    feats = np.concatenate([stats - stats[lanes, rival],
                            (th[lanes, seats, rival] - th[lanes, rival, seats])[..., None]], axis=-1)
    w = np.asarray(model.weights) / np.asarray(model.scale)
    z = np.clip(feats[..., : _STATS + 1] @ w, -30.0, 30.0)
    return win_shares(S, z)


def win_shares(S: BatchState, z: np.ndarray) -> np.ndarray:
    """[B, P] values from each live seat's logit ``z``: the sigmoid, as shares of the lane's total with more
    than two seats, and 1/0 (0.5 each for a draw) in finished lanes. The fitted and the learned value share it."""
    p = S.num_players
    out = np.where(S.alive, 1.0 / (1.0 + np.exp(-z)), 0.0)
    if p > 2:
        total = out.sum(1, keepdims=True)
        out = np.where(total > 0, out / np.where(total > 0, total, 1.0), out)
    done = S.done
    if done.any():
        out[done] = np.where(S.winner[done, None] < 0, 0.5,
                             (np.arange(p)[None, :] == S.winner[done, None]).astype(float))
    return team_shares(S, out)  # a seat's value is its team's in a team game, as the scalar values
