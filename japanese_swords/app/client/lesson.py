"""The tutorial (menu: *Tutorial*): a short scripted game on a small position that teaches the phases,
a battle with secret commitment, Diplomacy and Intrigue. The cards dealt and the AI's moves are fixed;
each step allows only the action it teaches, so the game always goes the same way (no arcade here).

:class:`Lesson` is the controller's gate: it refuses any other action with the step's hint and moves
on when the taught action is played. After the last step the game is the player's to finish.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from japanese_swords.actions import (
    Action,
    Attack,
    BuyHonor,
    Commit,
    Deal,
    Discard,
    Draw,
    End,
    IntrigueReply,
    Move,
    PlayCard,
    SetOrder,
    parse_action,
)
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import parse_map
from japanese_swords.observation import Observation

from .session import HUMAN, LogLine, Session

MAP_TEXT = """name: Tutorial
players: 2
flavour: A narrow valley: Oda's fortress below, Takeda's above, one square of open ground between.
##########
##########
#####2####
###.....##
###.K...##
###.:.K.##
###..1..##
##########
##########
##########
"""
"""The tutorial's small position: two fortresses three squares apart inside impassable ground."""

DEALS: dict[int, list[Card]] = {
    0: [Card.SPEARMEN,  # the free draw of round 1
        Card.MOUNTED, Card.MOUNTED, Card.SWORDSMEN, Card.DIPLOMACY, Card.INTRIGUE,  # the attack's five
        Card.DAIMYO, Card.ARCHERS, Card.PEASANT, Card.SPEARMEN, Card.MONKS,  # the defence's five
        Card.MUCH_HONOR],  # the free draw of round 2
    1: [Card.PEASANT, Card.PEASANT, Card.MONKS, Card.SPEARMEN, Card.PEASANT,  # the battle's five
        Card.ARCHERS, Card.PEASANT, Card.SPEARMEN, Card.MONKS, Card.PEASANT],
}
"""The cards each seat is dealt, in order (then chance as usual)."""

AI_SCRIPT = (
    "end", "end", "draw", "end", "end",  # revenue, expense, draw (the free card), honor
    "move f8 f7", "end", "attack f7 f6",  # the fortress's army steps out and attacks
)
"""Takeda's fixed decisions in its first turn; any other decision is End, or its first legal action."""


@dataclass(frozen=True)
class Step:
    """One thing the tutorial teaches: the text shown, and which of the player's actions it accepts."""

    text: str
    accepts: Callable[[Action], bool]
    hint: str
    until: Callable[[State], bool] | None = None  # the step repeats until this holds after an action


def _is(kind: type, **fields) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, kind) and all(getattr(a, k) == v for k, v in fields.items())


F5, F6, F7 = square_index("f5"), square_index("f6"), square_index("f7")

STEPS: tuple[Step, ...] = (
    Step("Welcome, Oda! A turn has six phases; the side panel lights the current one. Revenue: your "
         "fortress paid 3 gold (top right). Press End revenue phase.", _is(End), "press End revenue phase"),
    Step("Expense: armies cost upkeep, paid as the phase ends. Raising an army costs 4 gold, more than "
         "you have. Press End expense phase.", _is(End), "press End expense phase"),
    Step("Draw: your first card each turn is free. Press Draw a card.", _is(Draw), "press Draw a card"),
    Step("Each further card costs 1 gold; keep your gold. Press End draw phase.", _is(End),
         "press End draw phase"),
    Step("Honor: 50 honor wins. Buy 1 honor for 1 gold: press Buy honor.", _is(BuyHonor), "press Buy honor"),
    Step("Press End honor phase.", _is(End), "press End honor phase"),
    Step("Travel: click your army on f5 (gold frame), then f6, the lit square next to Takeda's army.",
         _is(Move, src=F5, dst=F6), "move the army on f5 to f6"),
    Step("Press End travel phase.", _is(End), "press End travel phase"),
    Step("Battle: click your army on f6, then Takeda's army on f7 (red frame), and click it again to "
         "confirm. Both sides then draw five cards.", _is(Attack, src=F6, dst=F7), "attack f7 from f6"),
    Step("Choose your cards face down: Takeda cannot see them, nor you its. Pick the two Mounted Samurai "
         "and the Swordsmen, keep Diplomacy and Intrigue, and press Commit.",
         lambda a: isinstance(a, Commit) and sorted(a.cards) == sorted((Card.MOUNTED, Card.MOUNTED,
                                                                          Card.SWORDSMEN)),
         "commit the two Mounted Samurai and the Swordsmen"),
    Step("The cards are turned over: the higher force wins (the defender wins ties). Press End battle "
         "phase: Takeda plays its turn.", _is(End), "press End battle phase"),
    Step("Takeda attacks you and you defend. Diplomacy ends a battle with no winner: nobody loses the army "
         "or honor. Commit Diplomacy alone.", lambda a: isinstance(a, Commit) and tuple(a.cards) ==
         (Card.DIPLOMACY,), "commit Diplomacy alone"),
    Step("No winner. After a Diplomacy both sides keep at most 5 cards: click two cards you can spare "
         "(keep Intrigue), then press Discard.", lambda a: isinstance(a, Discard) and a.card != Card.INTRIGUE,
         "discard two cards, not Intrigue", until=lambda st: not st.discard_queue),
    Step("Your turn again: end revenue and expense, take your free card and end the draw phase.",
         lambda a: isinstance(a, (End, Draw)), "end the phase or draw your free card",
         until=lambda st: st.phase == Phase.HONOR and st.turn_player == 0),
    Step("Honor phase: Intrigue makes an opponent lose 3 honor or 3 cards (its choice). Click Intrigue in "
         "your hand: with one opponent it is played on Takeda at once.",
         _is(PlayCard, card=Card.INTRIGUE, target=1), "play Intrigue on Takeda"),
)
"""The steps, in order."""

DONE = ("Tutorial complete: you know the phases, a secret battle commitment, Diplomacy and Intrigue. "
        "Finish this game, Restart, or go back to the menu for a real one.")


class Lesson:
    """The tutorial's progress and the controller's gate on the player's actions."""

    def __init__(self) -> None:
        self.index = 0

    @property
    def done(self) -> bool:
        """True once every step has been played (the game is then free)."""
        return self.index >= len(STEPS)

    def text(self) -> str:
        """What the banner says now."""
        return DONE if self.done else STEPS[self.index].text

    def title(self) -> str:
        """The banner's title with the step number."""
        return "Tutorial complete" if self.done else f"Tutorial {self.index + 1}/{len(STEPS)}"

    def check(self, action: Action) -> str | None:
        """None if the step accepts the action, else the one-line reason it is refused."""
        if self.done:
            return None
        step = STEPS[self.index]
        return None if step.accepts(action) else f"Tutorial: {step.hint} (Skip tutorial to play freely)"

    def played(self, action: Action, state: State) -> None:
        """The player's action went through: move on (a step with ``until`` waits for it to hold)."""
        if self.done:
            return
        until = STEPS[self.index].until
        if until is None or until(state):
            self.index += 1


class ScriptedAgent:
    """Takeda in the tutorial: its scripted decisions in order; End (or its first legal action, an
    Intrigue reply of cards) whenever the next scripted one is not legal yet."""

    name = "tutorial"

    def __init__(self, script: tuple[str, ...] = AI_SCRIPT) -> None:
        self.script = [parse_action(text) for text in script]

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """The next scripted decision if legal, else a fixed fallback."""
        if self.script and self.script[0] in legal:
            return self.script.pop(0)
        commits = [a for a in legal if isinstance(a, Commit)]
        if commits:  # a defence or attack: everything it may commit, strongest first
            return max(commits, key=lambda a: (sum(c.force for c in a.cards), len(a.cards)))
        reply = IntrigueReply(cards=True)
        if reply in legal:
            return reply
        return End() if End() in legal else legal[0]


class TutorialSession(Session):
    """A session whose chance is scripted: Oda moves first and the cards of :data:`DEALS` come first."""

    def __init__(self) -> None:
        game = Game(parse_map(MAP_TEXT, "tutorial"), Rules(max_rounds=30))
        super().__init__(game, [HUMAN, "tutorial"], 0, seed=2026)
        self.deals = {seat: list(cards) for seat, cards in DEALS.items()}
        self.apply(SetOrder((0, 1)))  # Oda first: no rock-paper-scissors in the tutorial
        self.log[-1] = LogLine("Turn order (the tutorial's): You, then Takeda.")

    def play_chance(self):
        """The scripted outcome if one is due and possible, else the seeded draw."""
        st = self.state
        if self.current() == CHANCE:
            if st.pending_draws:
                queue = self.deals.get(st.pending_draws[0], [])
                if queue and st.deck[queue[0]] > 0:
                    return self.apply(Deal(queue.pop(0)))
        return super().play_chance()
