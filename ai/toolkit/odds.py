"""Monte Carlo battle odds from one seat's view: the opponent's hidden cards are sampled from the cards
the seat cannot place, both sides play their strongest legal set (:func:`ai.toolkit.commit.best_commit`)."""

from __future__ import annotations

import random

from ai.toolkit.commit import best_commit, max_force
from ai.toolkit.view import View
from japanese_swords import cards as C
from japanese_swords.cards import Card
from japanese_swords.phases.battle import battle_bonuses


def sample_hand(pool: list[Card], n: int, rng: random.Random) -> list[int]:
    """Counts of ``n`` cards drawn at random from ``pool``."""
    counts = [0] * C.NUM_TYPES
    for c in rng.sample(pool, min(n, len(pool))):
        counts[c] += 1
    return counts


def opponent_forces(view: View, opp: int, extra: int, samples: int, rng: random.Random) -> list[int]:
    """Sampled best card force of ``opp`` holding its current hand plus ``extra`` more unseen cards."""
    pool = C.cards_of(view.unseen)
    n = view.hand_sizes[opp] + extra
    rules = view.rules
    return sorted(max_force(sample_hand(pool, n, rng), rules) for _ in range(samples))


def win_chance(view: View, my_bonus: int, opp: int, opp_bonus: int, my_extra: int, opp_extra: int,
               samples: int, rng: random.Random) -> float:
    """Monte Carlo chance that our best force (+bonus) beats the opponent's (ties go to ``opp`` if it
    defends: pass the tie-break in the bonuses)."""
    pool = C.cards_of(view.unseen)
    hand = view.hand
    rules = view.rules
    wins = 0
    drawn = min(len(pool), my_extra + view.hand_sizes[opp] + opp_extra)
    for _ in range(samples):
        deal = rng.sample(pool, drawn)  # only the cards dealt, not a shuffle of the whole pool
        mine = list(hand)
        for c in deal[:my_extra]:
            mine[c] += 1
        theirs = [0] * C.NUM_TYPES
        for c in deal[my_extra:]:
            theirs[c] += 1
        if max_force(mine, rules) + my_bonus > max_force(theirs, rules) + opp_bonus:
            wins += 1
    return wins / max(samples, 1)


def attack_chance(view: View, src_experience: int, enemy_owner: int, enemy_bonus: int, samples: int,
                  rng: random.Random) -> float:
    """:func:`win_chance` of an attack not yet declared: both sides are still dealt the rules' battle draw."""
    n = view.rules.battle_draw
    return win_chance(view, src_experience, enemy_owner, enemy_bonus, n, n, samples, rng)


def committed_forces(view: View, opp: int, samples: int, rng: random.Random) -> list[int]:
    """Sampled force of the pending battle's attacker commitment, hidden from the defending seat: the
    strongest ``attacker_count`` cards of a sampled hand, sorted."""
    b = view.state.battle
    assert b is not None
    hidden = b.attacker_count
    pool = C.cards_of(view.unseen)
    n = view.hand_sizes[opp] + hidden
    rules = view.rules
    return sorted(sum(c.force for c in best_commit(sample_hand(pool, n, rng), rules=rules)[:hidden])
                  for _ in range(samples))


def battle_odds(view: View, samples: int, win_margin: float, rng: random.Random,
                hand: list[int] | None = None) -> tuple[float, int]:
    """For the seat committing in the pending battle: the sampled chance that its strongest legal set
    (of ``hand``, default its whole hand) wins, and the force it needs to beat the opponent's
    ``win_margin`` quantile (bonuses, terrain and the defender's tie included), the way greedy aims."""
    state = view.state
    b = state.battle
    assert b is not None
    att_bonus, def_bonus = battle_bonuses(state)
    attacking = b.attacker_seat == view.seat
    opp = b.defender_seat if attacking else b.attacker_seat
    if attacking:
        my_bonus, opp_bonus = att_bonus, def_bonus
        forces = opponent_forces(view, opp, 0, samples, rng)
    else:
        my_bonus, opp_bonus = def_bonus + 1, att_bonus  # +1: ties go to the defender
        forces = committed_forces(view, opp, samples, rng)
    mine = max_force(view.hand if hand is None else hand, view.rules) + my_bonus
    p_win = sum(1 for f in forces if mine > f + opp_bonus) / len(forces)
    k = min(len(forces) - 1, int(len(forces) * win_margin))
    return p_win, forces[k] + opp_bonus - my_bonus + 1
