"""Playing one scheduled game in isolation: fresh agents, a crash caught and blamed, a compact outcome.

Agents are built from their specs for every game (never reused), so a game's result depends only on
(specs, map, rules, seed) and not on which worker process played it or what it played before. Any
exception (even SystemExit; only KeyboardInterrupt passes) is caught and turned into an outcome with
``error`` set; when an agent raised (or chose an illegal action) the outcome names its seat as
``culprit``.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass
from pathlib import Path

from ai.agent import Agent, make_agent
from ai.match import play_game
from ai.mcts.evaluator import value_function
from ai.tournament.luck import game_luck
from ai.tournament.outcome import GameOutcome
from ai.tournament.ranking import finishing_ranks
from ai.tournament.schedule import GameTask
from japanese_swords.actions import Action, Offer
from japanese_swords.board import Board
from japanese_swords.engine import State
from japanese_swords.errors import IllegalActionError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.modules import teams
from japanese_swords.observation import Observation
from japanese_swords.records import save_record


@dataclass(frozen=True)
class GameSetup:
    """What every worker needs to play any game of the schedule (plain data, cheap to send)."""

    agents: tuple[str, ...]
    map_name: str
    max_rounds: int | None
    records_dir: str | None = None
    board: Board | None = None  # the parsed map, so remote workers need no map file
    modules: tuple[str, ...] = ()  # rule modules of every game (docs/variants.md)
    luck: str | None = None  # value (ai.mcts.evaluator.VALUES) for the luck-adjusted score; None: not measured


class AgentFailure(Exception):
    """An agent raised while choosing; carries the seat for the report."""

    def __init__(self, seat: int, exc: BaseException) -> None:
        super().__init__(f"{type(exc).__name__}: {exc}")
        self.seat = seat


class _Guarded:
    """Wraps an agent so its exceptions are tagged with its seat, and remembers who moved last."""

    def __init__(self, inner: Agent, seat: int, last: list[int]) -> None:
        self.inner, self.seat, self.last = inner, seat, last
        self.name = inner.name
        if getattr(inner, "respond_to_trade", None) is not None:
            self.respond_to_trade = self._respond

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        """The inner agent's choice; its exceptions become AgentFailure."""
        self.last[0] = self.seat
        try:
            return self.inner.choose(obs, legal, rng)
        except (Exception, SystemExit) as exc:
            raise AgentFailure(self.seat, exc) from exc

    def _respond(self, obs: Observation, offer: Offer, rng: random.Random) -> tuple[bool, str]:
        """The inner agent's answer to a trade offer; its exceptions become AgentFailure."""
        self.last[0] = self.seat
        try:
            return self.inner.respond_to_trade(obs, offer, rng)  # type: ignore[attr-defined]
        except (Exception, SystemExit) as exc:
            raise AgentFailure(self.seat, exc) from exc


_GAMES: dict[tuple[str, int | None, tuple[str, ...]], Game] = {}


def _game(setup: GameSetup) -> Game:
    """The Game for a setup, loaded once per process."""
    key = (setup.map_name, setup.max_rounds, setup.modules)
    if key not in _GAMES:
        board = setup.board if setup.board is not None else load_map(setup.map_name)
        _GAMES[key] = Game(board, Rules(max_rounds=setup.max_rounds, modules=setup.modules))
    return _GAMES[key]


def record_path(records_dir: str | Path, task: GameTask) -> Path:
    """Where the record of a scheduled game is written."""
    return Path(records_dir) / f"game-{task.index:05d}-seed{task.seed}.json"


def play_task(setup: GameSetup, task: GameTask) -> GameOutcome:
    """Play one scheduled game; never raises except KeyboardInterrupt (Ctrl-C in a one-process run)."""
    base = dict(index=task.index, lineup=task.lineup, group=task.group, rotation=task.rotation,
                seed=task.seed, seats=task.seats)
    last = [-1]
    try:
        game = _game(setup)
        agents = [_Guarded(make_agent(setup.agents[i]), seat, last) for seat, i in enumerate(task.seats)]
        knocked_out: list[int | None] = [None] * game.num_players
        steps = [0]

        def watch(state: State, _action: object) -> None:
            """Note when each seat is knocked out, for the finishing order."""
            steps[0] += 1
            for s, alive in enumerate(state.alive):
                if not alive and knocked_out[s] is None:
                    knocked_out[s] = steps[0]

        result = play_game(game, agents, task.seed, on_action=watch)
        if setup.records_dir is not None:
            save_record(result.record, record_path(setup.records_dir, task))
        luck = () if setup.luck is None else game_luck(game, result.record.actions, value_function(setup.luck))
    except AgentFailure as exc:
        return GameOutcome(**base, error=f"agent {setup.agents[task.seats[exc.seat]]!r} in seat p{exc.seat + 1} "
                                         f"raised {exc}", culprit=exc.seat)
    except IllegalActionError as exc:
        seat = last[0]
        who = f"agent {setup.agents[task.seats[seat]]!r} in seat p{seat + 1}" if seat >= 0 else "an agent"
        return GameOutcome(**base, error=f"{who} chose an illegal action: {exc}",
                           culprit=seat if seat >= 0 else None)
    except (Exception, SystemExit) as exc:  # SystemExit too: a sys.exit() in an agent must not kill a worker
        where = traceback.extract_tb(exc.__traceback__)[-1]
        return GameOutcome(**base, error=f"{type(exc).__name__}: {exc} (at {Path(where.filename).name}:"
                                         f"{where.lineno})")
    winners = teams.winning_seats(result.state) if teams.active(result.state) else ()
    ranks = finishing_ranks(result.winner, result.state.alive, result.honor, knocked_out, winners)
    return GameOutcome(**base, winner=result.winner, rounds=result.rounds, honor=tuple(result.honor),
                       actions=len(result.record.actions), ranks=ranks, winners=winners, luck=luck)
