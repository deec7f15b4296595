"""The compiled batch simulator: many games, held in numpy arrays, advanced whole turns at a time under the
rollout policy by numba kernels (docs/batch-simulator.md).

``evaluate(states, rng, max_turns=8, policy=None)`` is the entry point for search: each seat's expected
score per state, from depth-limited batch rollouts plus the heuristic value at the cut-off.
"""

from ai.batch.evaluate import evaluate
from ai.batch.policy import RolloutPolicy

__all__ = ["evaluate", "RolloutPolicy"]
