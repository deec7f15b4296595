"""Pooling benchmark reports: the games of several ``--json`` reports counted as one match per agent pair,
and two settings compared deal pair by deal pair (on 3-4 players, deal group by deal group).

Close agents are told apart by hundreds of games, which are run in chunks (``--games 10 --seed S`` for
several ``S``, between other work or on other machines). :func:`pool` adds up each pair's wins, draws,
losses and pentanomial counts over the chunks and gives the pooled score its interval
(:func:`ai.tournament.stats.estimate`). :func:`compare` pairs two settings by deal: runs of a candidate
``A`` against some opponents and runs of ``B`` against the same opponents with the same seeds (same map,
round limit and modules) play the same deals, so each deal pair's score of ``A`` less ``B``'s removes the
luck of the deal; the mean difference gets a normal 95% interval over deal pairs. On 3-4 player maps a
deal group is the N games of one seed, the tested agent in each seat in turn, and its score there is the
share of those games it wins. A game repeated in two
reports (the same seed, seats and setting) is refused, not counted twice, unless the runs are repeats
(``repeats``: a time-budgeted setting run again on the same deals plays other games); then a deal's score
is the mean of the runs that played it, so one run can be paired with the mean of several of another.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from ai.tournament.luck import luck_summary, ratio_text
from ai.tournament.report import FORMAT, VERSION
from ai.tournament.stats import Z95, EloEstimate, estimate, score_from_elo
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import load_json

#: The largest report read (a report of 100,000 games is about 30 MB).
MAX_REPORT_BYTES = 64 << 20


class PoolError(JapaneseSwordsError, ValueError):
    """A report that cannot be pooled (unreadable, not a benchmark report, a game counted twice): one line
    naming the file."""


#: What the games of a report were played under: map, round limit, rule modules.
Setting = tuple[str, int, tuple[str, ...]]


@dataclass(frozen=True)
class Run:
    """One benchmark report: where it came from, its setting, agents, per-pair counts and games."""

    path: str
    setting: Setting
    agents: tuple[str, ...]
    pairs: tuple[dict, ...]
    results: tuple[dict, ...]


def _setting_json(setting: Setting) -> dict:
    """A setting's JSON fields: map, round limit and rule modules."""
    return {"map": setting[0], "max_rounds": setting[1], "modules": list(setting[2])}


def load_run(path: str | Path) -> Run:
    """Read a ``--json`` report of :mod:`ai.tournament` (format ``japanese-swords-benchmark``, version 1);
    :class:`PoolError` naming the file and what is wrong with it."""
    return _run(str(path), load_json(path, MAX_REPORT_BYTES, PoolError, "benchmark report"))


def load_reports(path: str | Path) -> list[Run]:
    """The runs of one ``--json`` file: a benchmark report, or a league's (``bench --league``: one report a
    style, each run named ``FILE (STYLE)``); :class:`PoolError` naming the file."""
    data = load_json(path, MAX_REPORT_BYTES, PoolError, "benchmark report")
    if isinstance(data, dict) and set(data) == {"league"}:
        if not isinstance(data["league"], list) or not data["league"]:
            raise PoolError(f"{path}: malformed league report (its 'league' is not a list of reports)")
        runs = [_run(f"{path} (league report {i + 1})", report) for i, report in enumerate(data["league"])]
        return [replace(r, path=f"{path} ({'+'.join(r.agents[1:])})") for r in runs]
    return [_run(str(path), data)]


def _run(path: str, data: object) -> Run:
    """A report's parsed JSON as a :class:`Run` named ``path``."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise PoolError(f"{path}: not a benchmark report (no format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise PoolError(f"{path}: report version {data.get('version')!r}, this reads version {VERSION}")
    try:
        config = _object(data["config"], "config")
        setting = (str(config["map"]), _count(config["max_rounds"]),
                   tuple(map(str, _list(config.get("modules") or [], "modules"))))
        agents = tuple(str(a) for a in _list(config["agents"], "agents"))
        pairs = tuple(_pair(_object(p, "a pair")) for p in _list(data["pairs"], "pairs"))
        results = tuple(_result(_object(r, "a game"), agents) for r in _list(data["results"], "results"))
    except (KeyError, TypeError, ValueError) as exc:
        raise PoolError(f"{path}: malformed report ({_reason(exc)})") from None
    return Run(str(path), setting, agents, pairs, results)


def _reason(exc: Exception) -> str:
    """A short reason for a malformed report."""
    return f"missing {exc}" if isinstance(exc, KeyError) else str(exc) or type(exc).__name__


def _object(value: object, what: str) -> dict:
    """``value`` if it is a JSON object, else ValueError naming ``what``."""
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be an object")
    return value


def _list(value: object, what: str) -> list:
    """``value`` if it is a JSON array, else ValueError naming ``what``."""
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list")
    return value


def _count(value: object) -> int:
    """A game count: a non-negative integer (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"a count must be a non-negative integer, got {value!r}")
    return value


def _pair(p: dict) -> dict:
    """A report's pair entry, checked: the agents, the counts and the pentanomial (or None)."""
    penta = p.get("pentanomial")
    if penta is not None:
        if not isinstance(penta, list) or len(penta) != 5:
            raise ValueError("a pentanomial must list 5 counts")
        penta = [_count(x) for x in penta]
    out = {"agent": str(p["agent"]), "opponent": str(p["opponent"]), "games": _count(p["games"]),
           "wins": _count(p["wins"]), "draws": _count(p["draws"]), "losses": _count(p["losses"]),
           "pentanomial": penta if p.get("interval") == "pentanomial" else None}
    if out["wins"] + out["draws"] + out["losses"] != out["games"]:
        raise ValueError(f"{out['agent']} vs {out['opponent']}: wins, draws and losses do not add up to the games")
    return out


def _result(r: dict, agents: tuple[str, ...]) -> dict:
    """A report's game entry, checked: its seed, seats and winner (None: a draw; games with an error are
    kept with ``error`` set and count for nothing)."""
    seats = tuple(str(s) for s in _list(r["seats"], "seats"))
    winner = r.get("winner")
    if any(s not in agents for s in seats) or (winner is not None and winner not in seats):
        raise ValueError(f"game {r.get('game')!r} names an agent the report does not play")
    luck = r.get("luck")
    if luck is not None:
        luck = tuple(_number(x) for x in _list(luck, "luck"))
        if len(luck) != len(seats):
            raise ValueError(f"game {r.get('game')!r} has {len(luck)} luck values for {len(seats)} seats")
    return {"seed": _count(r["seed"]), "group": _count(r["group"]), "seats": seats,
            "winner": None if winner is None else str(winner), "error": r.get("error"), "luck": luck}


def _number(value: object) -> float:
    """A finite JSON number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"a luck value must be a finite number, got {value!r}")
    return float(value)


def load_runs(paths: list[str | Path], repeats: bool = False) -> list[Run]:
    """:func:`load_reports` of each path, refusing a game that two reports (or one) hold twice. With ``repeats``
    reports may replay the same seeds (a setting run again on the same deals, whose games differ under a
    time budget): then only a report given twice or a copy of another (the same games, result for result)
    is refused."""
    runs = [run for p in paths for run in load_reports(p)]
    seen: dict[tuple, str] = {}
    copies: dict[tuple, str] = {}
    for run in runs:
        for r in run.results:
            key = (run.setting, r["seed"], r["seats"])
            if key in seen and (not repeats or seen[key] == run.path):
                where = "twice" if seen[key] == run.path else f"as {seen[key]} does"
                raise PoolError(f"{run.path}: holds the game of seed {r['seed']} ({' v '.join(r['seats'])}) {where}: "
                                "pool each run once (--repeats pools runs of the same seeds)")
            seen[key] = run.path
        if repeats:
            games = (run.setting, tuple(json.dumps(r, sort_keys=True) for r in run.results))
            if games in copies:
                raise PoolError(f"{run.path}: the same games, result for result, as {copies[games]}: "
                                "pool each run once")
            copies[games] = run.path
    return runs


@dataclass
class PooledPair:
    """One agent pair's games over every pooled report of one setting."""

    agent: str
    opponent: str
    setting: Setting
    files: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    pentanomial: list[int] | None = field(default_factory=lambda: [0] * 5)

    @property
    def estimate(self) -> EloEstimate:
        """The pooled score, Elo and 95% interval: over game pairs (pentanomial) when every report paired
        its games, else over games."""
        if self.pentanomial is not None and sum(self.pentanomial) * 2 == self.games:
            return estimate(self.pentanomial)
        return estimate([self.losses, self.draws, self.wins])

    def to_json(self) -> dict:
        """JSON-ready figures of the pair (infinite Elo bounds as None)."""
        est = self.estimate
        return {"agent": self.agent, "opponent": self.opponent, **_setting_json(self.setting), "files": self.files,
                "games": self.games, "wins": self.wins, "draws": self.draws, "losses": self.losses,
                "pentanomial": self.pentanomial, "score": _num(est.score),
                "score_low": _num(score_from_elo(est.low)), "score_high": _num(score_from_elo(est.high)),
                "elo": _num(est.elo), "elo_low": _num(est.low), "elo_high": _num(est.high)}


def pool(runs: list[Run]) -> list[PooledPair]:
    """Each (agent, opponent, setting)'s counts added up over ``runs``, in order of first appearance."""
    out: dict[tuple, PooledPair] = {}
    for run in runs:
        for p in run.pairs:
            key = (p["agent"], p["opponent"], run.setting)
            pooled = out.get(key)
            if pooled is None:
                pooled = out[key] = PooledPair(p["agent"], p["opponent"], run.setting)
            pooled.files += 1
            pooled.games += p["games"]
            pooled.wins += p["wins"]
            pooled.draws += p["draws"]
            pooled.losses += p["losses"]
            if pooled.pentanomial is not None and p["pentanomial"] is not None:
                pooled.pentanomial = [a + b for a, b in zip(pooled.pentanomial, p["pentanomial"], strict=True)]
            else:
                pooled.pentanomial = None
    return list(out.values())


def deal_pairs(runs: list[Run], side: str) -> tuple[str, dict[tuple, float]]:
    """The tested agent of ``runs`` (each report's first agent, the same in all) and its score in each deal
    group: key (setting, opponents, seed) -> its mean points over the group's games, one per seat rotation
    of the N sides seated (a win 1, a draw 1/N: half on two players and in a team game, whose two agents
    hold two seats each; on 3-4 players the score is the share of games won); a deal that several runs
    played all of (``--repeats``) scores the mean of their scores. ``side`` names the runs in errors."""
    tested, groups = deal_groups(runs, side)
    return tested, {k: score for k, (score, _luck) in groups.items()}


def deal_groups(runs: list[Run], side: str) -> tuple[str, dict[tuple, tuple[float, float | None]]]:
    """As :func:`deal_pairs`, with each group's mean luck of the tested agent beside its score (None unless
    every game of the group measured it: ``--luck``)."""
    tested = {run.agents[0] for run in runs}
    if len(tested) != 1:
        raise PoolError(f"the {side} runs test more than one agent ({', '.join(sorted(tested))}): "
                        "give one setting a side")
    games: dict[tuple, list[float]] = defaultdict(list)  # (run, deal group) -> the tested agent's points
    lucks: dict[tuple, list[float | None]] = defaultdict(list)
    seats: dict[tuple, int] = {}
    for i, run in enumerate(runs):
        me, opponents = run.agents[0], "+".join(run.agents[1:])
        for r in run.results:
            if r["error"] is None:
                n = len(set(r["seats"]))  # the sides: a team game seats two agents twice each
                if me not in r["seats"]:
                    raise PoolError(f"{run.path}: game of seed {r['seed']} does not seat the tested agent {me}: "
                                    "a paired comparison takes runs of one lineup")
                points = 1.0 if r["winner"] == me else 1.0 / n if r["winner"] is None else 0.0
                key = (i, (run.setting, opponents, r["seed"]))
                games[key].append(points)
                mine = [x for a, x in zip(r["seats"], r["luck"] or (), strict=False) if a == me]
                lucks[key].append(sum(mine) / len(mine) if mine else None)
                seats[key] = n
    runs_of: dict[tuple, list[tuple[float, float | None]]] = defaultdict(list)  # a deal's complete runs
    for (i, k), v in games.items():
        if len(v) == seats[i, k]:
            luck = [x for x in lucks[i, k] if x is not None]
            runs_of[k].append((sum(v) / len(v), sum(luck) / len(luck) if len(luck) == len(v) else None))
    out: dict[tuple, tuple[float, float | None]] = {}
    for k, scores in runs_of.items():  # a deal played by several runs (--repeats) scores their mean
        lucky = [x for _, x in scores if x is not None]
        out[k] = (sum(x for x, _ in scores) / len(scores),
                  sum(lucky) / len(lucky) if len(lucky) == len(scores) else None)
    return tested.pop(), out


@dataclass(frozen=True)
class LuckRow:
    """The tested agent's raw, luck-adjusted and cross-fitted scores over the deal groups of one lineup
    whose every game measured its luck (:func:`ai.tournament.luck.luck_summary`)."""

    agent: str
    opponents: str
    setting: Setting
    summary: dict

    def to_json(self) -> dict:
        """JSON-ready figures."""
        return {"agent": self.agent, "opponents": self.opponents.split("+"), **_setting_json(self.setting),
                **self.summary}


def luck_pool(runs: list[Run]) -> list[LuckRow]:
    """Per lineup of ``runs`` (its agents and setting), the tested agent's luck summary over the deal groups
    with luck measured; lineups without any, and runs of more agents than a game seats (a round robin),
    have none."""
    lineups: dict[tuple, list[Run]] = {}
    for run in runs:
        if any(r["luck"] is not None for r in run.results) and all(
                len(set(r["seats"])) == len(run.agents) for r in run.results):
            lineups.setdefault((run.agents, run.setting), []).append(run)
    out = []
    for (agents, setting), group in lineups.items():
        tested, groups = deal_groups(group, "pooled")
        measured = [(score, luck) for score, luck in groups.values() if luck is not None]
        if measured:
            summary = luck_summary([x for x, _ in measured], [y for _, y in measured])
            out.append(LuckRow(tested, "+".join(agents[1:]), setting, summary))
    return out


@dataclass(frozen=True)
class Difference:
    """The mean of per-deal-pair differences with its normal 95% interval."""

    n: int
    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, diffs: list[float]) -> Difference:
        """The mean and interval of ``diffs`` (one value: no interval)."""
        n = len(diffs)
        mean = sum(diffs) / n
        if n < 2:
            return cls(n, mean, -math.inf, math.inf)
        half = Z95 * math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return cls(n, mean, mean - half, mean + half)

    def to_json(self) -> dict:
        """JSON-ready figures (an unbounded interval as None)."""
        return {"pairs": self.n, "difference": _num(self.mean), "low": _num(self.low), "high": _num(self.high)}


@dataclass(frozen=True)
class WinShare:
    """On a 3-4 player map, the tested agent's share of the games won against one lineup of opponents over
    the pooled runs, with a normal 95% interval over its deals (a seed's games, one a seat)."""

    agent: str
    opponents: str
    setting: Setting
    players: int
    games: int
    share: Difference

    def to_json(self) -> dict:
        """JSON-ready figures (``even``: the share of a seat among equals, 1/N)."""
        return {"agent": self.agent, "opponents": self.opponents.split("+"), **_setting_json(self.setting),
                "games": self.games,
                "deals": self.share.n, "share": _num(self.share.mean), "low": _num(self.share.low),
                "high": _num(self.share.high), "even": round(1 / self.players, 4)}


def win_shares(runs: list[Run]) -> list[WinShare]:
    """Each 3-4 player lineup's tested agent (a report's first agent) and its share of the games won over
    ``runs`` (:func:`deal_pairs`), in order of first appearance; two-player runs, and runs of more agents
    than seats (several lineups), have none."""
    groups: dict[tuple, list[Run]] = {}
    for run in runs:
        if run.results and len(run.agents) > 2 and all(len(r["seats"]) == len(run.agents) for r in run.results):
            groups.setdefault((run.agents, run.setting), []).append(run)
    out = []
    for (agents, setting), group in groups.items():
        tested, scores = deal_pairs(group, "pooled")
        if scores:
            games = sum(1 for run in group for r in run.results if r["error"] is None)
            out.append(WinShare(tested, "+".join(agents[1:]), setting, len(agents), games,
                                Difference.of(list(scores.values()))))
    return out


@dataclass(frozen=True)
class Comparison:
    """Two settings paired by deal: each side's score over the common deal pairs and the difference, overall
    and per opponent."""

    a: str
    b: str
    score_a: float
    score_b: float
    overall: Difference
    by_opponent: dict[str, Difference]

    def to_json(self) -> dict:
        """JSON-ready figures."""
        return {"a": self.a, "b": self.b, "score_a": _num(self.score_a), "score_b": _num(self.score_b),
                **self.overall.to_json(), "by_opponent": {k: v.to_json() for k, v in self.by_opponent.items()}}


def compare(a_runs: list[Run], b_runs: list[Run]) -> Comparison:
    """Setting A's runs against setting B's, deal pair by deal pair (the deal pairs both sides played)."""
    a, scores_a = deal_pairs(a_runs, "first")
    b, scores_b = deal_pairs(b_runs, "--against")
    common = [k for k in scores_a if k in scores_b]
    if not common:
        raise PoolError("no deal pair is common to both sides: run them with the same seeds, map, round limit "
                        "and opponents")
    by: dict[str, list[float]] = defaultdict(list)
    for k in common:
        by[k[1]].append(scores_a[k] - scores_b[k])
    overall = Difference.of([scores_a[k] - scores_b[k] for k in common])
    return Comparison(a, b, sum(scores_a[k] for k in common) / len(common),
                      sum(scores_b[k] for k in common) / len(common), overall,
                      {opp: Difference.of(d) for opp, d in by.items()})


def _num(x: float) -> float | None:
    """A figure rounded to 4 places; an infinite or undefined one as None."""
    return None if math.isinf(x) or math.isnan(x) else round(x, 4)


def _interval(low: float | None, high: float | None) -> str:
    """``(low-high)`` of a score, or ``(no interval)`` without games."""
    return "(no interval)" if low is None or high is None else f"({low:.3f}-{high:.3f})"


def format_pool(pairs: list[PooledPair]) -> str:
    """The pooled pairs as text, one line each."""
    lines = []
    for p in pairs:
        j = p.to_json()
        modules = f" +{'+'.join(p.setting[2])}" if p.setting[2] else ""
        setting = f"{p.setting[0]}{modules}, max {p.setting[1]} rounds"
        penta = f"; pentanomial {p.pentanomial}" if p.pentanomial is not None else ""
        elo = "" if j["elo"] is None else f", Elo {j['elo']:+.0f}"
        lines.append(f"{p.agent} vs {p.opponent} ({setting}): {p.games} games in {p.files} reports, "
                     f"{p.wins}-{p.draws}-{p.losses}, score {j['score']:.3f} "
                     f"{_interval(j['score_low'], j['score_high'])}{elo}{penta}")
    return "\n".join(lines)


def format_shares(shares: list[WinShare]) -> str:
    """The 3-4 player win shares as text, one line each."""
    lines = []
    for w in shares:
        d = w.share
        span = "" if math.isinf(d.low) else f" (95% {d.low:.3f}-{d.high:.3f} over {d.n} deals)"
        lines.append(f"{w.agent} against {w.opponents.replace('+', ', ')} ({w.setting[0]}): wins {d.mean:.3f} of "
                     f"{w.games} games{span}; even is {1 / w.players:.3f}")
    return "\n".join(lines)


def format_luck(rows: list[LuckRow]) -> str:
    """The pooled luck-adjusted scores as text, one line each (docs/benchmark.md, "Luck-adjusted score")."""
    def cell(x: dict) -> str:
        if x["low"] is None:
            return f"{x['mean']:.3f}"
        return f"{x['mean']:.3f} ({x['low']:.3f}-{x['high']:.3f})"

    lines = []
    for row in rows:
        s = row.summary
        betas = ", ".join(f"{b:.2f}" for b in s["betas"])
        lines.append(f"{row.agent} vs {row.opponents.replace('+', ', ')} ({row.setting[0]}), luck over {s['groups']} "
                     f"deal groups: raw {cell(s['raw'])}, adjusted {cell(s['adjusted'])} variance "
                     f"{ratio_text(s['variance_ratio'])}, cross-fitted {cell(s['crossfit'])} variance "
                     f"{ratio_text(s['crossfit_ratio'])} (factors {betas})")
    return "\n".join(lines)


def format_comparison(c: Comparison) -> str:
    """The paired comparison as text."""
    def diff(d: Difference) -> str:
        span = "" if math.isinf(d.low) else f" (95% {d.low:+.3f} to {d.high:+.3f})"
        return f"{d.mean:+.3f}{span} over {d.n} deal pairs"

    lines = [f"{c.a} against {c.b}, paired by deal: {diff(c.overall)}; "
             f"scores {c.score_a:.3f} and {c.score_b:.3f} on those deals"]
    if len(c.by_opponent) > 1:
        lines += [f"  against {opp}: {diff(d)}" for opp, d in c.by_opponent.items()]
    return "\n".join(lines)
