"""Who plays whom, in which seats, with which seed: the round-robin schedule of a tournament.

A *lineup* is a set of distinct agents that fill a map's seats (a pair on 2-player maps, every
combination of ``players`` agents on 3-4 player maps). Each lineup plays *groups* of games: one game per
seat rotation, all with the same seed, so every agent meets the same deals and the same seats (on two
players: the same seed with seats swapped). Group ``g`` of every lineup uses the seed derived from
``(base seed, g)``, so lineups also share deals (common random numbers).

Games are listed group by group, lineups interleaved, so a run stopped early (SPRT, Ctrl-C) is balanced.
The schedule depends only on its arguments: that, plus aggregation in schedule order, is what makes a
run reproducible whatever the number of worker processes.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass

from ai.agent import SpecError, parse_spec


@dataclass(frozen=True)
class GameTask:
    """One scheduled game: ``seats[s]`` is the index (into the agent list) of the agent in seat ``s``."""

    index: int  # position in the schedule
    lineup: int  # index into Schedule.lineups
    group: int  # games of one lineup sharing a seed
    rotation: int  # seat rotation within the group
    seed: int
    seats: tuple[int, ...]


@dataclass(frozen=True)
class Schedule:
    """The agents, the lineups and the ordered list of games."""

    agents: tuple[str, ...]
    players: int
    groups: int  # per lineup
    lineups: tuple[tuple[int, ...], ...]
    tasks: tuple[GameTask, ...]
    teams: bool = False  # a team game: each lineup is a pair, one agent in seats 1+3, the other in 2+4

    @property
    def rotations(self) -> int:
        """Games of a group: one per seat rotation (2 in a team game: the two teams swap seats)."""
        return 2 if self.teams else self.players

    @property
    def paired(self) -> bool:
        """Whether each group is a pair of games between two agents with seats swapped (pentanomial)."""
        return self.players == 2 or self.teams

    @property
    def games_per_lineup(self) -> int:
        """Games each lineup plays (whole groups)."""
        return self.groups * self.rotations


def derive_seed(base: int, group: int) -> int:
    """A game seed from the base seed and the group (pairing) index: stable, well spread, 31 bits."""
    digest = hashlib.sha256(f"japanese-swords-benchmark:{base}:{group}".encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


def rotate(lineup: tuple[int, ...], rotation: int) -> tuple[int, ...]:
    """Seat ``s`` gets ``lineup[(s + rotation) % k]``: over ``k`` rotations every agent sits in every seat."""
    k = len(lineup)
    return tuple(lineup[(s + rotation) % k] for s in range(k))


def groups_for(games: int, players: int) -> int:
    """Groups needed so a lineup plays at least ``games`` games (whole groups only)."""
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    return -(-games // players)


def make_schedule(agents: list[str] | tuple[str, ...], players: int, games: int, seed: int,
                  teams: bool = False) -> Schedule:
    """Round robin over every ``players``-combination of agents, ``games`` games each (rounded up to
    whole seat-rotation groups). Raises ValueError with a one-line message on impossible requests.

    ``teams`` (the teams module, 4 seats): every pair of agents plays as two teams, one agent in seats
    p1+p3 and the other in p2+p4, then swapped, in groups of those two games sharing a seed."""
    if teams:
        return _team_schedule(tuple(agents), players, games, seed)
    agents = tuple(agents)
    if len(set(agents)) != len(agents):
        dup = next(a for a in agents if agents.count(a) > 1)
        raise ValueError(f"agent {dup!r} is listed twice; give each agent once")
    if len(agents) < 2:
        raise ValueError("a tournament needs at least 2 agents")
    if not 2 <= players <= 4:
        raise ValueError(f"maps have 2-4 players, got {players}")
    if len(agents) < players:
        raise ValueError(f"the map has {players} seats but only {len(agents)} agents were given; "
                         f"give at least {players} different agents")
    n_groups = groups_for(games, players)
    lineups = tuple(itertools.combinations(range(len(agents)), players))
    tasks = []
    for g in range(n_groups):
        game_seed = derive_seed(seed, g)
        for li, lineup in enumerate(lineups):
            for r in range(players):
                tasks.append(GameTask(len(tasks), li, g, r, game_seed, rotate(lineup, r)))
    return Schedule(agents, players, n_groups, lineups, tuple(tasks))


def _team_schedule(agents: tuple[str, ...], players: int, games: int, seed: int) -> Schedule:
    """The pairs round robin of a team game: seats (a, b, a, b) then (b, a, b, a), one seed per group."""
    if players != 4:
        raise ValueError(f"a team game needs a 4-player map, got {players} players")
    if len(set(agents)) != len(agents):
        dup = next(a for a in agents if agents.count(a) > 1)
        raise ValueError(f"agent {dup!r} is listed twice; give each agent once")
    if len(agents) < 2:
        raise ValueError("a tournament needs at least 2 agents")
    n_groups = groups_for(games, 2)
    lineups = tuple(itertools.combinations(range(len(agents)), 2))
    tasks = []
    for g in range(n_groups):
        game_seed = derive_seed(seed, g)
        for li, (a, b) in enumerate(lineups):
            for r, seats in enumerate(((a, b, a, b), (b, a, b, a))):
                tasks.append(GameTask(len(tasks), li, g, r, game_seed, seats))
    return Schedule(agents, players, n_groups, lineups, tuple(tasks), teams=True)


def parse_sweep(text: str) -> tuple[str, list[str], list[float]]:
    """``'mcts:iterations=50,100,200'`` -> ``('iterations', [specs...], [50, 100, 200])``.

    Exactly one option carries a comma-separated list of numbers; each value gives one agent spec.
    """
    name, *opts = text.strip().split(":")
    swept = [i for i, opt in enumerate(opts) if "," in opt]
    if not name or len(swept) != 1:
        raise SpecError(f"bad --sweep {text!r} (use NAME:KEY=V1,V2,... with one list, e.g. "
                        f"mcts:iterations=50,100,200,400)")
    key, eq, values = opts[swept[0]].partition("=")
    if not eq or not key:
        raise SpecError(f"bad --sweep option {opts[swept[0]]!r} (use KEY=V1,V2,...)")
    specs, xs = [], []
    for raw in values.split(","):
        raw = raw.strip()
        try:
            x = float(raw)
        except ValueError:
            raise SpecError(f"--sweep values must be numbers, got {raw!r}") from None
        parts = list(opts)
        parts[swept[0]] = f"{key}={raw}"
        spec = ":".join([name, *parts])
        parse_spec(spec)  # validates the option syntax
        specs.append(spec)
        xs.append(x)
    if len(set(specs)) != len(specs):
        raise SpecError(f"--sweep {text!r} repeats a value")
    return key, specs, xs
