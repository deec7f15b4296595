"""How the policies play the sites, support and retreat-siege rule modules (docs/variants.md): the support
choice and what a site costs an attack. Shared by greedy, the rollout policy and the MCTS options."""

from __future__ import annotations

from japanese_swords.actions import Support
from japanese_swords.engine import State
from japanese_swords.modules import sites, support


def support_choice(state: State) -> Support:
    """Pay for every supporter the deciding side may: each adds a battle card, and the winner's fees come
    back with interest, so more cards are worth their gold."""
    b = state.battle
    assert b is not None
    return Support(support.most(state, support.deciding_seat(b)))


def support_options(state: State) -> list[tuple[str, Support]]:
    """The MCTS's support options: none, or all it may pay for."""
    top = support_choice(state)
    return [("support0", Support(0))] + ([("supportmax", top)] if top.count else [])


SITE_REACH = 4
"""Farthest (movement points) an army walks to hold a battlefield site."""


def site_target(state: State, square: int, claimed: set[int], dist) -> int | None:
    """Under the sites module: the army on ``square`` stays on its site, else heads for the nearest free,
    unclaimed site within SITE_REACH movement points; None without the module or such a site."""
    if sites.params(state) is None:
        return None
    placed = sites.sites_of(state.game.board)
    if square in placed and square not in claimed:
        return square
    free = [s for s in placed if state.occupant[s] < 0 and s not in claimed and dist[square][s] <= SITE_REACH]
    return min(free, key=lambda s: (dist[square][s], s)) if free else None


def site_attack_handicap(state: State, square: int) -> int:
    """Force an attack on ``square`` effectively gives up to its site: a ridge's margin, a marsh's penalty
    for the side with more cards (usually the attacker); 0 elsewhere or without the module."""
    kind = sites.kind_at(state, square)
    if kind == "ridge":
        return sites.RIDGE_MARGIN - 1
    if kind == "marsh":
        return sites.MARSH_PENALTY
    return 0
