"""Agents that play Japanese Swords from observations: random, greedy, MCTS; plus the batch simulator."""
