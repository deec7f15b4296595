"""Map balance: an agent plays itself on a map with seats rotated, and each seat's score is reported.

A fair map gives every seat about the same score when the same agent sits everywhere. A seat's score is
``(wins + draws / N) / games`` for N players (for two players: wins plus half the draws), so the seats'
scores add up to exactly 1. A seat scoring above :data:`FLAG_SCORE` (60%) is flagged. With several seats
a map can be lopsided without any seat reaching 60%, so each map also gets ``p_equal``: the chi-square
test's p-value for "every seat wins equally often" over the decided games (small p: the seats differ).

Game ``g`` on a map uses seed ``base_seed + g`` and rotates the agents by ``g`` seats, so each agent
instance sits in every seat equally often (it matters only if the agents differ or keep state). Games
can run in several processes; results do not depend on the number of processes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map

FLAG_SCORE = 0.6  # a seat scoring more than this is flagged as favoured by the map


@dataclass
class MapBalance:
    """Per-seat results of one map's self-play games."""

    map_name: str  # the shipped map's name or the map file's stem, as given
    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    rounds: int = 0  # total rounds played, for the mean game length

    @property
    def scores(self) -> list[float]:
        """Each seat's score: (wins + draws / players) / games; they sum to 1 (all zero with no games)."""
        if self.games == 0:
            return [0.0] * self.players
        return [(w + self.draws / self.players) / self.games for w in self.wins]

    @property
    def flagged(self) -> list[int]:
        """Seats (0-based) scoring above FLAG_SCORE."""
        return [seat for seat, score in enumerate(self.scores) if score > FLAG_SCORE]

    @property
    def p_equal(self) -> float:
        """p-value of the chi-square test that all seats win equally often (draws left out); 1 if none won."""
        decided = sum(self.wins)
        if decided == 0:
            return 1.0
        expected = decided / self.players
        stat = sum((w - expected) ** 2 / expected for w in self.wins)
        return chi2_sf(stat, self.players - 1)

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games if self.games else 0.0

    def add(self, winner: int | None, rounds: int) -> None:
        """Count one finished game (winner None means a draw)."""
        self.games += 1
        self.rounds += rounds
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1

    def to_json(self) -> dict[str, object]:
        return {"map": self.map_name, "players": self.players, "games": self.games, "wins": self.wins,
                "draws": self.draws, "scores": [round(s, 4) for s in self.scores],
                "mean_rounds": round(self.mean_rounds, 2), "p_equal": round(self.p_equal, 4),
                "flagged_seats": [s + 1 for s in self.flagged]}


def chi2_sf(x: float, df: int) -> float:
    """Upper tail P(X >= x) of the chi-square distribution with df = 1, 2 or 3 (closed forms, no scipy)."""
    if x <= 0:
        return 1.0
    if df == 1:
        return math.erfc(math.sqrt(x / 2))
    if df == 2:
        return math.exp(-x / 2)
    if df == 3:
        return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
    raise ValueError(f"chi-square tail only for 1-3 degrees of freedom, not {df}")


def _play_one(job: tuple[str, str, int, int, int]) -> tuple[int | None, int]:
    """Play game ``index`` of a map (a top-level function so worker processes can run it)."""
    map_name, spec, max_rounds, base_seed, index = job
    board = load_map(map_name)
    game = Game(board, Rules(max_rounds=max_rounds))
    agents = [make_agent(spec) for _ in range(board.players)]
    shift = index % board.players
    rotated = agents[shift:] + agents[:shift]
    result = play_game(game, rotated, base_seed + index)
    return result.winner, result.rounds


def measure_map(map_name: str, games: int, seed: int = 0, spec: str = "greedy", max_rounds: int = 150,
                jobs: int = 1, on_game: Callable[[], None] | None = None) -> MapBalance:
    """Play ``games`` self-play games of ``spec`` on one map (by name or path) and tally them by seat."""
    board = load_map(map_name)
    make_agent(spec)  # fail early with a one-line SpecError on a bad spec
    balance = MapBalance(Path(map_name).stem, board.players, wins=[0] * board.players)
    work = [(map_name, spec, max_rounds, seed, i) for i in range(games)]
    results: Iterable[tuple[int | None, int]]
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for winner, rounds in pool.map(_play_one, work, chunksize=4):
                balance.add(winner, rounds)
                if on_game:
                    on_game()
        return balance
    results = map(_play_one, work)
    for winner, rounds in results:
        balance.add(winner, rounds)
        if on_game:
            on_game()
    return balance


def format_table(results: Sequence[MapBalance]) -> str:
    """A Markdown table: map, players, games, each seat's score, draws, mean rounds, p_equal, verdict."""
    width = max((r.players for r in results), default=2)
    head = ["Map", "Players", "Games"] + [f"Seat {s + 1}" for s in range(width)]
    head += ["Draws", "Rounds", "p (equal)", "Verdict"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    for r in results:
        seats = [f"{100 * s:.1f}%" for s in r.scores] + ["-"] * (width - r.players)
        verdict = ("seat " + ", ".join(str(s + 1) for s in r.flagged) + f" > {FLAG_SCORE:.0%}") if r.flagged \
            else "ok"
        row = [r.map_name, str(r.players), str(r.games)] + seats
        row += [str(r.draws), f"{r.mean_rounds:.1f}", f"{r.p_equal:.3f}", verdict]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def to_json(results: Sequence[MapBalance], settings: dict[str, object]) -> str:
    """The results and the settings that produced them, as indented JSON."""
    return json.dumps({"settings": settings, "maps": [r.to_json() for r in results]}, indent=2)


__all__ = ["FLAG_SCORE", "MapBalance", "chi2_sf", "measure_map", "format_table", "to_json"]
