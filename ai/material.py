"""The material value: each seat's chance of winning guessed from honor, keeps, armies, cards, gold and a
garrisoned home fortress. The MCTS's ``material`` leaf value and the baseline the fitted value is compared to.
"""

from __future__ import annotations

import math

from japanese_swords.actions import Bundle
from japanese_swords.board import Terrain
from japanese_swords.cards import Card
from japanese_swords.engine import State
from japanese_swords.modules.teams import active, allied, team_values

#: How much a card is worth keeping in hand, by card type (discards drop the lowest first).
KEEP_VALUE = (3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.5, 2.5, 7.0, 4.0, 6.0, 8.0, 5.5, 5.0, 1.0)
VALUE_SCALE = 25.0  # score lead taking the value from 0.5 to 0.73 (wide: no saturation when far ahead)
_FORCE = tuple(min(c.force, 8) for c in Card)  # Treachery's 10 costs 7 honor: value it like a good card


def heuristic_value(state: State) -> list[float]:
    """Each seat's chance of winning guessed from material: honor (weighted more near 50), keeps,
    armies and their experience, cards, gold and a garrisoned home fortress; the terminal result if over."""
    n = state.num_players
    if state.is_terminal():
        return state.returns()
    board = state.game.board
    team = bool(state.game.rules.modules) and active(state)  # a partner is no rival (docs/variants.md, teams)
    scores = []
    for s in range(n):
        if not state.alive[s]:
            scores.append(-1e9)
            continue
        honor = state.honor[s]
        score = honor + 0.5 * max(0, honor - 30)
        keeps = sum(1 for sq, o in enumerate(state.control) if o == s and board.terrain[sq] == Terrain.KEEP)
        score += 2.5 * keeps
        armies = state.armies_of(s)
        score += sum(3.0 + 1.5 * a.experience for _, a in armies)
        gold = state.gold[s]
        hand = state.hands[s]
        score += 0.5 * sum(hand) + 0.08 * sum(_FORCE[c] * hand[c] for c in range(len(hand)))
        score += 0.25 * min(gold, 8) + 0.05 * max(0, gold - 8)
        if state.occupant[board.fortresses[s]] >= 0:
            score += 3.0
        scores.append(score)
    out = []
    for s in range(n):
        if not state.alive[s]:
            out.append(0.0)
            continue
        rival = max(scores[t] for t in range(n) if t != s and not (team and allied(state, s, t)))
        x = (scores[s] - rival) / VALUE_SCALE
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x)))))
    if state.game.rules.modules:  # a team game: a partner's chance is the seat's own
        return team_values(state, out)
    return out


def bundle_worth(state: State, bundle: Bundle) -> float:
    """A rough material value of one side of a trade, in gold."""
    worth = bundle.gold + 1.5 * bundle.honor + sum(KEEP_VALUE[c] / 5.0 for c in bundle.cards)
    for sq in bundle.armies:
        army = state.army_at(sq)
        worth += 5.0 + 2.0 * (army.experience if army else 0)
    worth += 6.0 * len(bundle.keeps)
    return worth
