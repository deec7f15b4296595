"""Information-set MCTS: importing this package registers the ``mcts`` agent.

Modules, OpenSpiel style: :mod:`ai.mcts.bot` (the agent and search loop), :mod:`ai.mcts.node` (tree
nodes and UCT), :mod:`ai.mcts.options` (option generators), :mod:`ai.mcts.worlds` (determinization),
:mod:`ai.mcts.evaluator` (playouts and heuristic value), :mod:`ai.mcts.config` (every knob).
"""

from ai.mcts.bot import MCTSAgent
from ai.mcts.config import PRESETS, MCTSConfig

__all__ = ["MCTSAgent", "MCTSConfig", "PRESETS"]
