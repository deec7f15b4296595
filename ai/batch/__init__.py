"""The numpy batch simulator: thousands of games advanced whole turns at a time under the rollout policy.

``evaluate(states, rng, max_turns=8, policy=None)`` is the entry point for search: each seat's expected
score per state, from depth-limited batch rollouts plus the heuristic value at the cut-off.
"""

from ai.batch.evaluate import evaluate
from ai.batch.policy import RolloutPolicy

__all__ = ["evaluate", "RolloutPolicy"]
