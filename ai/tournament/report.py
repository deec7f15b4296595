"""Turning a tournament result into numbers and files: the summary, the printed table, JSON and CSV.

:func:`summarize` computes everything once (pair estimates, the rating list, the SPRT line) into a plain
JSON-ready dict; the table, JSON and CSV writers only format it. Unbounded Elo values (a 0% or 100%
score) are ``null`` in JSON, ``inf``/``-inf`` in CSV and ``+inf``/``-inf`` in the table. Files are
written atomically (temporary file in the same folder, then rename).
"""

from __future__ import annotations

import csv
import io
import json
import math
from pathlib import Path

from ai.tournament.luck import luck_rows, ratio_text
from ai.tournament.provenance import provenance, termination
from ai.tournament.ranking import openskill_ratings
from ai.tournament.runner import TournamentResult
from ai.tournament.stats import estimate, fit_ratings
from japanese_swords.fileio import write_atomic

FORMAT = "japanese-swords-benchmark"
VERSION = 1
ANCHOR = "random"
PRIOR_DRAWS = 1.0
CSV_FIELDS = ["kind", "agent", "opponent", "games", "wins", "draws", "losses", "score", "elo", "elo_low",
              "elo_high", "los", "mu", "sigma", "ordinal"]


def _finite(x: float) -> float | None:
    """A float for JSON: non-finite values become None (JSON has no infinity)."""
    return None if x is None or not math.isfinite(x) else round(x, 4)


def summarize(result: TournamentResult, sweep: dict | None = None) -> dict:
    """Everything the report shows, as JSON-ready data (floats rounded to 4 places, inf -> None).

    ``sweep`` (``{"key": name, "specs": [...], "values": [...]}``) adds the Elo-against-budget series.
    """
    sched, t = result.schedule, result.tally
    names = list(sched.agents)
    pairs = []
    for (a, b), p in sorted(t.pairs.items()):
        paired = sched.paired and sum(p.pentanomial) * 2 == p.games and p.games > 0
        est = estimate(p.pentanomial if paired else p.trinomial())
        pairs.append({
            "agent": names[a], "opponent": names[b], "games": p.games, "wins": p.wins, "draws": p.draws,
            "losses": p.losses, "score": _finite(est.score), "elo": _finite(est.elo),
            "elo_low": _finite(est.low), "elo_high": _finite(est.high), "los": _finite(est.los),
            "interval": "pentanomial" if paired else "trinomial",
            "pentanomial": list(p.pentanomial) if sched.paired else None,
        })
    pts, cnt = t.matrices()
    anchor = ANCHOR if ANCHOR in names else None
    ratings = fit_ratings(names, pts, cnt, anchor=anchor, prior_draws=PRIOR_DRAWS)
    rows = []
    for r in ratings:
        at = t.agents[names.index(r.agent)]
        rows.append({
            "agent": r.agent, "elo": _finite(r.elo), "elo_low": _finite(r.low), "elo_high": _finite(r.high),
            "stderr": _finite(r.stderr), "games": at.games, "wins": at.wins, "draws": at.draws,
            "losses": at.losses, "score": _finite(at.points / at.games) if at.games else None,
        })
    rows.sort(key=lambda row: (-(row["elo"] if row["elo"] is not None else -math.inf), row["agent"]))
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
    summary = {
        "format": FORMAT, "version": VERSION,
        "config": result.config.to_json(),
        "status": result.status,
        "games": {"scheduled": len(sched.tasks), "finished": len(result.outcomes), "counted": t.games,
                  "failed": len(t.errors), "draws": t.draws, "seat_wins": list(t.seat_wins),
                  "per_lineup": sched.games_per_lineup},
        "pairs": pairs,
        "ratings": rows,
        "rating_model": {"model": "Bradley-Terry (logistic Elo), maximum likelihood",
                         "anchor": anchor or "mean", "prior_draws": PRIOR_DRAWS},
        "openskill": openskill_ratings(names, result.outcomes),
        "sprt": None if result.sprt is None else {
            **result.sprt.to_json(), "llr": _finite(result.sprt.llr), "tested": names[0], "opponent": names[1]},
        "errors": [{"game": o.index, "seed": o.seed, "seats": [names[i] for i in o.seats],
                    "culprit": None if o.culprit is None else names[o.seats[o.culprit]], "error": o.error}
                   for o in t.errors],
        "results": [{"game": o.index, "lineup": o.lineup, "group": o.group, "seed": o.seed,
                     "seats": [names[i] for i in o.seats],
                     "winner": None if o.winner is None or not o.ok else names[o.seats[o.winner]],
                     "winner_seat": None if o.winner is None or not o.ok else o.winner + 1,
                     "rounds": o.rounds, "honor": list(o.honor), "ranks": list(o.ranks), "error": o.error,
                     "termination": termination(o.winner, o.honor, o.ok, o.error),
                     **({"luck": [round(x, 4) for x in o.luck]} if o.luck else {})}
                    for o in result.outcomes],
        "notes": list(result.notes),
        "run": {"backend": result.backend, "jobs": result.jobs, "seconds": round(result.elapsed, 2),
                "provenance": provenance()},
    }
    if result.config.luck:
        summary["luck"] = {"value": result.config.luck, "rows": _rounded(luck_rows(sched, result.outcomes))}
    if sweep is not None:
        by_agent = {row["agent"]: row for row in rows}
        summary["sweep"] = {"key": sweep["key"], "points": [
            {"agent": s, "value": v, "elo": by_agent[s]["elo"], "elo_low": by_agent[s]["elo_low"],
             "elo_high": by_agent[s]["elo_high"]} for s, v in zip(sweep["specs"], sweep["values"], strict=True)]}
    return summary


def _rounded(data: object) -> object:
    """JSON-ready data with every float rounded to 4 places."""
    if isinstance(data, float):
        return round(data, 4)
    if isinstance(data, dict):
        return {k: _rounded(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_rounded(v) for v in data]
    return data


def _luck_lines(luck: dict) -> list[str]:
    """The luck-adjusted scores beside the raw ones (docs/benchmark.md, "Luck-adjusted score")."""
    def cell(x: dict) -> str:
        if x["low"] is None:
            return f"{100 * x['mean']:6.1f}%  (one sample)"
        return f"{100 * x['mean']:6.1f}% [{100 * x['low']:5.1f}, {100 * x['high']:5.1f}]"

    rows = luck["rows"]
    width = max([len(f"{r['agent']} vs {', '.join(r['lineup'])}") for r in rows] + [4])
    lines = ["", f"luck-adjusted score (value {luck['value']}; control variate at the chance events; 95% intervals "
                 f"over game groups; cross-fitted: the luck scaled by the other half's slope)",
             f"{'agent':<{width}}  groups   raw score                 adjusted score            variance  "
             f"cross-fitted score        variance"]
    for r in rows:
        lines.append(f"{r['agent'] + ' vs ' + ', '.join(r['lineup']):<{width}}  {r['groups']:6d}   "
                     f"{cell(r['raw']):<25} {cell(r['adjusted']):<25} {ratio_text(r['variance_ratio']):<9} "
                     f"{cell(r['crossfit']):<25} {ratio_text(r['crossfit_ratio'])}")
    return lines


def _elo(x: float | None, score: float | None = None) -> str:
    """Table text for an Elo value; None means unbounded (direction from the score when known)."""
    if x is None:
        if score is None:
            return "n/a"
        return "+inf" if score >= 0.5 else "-inf"
    return f"{x:+.1f}"


def _bound(x: float | None, upper: bool) -> str:
    """Table text for an interval end; None is an unbounded end."""
    if x is None:
        return "+inf" if upper else "-inf"
    return f"{x:+.1f}"


def format_table(summary: dict) -> str:
    """The human-readable report: header, pairs, rating list, seats, SPRT line, errors and notes."""
    c, g = summary["config"], summary["games"]
    rounds = f"max {c['max_rounds']} rounds" if c["max_rounds"] else "no round limit"
    status = {"complete": "complete", "sprt": "stopped by SPRT", "interrupted": "INTERRUPTED (partial)"}
    if c.get("modules"):  # rule modules (docs/variants.md)
        rounds += ", modules " + " ".join(c["modules"])
    lines = [f"Japanese Swords AI benchmark: map {c['map']}, {rounds}, seed {c['seed']}, "
             f"{g['per_lineup']} games per {'pair' if len(g['seat_wins']) == 2 else 'lineup'}; "
             f"{status[summary['status']]}: {g['counted']} of {g['scheduled']} games counted"
             + (f", {g['failed']} failed" if g["failed"] else "") + f" ({summary['run']['seconds']:.1f} s)",
             ""]
    width = max([len(f"{p['agent']} vs {p['opponent']}") for p in summary["pairs"]] + [4])
    lines.append(f"{'pair':<{width}}  games    W    D    L   score      Elo  95% interval        LOS")
    for p in summary["pairs"]:
        name = f"{p['agent']} vs {p['opponent']}"
        score = "n/a" if p["score"] is None else f"{100 * p['score']:.1f}%"
        los = "n/a" if p["los"] is None or p["games"] == 0 else f"{100 * p['los']:.1f}%"
        interval = f"[{_bound(p['elo_low'], False)}, {_bound(p['elo_high'], True)}]"
        lines.append(f"{name:<{width}}  {p['games']:5d} {p['wins']:4d} {p['draws']:4d} {p['losses']:4d} "
                     f"{score:>7} {_elo(p['elo'], p['score']):>8}  {interval:<18} {los:>6}")
    rm = summary["rating_model"]
    anchor = f"{rm['anchor']} = 0" if rm["anchor"] != "mean" else "mean = 0"
    lines += ["", f"rating list (Bradley-Terry maximum likelihood, {anchor}, {rm['prior_draws']:g} virtual draw "
                  f"per pair; 95% intervals)"]
    width = max([len(r["agent"]) for r in summary["ratings"]] + [5])
    lines.append(f"rank  {'agent':<{width}}      Elo  95% interval        games   score")
    for r in summary["ratings"]:
        if rm["anchor"] == r["agent"]:
            interval = "(anchor)"
        else:
            interval = f"[{_bound(r['elo_low'], False)}, {_bound(r['elo_high'], True)}]"
        score = "n/a" if r["score"] is None else f"{100 * r['score']:.1f}%"
        lines.append(f"{r['rank']:>4}  {r['agent']:<{width}} {_elo(r['elo']):>8}  {interval:<18} "
                     f"{r['games']:6d} {score:>7}")
    lines += ["", "OpenSkill (Plackett-Luce over every game's full finishing order; ordinal = mu - 3 sigma)"]
    lines.append(f"rank  {'agent':<{width}}       mu   sigma  ordinal  games")
    for r in summary["openskill"]:
        lines.append(f"{r['rank']:>4}  {r['agent']:<{width}} {r['mu']:8.2f} {r['sigma']:7.2f} {r['ordinal']:8.2f} "
                     f"{r['games']:6d}")
    if summary.get("luck"):
        lines += _luck_lines(summary["luck"])
    seats = ", ".join(f"p{i + 1} {w}" for i, w in enumerate(g["seat_wins"]))
    lines += ["", f"wins by seat: {seats}; draws (round limit) {g['draws']}"]
    if summary.get("sweep"):
        sw = summary["sweep"]
        pts = ", ".join(f"{pt['value']:g}: {_elo(pt['elo'])}" for pt in sw["points"])
        lines.append(f"sweep over {sw['key']}: {pts}")
    s = summary["sprt"]
    if s is not None:
        verdict = {"H1": f"H1 accepted: {s['tested']} is stronger than {s['opponent']}",
                   "H0": f"H0 accepted: {s['tested']} is not {s['elo1']:g} Elo stronger than {s['opponent']}",
                   None: "no decision"}[s["result"]]
        llr = "n/a" if s["llr"] is None else f"{s['llr']:.2f}"
        lines.append(f"SPRT {s['model']} elo0={s['elo0']:g} elo1={s['elo1']:g} alpha={s['alpha']:g} "
                     f"beta={s['beta']:g}: LLR {llr} ({s['lower_bound']:.2f}, {s['upper_bound']:.2f}), "
                     f"pentanomial {s['pentanomial']}: {verdict}")
    for e in summary["errors"]:
        lines.append(f"error in game {e['game']} (seed {e['seed']}, {' / '.join(e['seats'])}): {e['error']}")
    for note in summary["notes"]:
        lines.append(f"note: {note}")
    return "\n".join(lines)


def atomic_write(path: str | Path, data: str | bytes) -> None:
    """Write text or bytes all or nothing (:func:`japanese_swords.fileio.write_atomic`, the program's one
    atomic-write helper: temporary file in the same folder, fsync, rename, umask-derived mode)."""
    write_atomic(path, data)


def to_json(summary: dict) -> str:
    """The summary as JSON text (strict: no NaN or Infinity)."""
    return json.dumps(summary, indent=1, allow_nan=False) + "\n"


def to_csv(summary: dict) -> str:
    """One row per rated agent (``kind=rating``), per pair (``kind=pair``) and per OpenSkill rating
    (``kind=openskill``)."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    w.writeheader()

    def num(x: float | None, upper: bool) -> str:
        """CSV text for an Elo value; None is unbounded."""
        return ("inf" if upper else "-inf") if x is None else repr(x)

    for r in summary["ratings"]:
        w.writerow({"kind": "rating", "agent": r["agent"], "opponent": "", "games": r["games"],
                    "wins": r["wins"], "draws": r["draws"], "losses": r["losses"],
                    "score": "" if r["score"] is None else r["score"], "elo": "" if r["elo"] is None else r["elo"],
                    "elo_low": "" if r["elo_low"] is None else r["elo_low"],
                    "elo_high": "" if r["elo_high"] is None else r["elo_high"], "los": ""})
    for p in summary["pairs"]:
        up = (p["score"] or 0) >= 0.5
        w.writerow({"kind": "pair", "agent": p["agent"], "opponent": p["opponent"], "games": p["games"],
                    "wins": p["wins"], "draws": p["draws"], "losses": p["losses"],
                    "score": "" if p["score"] is None else p["score"],
                    "elo": "" if p["score"] is None else num(p["elo"], up),
                    "elo_low": num(p["elo_low"], False), "elo_high": num(p["elo_high"], True),
                    "los": "" if p["los"] is None else p["los"]})
    for r in summary["openskill"]:
        w.writerow({"kind": "openskill", "agent": r["agent"], "games": r["games"], "mu": r["mu"],
                    "sigma": r["sigma"], "ordinal": r["ordinal"]})
    return buf.getvalue()
