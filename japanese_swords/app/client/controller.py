"""Runs a game in real time: chance, AI turns on a worker thread, pacing, animations, battle reveals.

The views call :meth:`Controller.update` every frame and draw what it exposes (the army sliding, who
is thinking and for how long, a battle waiting to be revealed). Nothing here imports arcade, so tests
drive whole games with it. The AI only ever receives ``observation(state, seat)``.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ai.agent import Agent, respond_to_trade
from ai.match import agent_rng
from japanese_swords.actions import Accept, Action, Decline, Move
from japanese_swords.core import CHANCE, TERMINAL, BattleReport
from japanese_swords.engine import decision
from japanese_swords.errors import JapaneseSwordsError

from . import narrate
from .rps import RockPaperScissors
from .session import LogLine, Session
from .summary import SeatSummary, summarize
from .theme import SPEEDS, seat_label
from .warmup_task import WarmUp

if TYPE_CHECKING:
    from .hints import Hinter


@dataclass
class Slide:
    """An army moving from one square to another on screen (the engine has already moved it)."""

    army: int
    src: int
    dst: int
    duration: float
    t: float = 0.0

    @property
    def progress(self) -> float:
        """Share of the slide done, 0-1."""
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)


@dataclass
class _Job:
    """An AI decision running on the worker thread."""

    seat: int
    generation: int
    future: Future
    started: float
    reply: bool  # a trade reply (respond_to_trade) rather than choose()


class Gate(Protocol):
    """Checks the human's actions before they are played (the tutorial's steps)."""

    def check(self, action: Action) -> str | None:
        """None to allow the action, else the one-line reason it is refused."""

    def played(self, action: Action, state: object) -> None:
        """The action was played; ``state`` is the game after it."""


class Controller:
    """Advances the game between human decisions; owns the AI worker thread and the pacing."""

    def __init__(
        self,
        session: Session,
        agents: list[Agent | None],
        speed: int = 1,
        show_reveals: bool = True,
        clock=time.monotonic,
    ) -> None:
        self.session = session
        self.agents = agents
        self.speed = speed
        self.show_reveals = show_reveals
        self.clock = clock
        self.rngs = [agent_rng(session.seed, s) for s in range(session.game.num_players)]
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="js-ai")
        self._job: _Job | None = None
        self._generation = 0
        self.slide: Slide | None = None
        self.cooldown = 0.0
        self.skip_turn = False
        self.shown_battles = session.battles
        self.reveal: BattleReport | None = None
        self.message: str = ""  # last error or notice for the status line
        self.trails: list[tuple[int, int, int]] = []  # (seat, src, dst) of moves since the human last acted
        self.rps_rng = random.Random(f"rps:{session.seed}")
        self.show_summary = True  # build a "while you waited" summary when the human's decision comes
        self.summary: list[SeatSummary] | None = None
        self._since: tuple[int, int] | None = (len(session.events), len(session.log))  # (events, log) marks
        self.warmup: WarmUp | None = None  # the AI's background preparation, if still to be shown
        self.hinter: Hinter | None = None  # "What would the AI do?" (None: a game without hints)
        self._seat_marks: dict[int, tuple[int, int]] = {}  # hot seat: each human's marks at their last action
        self.handover: int | None = None  # hot seat: the human seat waiting for the screen to be handed over
        self.career_recorded = False  # the finished game is in the career (context.record_career)
        self.gate: Gate | None = None  # the tutorial: only the action its step teaches is played

    # ----- state for the views ---------------------------------------------------------------------------
    @property
    def thinking(self) -> int | None:
        """Seat of the AI currently thinking, or None."""
        return self._job.seat if self._job is not None else None

    def think_time(self) -> float:
        """Seconds the current AI decision has taken so far."""
        return 0.0 if self._job is None else self.clock() - self._job.started

    def think_progress(self) -> float | None:
        """How far the thinking agent is (0-1): its own ``progress`` if it reports one, else the elapsed
        share of its per-decision time cap (``decision_cap`` seconds) if it has one, else None."""
        if self._job is None:
            return None
        agent = self.agents[self._job.seat]
        p = getattr(agent, "progress", None)
        if callable(p):
            p = p()
        if isinstance(p, (int, float)):
            return max(0.0, min(1.0, float(p)))
        cap = getattr(agent, "decision_cap", None)
        if isinstance(cap, (int, float)) and cap > 0:
            return min(1.0, self.think_time() / cap)
        return None

    @property
    def busy(self) -> bool:
        """True while something other than the human is acting or being shown."""
        return self._job is not None or self.slide is not None or self.reveal is not None or self.handover is not None

    def needs_rps(self) -> bool:
        """The opening turn-order event is waiting for the human's rock-paper-scissors."""
        s = self.session
        return s.state.order is None and s.human is not None and not s.hot_seat

    def human_to_act(self) -> bool:
        """True when the human must decide and nothing is being shown."""
        return (self.session.is_human_turn() and self.reveal is None and self.slide is None
                and self.handover is None)

    # ----- input from the views -------------------------------------------------------------------------
    def human_play(self, action: Action) -> str | None:
        """Apply the human's action; returns the rule it breaks (and changes nothing) if illegal."""
        if not self.human_to_act():
            return "wait: it is not your decision yet"
        src_army = self.session.state.occupant[action.src] if isinstance(action, Move) else None  # slides
        refused = self.gate.check(action) if self.gate is not None else None
        if refused is not None:
            self.message = refused
            return refused
        try:
            self.session.apply(action)
        except JapaneseSwordsError as exc:
            self.message = str(exc)
            return str(exc)
        if self.gate is not None:
            self.gate.played(action, self.session.state)
        self.message = ""
        self.trails = []
        self.summary = None
        self._since = (len(self.session.events), len(self.session.log))
        if self.session.human is not None:
            self._seat_marks[self.session.human] = self._since
        duration = min(0.2, SPEEDS[self.speed][1])
        if isinstance(action, Move) and src_army is not None and duration > 0:
            self.slide = Slide(src_army, action.src, action.dst, duration)
        self._check_reveal()
        return None

    def undo(self) -> bool:
        """Undo the human's last action (not while something is being shown)."""
        if self.busy:
            return False
        return self.session.undo()

    def skip(self) -> None:
        """Skip the animations and reveals of AI actions until the human's next decision."""
        self.skip_turn = True
        if self.slide is not None:
            self.slide = None
        if self.reveal is not None and not self._human_in(self.reveal):
            self.ack_reveal()

    def set_speed(self, speed: int) -> None:
        """Set the AI animation speed (an index into theme.SPEEDS, clamped)."""
        self.speed = max(0, min(len(SPEEDS) - 1, speed))

    def ack_reveal(self) -> None:
        """The battle reveal has been shown; the game may go on."""
        self.reveal = None

    def start_order(self, rps: RockPaperScissors) -> None:
        """Apply the turn order the rock-paper-scissors contest produced (the opening chance event)."""
        self.session.apply(rps.finish())

    def replace_session(self, session: Session) -> None:
        """Switch to another game (load): results of any AI still thinking are dropped."""
        self._generation += 1
        self._job = None
        self.session = session
        self.rngs = [agent_rng(session.seed, s) for s in range(session.game.num_players)]
        self.slide = None
        self.reveal = None
        self.shown_battles = session.battles
        self.summary = None
        self._since = (len(session.events), len(session.log))

    def take_over(self) -> None:
        """Hot seat: the next human has the screen (their hand, their view); the summary covers what
        happened since their own last action."""
        seat = self.handover
        if seat is None:
            return
        self.handover = None
        self.session.human = seat
        self.session.version += 1
        self.trails = []
        self._since = self._seat_marks.get(seat, self._since or (len(self.session.events), len(self.session.log)))

    def close(self) -> None:
        """Stop the worker thread (an AI still thinking finishes in the background)."""
        self._generation += 1
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self.hinter is not None:
            self.hinter.close()

    def wait_for_ai(self, timeout: float | None = None) -> None:
        """Block until the AI decision in progress (if any) is ready; scripted frame runs call this each
        frame so that N frames show the same game on a fast or a loaded machine."""
        if self._job is not None:
            wait([self._job.future], timeout=timeout)

    # ----- the frame step --------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance animations, chance and AI turns; never blocks on the AI. While a move slides, a pause
        runs or a battle is being read, the next AI decision is already being thought about."""
        if self.slide is not None:
            self.slide.t += dt
            if self.skip_turn or self.slide.progress >= 1.0:
                self.slide = None
            self._prefetch()
            return
        if self.reveal is not None:
            self._prefetch()
            return
        if self.cooldown > 0 and not self.skip_turn:
            self.cooldown -= dt
            self._prefetch()
            return
        s = self.session
        seat = s.current()
        if seat == TERMINAL:
            return
        if seat == CHANCE:
            if s.state.order is None:
                if s.human is None or s.hot_seat:  # no single human to play rock-paper-scissors
                    self.start_order(RockPaperScissors(s.game.num_players, None, self.rps_rng))
                return
            s.play_chance()
            self._check_reveal()
            return
        if seat == s.human:
            self.skip_turn = False
            self._build_summary()
            return
        if seat in s.humans:  # hot seat: another human decides; hide this one's view first
            self.skip_turn = False
            self.handover = seat
            return
        self._run_ai(seat)

    def _build_summary(self) -> None:
        """The human must decide: sum up what the others did since the human's last action."""
        if self._since is None:
            return
        first, start = self._since
        self._since = None
        if not self.show_summary or self.session.human is None:
            return
        s = self.session
        self.summary = summarize(s.state, s.events[first:], s.log[start:], s.human) or None

    def dismiss_summary(self) -> None:
        """The human has read the summary."""
        self.summary = None

    def _prefetch(self) -> None:
        """Start the next AI decision early if an AI is to decide (the state cannot change meanwhile)."""
        if self._job is not None:
            return
        seat = self.session.current()
        if seat >= 0 and seat != self.session.human and self.agents[seat] is not None:
            self._start_job(seat)

    def _start_job(self, seat: int) -> None:
        """Hand the seat's decision to the worker thread."""
        s = self.session
        agent = self.agents[seat]
        obs = s.observation(seat)
        rng = self.rngs[seat]
        if decision(s.state) == "reply" and getattr(agent, "respond_to_trade", None) is not None:
            offer = s.state.offer
            fut = self._pool.submit(respond_to_trade, agent, obs, offer, rng)
            reply = True
        else:
            fut = self._pool.submit(agent.choose, obs, s.state.legal_actions(), rng)
            reply = False
        self._job = _Job(seat, self._generation, fut, self.clock(), reply)

    def _run_ai(self, seat: int) -> None:
        """Start the AI's decision on the worker thread, or apply it once it is ready."""
        if self._job is None:
            if self.agents[seat] is None:
                self.message = f"no agent for seat p{seat + 1}"
                return
            self._start_job(seat)
            return
        job = self._job
        if not job.future.done():
            return
        self._job = None
        if job.generation != self._generation:
            return
        s = self.session
        action = self._job_result(job)
        src_army = s.state.occupant[action.src] if isinstance(action, Move) else None  # the army that slides
        s.apply(action)
        slide_time, pause = SPEEDS[self.speed][1:]
        if self.skip_turn:
            slide_time = pause = 0.0
        if isinstance(action, Move) and src_army is not None and slide_time > 0:
            self.slide = Slide(src_army, action.src, action.dst, slide_time)
        if isinstance(action, Move):
            if s.human is None:  # nobody to act in between: keep only the moving player's trails
                self.trails = [t for t in self.trails if t[0] == job.seat]
            self.trails.append((job.seat, action.src, action.dst))
        self.cooldown = pause
        self._check_reveal()

    def _job_result(self, job: _Job) -> Action:
        """The action an AI job produced; an illegal answer or a crash falls back to a legal action."""
        s = self.session
        name = seat_label(job.seat, s.human)
        try:
            result = job.future.result()
        except Exception as exc:  # an agent bug must not take the client down
            s.log.append(
                LogLine(f"{name}'s AI failed ({type(exc).__name__}: {exc}); it plays a legal move.", job.seat)
            )
            legal = s.state.legal_actions()
            return legal[self.rngs[job.seat].randrange(len(legal))]
        if job.reply:
            ok, why = result
            action: Action = Accept() if ok and s.state.is_legal(Accept()) else Decline()
            text = narrate.trade_reason(name, isinstance(action, Accept), why or "")
            if text:
                s.log.append(LogLine(text, job.seat))
            return action
        reason = s.state.why_illegal(result)
        if reason is not None:
            s.log.append(
                LogLine(
                    f"{name}'s AI chose an illegal action ({result}: {reason}); "
                    "it plays a legal move instead.",
                    job.seat,
                )
            )
            return s.state.legal_actions()[0]
        return result

    def _human_in(self, report: BattleReport) -> bool:
        """True if the human fought in this battle."""
        return bool(self.session.humans & {report.attacker_seat, report.defender_seat})

    def _check_reveal(self) -> None:
        """Queue the reveal of a battle that just ended, if it is worth showing."""
        s = self.session
        if s.battles == self.shown_battles:
            return
        self.shown_battles = s.battles
        report = s.state.last_battle
        if report is None or not self.show_reveals:
            return
        if self.skip_turn and not self._human_in(report):
            return
        if not self._human_in(report) and self.speed == len(SPEEDS) - 1:
            return
        self.reveal = report
