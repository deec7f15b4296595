""""What would the AI do?": the opponents' own search run for the human's decision, off the UI thread.

:class:`Hinter` runs an agent of the opponents' kind (the same MCTS spec) on its own worker thread on the
human's observation, and reads the search's root statistics: each option it weighed, how many sampled
worlds it played it in, and its mean value for the human, which is the search's estimate of the chance
to win after it. No arcade here; the game screen shows the result in a dialog.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

from ai.agent import Agent
from japanese_swords import events as E
from japanese_swords.actions import Action, Commit, Draw
from japanese_swords.engine import State

from .narrate import action_text
from .session import Session


@dataclass(frozen=True)
class HintOption:
    """One option the search weighed: the action in words, the worlds it was played in (visits), and the
    search's chance of winning after it (None if the search dropped it before playing it)."""

    action: Action
    text: str
    visits: int
    chance: float | None


@dataclass(frozen=True)
class Hint:
    """The search's answer for one position (``version`` of the session): its choice and its options,
    most played first; ``iterations`` worlds in ``seconds``. No options when there was nothing to weigh."""

    version: int
    choice: Action
    choice_text: str
    options: tuple[HintOption, ...]
    iterations: int
    seconds: float


def option_text(state: State, action: Action, seat: int) -> str:
    """An action of the human's in words ("Move the army at f2 to f3 (covered)"), from the log's own
    narration of it played on a copy of the position."""
    if isinstance(action, Commit):
        return "Commit " + (", ".join(c.title for c in action.cards) or "nothing")
    if isinstance(action, Draw):
        return "Draw a card"
    events: list[E.Event] = []
    try:
        state.clone().apply(action, events)
        text = action_text(action, events, seat, seat, state.game.board)
    except Exception:  # noqa: BLE001 - a description must never break the hint: the action's own name
        text = ""
    if not text:
        return str(action)
    if text.startswith("You "):
        text = text[4:]
    return text[:1].upper() + text[1:].rstrip(".")


class Hinter:
    """One hint at a time, for the human's current decision, on a worker thread of its own."""

    def __init__(self, make_agent: Callable[[], Agent], label: str = "") -> None:
        self._make_agent = make_agent
        self.label = label  # which search answers (e.g. "normal MCTS"), for the dialog
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="js-hint")
        self._job: tuple[int, Future] | None = None
        self.error = ""

    def ask(self, session: Session, seat: int) -> None:
        """Start the search for ``seat``'s decision now (nothing if one for this position is running)."""
        if self._job is not None and self._job[0] == session.version:
            return
        obs = session.observation(seat)
        legal = session.state.legal_actions()
        rng = random.Random(f"hint:{session.seed}:{len(session.record.actions)}")
        state = session.state.clone()
        self.error = ""
        self._job = (session.version, self._pool.submit(self._run, obs, legal, rng, state, seat, session.version))

    def _run(self, obs, legal: list[Action], rng: random.Random, state: State, seat: int, version: int) -> Hint:
        agent = self._make_agent()  # fresh each time: a hint never eats into a turn budget of an earlier one
        t0 = time.perf_counter()
        choice = agent.choose(obs, legal, rng)
        seconds = time.perf_counter() - t0
        stats = list(getattr(agent, "last_stats", []) or [])
        actions = list(getattr(agent, "last_actions", []) or [])
        options: list[HintOption] = []
        if stats and len(stats) == len(actions):
            for action, (_key, visits, mean) in zip(actions, stats, strict=True):
                options.append(HintOption(action, option_text(state, action, seat), visits,
                                          max(0.0, min(1.0, mean)) if visits else None))
            options.sort(key=lambda o: (o.action != choice, -o.visits, -(o.chance or 0.0)))  # its choice first
        return Hint(version, choice, option_text(state, choice, seat), tuple(options),
                    int(getattr(agent, "last_iterations", 0) or 0), seconds)

    def pending(self, version: int) -> bool:
        """Whether the hint for this position is still being searched."""
        return self._job is not None and self._job[0] == version and not self._job[1].done()

    def result(self, version: int) -> Hint | None:
        """The finished hint for this position, or None (not asked, still searching, or it failed: then
        ``error`` says why in one line)."""
        if self._job is None or self._job[0] != version or not self._job[1].done():
            return None
        try:
            return self._job[1].result()
        except Exception as exc:  # noqa: BLE001 - an agent's failure is shown, never raised into the UI
            self.error = f"{type(exc).__name__}: {exc}".splitlines()[0][:120]
            return None

    def close(self) -> None:
        """Stop the worker (a search still running finishes in the background)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


class HintActions:
    """The presenter's part in hints (mixed into it): ask for the human's decision, whether the dialog is
    open, its redraw key, and playing the search's choice. Uses the presenter's controller, session, human
    seat, notice and ``submit``."""

    hint_version: int | None = None  # the position a hint was asked for (its dialog is open)

    def ask_hint(self) -> bool:
        """"What would the AI do?" for the human's decision: start the opponents' search on it (off the UI
        thread) and open the hint dialog; False, with the reason in the notice, when there is no hint."""
        hinter = self.controller.hinter
        if hinter is None:
            self.notice = "Hints are off in this game (a game without hints, chosen at its start)."
            return False
        if self.my_decision() == "wait":
            self.notice = "Hints are for your own decisions: wait for your turn."
            return False
        hinter.ask(self.session, self.human)
        self.hint_version = self.session.version
        return True

    @property
    def hint_open(self) -> bool:
        """Whether the hint dialog is open (it closes by itself once the position changes)."""
        return self.hint_version is not None and self.hint_version == self.session.version

    def close_hint(self) -> None:
        """Close the hint dialog."""
        self.hint_version = None

    def hint_key(self, elapsed: float) -> tuple | None:
        """What the hint dialog shows, for the screen's redraw key (a second's tick while it searches)."""
        hinter = self.controller.hinter
        if not self.hint_open or hinter is None:
            return None
        version = self.session.version
        return version, hinter.pending(version), int(elapsed) if hinter.pending(version) else None

    def play_hint(self) -> bool:
        """Play the search's choice from the open hint."""
        hinter = self.controller.hinter
        hint = None if hinter is None or not self.hint_open else hinter.result(self.session.version)
        if hint is None:
            return False
        self.close_hint()
        return self.submit(hint.choice)
