"""Finishing orders and OpenSkill ratings: every seat's place counts, not only the winner's.

A game's finishing order (``ranks``, 1 = best, ties share a rank): the winner first; the other seats still
in the game next, ordered by honor (a game won on honor is a race, and honor measures how close each came);
seats knocked out (fortresses all captured) last, the later knocked out ahead. After a draw at the round
limit every seat still in the game shares first place. The ratings are OpenSkill's Plackett-Luce model
(Weng & Lin's Bayesian approximation, the ``openskill`` package) updated game by game in schedule order,
so the list is reproducible; ``ordinal = mu - 3 sigma`` is the usual conservative rating to sort by.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ai.tournament.outcome import GameOutcome


def finishing_ranks(winner: int | None, alive: Sequence[bool], honor: Sequence[int],
                    knocked_out: Sequence[int | None], winners: Sequence[int] = ()) -> tuple[int, ...]:
    """Rank per seat (1 = best; equal keys share a rank). ``knocked_out[s]`` is when seat ``s`` was knocked
    out (any increasing counter), None if it never was. ``winners``: the seats sharing the win in a team
    game (all first)."""
    def key(s: int) -> tuple[int, float]:
        if winner is not None and (s == winner or s in winners):
            return (0, 0.0)
        if alive[s]:
            return (1, 0.0 if winner is None else -float(honor[s]))
        return (2, -float(knocked_out[s] or 0))
    keys = [key(s) for s in range(len(alive))]
    return tuple(1 + sum(k < mine for k in keys) for mine in keys)


def is_team_game(seats: Sequence[int]) -> bool:
    """Whether a game's seats are a team game's (agent a in p1+p3, agent b in p2+p4): a 4-player lineup
    of distinct agents never looks like this."""
    return len(seats) == 4 and seats[0] == seats[2] and seats[1] == seats[3] and seats[0] != seats[1]


def openskill_ratings(agents: Sequence[str], outcomes: Iterable[GameOutcome]) -> list[dict]:
    """OpenSkill (Plackett-Luce) ratings of ``agents`` from the finishing orders of ``outcomes`` (taken in
    the given order; failed games and games without ranks are skipped). Sorted best first by ordinal."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=a) for a in agents]
    games = [0] * len(agents)
    for o in outcomes:
        if not o.ok or len(o.ranks) != len(o.seats):
            continue
        seats = o.seats[:2] if is_team_game(o.seats) else o.seats  # a team game: one entry per team
        teams = [[ratings[agent]] for agent in seats]
        new = model.rate(teams, ranks=list(o.ranks[:len(seats)]))
        for agent, team in zip(seats, new, strict=True):
            ratings[agent] = team[0]
            games[agent] += 1
    rows = [{"agent": a, "mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "ordinal": round(r.ordinal(), 4),
             "games": games[i]} for i, (a, r) in enumerate(zip(agents, ratings, strict=True))]
    rows.sort(key=lambda row: (-row["ordinal"], row["agent"]))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    return rows
