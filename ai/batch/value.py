"""The fitted leaf value (:mod:`ai.value_fit`) over a whole batch: the same features, in two compiled passes
and numpy's product.

The MCTS scores its scalar playouts with :meth:`ai.value_fit.ValueModel.value`; batch rollouts cut off at
the same horizon must be scored by the same function, or the two evaluators would optimise different
things. :func:`fitted_values` computes, for every lane and seat, the feature vector relative to the
seat's strongest rival (most honor, then most armies, then the lower seat) and the logistic value, and is
tested to agree with the scalar model lane by lane.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ai.batch.jit import jit, jit_inline
from ai.batch.state import BatchState
from ai.value_fit import FEATURES, FORCE, ValueModel, hop_distances
from japanese_swords.board import NUM_SQUARES, Board
from japanese_swords.modules import teams

_FORCE = np.array(FORCE, dtype=float)  # ai.value_fit's: Treachery counts 8
_STATS = len(FEATURES) - 1  # every feature but ``threat`` is a difference of per-seat numbers


_INPUTS: list[tuple[object, object, tuple]] = []  # the last game's and map's inputs of the compiled passes


def _game_inputs(S: BatchState) -> tuple:
    """What the compiled passes read of ``S``'s game and map (kept for the last game: a search scores one):
    the keep and fortress squares, the keep and fortress masks, the home fortresses, the two revenues,
    the steps from each home (:func:`_fortress_hops`), who may be a seat's rival ([P, P]: another seat,
    not a partner in a team game) and whether it is a team game."""
    last = _INPUTS[-1] if _INPUTS else None  # (one read: another thread may replace it)
    if last is not None and last[0] is S.game and last[1] is S.tables:
        return last[2]
    game, t, p = S.game, S.tables, S.num_players
    team = bool(game.rules.modules and teams.chosen(game.rules.modules))
    other = ~np.eye(p, dtype=bool)
    if team:
        other &= np.arange(p)[:, None] % 2 != np.arange(p)[None, :] % 2
    inputs = (np.flatnonzero(t.keep | t.fortress).astype(np.int64), t.keep, t.fortress,
              np.asarray(game.board.fortresses, np.int64), game.rules.fortress_revenue, game.rules.keep_revenue,
              _fortress_hops(game.board), other, team)
    _INPUTS[:] = [(game, t, inputs)]
    return inputs


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
    _seat_numbers(S.owner, S.exp, S.control, _game_inputs(S)[0], t.keep, t.fortress, S.honor, S.round, S.gold,
                  S.hands, _FORCE, np.asarray(S.game.board.fortresses, np.int64), rules.fortress_revenue,
                  rules.keep_revenue,
                  np.zeros((4, S.num_players), np.int64), np.zeros((0, NUM_SQUARES)), out)
    return out


@jit
def _seat_numbers(owner: np.ndarray, exp: np.ndarray, control: np.ndarray, holds: np.ndarray, keep: np.ndarray,
                  fortress: np.ndarray, honor: np.ndarray, rounds: np.ndarray, gold: np.ndarray,
                  hands: np.ndarray, force: np.ndarray, homes: np.ndarray, fortress_revenue: int,
                  keep_revenue: int, scratch: np.ndarray, no_hops: np.ndarray, out: np.ndarray) -> None:
    """out[b, s] = honor, honor over 30 and over 40, honor times game progress, armies, their experience,
    keeps, revenue, gold (at most 10), cards, their force and whether the home fortress is held
    (``holds``: the keep and fortress squares; ``scratch``: [4, P] counts and ``no_hops`` [0, 100]: the
    kernels allocate nothing)."""
    for b in range(honor.shape[0]):
        _lane_numbers(b, owner, exp, control, holds, keep, fortress, honor, rounds, gold, hands, force, homes,
                      fortress_revenue, keep_revenue, scratch, no_hops, out, out)


@jit_inline
def _lane_numbers(b: int, owner: np.ndarray, exp: np.ndarray, control: np.ndarray, holds: np.ndarray,
                  keep: np.ndarray, fortress: np.ndarray, honor: np.ndarray, rounds: np.ndarray, gold: np.ndarray,
                  hands: np.ndarray, force: np.ndarray, homes: np.ndarray, fortress_revenue: int, keep_revenue: int,
                  scratch: np.ndarray, hops: np.ndarray, best: np.ndarray, out: np.ndarray) -> None:
    """:func:`_seat_numbers` of lane ``b``; with ``hops`` [P, 100] also ``best[b, s, t]``, the fewest of
    ``hops[t]`` at seat s's armies (:func:`_nearest_hops`; kept as it is where no army is nearer), in the
    same pass over the squares."""
    p = honor.shape[1]
    armies, experience, keeps, forts = scratch[0], scratch[1], scratch[2], scratch[3]
    armies[:] = 0
    experience[:] = 0
    keeps[:] = 0
    forts[:] = 0
    for sq in range(owner.shape[1]):
        s = owner[b, sq]
        if s >= 0:
            armies[s] += 1
            experience[s] += exp[b, sq]
            for t in range(hops.shape[0]):
                if hops[t, sq] < best[b, s, t]:
                    best[b, s, t] = hops[t, sq]
    for sq in holds:  # (control counts only at keeps and fortresses)
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
    the alive seats normalised to sum to 1 with more than two players. The features come from one compiled
    pass (:func:`_features`: the numbers of :func:`seat_stats`, :func:`strongest_rivals` and
    :func:`threats`, bit for bit); the dot product and the sigmoid stay numpy's, whose rounding the
    values keep."""
    b, p = S.size, S.num_players
    holds, keep, fortress, homes, fortress_revenue, keep_revenue, hops, other, _team = _game_inputs(S)
    feats = np.empty((b, p, _STATS + 1))
    _features(S.owner, S.exp, S.control, holds, keep, fortress, S.honor, S.round, S.gold, S.hands, _FORCE, homes,
              fortress_revenue, keep_revenue, hops, S.alive, other, np.empty((4, p), np.int64), np.empty((b, p, 12)),
              np.empty((b, p)), np.empty((b, p), np.int64), np.empty((b, p, p)), feats)
    z = feats @ _weights(model)
    np.maximum(z, -30.0, out=z)  # (np.clip's values, without its Python wrapper)
    np.minimum(z, 30.0, out=z)
    return win_shares(S, z)


_WEIGHTS: list[tuple[ValueModel, np.ndarray]] = []  # the last model's weights over its scale


def _weights(model: ValueModel) -> np.ndarray:
    """``model``'s weights divided by its scale (kept for the last model: a search scores with one)."""
    last = _WEIGHTS[-1] if _WEIGHTS else None  # (one read: another thread may replace it)
    if last is None or last[0] is not model:
        last = (model, np.asarray(model.weights) / np.asarray(model.scale))
        _WEIGHTS[:] = [last]
    return last[1]


@jit
def _features(owner: np.ndarray, exp: np.ndarray, control: np.ndarray, holds: np.ndarray, keep: np.ndarray,
              fortress: np.ndarray, honor: np.ndarray, rounds: np.ndarray, gold: np.ndarray, hands: np.ndarray,
              force: np.ndarray, homes: np.ndarray, fortress_revenue: int, keep_revenue: int, hops: np.ndarray,
              alive: np.ndarray, other: np.ndarray, counts: np.ndarray, stats: np.ndarray, key: np.ndarray,
              rival: np.ndarray, best: np.ndarray, feats: np.ndarray) -> None:
    """feats[b, s] = the fitted value's features of seat ``s`` in lane ``b``: its :func:`seat_stats` less
    its strongest rival's (:func:`strongest_rivals`), then its threat to the rival less the rival's to it
    (:func:`threats`), each the same float operation as the numpy formulas, from one pass over each
    lane's squares. ``counts``, ``stats``, ``key``, ``rival`` and ``best`` are scratch ([4, P],
    [B, P, 12], [B, P], [B, P], [B, P, P])."""
    b_count, p = honor.shape
    for b in range(b_count):
        for t in range(p):
            for u in range(p):
                best[b, t, u] = 99.0
        _lane_numbers(b, owner, exp, control, holds, keep, fortress, honor, rounds, gold, hands, force, homes,
                      fortress_revenue, keep_revenue, counts, hops, best, stats)
        for t in range(p):
            key[b, t] = honor[b, t] * 1_000_000.0 + stats[b, t, 4] * 1_000.0 - t
    _rivals(key, other, alive, rival)
    n = stats.shape[2]
    for b in range(b_count):
        for s in range(p):
            r = rival[b, s]
            for k in range(n):
                feats[b, s, k] = stats[b, s, k] - stats[b, r, k]
            mine, theirs = best[b, s, r], best[b, r, s]
            feats[b, s, n] = (0.0 if mine >= 99 else 1.0 / (1.0 + mine)) - (0.0 if theirs >= 99 else
                                                                            1.0 / (1.0 + theirs))


def win_shares(S: BatchState, z: np.ndarray) -> np.ndarray:
    """[B, P] values from each live seat's logit ``z``: the sigmoid, as shares of the lane's total with more
    than two seats, and 1/0 (0.5 each for a draw) in finished lanes; a seat's value is its team's in a team
    game, as the scalar values. The fitted and the learned value share it. ``exp`` is numpy's (its rounding
    is the values'), the rest one compiled pass of the same float operations as numpy's formula (the
    shares' total summed seat after seat, as numpy sums a row)."""
    out = np.exp(-z)
    _shares(out, S.alive, S.done, S.winner, _game_inputs(S)[-1], out)
    return out


@jit
def _shares(e: np.ndarray, alive: np.ndarray, done: np.ndarray, winner: np.ndarray, team: bool,
            out: np.ndarray) -> None:
    """out[b, s] = 1 / (1 + e[b, s]) for a live seat, else 0; as shares of the row's total with more than
    two seats; the result in a finished lane; the team's shares in a team game (``out`` may be ``e``)."""
    b_count, p = e.shape
    for b in range(b_count):
        for s in range(p):
            out[b, s] = 1.0 / (1.0 + e[b, s]) if alive[b, s] else 0.0
        if p > 2:
            total = out[b, 0]
            for s in range(1, p):
                total += out[b, s]
            if total > 0:
                for s in range(p):
                    out[b, s] = out[b, s] / total
        if done[b]:
            w = winner[b]
            for s in range(p):
                out[b, s] = 0.5 if w < 0 else (1.0 if s == w else 0.0)
        if team:
            ours, theirs = out[b, 0] + out[b, 2], out[b, 1] + out[b, 3]
            total = ours + theirs
            even = ours / total if total > 0 else 0.5
            out[b, 0], out[b, 1], out[b, 2], out[b, 3] = even, 1.0 - even, even, 1.0 - even
