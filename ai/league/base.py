"""What every league style shares: an agent around a :class:`~ai.greedy.GreedyPolicy` subclass, and the
small board questions styles ask (how far from home, who leads the honor race).

A league style is the greedy rules with some decisions rewritten the way a hobbyist with that plan
plays them. Styles read only their seat's :class:`~ai.greedy.View` (never the hidden state), and their
choices are checked against the legal list, so a style can never play an illegal action.
"""

from __future__ import annotations

import random

from ai.agent import whole_option
from ai.greedy import (
    GreedyPolicy,
    View,
    _sample_hand,
    best_commit,
    distances,
    max_force,
    opponent_forces,
    safe_choice,
)
from japanese_swords import cards as C
from japanese_swords.actions import Action, Offer
from japanese_swords.cards import Card
from japanese_swords.observation import Observation


class StyleAgent:
    """An agent playing one league style. Option: ``samples`` (Monte Carlo samples per battle estimate)."""

    policy_class: type[GreedyPolicy] = GreedyPolicy
    style_name = "style"

    def __init__(self, samples: int = 24) -> None:
        self.name = self.style_name
        self.policy = self.policy_class(samples=whole_option(self.style_name, "samples", samples, 1, 10_000))

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """The style's action, or a legal fallback if its rules ever name an illegal one."""
        if len(legal) == 1:
            return legal[0]
        return safe_choice(self.policy.act(View.of_obs(obs), rng), legal)

    def respond_to_trade(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """Accept when the material received clearly outweighs what is handed over (greedy's rule)."""
        action, why = self.policy.reply(View.of_obs(obs), offer)
        return type(action).__name__ == "Accept", why


def home_distance(view: View, square: int) -> int:
    """Movement points from ``square`` to the seat's home fortress (terrain only)."""
    board = view.state.game.board
    return distances(board)[square][board.fortresses[view.seat]]


def honor_leader(view: View) -> int:
    """The opponent with the most honor (ties: the larger hand, then the lower seat)."""
    state = view.state
    opps = [p for p in range(state.num_players) if p != view.seat and state.alive[p]]
    return max(opps, key=lambda p: (state.honor[p], view.hand_sizes[p], -p))


def without(hand: list[int], card: Card) -> list[int]:
    """A copy of ``hand`` with every ``card`` removed (to plan a commitment that keeps them)."""
    out = list(hand)
    out[card] = 0
    return out


def battle_odds(policy: GreedyPolicy, view: View, rng: random.Random,
                hand: list[int] | None = None) -> tuple[float, int]:
    """For the seat committing in the pending battle: the sampled chance that its strongest legal set
    (of ``hand``, default its whole hand) wins, and the force it needs to beat the opponent's
    ``win_margin`` quantile (bonuses, terrain and the defender's tie included), the way greedy aims."""
    state = view.state
    b = state.battle
    assert b is not None
    board = state.game.board
    att, dfn = state.armies[b.attacker], state.armies[b.defender]
    defense = board.terrain[dfn.square].defense
    attacking = b.attacker_seat == view.seat
    opp = b.defender_seat if attacking else b.attacker_seat
    if attacking:
        my_bonus, opp_bonus = att.experience, dfn.experience + defense
        forces = opponent_forces(view, opp, 0, policy.samples, rng)
    else:
        my_bonus, opp_bonus = dfn.experience + defense + 1, att.experience  # +1: ties go to the defender
        hidden = b.attacker_count
        pool = C.cards_of(view.unseen)
        n = view.hand_sizes[opp] + hidden
        forces = sorted(sum(c.force for c in best_commit(_sample_hand(pool, n, rng))[:hidden])
                        for _ in range(policy.samples))
    mine = max_force(view.hand if hand is None else hand) + my_bonus
    p_win = sum(1 for f in forces if mine > f + opp_bonus) / len(forces)
    k = min(len(forces) - 1, int(len(forces) * policy.win_margin))
    return p_win, forces[k] + opp_bonus - my_bonus + 1

