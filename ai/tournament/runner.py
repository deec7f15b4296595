"""Running a tournament: games across worker processes, live progress, SPRT stopping and Ctrl-C.

Reproducibility: every game depends only on its scheduled seed and seats, and the result is assembled in
schedule order. With an SPRT the test is evaluated on the schedule-order *prefix* of finished game pairs,
and the run keeps exactly the pairs up to the one that decided it, whatever finished later. So the same
arguments give the same result for any ``jobs``. (A Ctrl-C stop is, by nature, timing dependent: the
result holds every game finished by then.)

Workers (:mod:`ai.tournament.workers`) ignore SIGINT; the parent catches KeyboardInterrupt, stops them and
returns what it has.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ai.agent import make_agent
from ai.tournament.games import GameOutcome, GameSetup, play_task
from ai.tournament.raypool import RayPool, RayUnavailable
from ai.tournament.schedule import Schedule, make_schedule
from ai.tournament.sprt import SprtConfig, SprtStatus, sprt_status
from ai.tournament.tally import Tally, tally
from ai.tournament.workers import GamePool
from japanese_swords.errors import FileAccessError
from japanese_swords.fileio import check_output_dir, remove_orphans
from japanese_swords.maps import load_map
from japanese_swords.modules import teams


class TournamentError(ValueError):
    """A tournament that cannot be run as asked (one-line message)."""


@dataclass(frozen=True)
class TournamentConfig:
    """Everything that determines a tournament's result (``jobs`` does not)."""

    agents: tuple[str, ...]
    games: int  # per lineup, rounded up to whole seat-rotation groups
    seed: int = 0
    map_name: str = "classic-2p"
    max_rounds: int | None = None
    sprt: SprtConfig | None = None
    records_dir: str | None = None
    game_timeout: float | None = None  # seconds; a longer game is abandoned and reported as failed
    modules: tuple[str, ...] = ()  # rule modules of every game (docs/variants.md)
    luck: str | None = None  # the value whose change at chance events adjusts the score (ai.tournament.luck)

    def to_json(self) -> dict[str, object]:
        """The configuration as JSON-ready data."""
        return {"agents": list(self.agents), "games": self.games, "seed": self.seed, "map": self.map_name,
                "max_rounds": self.max_rounds, "sprt": None if self.sprt is None else self.sprt.to_json(),
                "game_timeout": self.game_timeout, **({"modules": list(self.modules)} if self.modules else {}),
                **({"luck": self.luck} if self.luck else {})}


@dataclass
class Progress:
    """A snapshot for progress displays: counts so far (arrival order) and the SPRT state."""

    done: int
    total: int
    elapsed: float
    tally: Tally
    sprt: SprtStatus | None = None

    @property
    def eta(self) -> float | None:
        """Seconds left at the current pace, or None before the first game."""
        if self.done == 0:
            return None
        return self.elapsed / self.done * (self.total - self.done)


@dataclass
class TournamentResult:
    """The included outcomes (schedule order), their tally, and how the run ended."""

    config: TournamentConfig
    schedule: Schedule
    outcomes: list[GameOutcome]
    tally: Tally
    status: str  # 'complete', 'sprt' (stopped by the test) or 'interrupted'
    sprt: SprtStatus | None = None
    elapsed: float = 0.0
    jobs: int | None = 1  # None: as many games in flight as the Ray cluster has CPUs
    notes: list[str] = field(default_factory=list)
    backend: str = "local"


ProgressFn = Callable[[Progress], None]


def prepare(config: TournamentConfig) -> Schedule:
    """Check the configuration (map, agent specs, SPRT) and build the schedule; one-line errors."""
    board = load_map(config.map_name)
    for spec in config.agents:
        make_agent(spec)  # raises SpecError for unknown agents or bad options
    try:
        schedule = make_schedule(config.agents, board.players, config.games, config.seed,
                                 teams=teams.chosen(config.modules))
    except ValueError as exc:
        raise TournamentError(str(exc)) from None
    if config.sprt is not None and (len(config.agents) != 2 or board.players != 2):
        raise TournamentError("--sprt tests one agent against another: give exactly 2 agents and a "
                              "2-player map")
    return schedule


BACKENDS = ("local", "ray")


def run_tournament(config: TournamentConfig, jobs: int | None = 1, progress: ProgressFn | None = None,
                   context: str | None = None, backend: str = "local",
                   address: str | None = None) -> TournamentResult:
    """Play the schedule and return the result: on ``jobs`` local processes, or as Ray tasks
    (``backend="ray"``: ``jobs`` games in flight, default the cluster's CPUs; ``address`` a cluster).

    Locally, with one job and no ``game_timeout`` the games run in this process; a time limit needs a
    worker process (to stop a game, the worker is killed), so it always uses one.
    """
    schedule = prepare(config)
    if backend not in BACKENDS:
        raise TournamentError(f"--backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    if address is not None and backend != "ray":
        raise TournamentError("--address needs --backend ray")
    if backend == "local" and jobs is None:
        jobs = 1
    if jobs is not None and jobs < 1:
        raise TournamentError(f"--jobs must be at least 1, got {jobs}")
    if config.game_timeout is not None and not config.game_timeout > 0:
        raise TournamentError(f"--game-timeout must be positive, got {config.game_timeout:g}")
    if config.records_dir is not None:
        try:
            check_output_dir(config.records_dir, "--records")
        except FileAccessError as exc:
            raise TournamentError(str(exc)) from None
    setup = GameSetup(config.agents, config.map_name, config.max_rounds, config.records_dir,
                      load_map(config.map_name), config.modules, config.luck)
    tasks = list(schedule.tasks)
    total = len(tasks)
    start = time.monotonic()
    done: dict[int, GameOutcome] = {}
    running = Tally.empty(schedule)
    seq = _SequentialSprt(schedule, config.sprt)
    status = "complete"

    def arrived(o: GameOutcome) -> bool:
        """Record one finished game; True when the SPRT has decided."""
        done[o.index] = o
        running.add(o)
        decided = seq.advance(done)
        if progress is not None:
            progress(Progress(len(done), total, time.monotonic() - start, running, seq.status))
        return decided

    try:
        if backend == "local" and (jobs == 1 or total <= 1) and config.game_timeout is None:
            for task in tasks:
                if arrived(play_task(setup, task)):
                    status = "sprt"
                    break
        else:
            if backend == "ray":
                try:
                    pool: GamePool | RayPool = RayPool(setup, None if jobs is None else min(jobs, total),
                                                       address, config.game_timeout)
                except RayUnavailable as exc:
                    raise TournamentError(str(exc)) from None
            else:
                assert jobs is not None
                pool = GamePool(setup, max(1, min(jobs, total)), context, config.game_timeout)
            with pool:
                for o in pool.outcomes(tasks):
                    if o is None:  # nothing finished for a while: refresh elapsed time and ETA
                        if progress is not None:
                            progress(Progress(len(done), total, time.monotonic() - start, running, seq.status))
                    elif arrived(o):
                        status = "sprt"
                        break
    except KeyboardInterrupt:
        status = "interrupted"
    if config.records_dir is not None:  # the pool's workers are stopped: a record half-written by one
        remove_orphans(config.records_dir, age=0)  # killed mid-write (Ctrl-C, a time limit) is an orphan now
    if status == "sprt":
        included = [done[i] for i in range(seq.prefix_end)]
    else:
        included = [done[i] for i in sorted(done)]
    result = TournamentResult(config, schedule, included, tally(schedule, included), status,
                              seq.status, time.monotonic() - start, jobs, backend=backend)
    if config.sprt is not None and status != "sprt":
        result.sprt = sprt_status(config.sprt, result.tally.pairs[(0, 1)].pentanomial)
    groups = schedule.groups
    if schedule.games_per_lineup != config.games:
        result.notes.append(f"--games {config.games} rounded up to {schedule.games_per_lineup} per "
                            f"{'pair' if schedule.paired else 'lineup'} ({groups} groups of "
                            f"{schedule.rotations} games with seats rotated)")
    return result


class _SequentialSprt:
    """The SPRT evaluated on the schedule-order prefix of finished games, one game pair at a time."""

    def __init__(self, schedule: Schedule, config: SprtConfig | None) -> None:
        self.schedule, self.config = schedule, config
        self.prefix_end = 0  # schedule indices < prefix_end are finished and evaluated
        self.pentanomial = [0] * 5
        self.status: SprtStatus | None = None if config is None else sprt_status(config, self.pentanomial)

    def advance(self, done: dict[int, GameOutcome]) -> bool:
        """Consume finished pairs at the front of the schedule; True once the test decides."""
        if self.config is None:
            return False
        k = self.schedule.rotations
        while all(self.prefix_end + r in done for r in range(k)) and self.prefix_end < len(self.schedule.tasks):
            pair = [done[self.prefix_end + r] for r in range(k)]
            self.prefix_end += k
            p = tally(self.schedule, pair).pairs[(0, 1)].pentanomial
            if sum(p) == 0:
                continue  # a failed game: the pair does not count
            self.pentanomial = [x + y for x, y in zip(self.pentanomial, p, strict=True)]
            self.status = sprt_status(self.config, self.pentanomial)
            if self.status.result is not None:
                return True
        return False
