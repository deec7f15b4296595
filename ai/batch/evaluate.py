"""Leaf evaluation for search: depth-limited batch rollouts from any decision point.

Values per seat in [0, 1]: a finished game gives 1 to the winner and 0 to the others, 0.5 to every seat
after a max_rounds draw; a lane still running at the depth limit gets the heuristic value of
:mod:`ai.heuristic` (each alive seat's share of the alive seats' total strength, so a lane's values sum to
1 and eliminated seats get 0). :func:`heuristic_values` is that formula over a whole batch.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from ai import heuristic as H
from ai.batch.policy import Policies
from ai.batch.state import BatchState, LaneLeaf, gather_leaves, lanes_of, one_table, resumable
from ai.batch.turn import run
from japanese_swords.engine import State
from japanese_swords.modules import teams


def holdings(S: BatchState) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per lane and seat ([B, P] each): armies, their total experience, keeps held, revenue."""
    rules = S.game.rules
    t = S.tables
    seats = np.arange(S.num_players)[None, :, None]
    own = S.owner[:, None, :] == seats  # [B, P, 100]
    ctl = S.control[:, None, :] == seats
    keeps = (ctl & t.keep[None, None, :]).sum(-1)
    revenue = rules.fortress_revenue * (ctl & t.fortress[None, None, :]).sum(-1) + rules.keep_revenue * keeps
    return own.sum(-1), (own * S.exp[:, None, :]).sum(-1), keeps, revenue


def team_shares(S: BatchState, values: np.ndarray) -> np.ndarray:
    """In a team game, each seat's value is its team's share of the lane's total
    (:func:`japanese_swords.modules.teams.team_values` over a batch); otherwise ``values`` as they are."""
    if not (S.game.rules.modules and teams.chosen(S.game.rules.modules)):
        return values
    ours, theirs = values[:, 0] + values[:, 2], values[:, 1] + values[:, 3]
    total = ours + theirs
    even = np.where(total > 0, ours / np.where(total > 0, total, 1.0), 0.5)
    return np.stack([even, 1.0 - even, even, 1.0 - even], axis=1)


def heuristic_values(S: BatchState) -> np.ndarray:
    """:func:`ai.heuristic.value` of every lane as if it were not finished: [B, P], rows sum to 1 (a
    seat's value is its team's in a team game)."""
    armies, exp, _keeps, revenue = holdings(S)
    score = (H.BASE + H.W_HONOR * np.maximum(S.honor, 0) + H.W_ARMY * armies + H.W_EXPERIENCE * exp
             + H.W_REVENUE * revenue + H.W_GOLD * S.gold + H.W_CARD * S.hands.sum(-1))
    score = np.where(S.alive, score, 0.0)
    return team_shares(S, score / score.sum(1, keepdims=True))


def lane_values(S: BatchState) -> np.ndarray:
    """Each lane's value per seat: the result of a finished game (the winner's team's in a team game), else
    the heuristic value."""
    out = heuristic_values(S)
    done = S.done
    if done.any():
        res = np.where(S.winner[done, None] < 0, 0.5,
                       (np.arange(S.num_players)[None, :] == S.winner[done, None]).astype(float))
        out[done] = res
    return team_shares(S, out)


def evaluate(states: list[State | LaneLeaf], rng: np.random.Generator, *, max_turns: int = 8,
             policy: Policies | None = None, value: Callable[[BatchState], np.ndarray] = lane_values,
             lanes: int = 1, threads: int = 1, mix: float = 0.0) -> np.ndarray:
    """Each seat's expected score for each (full, determinized) state: shape (len(states), players).

    The states are not modified. A :class:`~ai.batch.state.LaneLeaf` is a leaf already in lane form.
    Each other non-terminal state is first played with the scalar rollout policy
    (:func:`ai.rollout_policy.to_batch_start`, chance from a ``random.Random`` seeded from ``rng``) to a
    point the batch simulator can take (a turn start, or a travel or battle decision with nothing
    pending); then ``lanes`` copies of it finish that turn and advance up to ``max_turns`` more
    player-turns in the batch simulator, each with its own draws (``policy``: one rollout policy for all
    seats, or one per seat, e.g. a model of the opponents), and their values (``value``: the heuristic
    :func:`lane_values` or e.g. :func:`ai.batch.value.fitted_values`) are averaged. States of different
    games are evaluated in separate batches. ``threads`` above 1 plays parts of each batch on threads
    (:mod:`ai.batch.turn`: reproducible for a seed at that thread count). ``mix`` above 0 takes that share
    of each state's value from ``value`` of the state itself, before its playouts (a leaf mix).
    """
    from ai.rollout_policy import to_batch_start  # (ai.rollout_policy imports ai.batch.policy)

    if not states:
        return np.zeros((0, 0))
    if lanes < 1:
        raise ValueError("lanes must be >= 1")
    seed = int(rng.integers(2**63))  # the scalar playouts' generator (made when a state needs one)
    py_rng: random.Random | None = None
    groups: list[tuple[object, list[int]]] = []  # (game, its states), in order of first appearance
    ready: list[State | LaneLeaf] = states
    table = one_table(states)
    if table is None:  # (a search's lane leaves of one table need none of this)
        ready = []
        for i, s in enumerate(states):
            # (a state the simulator takes as it is is not copied)
            if not isinstance(s, LaneLeaf) and not (s.is_terminal() or resumable(s)):
                s = s.clone()
                if py_rng is None:
                    py_rng = random.Random(seed)
                to_batch_start(s, py_rng, policy)
            ready.append(s)
            _group(groups, s.game).append(i)
    else:
        groups.append((None, list(range(len(states)))))
    out = np.zeros((len(states), max(ready[idx[0]].num_players for _, idx in groups)))
    for _game, idx in groups:
        if table is not None:
            batch = gather_leaves(table, states, lanes)  # type: ignore[arg-type]
        else:
            batch = lanes_of(ready if len(groups) == 1 else [ready[i] for i in idx], lanes)
        start = value(batch).reshape(len(idx), lanes, batch.num_players)[:, 0] if mix > 0 else None
        run(batch, rng, max_turns, policy, threads=threads)
        values = value(batch).reshape(len(idx), lanes, batch.num_players).sum(1)
        values /= lanes  # (the mean, as numpy's mean computes it: the sum over the lanes, then divided)
        if start is not None:
            values = (1 - mix) * values + mix * start
        if len(groups) == 1:
            out[:, : batch.num_players] = values
        else:
            out[idx, : batch.num_players] = values
    return out


def _group(groups: list[tuple[object, list[int]]], game: object) -> list[int]:
    """The indices of ``game``'s states in ``groups`` (a new group if none is equal): the same object
    first, since hashing a game (its whole board) for every leaf cost a fortieth of a travel search."""
    for g, idx in groups:
        if g is game:
            return idx
    for g, idx in groups:
        if g == game:
            return idx
    groups.append((game, []))
    return groups[-1][1]
