"""Leaf evaluation for search: finish the turn in the engine, then depth-limited rollouts.

Values per seat in [0, 1]: 1 win, 0 loss, 0.5 each in a max_rounds draw; lanes cut off at the depth limit
get :func:`ai.heuristic.value` (each alive seat's share of the alive seats' strength, summing to 1).
"""

from __future__ import annotations

import random

import numpy as np

from ai.batch.policy import RolloutPolicy
from ai.heuristic import value
from ai.rollout_policy import finish_turn
from japanese_swords.state import State


def evaluate(states: list[State], rng: np.random.Generator, *, max_turns: int = 8,
             policy: RolloutPolicy | None = None) -> np.ndarray:
    """Each seat's expected score for each (full, determinized) state: shape (len(states), players).

    The states are not modified. Every non-terminal state is first played with the scalar rollout policy
    to the start of the next turn, then all are advanced ``max_turns`` player-turns by the rollout policy.
    """
    if not states:
        return np.zeros((0, 0))
    policy = policy or RolloutPolicy()
    py_rng = random.Random(int(rng.integers(2**63)))
    out = np.zeros((len(states), states[0].num_players))
    from ai.rollout_policy import RolloutAgent, at_turn_start
    from japanese_swords.chance import sample_chance
    from japanese_swords.state import CHANCE

    for i, s in enumerate(states):
        s = s.clone()
        finish_turn(s, py_rng, policy)
        agent = RolloutAgent()
        agent.policy = policy
        turns = 0
        while not s.is_terminal() and turns < max_turns:
            seat = s.current_player()
            if seat == CHANCE:
                a = sample_chance(s, py_rng)
            else:
                a = agent.decide(s, seat, [sum(h) for h in s.hands], s.legal_actions(), py_rng)
            s.apply(a)
            turns += at_turn_start(s)
        out[i] = value(s)
    return out
