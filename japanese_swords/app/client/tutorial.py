"""The guided first turn: one tip per phase of the human's first turn (skippable; shown again from
Settings). Plain data and a rule for when a tip applies; the game screen draws it."""

from __future__ import annotations

from japanese_swords.core import Phase

TIPS: dict[Phase, str] = {
    Phase.REVENUE: "Revenue: your income has arrived (gold top right). Prosperity cards are played now "
    "for +3 gold. Otherwise press End revenue phase (or Enter).",
    Phase.EXPENSE: "Expense: each army costs 1 gold upkeep. With 4 gold you can Raise an army on or next "
    "to your fortress. Then End the phase.",
    Phase.DRAW: "Draw: your first card each turn is free - click Draw a card. Each further card costs "
    "1 gold. Soldier cards win battles.",
    Phase.HONOR: "Honor: 50 honor wins the game. Buy 1 honor for 1 gold, or play Much Honor or "
    "Intrigue from your hand (green edge = playable).",
    Phase.TRAVEL: "Travel: click one of your armies (gold frame), then a lit square; the number is its "
    "movement cost. Take the enemy fortress to win.",
    Phase.BATTLE: "Battle: click an army next to an enemy, then the enemy (red frame) to attack - you "
    "choose cards on the battle screen. End the phase to finish your turn.",
}


def tip_for(phase: Phase) -> str | None:
    """The tip for a phase of the first turn, if there is one."""
    return TIPS.get(phase)
