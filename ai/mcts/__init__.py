"""Information-set MCTS: importing this package registers the ``mcts`` agent.

Modules, OpenSpiel style: :mod:`ai.mcts.bot` (the agent and search loop), :mod:`ai.mcts.node` (tree
nodes and UCT), :mod:`ai.mcts.options` (option generators), :mod:`ai.mcts.worlds` (determinization),
:mod:`ai.mcts.evaluator` (playouts and heuristic value).
"""

from ai.mcts.bot import PRESETS, MCTSAgent

__all__ = ["MCTSAgent", "PRESETS"]
