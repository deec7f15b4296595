"""The searcher's team knowledge (the ``teams`` module, docs/variants.md): which battles a team seat offers
the search. Only called in a team game, so classic games never reach this code.

In two against two every seat stands between two enemy seats, both of which move before its next turn,
and the game is an honor race one enemy partner can win alone. A lost battle hands that race +3 honor
(and the loser -1) and leaves the seat an army short against two. Measured on recorded games
(docs/variants.md, teams): with a few iterations a decision the search started attacks the greedy rule
rejects and lost most of them, drew light commitments that lose, and now and then let an army die in a
hopeless defence while holding Diplomacy (10 of 112). So:

* an attack is offered only at Monte Carlo odds of :data:`ATTACK_FLOOR` or better (:data:`HOME_FLOOR`
  against an enemy home fortress, whose fall puts an enemy out), the odds greedy judges by;
* a hopeless defence (odds of holding under :data:`HOPELESS`) with Diplomacy in hand is Diplomacy: no
  army lost, no honor changes hands;
* no light commitments (:data:`LIGHT`): over 40 games at ``mcts:time=0.1`` the attacker's lowest force
  level (``just0``) lost 30 of the 42 battles it was drawn for and its throwaway card all 8; a defender's
  two lowest levels (``just0``, ``just1``) held 2 of 59. The search at a few iterations a decision drew
  them anyway.
"""

from __future__ import annotations

import random

from ai.greedy import attack_odds as greedy_attack_odds
from ai.toolkit.odds import battle_odds
from ai.toolkit.view import View
from japanese_swords.actions import Attack
from japanese_swords.phases.battle import battle_bonuses

#: The least chance of winning an attack the search is offered in a team game (greedy's own threshold).
ATTACK_FLOOR = 0.6
#: The least chance against an enemy home fortress (taking it puts that enemy out: greedy's 0.6 - 0.15).
HOME_FLOOR = 0.45
#: Below this chance of holding, a defence holding Diplomacy plays it.
HOPELESS = 0.15
#: Commitment labels a team seat is not offered: the attacker's weakest level and throwaway card, the
#: defender's two weakest levels (the defender keeps its throwaway card, the cheap loss of a hopeless
#: battle). Keyed by whether the seat attacks.
LIGHT = {True: ("just0", "min"), False: ("just0", "just1")}
#: Monte Carlo samples of the unseen cards for these odds (a cheap estimate, called inside the search).
SAMPLES = 16


def attack_odds(view: View, attack: Attack, rng: random.Random) -> float:
    """The chance that the attacking army's strongest commitment beats the defender's, counted as greedy
    counts it (:func:`ai.greedy.attack_odds`, :data:`SAMPLES` deals)."""
    return greedy_attack_odds(view, view.state.occupant[attack.src], attack.dst, SAMPLES, rng)


def attack_worth(view: View, attack: Attack, rng: random.Random) -> bool:
    """Whether a team seat's attack reaches :data:`ATTACK_FLOOR` (:data:`HOME_FLOOR` against an enemy
    home fortress)."""
    board = view.state.game.board
    floor = HOME_FLOOR if board.fortress_owner(attack.dst) is not None else ATTACK_FLOOR
    return attack_odds(view, attack, rng) >= floor


def hopeless_defence(view: View) -> bool:
    """Whether the defending seat's strongest set holds the pending battle less than :data:`HOPELESS` of
    the time against the attacker's committed count (sampled from the cards this seat has not seen). The
    draw is seeded by what the seat sees, so the same view gets the same answer (kept for the search's
    repeated asks)."""
    state = view.state
    b = state.battle
    assert b is not None
    key = (view.seat, b.attacker_seat, b.attacker_count, battle_bonuses(state), view.hand_sizes[b.attacker_seat],
           tuple(view.hand), tuple(view.unseen), state.game.rules)
    hit = _HOPELESS_SEEN.get(key)
    if hit is None:
        p, _ = battle_odds(view, SAMPLES, 0.5, random.Random(repr(key[:6])))
        hit = p < HOPELESS
        if len(_HOPELESS_SEEN) >= _CACHE_SIZE:
            _HOPELESS_SEEN.clear()
        _HOPELESS_SEEN[key] = hit
    return hit


#: :func:`hopeless_defence`'s answers by what decides them: a search asks for the same defence many times.
_HOPELESS_SEEN: dict[tuple, bool] = {}
_CACHE_SIZE = 4096


def without_light(opts: list, attacking: bool) -> list:
    """``opts`` (commitment options keyed by label) without the :data:`LIGHT` ones, unless nothing else
    is left."""
    kept = [(k, a) for k, a in opts if k not in LIGHT[attacking]]
    return kept or opts
