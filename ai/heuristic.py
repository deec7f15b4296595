"""A heuristic value of a position for each seat, used where rollouts are cut off at a depth limit.

Each alive seat gets a positive strength score; the value is its share of the alive seats' total, so the
values lie in [0, 1], sum to 1 over alive seats, and eliminated seats get 0. A finished game gives the
engine's result instead (1 win, 0 loss, 0.5 each in a max_rounds draw). The batch simulator computes
the same formula over arrays (:func:`ai.batch.evaluate.heuristic_values`).
"""

from __future__ import annotations

from japanese_swords.board import Terrain
from japanese_swords.engine import State
from japanese_swords.modules.teams import team_values

#: Weights of the strength score (see :func:`strength`).
BASE = 1.0
W_HONOR = 0.08  # per point of honor above 0 (50 wins)
W_ARMY = 0.3  # per army
W_EXPERIENCE = 0.1  # per point of army experience
W_REVENUE = 0.15  # per gold of revenue (3 per fortress, 1 per keep)
W_GOLD = 0.02
W_CARD = 0.03


def strength(honor: int, armies: int, experience: int, revenue: int, gold: int, cards: int) -> float:
    """The positive strength score of one alive seat."""
    return (BASE + W_HONOR * max(honor, 0) + W_ARMY * armies + W_EXPERIENCE * experience
            + W_REVENUE * revenue + W_GOLD * gold + W_CARD * cards)


def value(state: State) -> list[float]:
    """Per seat, in [0, 1]: the engine's returns if the game is over, else each alive seat's share of the
    alive seats' total strength (summing to 1; eliminated seats 0)."""
    if state.is_terminal():
        return state.returns()
    n = state.num_players
    terrain = state.game.board.terrain
    rules = state.game.rules
    armies, exp, revenue = [0] * n, [0] * n, [0] * n
    for a in state.armies.values():
        armies[a.owner] += 1
        exp[a.owner] += a.experience
    for sq, owner in enumerate(state.control):
        if owner >= 0:
            fortress = terrain[sq] == Terrain.FORTRESS
            revenue[owner] += rules.fortress_revenue if fortress else rules.keep_revenue
    scores = [strength(state.honor[s], armies[s], exp[s], revenue[s], state.gold[s], sum(state.hands[s]))
              if state.alive[s] else 0.0 for s in range(n)]
    total = sum(scores)
    values = [x / total for x in scores]
    return team_values(state, values) if state.game.rules.modules else values
