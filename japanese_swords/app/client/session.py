"""One game in the client: the engine state, its record (also the save file), the log and undo.

Every action, the human's, an AI's or chance, goes through :meth:`Session.apply`, which checks it
with the engine, appends it to the record, keeps its events (as the human may see them) and narrates
them. Undo replays the record up to an earlier
index, but only over the human's own actions since the last chance event, hidden reveal (battle
commitment) or other player's decision, so undo never reveals or re-rolls anything.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from japanese_swords import events as E
from japanese_swords.actions import Accept, Action, Commit, Decline, Offer, parse_action
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.errors import JapaneseSwordsError, RecordError
from japanese_swords.game import Game
from japanese_swords.observation import Observation, observation
from japanese_swords.records import Record, load_record, save_record

from . import narrate

HUMAN = "human"
_BARRIERS = (Commit, Offer, Accept, Decline)


@dataclass
class LogLine:
    """One log entry: its text and the seat it is about (None for general events)."""

    text: str
    seat: int | None = None


@dataclass
class Stats:
    """Per-seat counts for the game-over screen."""

    battles_won: list[int] = field(default_factory=list)
    battles_lost: list[int] = field(default_factory=list)
    armies_raised: list[int] = field(default_factory=list)
    cards_drawn: list[int] = field(default_factory=list)


class Session:
    """A game being played in the client: who sits where, the state, the record, undo, save/load."""

    def __init__(self, game: Game, seats: list[str], human: int | None, seed: int,
                 humans: frozenset[int] | None = None) -> None:
        if len(seats) != game.num_players:
            raise JapaneseSwordsError(f"{len(seats)} seats for a {game.num_players}-player map")
        self.game = game
        self.human = human  # the seat whose view is shown (in hot seat: the human who has the screen)
        self.humans = frozenset(humans) if humans else frozenset(() if human is None else (human,))
        self.seed = seed
        self.record = Record(game, list(seats), seed)
        self.state: State = initial_state(game)
        self.actors: list[int] = []  # who took each record action (CHANCE for chance)
        self.log: list[LogLine] = []
        self.chance_rng = random.Random(seed)
        self.version = 0  # bumps on every change, so views know to refresh
        self.battles = 0  # battles resolved so far (views show each new one)
        self.events: list[E.Event] = []  # every action's events, as the human may see them
        self._event_marks: list[int] = []  # len(self.events) before each record action (for undo)
        self._checkpoint = (0, self.state.clone())  # (record index, state) after the last barrier
        n = game.num_players
        self.stats = Stats([0] * n, [0] * n, [0] * n, [0] * n)

    # ----- building ------------------------------------------------------------------------------------
    @classmethod
    def from_record(cls, record: Record, human: int | None, humans: frozenset[int] | None = None) -> Session:
        """Rebuild a session from a saved record, replaying (and checking) every action."""
        seed = record.seed if record.seed is not None else 0
        s = cls(record.game, record.seats, human, seed, humans)
        for i, text in enumerate(record.actions):
            try:
                s.apply(parse_action(text))
            except JapaneseSwordsError as exc:
                raise RecordError(f"action {i} ({text!r}): {exc}") from None
        # continue chance from a stream that depends on the seed and how far the game got
        s.chance_rng = random.Random(f"{seed}:{len(record.actions)}")
        s._checkpoint = (len(s.record.actions), s.state.clone())  # no undo across a load
        s.log.append(LogLine(f"Loaded a saved game: {len(record.actions)} actions, round {s.state.round}."))
        return s

    # ----- queries -------------------------------------------------------------------------------------
    @property
    def hot_seat(self) -> bool:
        """Several humans share the screen: the log and events are kept as a spectator sees them, so no
        player's cards are named to the others."""
        return len(self.humans) > 1

    def viewer(self) -> int | None:
        """The seat the log and kept events are written for: the human, or None (a spectator) in hot seat."""
        return None if self.hot_seat else self.human

    def current(self) -> int:
        """The seat to decide, CHANCE or TERMINAL."""
        return self.state.current_player()

    def is_human_turn(self) -> bool:
        """True when the human must decide."""
        return self.human is not None and self.current() == self.human

    def observation(self, seat: int | None = None) -> Observation:
        """What a seat may know (the human's by default); views draw from this, never from the state."""
        if seat is None:
            seat = self.human if self.human is not None else 0
        return observation(self.state, seat)

    # ----- playing ---------------------------------------------------------------------------------------
    def apply(self, action: Action) -> list[LogLine]:
        """Check and apply one action, record and narrate it; raises IllegalActionError if illegal."""
        actor = self.state.current_player()
        viewer = self.viewer()
        events = E.public(self.state.play(action), viewer)
        self.record.actions.append(str(action))
        self.actors.append(actor)
        self._event_marks.append(len(self.events))
        self.events.extend(events)
        dealt = next((e.seat for e in events if isinstance(e, E.CardDealt)), None)
        about = actor if actor >= 0 else dealt
        lines = [LogLine(t, about) for t in narrate.describe(action, events, actor, viewer, self.game.board)]
        self.log.extend(lines)
        self._count(events)
        if action.is_chance or isinstance(action, _BARRIERS) or actor != self.human:
            self._checkpoint = (len(self.record.actions), self.state.clone())
        self.version += 1
        return lines

    def _count(self, events: list[E.Event]) -> None:
        """Update the game-over statistics from an action's events."""
        for e in events:
            if isinstance(e, E.BattleResolved):
                self.battles += 1
                rep = e.report
                if rep.winner is not None:
                    loser = rep.defender_seat if rep.winner == rep.attacker_seat else rep.attacker_seat
                    self.stats.battles_won[rep.winner] += 1
                    self.stats.battles_lost[loser] += 1
            elif isinstance(e, E.ArmyRaised):
                self.stats.armies_raised[e.seat] += 1
            elif isinstance(e, E.CardDealt):
                self.stats.cards_drawn[e.seat] += 1

    def play_chance(self) -> list[LogLine]:
        """Sample and apply the pending chance event with the session's seeded generator."""
        if self.current() != CHANCE:
            raise JapaneseSwordsError("no chance event is pending")
        return self.apply(sample_chance(self.state, self.chance_rng))

    # ----- undo ----------------------------------------------------------------------------------------
    def undo_index(self) -> int | None:
        """Record index the human may undo back to (drop the last own action), or None if nothing to undo."""
        if self.human is None or not self.is_human_turn():
            return None
        start, _ = self._checkpoint
        n = len(self.record.actions)
        if n <= start:
            return None
        return n - 1

    def can_undo(self) -> bool:
        """True if the human has an action to take back."""
        return self.undo_index() is not None

    def undo(self) -> bool:
        """Take back the human's last action by replaying the record from the last checkpoint."""
        idx = self.undo_index()
        if idx is None:
            return False
        start, snap = self._checkpoint
        undone = self.record.actions[idx]
        state = snap.clone()
        for text in self.record.actions[start:idx]:
            state.play(text)
        self.state = state
        del self.record.actions[idx:]
        del self.actors[idx:]
        del self.events[self._event_marks[idx]:]
        del self._event_marks[idx:]
        self.log.append(LogLine(f"You take back: {undone}.", self.human))
        self.version += 1
        return True

    # ----- saving --------------------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write the record atomically (with its result summary so ``replay --verify`` can check it)."""
        self.record.finish(self.state)
        save_record(self.record, path)

    @classmethod
    def load(cls, path: str | Path, human: int | None = 0) -> Session:
        """Load a saved game; the human takes the seat recorded as ``human`` (else seat ``human``);
        ``human=None`` makes every seat an AI seat (autoplay)."""
        record = load_record(path)
        humans = None
        if human is not None and HUMAN in record.seats:
            human = record.seats.index(HUMAN)
            humans = frozenset(i for i, name in enumerate(record.seats) if name == HUMAN)
        return cls.from_record(record, human, humans)
