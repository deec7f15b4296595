"""Agents that play Japanese Swords from observations: random, greedy, MCTS; plus the batch simulator.

The batch simulator's small matrix products run 10x faster on one BLAS thread than on several (measured
in docs/batch-simulator.md), so unless the user chose otherwise we ask for one before numpy loads.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
