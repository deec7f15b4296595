"""The learned leaf value: each seat's chance of winning from the shipped network, for lanes or one state.

:func:`learned_values` scores the compiled simulator's lanes at the playout cut-off (the same contract as
:func:`ai.batch.value.fitted_values`: a finished lane gets its result, an eliminated seat 0, with more than
two players the alive seats' values are normalised to sum to 1); :func:`learned_value` scores one engine
state (the search's static leaves) and :func:`state_values` a few (a decision's after-states) through the same code.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from ai.batch.state import BatchState
from ai.batch.value import strongest_rivals, win_shares
from ai.learned.encode import EXP_SCALE, encode_dense, stack, state_lists
from ai.learned.network import Network, forward_lanes, load
from japanese_swords.engine import State


@lru_cache(maxsize=1)
def shipped() -> Network:
    """The shipped network (``ai/learned/value_net.npz``), read once."""
    return load()


def logits(S: BatchState, net: Network) -> np.ndarray:
    """[B, P] each seat's ``g(x_s) - g(x_rival)``."""
    rival = strongest_rivals(S)
    g = forward_lanes(net, encode_dense(S, rival), S.owner, S.exp, S.control, rival, EXP_SCALE)
    return g - g[np.arange(S.size)[:, None], rival]


def learned_values(S: BatchState, net: Network | None = None) -> np.ndarray:
    """[B, P] each seat's value under ``net`` (default: the shipped one)."""
    net = shipped() if net is None else net
    return win_shares(S, np.clip(logits(S, net), -30.0, 30.0))


def learned_value(state: State, net: Network | None = None) -> list[float]:
    """Each seat's chance of winning ``state`` (any decision) under ``net`` (default: the shipped one): the
    same numbers as :func:`learned_values` of the state's lane, computed without numpy's per-call cost."""
    return state_values([state], net)[0]


def state_values(states: Iterable[State], net: Network | None = None) -> list[list[float]]:
    """:func:`learned_value` of each of one game's states, their forward passes made in one call (each
    state's numbers are the ones it gets alone: the pass runs lane by lane). Each state is read once, when
    the iteration reaches it, and not kept: a generator of clones holds one at a time."""
    out: list[list[float]] = []
    rows, live, alive = [], [], []
    for state in states:
        p = state.num_players
        if state.is_terminal():
            out.append([0.5] * p if state.winner is None else [float(s == state.winner) for s in range(p)])
            continue
        live.append(len(out))
        out.append([])
        rows.append(state_lists(state))
        alive.append(list(state.alive))
    if not live:
        return out
    net = shipped() if net is None else net
    dense, owner, exp, control, rival = stack(rows)
    g = forward_lanes(net, dense, owner, exp, control, rival, EXP_SCALE)
    for row, i in enumerate(live):
        gi, ri, al = g[row], rival[row], alive[row]
        p = len(al)
        v = [1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, gi[s] - gi[ri[s]])))) if al[s] else 0.0
             for s in range(p)]
        total = sum(v)
        if p > 2 and total > 0:
            v = [x / total for x in v]
        out[i] = v
    return out
