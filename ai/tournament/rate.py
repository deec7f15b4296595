"""Rating a folder of game records: Bradley-Terry (logistic Elo) ratings with 95% intervals and OpenSkill
ratings of every agent named in the records' seats, whoever played them and however they were scheduled.

Each record is replayed and verified. A game counts as pairwise results between its seats by finishing
order (:func:`ai.tournament.ranking.finishing_ranks`): on 2 players the win, loss or draw; on 3-4 players
the winner beats every other seat, and the others are ordered by honor (knocked-out seats last). In a team
game the result is the team's: both partners of the winning team win (and each beats both rivals), and
partners are never compared with each other. Two seats played by the same agent are not compared. The fit
is :func:`ai.tournament.stats.fit_ratings` (anchored at ``random`` when it played, else the mean is 0); per
pair, the score's interval is the trinomial one of :func:`ai.tournament.stats.estimate`. Unfinished games
are left out and counted.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from ai.tournament.games import GameOutcome
from ai.tournament.provenance import provenance
from ai.tournament.ranking import finishing_ranks, openskill_ratings
from ai.tournament.report import _finite
from ai.tournament.stats import estimate, fit_ratings
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.modules import teams
from japanese_swords.records import load_record

FORMAT = "japanese-swords-ratings"
VERSION = 1
PRIOR_DRAWS = 1.0


def _outcome(index: int, names: list[str], seats: list[str], state) -> GameOutcome:
    """A record's final state as a tournament outcome (agent indices by seat, finishing ranks; in a team
    game both partners of the winning team share the win)."""
    for name in seats:
        if name not in names:
            names.append(name)
    alive = list(state.alive)
    winners = teams.winning_seats(state) if teams.active(state) else ()
    ranks = finishing_ranks(state.winner, alive, list(state.honor), [None if a else 0 for a in alive], winners)
    return GameOutcome(index, 0, 0, 0, 0, tuple(names.index(s) for s in seats), winner=state.winner,
                       rounds=state.round, honor=tuple(state.honor), ranks=ranks, winners=winners)


def _opponents(team_game: bool, i: int, j: int) -> bool:
    """Whether seats ``i`` and ``j`` played against each other: partners in a team game (seats 1+3, 2+4)
    did not, whatever their finishing places."""
    return not team_game or teams.partner(i) != j


def rate(files: Iterable[Path], anchor: str | None = None) -> dict:
    """Read, verify and rate the records; a JSON-ready summary (floats rounded, infinities as None)."""
    names: list[str] = []
    outcomes: list[GameOutcome] = []
    team_games: list[bool] = []
    unfinished = 0
    count = 0
    for path in files:
        count += 1
        record = load_record(path)
        state = record.verify()
        if not state.is_terminal():
            unfinished += 1
            continue
        outcomes.append(_outcome(len(outcomes), names, record.seats, state))
        team_games.append(teams.active(state))
    n = len(names)
    pts, cnt = np.zeros((n, n)), np.zeros((n, n))
    wdl = {}
    for o, team_game in zip(outcomes, team_games, strict=True):
        for i, a in enumerate(o.seats):
            for j, b in enumerate(o.seats):
                if i >= j or a == b or not _opponents(team_game, i, j):
                    continue
                s = 1.0 if o.ranks[i] < o.ranks[j] else 0.5 if o.ranks[i] == o.ranks[j] else 0.0
                pts[a, b] += s
                pts[b, a] += 1.0 - s
                cnt[a, b] += 1
                cnt[b, a] += 1
                lo, hi = min(a, b), max(a, b)
                w = wdl.setdefault((lo, hi), [0, 0, 0])  # losses, draws, wins of ``lo``
                w[int(2 * (s if a == lo else 1.0 - s))] += 1
    if anchor is not None and anchor not in names:
        raise JapaneseSwordsError(f"anchor {anchor!r} played no game in these records (agents: {', '.join(names)})")
    anchor = anchor or ("random" if "random" in names else None)
    ratings = fit_ratings(names, pts, cnt, anchor=anchor, prior_draws=PRIOR_DRAWS)
    games = [sum(1 for o in outcomes if k in o.seats) for k in range(n)]
    wins = [sum(1 for o in outcomes if any(o.won(s) for s, a in enumerate(o.seats) if a == k)) for k in range(n)]
    rows = [{"agent": r.agent, "elo": _finite(r.elo), "elo_low": _finite(r.low), "elo_high": _finite(r.high),
             "games": games[k], "wins": wins[k],
             "score": _finite(pts[k].sum() / cnt[k].sum()) if cnt[k].sum() else None}
            for k, r in enumerate(ratings)]
    rows.sort(key=lambda row: (-(row["elo"] if row["elo"] is not None else -math.inf), row["agent"]))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    pairs = []
    for (a, b), counts in sorted(wdl.items()):
        est = estimate(counts)
        pairs.append({"agent": names[a], "opponent": names[b], "games": sum(counts), "wins": counts[2],
                      "draws": counts[1], "losses": counts[0], "score": _finite(est.score), "elo": _finite(est.elo),
                      "elo_low": _finite(est.low), "elo_high": _finite(est.high)})
    return {"format": FORMAT, "version": VERSION, "records": count, "rated": len(outcomes),
            "unfinished": unfinished, "ratings": rows, "pairs": pairs,
            "rating_model": {"model": "Bradley-Terry (logistic Elo), maximum likelihood, pairwise by finishing "
                                      "order", "anchor": anchor or "mean", "prior_draws": PRIOR_DRAWS},
            "openskill": openskill_ratings(names, outcomes), "provenance": provenance()}


def _num(x: float | None, score: float | None) -> str:
    """An Elo value; None stands for an infinite one, whose sign the score tells."""
    if x is None:
        return "+inf" if (score or 0.0) > 0.5 else "-inf"
    return f"{x:+.0f}"


def format_ratings(summary: dict) -> str:
    """The rating list and the pairs as a text table."""
    lines = [f"{summary['rated']} games rated ({summary['records']} records, {summary['unfinished']} unfinished); "
             f"Elo anchor: {summary['rating_model']['anchor']}",
             f"{'rank':>4}  {'agent':<32} {'games':>5} {'wins':>5} {'score':>6}  {'Elo':>6}  95% interval"]
    for r in summary["ratings"]:
        score = "-" if r["score"] is None else f"{r['score']:.3f}"
        lo = "-inf" if r["elo_low"] is None else f"{r['elo_low']:+.0f}"
        hi = "+inf" if r["elo_high"] is None else f"{r['elo_high']:+.0f}"
        elo = "-" if r["elo"] is None else f"{r['elo']:+.0f}"
        lines.append(f"{r['rank']:>4}  {r['agent'][:32]:<32} {r['games']:>5} {r['wins']:>5} {score:>6}  {elo:>6}  "
                     f"[{lo}, {hi}]")
    if summary["pairs"]:
        lines.append("pairs (agent vs opponent: wins-draws-losses, Elo of the agent and its 95% interval):")
        for p in summary["pairs"]:
            lo = "-inf" if p["elo_low"] is None else f"{p['elo_low']:+.0f}"
            hi = "+inf" if p["elo_high"] is None else f"{p['elo_high']:+.0f}"
            lines.append(f"  {p['agent']} vs {p['opponent']}: {p['wins']}-{p['draws']}-{p['losses']}, "
                         f"Elo {_num(p['elo'], p['score'])} [{lo}, {hi}]")
    return "\n".join(lines)
