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

from ai.batch.evaluate import team_shares
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
    """[B, P, 12] the per-seat numbers of :func:`ai.value_fit.seat_stats` for every lane, in one compiled
    pass over the lanes' squares (the numpy broadcasts over [B, P, 100] cost a twentieth of a travel search).
    Each number is the same float operation on the same integers as the numpy formula, so bit for bit equal
    (tests/ai/batch/test_value.py)."""
    rules = S.game.rules
    t = S.tables
    out = np.empty((S.size, S.num_players, 12))
    _seat_numbers(S.owner, S.exp, S.control, t.keep, t.fortress, S.honor, S.round, S.gold, S.hands, _FORCE,
                  np.asarray(S.game.board.fortresses, np.int64), rules.fortress_revenue, rules.keep_revenue,
                  np.zeros((4, S.num_players), np.int64), out)
    return out


@jit
def _seat_numbers(owner: np.ndarray, exp: np.ndarray, control: np.ndarray, keep: np.ndarray,
                  fortress: np.ndarray, honor: np.ndarray, rounds: np.ndarray, gold: np.ndarray,
                  hands: np.ndarray, force: np.ndarray, homes: np.ndarray, fortress_revenue: int,
                  keep_revenue: int, scratch: np.ndarray, out: np.ndarray) -> None:
    """out[b, s] = honor, honor over 30 and over 40, honor times game progress, armies, their experience,
    keeps, revenue, gold (at most 10), cards, their force and whether the home fortress is held
    (``scratch``: [4, P] counts, the kernels allocate nothing)."""
    b_count, p = honor.shape
    armies, experience, keeps, forts = scratch[0], scratch[1], scratch[2], scratch[3]
    for b in range(b_count):
        armies[:] = 0
        experience[:] = 0
        keeps[:] = 0
        forts[:] = 0
        for sq in range(owner.shape[1]):
            s = owner[b, sq]
            if s >= 0:
                armies[s] += 1
                experience[s] += exp[b, sq]
            c = control[b, sq]
            if c >= 0 and c < p:
                if keep[sq]:
                    keeps[c] += 1
                if fortress[sq]:
                    forts[c] += 1
        progress = min(1.0, rounds[b] / 40.0)
        for s in range(p):
            h = float(honor[b, s])
            out[b, s, 0] = h
            out[b, s, 1] = max(0.0, h - 30)
            out[b, s, 2] = max(0.0, h - 40)
            out[b, s, 3] = h * progress
            out[b, s, 4] = armies[s]
            out[b, s, 5] = experience[s]
            out[b, s, 6] = keeps[s]
            out[b, s, 7] = fortress_revenue * forts[s] + keep_revenue * keeps[s]
            out[b, s, 8] = min(gold[b, s], 10)
            cards = 0
            strength = 0.0
            for c in range(hands.shape[2]):
                cards += hands[b, s, c]
                strength += hands[b, s, c] * force[c]
            out[b, s, 9] = cards
            out[b, s, 10] = strength
            out[b, s, 11] = 1.0 if owner[b, homes[s]] >= 0 else 0.0


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


def strongest_rivals(S: BatchState, armies: np.ndarray | None = None) -> np.ndarray:
    """[B, P] each seat's strongest alive rival (most honor, most armies, lower seat); if no rival is
    alive, among all the other seats; never a partner in a team game (as
    :func:`ai.value_fit.strongest_rival`)."""
    p = S.num_players
    seats = np.arange(p)
    if armies is None:  # ([B, P] armies per seat, when the caller has them: seat_stats' column 4)
        armies = (S.owner[:, None, :] == seats[None, :, None]).sum(-1)
    key = S.honor * 1_000_000.0 + armies * 1_000.0 - seats[None, :]  # [B, t]
    other = ~np.eye(p, dtype=bool)
    if S.game.rules.modules and teams.chosen(S.game.rules.modules):
        other &= seats[:, None] % 2 != seats[None, :] % 2
    out = np.zeros((S.size, p), np.int64)
    _rivals(key, other, S.alive, out)
    return out


@jit
def _rivals(key: np.ndarray, other: np.ndarray, alive: np.ndarray, out: np.ndarray) -> None:
    """out[b, s] = the seat t with the highest ``key[b, t]`` among the alive seats ``other[s, t]`` allows,
    or among all it allows when none is alive (the first highest; seat 0 when it allows none)."""
    p = key.shape[1]
    for b in range(key.shape[0]):
        for s in range(p):
            any_alive = False
            for t in range(p):
                if other[s, t] and alive[b, t]:
                    any_alive = True
            best, pick = -np.inf, 0
            for t in range(p):
                if other[s, t] and (alive[b, t] or not any_alive) and key[b, t] > best:
                    best, pick = key[b, t], t
            out[b, s] = pick


def fitted_values(S: BatchState, model: ValueModel) -> np.ndarray:
    """[B, P] each seat's value under ``model``: the result in a finished lane, 0 for an eliminated seat,
    the alive seats normalised to sum to 1 with more than two players."""
    b, p = S.size, S.num_players
    stats = seat_stats(S)
    rival = strongest_rivals(S, stats[..., 4])
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
