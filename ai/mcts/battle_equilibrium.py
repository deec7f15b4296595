"""The battle commitment as a small two-player game solved by CFR+ (Tammelin 2014), and its exploitability.

A battle commitment is a two-step game of imperfect information: chance deals the hidden cards (one of
``K`` sampled worlds), the attacker commits face down, the defender sees only the count and commits,
and both are revealed. :class:`BattleGame` holds the payoffs of every (world, attacker option, defender
option) and which information set each choice belongs to, so the same solver serves the attacker's
decision (one attacker information set; the defender's keyed by world and count, since it knows its
own hand) and the defender's (the attacker's keyed by world; the defender's by the count it sees).
Decoupled UCT's visit counts do not converge to an equilibrium of such a game; CFR+'s average
strategy does (docs/ai.md, "Battles")."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: CFR+ iterations per solve: the games have a few dozen information sets of under ten options each.
SOLVE_ITERATIONS = 200


@dataclass
class BattleGame:
    """Payoffs and information sets of one battle commitment over ``K`` equally likely worlds.

    ``ua``/``ud`` are ``[K, A, D]`` payoffs (chances of winning) of the attacker and the defender;
    ``amask[K, A]`` and ``dmask[K, A, D]`` mark the options that exist; ``ia[K]`` is the attacker's
    information set in each world and ``jd[K, A]`` the defender's after each attacker option (-1 where
    the option does not exist). Within one information set an option index names the same option."""

    ua: np.ndarray
    ud: np.ndarray
    amask: np.ndarray
    dmask: np.ndarray
    ia: np.ndarray
    jd: np.ndarray

    @property
    def n_attacker_sets(self) -> int:
        """How many attacker information sets the game has."""
        return int(self.ia.max()) + 1

    @property
    def n_defender_sets(self) -> int:
        """How many defender information sets the game has."""
        return int(self.jd.max()) + 1 if (self.jd >= 0).any() else 0

    def set_masks(self) -> tuple[np.ndarray, np.ndarray]:
        """The options each attacker and each defender information set offers (``[I, A]``, ``[J, D]``)."""
        ma = np.zeros((self.n_attacker_sets, self.ua.shape[1]), dtype=bool)
        np.logical_or.at(ma, self.ia, self.amask)
        md = np.zeros((max(self.n_defender_sets, 1), self.ua.shape[2]), dtype=bool)
        valid = self.jd >= 0
        np.logical_or.at(md, self.jd[valid], self.dmask[valid])
        return ma, md


def _matched(regrets: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Regret matching: play each option in proportion to its positive regret, uniformly if none."""
    pos = np.where(mask, np.maximum(regrets, 0.0), 0.0)
    total = pos.sum(axis=1, keepdims=True)
    uniform = mask / np.maximum(mask.sum(axis=1, keepdims=True), 1)
    return np.where(total > 0, pos / np.where(total > 0, total, 1.0), uniform)


def _per_world(game: BattleGame, sa: np.ndarray, sd: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Information-set strategies spread over the worlds: ``[K, A]`` and ``[K, A, D]``."""
    pa = sa[game.ia] * game.amask
    pd = sd[np.maximum(game.jd, 0)] * game.dmask
    return pa, pd


def _scatter(index: np.ndarray, n: int) -> np.ndarray:
    """A ``[n, len(index)]`` 0/1 matrix that sums rows by information set (-1: dropped)."""
    out = np.zeros((n, index.size))
    cols = np.flatnonzero(index >= 0)
    out[index[cols], cols] = 1.0
    return out


def solve(game: BattleGame, iterations: int = SOLVE_ITERATIONS) -> tuple[np.ndarray, np.ndarray]:
    """CFR+ with alternating updates and linearly weighted averages; returns the average strategies of
    the attacker's (``[I, A]``) and the defender's (``[J, D]``) information sets."""
    ma, md = game.set_masks()
    ra = np.zeros(ma.shape)
    rd = np.zeros(md.shape)
    avg_a = np.zeros(ma.shape)
    avg_d = np.zeros(md.shape)
    k, a_n, d_n = game.ua.shape
    to_a = _scatter(game.ia, ma.shape[0]) / k
    to_d = _scatter(game.jd.ravel(), md.shape[0]) / k
    jd = np.maximum(game.jd, 0)
    ua = np.where(game.dmask, game.ua, 0.0)
    ud = np.where(game.dmask, game.ud, 0.0)
    for t in range(1, iterations + 1):
        sa, sd = _matched(ra, ma), _matched(rd, md)
        pd = sd[jd] * game.dmask
        q = np.einsum("kad,kad->ka", pd, ua)  # the attacker's value of each option in each world
        pa = sa[game.ia] * game.amask
        ra += to_a @ ((q - (pa * q).sum(axis=1, keepdims=True)) * game.amask)
        np.maximum(ra, 0.0, out=ra)
        avg_a += t * sa
        pa = _matched(ra, ma)[game.ia] * game.amask
        vd = np.einsum("kad,kad->ka", pd, ud)[:, :, None]
        rd += to_d @ ((ud - vd) * game.dmask * pa[:, :, None]).reshape(k * a_n, d_n)
        np.maximum(rd, 0.0, out=rd)
        avg_d += t * sd
    return _normalised(avg_a, ma), _normalised(avg_d, md)


def _normalised(total: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Rows of ``total`` scaled to sum to one (uniform over the mask where a row is all zero)."""
    return _matched(total, mask)


def attacker_value(game: BattleGame, sa: np.ndarray, sd: np.ndarray) -> float:
    """The attacker's expected payoff when both sides play the given information-set strategies."""
    pa, pd = _per_world(game, sa, sd)
    return float((pa[:, :, None] * pd * game.ua).sum() / game.ua.shape[0])


def best_attacker(game: BattleGame, sd: np.ndarray) -> float:
    """The attacker's payoff from its best response to the defender's strategy ``sd``."""
    _, pd = _per_world(game, np.zeros((game.n_attacker_sets, game.ua.shape[1])), sd)
    q = np.where(game.amask, (pd * game.ua).sum(axis=2), 0.0)
    per_set = np.zeros((game.n_attacker_sets, game.ua.shape[1]))
    np.add.at(per_set, game.ia, q)
    ma, _ = game.set_masks()
    return float(np.where(ma, per_set, -np.inf).max(axis=1).sum() / game.ua.shape[0])


def best_defender(game: BattleGame, sa: np.ndarray) -> float:
    """The attacker's payoff when the defender best responds (minimises the attacker's payoff) to ``sa``
    (a zero-sum reading: in two-player games the defender's value is one minus the attacker's)."""
    pa = sa[game.ia] * game.amask
    _, md = game.set_masks()
    per_set = np.zeros(md.shape)
    valid = game.jd >= 0
    contrib = (pa[:, :, None] * game.ua)[valid]
    np.add.at(per_set, game.jd[valid], contrib)
    # options an information set offers but a world lacks cannot occur, so the mask is per set
    reached = np.zeros(md.shape[0], dtype=bool)
    reached[np.unique(game.jd[valid])] = True
    low = np.where(md, per_set, np.inf).min(axis=1)
    return float(np.where(reached, low, 0.0).sum() / game.ua.shape[0])


def option_values(game: BattleGame, sa: np.ndarray, sd: np.ndarray, attacking: bool,
                  index: int) -> tuple[np.ndarray, np.ndarray]:
    """For the side deciding (the attacker's information set ``index``, or the defender's), each option's
    leaves (how many were played) and its chance of winning against the other side's strategy (the
    defender's weighted by how likely the attacker reaches the set; 0 where never reached): what a
    hint shows beside the equilibrium's choice."""
    pa, pd = _per_world(game, sa, sd)
    if attacking:
        sel = (game.ia == index)[:, None] & game.amask  # [K, A]
        leaves = (game.dmask & sel[:, :, None]).sum(axis=(0, 2))
        q = (pd * game.ua).sum(axis=2)
        reached = sel.sum(axis=0)
        return leaves, np.where(reached > 0, (q * sel).sum(axis=0) / np.maximum(reached, 1), 0.0)
    sel = game.jd == index  # [K, A]
    leaves = (game.dmask & sel[:, :, None]).sum(axis=(0, 1))
    weight = (pa * sel)[:, :, None] * game.dmask  # [K, A, D]
    mass = weight.sum(axis=(0, 1))
    return leaves, np.where(mass > 0, (weight * game.ud).sum(axis=(0, 1)) / np.where(mass > 0, mass, 1.0), 0.0)


def zero_sum(game: BattleGame) -> BattleGame:
    """The same game with the defender's payoff one minus the attacker's (to measure exploitability)."""
    return BattleGame(game.ua, 1.0 - game.ua, game.amask, game.dmask, game.ia, game.jd)


@dataclass(frozen=True)
class Exploitability:
    """How much a best response gains against each side's strategy over the game's value, as chances of
    winning (multiply by 1,000 for thousandths)."""

    value: float
    attacker: float  # the defender's best response's gain against the attacker's strategy
    defender: float  # the attacker's best response's gain against the defender's strategy


def exploitability(game: BattleGame, sa: np.ndarray, sd: np.ndarray, value: float | None = None) -> Exploitability:
    """The gains of best responses against ``sa`` and ``sd`` over the zero-sum value of ``game`` (solved
    by CFR+ when ``value`` is not given)."""
    zs = zero_sum(game)
    if value is None:
        ea, ed = solve(zs, iterations=4 * SOLVE_ITERATIONS)
        value = (best_defender(zs, ea) + best_attacker(zs, ed)) / 2
    return Exploitability(value, max(0.0, value - best_defender(zs, sa)), max(0.0, best_attacker(zs, sd) - value))
