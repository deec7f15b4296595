"""A finished or saved game replayed step by step, with each seat's winning chance (no arcade).

:class:`Replay` replays a game record through the checked engine once, keeping the state after every
action, the log lines each action wrote (as a spectator sees them), the battles revealed, and the
per-seat winning chance the AI's own leaf value (``ai.mcts``'s default, the one its search judges
positions by) gives each position, computed a slice at a time so the screen never waits. The replay
screen (``replay_view``) only moves the cursor and draws what is here, in the manner of lichess's
analysis board: board, log and a chart of the chances over the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from japanese_swords import events as E
from japanese_swords.actions import parse_action
from japanese_swords.core import BattleReport
from japanese_swords.engine import State, initial_state
from japanese_swords.errors import JapaneseSwordsError, RecordError
from japanese_swords.records import Record, load_record

from . import narrate

ValueFn = Callable[[State], list[float]]


def ai_value() -> ValueFn:
    """The value the MCTS search judges its leaves by (its configured default), each seat's chance."""
    from ai.mcts.config import MCTSConfig
    from ai.mcts.evaluator import value_function

    return value_function(MCTSConfig().value)


@dataclass(frozen=True)
class Step:
    """One action of the record: who played it, its text, the log lines it wrote, the battle it resolved
    (if any) and the position's round and turn after it."""

    actor: int
    action: str
    lines: tuple[str, ...]
    battle: BattleReport | None
    round: int


class Replay:
    """A record replayed: ``states[i]`` is the position after ``i`` actions; ``position`` is the cursor."""

    def __init__(self, record: Record, name: str = "", value: ValueFn | None = None) -> None:
        """Replay every action (a bad one raises RecordError naming its index)."""
        self.record = record
        self.name = name or record.game.board.name
        state = initial_state(record.game)
        self.states: list[State] = [state.clone()]
        self.steps: list[Step] = []
        for i, text in enumerate(record.actions):
            actor = state.current_player()
            try:
                events = E.public(state.play(parse_action(text)), None)
            except JapaneseSwordsError as exc:
                raise RecordError(f"action {i} ({text!r}): {exc}") from None
            battle = next((e.report for e in events if isinstance(e, E.BattleResolved)), None)
            lines = tuple(narrate.describe(parse_action(text), events, actor, None, record.game.board))
            self.steps.append(Step(actor, text, lines, battle, state.round))
            self.states.append(state.clone())
        self.battles = [i + 1 for i, s in enumerate(self.steps) if s.battle is not None]
        self.position = len(self.steps)  # a finished game opens at its end, as lichess does
        self._value = value
        self.values: list[list[float]] = []  # chances of the positions 0..len(values)-1, filled by compute

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        """A replay of a saved record; a file that is not a valid record raises a one-line error."""
        return cls(load_record(path), Path(path).stem)

    # ----- the cursor --------------------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The last position (every action applied)."""
        return len(self.steps)

    def jump(self, position: int) -> None:
        """Go to a position (clamped to the game)."""
        self.position = max(0, min(self.last, position))

    def forward(self, n: int = 1) -> None:
        """``n`` actions on."""
        self.jump(self.position + n)

    def back(self, n: int = 1) -> None:
        """``n`` actions back."""
        self.jump(self.position - n)

    def next_battle(self) -> bool:
        """To the next battle's reveal; False if there is none after the cursor."""
        later = [b for b in self.battles if b > self.position]
        if later:
            self.position = later[0]
        return bool(later)

    def previous_battle(self) -> bool:
        """To the previous battle's reveal; False if there is none before the cursor."""
        earlier = [b for b in self.battles if b < self.position]
        if earlier:
            self.position = earlier[-1]
        return bool(earlier)

    # ----- what the cursor shows -----------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The position at the cursor."""
        return self.states[self.position]

    @property
    def battle(self) -> BattleReport | None:
        """The battle the action just replayed revealed, if it did."""
        return self.steps[self.position - 1].battle if self.position else None

    def log(self, lines: int) -> list[tuple[str, int, bool]]:
        """The last ``lines`` log lines up to the cursor: (text, actor seat, written by the current step)."""
        out: list[tuple[str, int, bool]] = []
        i = self.position
        while i > 0 and len(out) < lines:
            step = self.steps[i - 1]
            for text in reversed(step.lines):
                out.append((text, step.actor, i == self.position))
            i -= 1
        return list(reversed(out[:lines]))

    # ----- the chart -----------------------------------------------------------------------------------
    def compute(self, budget: int = 200) -> bool:
        """Evaluate up to ``budget`` more positions' chances; True once every position has one."""
        if self._value is None:
            self._value = ai_value()
        for _ in range(budget):
            if len(self.values) > self.last:
                return True
            self.values.append([max(0.0, min(1.0, float(v))) for v in self._value(self.states[len(self.values)])])
        return len(self.values) > self.last

    def chances(self) -> list[float] | None:
        """Each seat's winning chance at the cursor, once computed."""
        return self.values[self.position] if self.position < len(self.values) else None
