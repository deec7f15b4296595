"""How much hidden information costs the search: an oracle MCTS that sees the true hands, against the
normal MCTS at equal budgets and each against a fixed opponent (greedy, or any agent spec, such as an older
release served through the protocol), and the share of that gap a bigger budget closes.

The oracle is test-only (never registered as an agent, never offered in the client): an ``MCTSAgent``
whose every sampled world is the true state of the game (the opponents' hands, a face-down commitment,
the module secrets; the deck's order stays unknown, since chance draws it later). Games are paired with
seats swapped and use the benchmark's seeds (``ai.tournament.schedule.derive_seed``), so the
``mcts-vs-opponent`` match plays the same games as ``benchmark_ai.py --agents mcts:iterations=N,greedy``.
Every game's luck (``ai.tournament.luck``, the learned value) is measured too, so each score is also
given luck-adjusted. Example::

    python tools/oracle_gap.py --iterations 50 --high 100 --games 40 --jobs 2 --json gap.json

Matches: ``oracle-vs-mcts`` (oracle at N against mcts at N), ``oracle-vs-opponent``, ``mcts-vs-opponent``
(the ``--opponent`` spec, greedy by default) and ``high-vs-low`` (mcts at ``--high`` against mcts at N).
``--time S`` gives the oracle and mcts S seconds a decision instead of N iterations (to meet an opponent
that plays on a time budget; ``high-vs-low`` needs iterations). The gap is ``score(oracle-vs-mcts) - 1/2``;
the share a setting closes is ``(score(high-vs-low) - 1/2) / gap``, with a 95% interval from a seeded
bootstrap over the game pairs (both matches share seeds, so pairs are resampled together).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

import numpy as np  # noqa: E402

from ai.agent import Agent, SpecError, make_agent, parse_spec  # noqa: E402
from ai.match import play_game  # noqa: E402
from ai.mcts.bot import MCTSAgent  # noqa: E402
from ai.mcts.evaluator import value_function  # noqa: E402
from ai.tournament.luck import adjusted, game_luck, luck_summary, ratio_text  # noqa: E402
from ai.tournament.pool import Difference  # noqa: E402
from ai.tournament.schedule import derive_seed  # noqa: E402
from ai.tournament.stats import estimate  # noqa: E402
from japanese_swords.argtypes import OneLineParser, positive_float, positive_int, whole_int  # noqa: E402
from japanese_swords.engine import State  # noqa: E402
from japanese_swords.fileio import check_output_file, write_atomic  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402
from japanese_swords.observation import Observation  # noqa: E402

MATCHES = ("oracle-vs-mcts", "oracle-vs-opponent", "mcts-vs-opponent", "high-vs-low")
BOOTSTRAP = 4000


class OracleMCTS(MCTSAgent):
    """MCTS searching the true state: every world it samples is a copy of the game as it is."""

    def __init__(self, truth: list[State], **options: object) -> None:
        """``truth[0]`` is the live game state (the game loop keeps it current)."""
        super().__init__(**options)
        self.name = "oracle-mcts"
        self._truth = truth

    def world(self, obs: Observation, rng: random.Random, known: dict[int, list[int]] | None = None) -> State:
        """The true state, whatever the observation hides."""
        return self._truth[0].clone()


def budget_text(iterations: int, seconds: float | None) -> str:
    """The oracle's and mcts's budget as a spec option: ``time=S`` with ``--time``, else ``iterations=N``."""
    return f"time={seconds:g}" if seconds is not None else f"iterations={iterations}"


def _agent(label: str, budget: str, high: int, opponent: str, truth: list[State]) -> Agent:
    """``oracle``, ``low`` (mcts at the budget), ``high`` (mcts at the high budget) or ``opponent``."""
    if label == "oracle":
        return OracleMCTS(truth, **parse_spec(f"mcts:{budget}")[1])
    if label == "high":
        return make_agent(f"mcts:iterations={high}")
    if label == "low":
        return make_agent(f"mcts:{budget}")
    return make_agent(opponent)


def _labels(match: str) -> tuple[str, str]:
    """The two sides of a match, the one measured first."""
    return {"oracle-vs-mcts": ("oracle", "low"), "oracle-vs-opponent": ("oracle", "opponent"),
            "mcts-vs-opponent": ("low", "opponent"), "high-vs-low": ("high", "low")}[match]


def play_one(job: tuple[str, int, int, str, int, str, str, int]) -> dict:
    """One game of a match: ``swap`` 0 puts the measured side in seat 1, 1 in seat 2; points and luck
    are the measured side's."""
    match, group, swap, budget, high, opponent, map_name, max_rounds = job
    seed = job_seed(group)
    game = Game(load_map(map_name), Rules(max_rounds=max_rounds))
    truth: list[State] = []
    sides = _labels(match)
    seats = [sides[0], sides[1]] if swap == 0 else [sides[1], sides[0]]

    def watch(state: State, _action: object) -> None:
        """Hand the oracle the live state (the same object all game)."""
        if not truth:
            truth.append(state)

    agents = [_agent(label, budget, high, opponent, truth) for label in seats]
    result = play_game(game, agents, seed, on_action=watch)
    me = swap
    points = [0.5] * 2 if result.winner is None else [float(s == result.winner) for s in range(2)]
    luck = game_luck(game, result.record.actions, value_function("learned"))
    return {"match": match, "group": group, "seed": seed, "seats": seats, "winner": result.winner,
            "rounds": result.rounds, "points": points[me], "adjusted": adjusted(points, luck)[me],
            "luck": luck[me]}


_BASE_SEED = [0]


def job_seed(group: int) -> int:
    """The benchmark's seed of a game pair (``--seed`` is the base)."""
    return derive_seed(_BASE_SEED[0], group)


def _init(base: int) -> None:
    """Worker start-up: the base seed."""
    _BASE_SEED[0] = base


def summarize_match(games: Sequence[dict]) -> dict:
    """Raw score (pentanomial interval) and luck-adjusted score (normal interval over pairs) of a match."""
    pairs: dict[int, list[dict]] = {}
    for g in games:
        pairs.setdefault(g["group"], []).append(g)
    full = [v for _, v in sorted(pairs.items()) if len(v) == 2]
    penta = [0] * 5
    for v in full:
        penta[int(round(2 * sum(g["points"] for g in v)))] += 1
    est = estimate(penta)
    lk = luck_summary([sum(g["points"] for g in v) / 2 for v in full],
                      [sum(g["points"] - g["adjusted"] for g in v) / 2 for v in full])
    return {"pairs": len(full), "pentanomial": penta, "score": est.score, "score_low": est.score - 1.96 * est.stderr,
            "score_high": est.score + 1.96 * est.stderr, "elo": est.elo, "elo_low": est.low, "elo_high": est.high,
            **{k: lk[k] for k in ("raw", "adjusted", "variance_ratio", "crossfit", "crossfit_ratio", "betas")}}


def _pair_scores(games: Sequence[dict], key: str) -> dict[int, float]:
    """Per game pair, the measured side's mean ``key`` (points or adjusted)."""
    pairs: dict[int, list[float]] = {}
    for g in games:
        pairs.setdefault(g["group"], []).append(g[key])
    return {k: sum(v) / 2 for k, v in pairs.items() if len(v) == 2}


def gap_share(gap_games: Sequence[dict], close_games: Sequence[dict], key: str, seed: int = 0) -> dict:
    """The share of the oracle's gap a setting closes, with a seeded bootstrap 95% interval over pairs."""
    a, b = _pair_scores(gap_games, key), _pair_scores(close_games, key)
    groups = sorted(set(a) & set(b))
    x = np.array([a[k] for k in groups]) - 0.5
    y = np.array([b[k] for k in groups]) - 0.5
    share = float(y.mean() / x.mean()) if x.mean() != 0 else None
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, len(groups), size=(BOOTSTRAP, len(groups)))
    gx, gy = x[idx].mean(axis=1), y[idx].mean(axis=1)
    ok = gx != 0
    ratios = gy[ok] / gx[ok]
    low, high = (np.percentile(ratios, [2.5, 97.5]).tolist() if ratios.size else [None, None])
    return {"pairs": len(groups), "gap": float(x.mean()), "closed": float(y.mean()), "share": share,
            "share_low": low, "share_high": high, "gap_positive_share": float((gx > 0).mean())}


def paired_difference(first: Sequence[dict], second: Sequence[dict], key: str = "points") -> dict:
    """Deal by deal, the first match's pair score less the second's (both measured against the same
    opponent on the same deals): mean and a normal 95% interval over the deals both played."""
    a, b = _pair_scores(first, key), _pair_scores(second, key)
    diffs = [a[k] - b[k] for k in sorted(set(a) & set(b))]
    if not diffs:
        return {"pairs": 0, "difference": None, "low": None, "high": None}
    return Difference.of(diffs).to_json()


def report(matches: dict[str, list[dict]], iterations: int, high: int, seconds: float | None = None,
           opponent: str = "greedy") -> dict:
    """Every match's scores plus the gap and the share the high budget closes."""
    out: dict = {"iterations": iterations, "high": high, "time": seconds, "opponent": opponent,
                 "matches": {m: summarize_match(g) for m, g in matches.items() if _pair_scores(g, "points")}}
    both = [set(_pair_scores(matches.get(m, []), "points")) for m in ("oracle-vs-mcts", "high-vs-low")]
    if both[0] & both[1]:
        out["share"] = {key: gap_share(matches["oracle-vs-mcts"], matches["high-vs-low"], key)
                        for key in ("points", "adjusted")}
    if "oracle-vs-opponent" in out["matches"] and "mcts-vs-opponent" in out["matches"]:
        o, m = out["matches"]["oracle-vs-opponent"], out["matches"]["mcts-vs-opponent"]
        out["against_opponent"] = {"oracle": o["score"], "mcts": m["score"], "cost": o["score"] - m["score"],
                                   "paired": paired_difference(matches["oracle-vs-opponent"],
                                                               matches["mcts-vs-opponent"])}
    return out


def format_report(rep: dict) -> str:
    """The report as text."""
    n, h = rep["iterations"], rep["high"]
    if rep.get("time") is not None:
        n = f"{rep['time']:g}s"
    opp = rep.get("opponent", "greedy")
    short = opp if len(opp) <= 12 else "opponent"
    names = {"oracle-vs-mcts": f"oracle@{n} vs mcts@{n}", "oracle-vs-opponent": f"oracle@{n} vs {short}",
             "mcts-vs-opponent": f"mcts@{n} vs {short}", "high-vs-low": f"mcts@{h} vs mcts@{n}"}
    lines = [] if short == opp else [f"opponent: {opp}"]
    lines.append(f"{'match':<24} pairs  raw score [95%]          adjusted score [95%]     variance  "
             f"cross-fitted [95%]       variance")

    def cell(a: dict | None) -> str:
        return "n/a" if a is None or a["low"] is None else f"{a['mean']:.3f} [{a['low']:.3f}, {a['high']:.3f}]"

    for m, s in rep["matches"].items():
        lines.append(f"{names[m]:<24} {s['pairs']:5d}  {s['score']:.3f} [{s['score_low']:.3f}, "
                     f"{s['score_high']:.3f}]    {cell(s['adjusted']):<24} {ratio_text(s['variance_ratio']):<9} "
                     f"{cell(s.get('crossfit')):<24} {ratio_text(s.get('crossfit_ratio'))}")
    for key, sh in rep.get("share", {}).items():
        share = "n/a" if sh["share"] is None else f"{sh['share']:.2f}"
        lo = "n/a" if sh["share_low"] is None else f"[{sh['share_low']:.2f}, {sh['share_high']:.2f}]"
        lines.append(f"share of the gap mcts@{h} closes ({'raw' if key == 'points' else 'luck-adjusted'}): "
                     f"gap {sh['gap']:+.3f}, closed {sh['closed']:+.3f}, share {share} {lo} "
                     f"(bootstrap; the gap is positive in {100 * sh['gap_positive_share']:.0f}% of resamples)")
    if "against_opponent" in rep:
        g = rep["against_opponent"]
        pd = g["paired"]
        paired = "" if pd["low"] is None else (f" (deal by deal {pd['difference']:+.3f}, 95% {pd['low']:+.3f} to "
                                               f"{pd['high']:+.3f}, over {pd['pairs']} deals)")
        lines.append(f"against {short}: oracle {g['oracle']:.3f}, mcts {g['mcts']:.3f}: hidden information costs "
                     f"{g['cost']:+.3f}{paired}")
    return "\n".join(lines)


def _write(path: str | None, matches: dict[str, list[dict]], iterations: int, high: int,
           seconds: float | None = None, opponent: str = "greedy") -> dict:
    """The report of the games so far, written with them to ``path`` (atomically) if given."""
    rep = report({m: matches[m] for m in MATCHES if m in matches}, iterations, high, seconds, opponent)
    if path:
        write_atomic(Path(path), json.dumps({"report": rep, "games": matches}, indent=1))
    return rep


def main(argv: list[str] | None = None) -> int:
    """Play the chosen matches (or read them from earlier --json files) and print the report."""
    p = OneLineParser(prog="oracle_gap", description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=positive_int, default=50, help="the oracle's and mcts's budget")
    p.add_argument("--time", type=positive_float, default=None, metavar="S",
                   help="seconds a decision for the oracle and mcts instead of --iterations")
    p.add_argument("--opponent", default="greedy", metavar="SPEC",
                   help="the fixed opponent of oracle-vs-opponent and mcts-vs-opponent (any agent spec)")
    p.add_argument("--high", type=positive_int, default=100, help="the budget whose share of the gap is measured")
    p.add_argument("--games", type=positive_int, default=40, help="games per match (rounded up to pairs)")
    p.add_argument("--seed", type=whole_int, default=0, help="base seed (the benchmark's)")
    p.add_argument("--map", default="classic-2p")
    p.add_argument("--max-rounds", type=positive_int, default=150)
    p.add_argument("--matches", default=",".join(MATCHES), help=f"comma-separated, of {', '.join(MATCHES)}")
    p.add_argument("--jobs", type=positive_int, default=1, help="worker processes")
    p.add_argument("--json", default=None, metavar="FILE", help="write every game and the report as JSON")
    p.add_argument("--from", dest="inputs", nargs="*", default=[], metavar="FILE",
                   help="earlier --json files (same --iterations, --high, --seed) whose games are reused: "
                        "only the missing games are played, so a run can be resumed or extended")
    args = p.parse_args(argv)
    wanted = [m.strip() for m in args.matches.split(",") if m.strip()]
    bad = [m for m in wanted if m not in MATCHES]
    if bad:
        p.error(f"unknown match {bad[0]!r} (use {', '.join(MATCHES)})")
    if args.time is not None and "high-vs-low" in wanted:
        p.error("--time: the high-vs-low match compares iteration budgets; leave it out of --matches")
    if any(m.endswith("-vs-opponent") for m in wanted):
        try:
            make_agent(args.opponent)
        except SpecError as exc:
            p.error(f"--opponent: {exc}")
    if args.json:
        check_output_file(args.json, "--json")
    matches: dict[str, list[dict]] = {}
    for path in args.inputs:
        try:
            data = json.loads(Path(path).read_text())
            budgets = (data["report"]["iterations"], data["report"]["high"])
            setting = (data["report"].get("time"), data["report"].get("opponent", "greedy"))
            for m, games in data["games"].items():
                known = {(g["group"], tuple(g["seats"])) for g in matches.get(m, [])}
                matches.setdefault(m, []).extend(g for g in games if (g["group"], tuple(g["seats"])) not in known)
        except (OSError, ValueError, KeyError, TypeError) as exc:
            p.error(f"{path}: not an oracle_gap --json file ({exc})")
        if budgets != (args.iterations, args.high):
            p.error(f"{path}: played with --iterations {budgets[0]} --high {budgets[1]}, not "
                    f"{args.iterations} and {args.high}")
        if setting != (args.time, args.opponent):
            p.error(f"{path}: played with --time {setting[0]} --opponent {setting[1]!r}, not "
                    f"{args.time} and {args.opponent!r}")
    have = {(m, g["group"], int(g["seats"][0] != _labels(m)[0])) for m, games in matches.items() for g in games}
    # deal by deal, every match: a run cut short keeps its matches paired on the same deals
    budget = budget_text(args.iterations, args.time)
    jobs = [(m, g, swap, budget, args.high, args.opponent, args.map, args.max_rounds)
            for g in range((args.games + 1) // 2) for m in wanted for swap in (0, 1) if (m, g, swap) not in have]
    _init(args.seed)

    def done(i: int, r: dict) -> None:
        """Keep a finished game; with --json, rewrite the file so a run cut short keeps its games."""
        matches.setdefault(r["match"], []).append(r)
        print(f"{i}/{len(jobs)} games", file=sys.stderr, flush=True)
        if args.json:
            _write(args.json, matches, args.iterations, args.high, args.time, args.opponent)

    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, mp_context=get_context("fork"), initializer=_init,
                                 initargs=(args.seed,)) as pool:
            for i, r in enumerate(pool.map(play_one, jobs), 1):
                done(i, r)
    else:
        for i, job in enumerate(jobs, 1):
            done(i, play_one(job))
    rep = _write(args.json, matches, args.iterations, args.high, args.time, args.opponent)
    print(format_report(rep))
    return 0


if __name__ == "__main__":
    sys.exit(main())
