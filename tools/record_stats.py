"""Where a game is won or lost, from game records: one agent's economy against its opponents' over the game.

Replays each record (``japanese-swords bench --records DIR`` or ``selfplay --record-dir``) through the engine
and reports, for the seat whose agent is ``--agent`` (or whose name starts with it: "us") and the mean of
the other seats ("them"): at the turn starts of chosen rounds, revenue (gold a turn from fortresses and keeps), armies,
gold, honor and cards in hand; over the whole game, honor gained or lost by reason (bought, Much Honor,
battle, Intrigue, trade) and gold by reason (revenue, upkeep, raise, draw, honor, ...); trade offers made and
accepted, those asking honor apart, and the cards paid for the honor bought (its price); battles fought,
won, held, conceded and ended by Diplomacy, cards committed, and those pooled into rates (cards per attack
and per defence, the share of decided attacks won and of decided defences held); and "us"'s score in the
games grouped by its decided battles (none, every one won, every one lost, some of each). Each figure is the
mean over the games, over all of them and over those "us" won and lost (a draw counts in "all" only),
so a gap that opens early in lost games stands out. Example::

    python tools/record_stats.py --agent mcts:time=0.1 runs/records/ [--rounds 3,5,10,20,30] [--json]
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # lets a bare checkout run it uninstalled

from ai.trajectories import record_files  # noqa: E402
from japanese_swords import events as E  # noqa: E402
from japanese_swords.actions import Accept  # noqa: E402
from japanese_swords.argtypes import OneLineParser, one_line  # noqa: E402
from japanese_swords.core import BattleReport  # noqa: E402
from japanese_swords.engine import State, initial_state  # noqa: E402
from japanese_swords.errors import JapaneseSwordsError  # noqa: E402
from japanese_swords.records import RecordError, load_record  # noqa: E402

#: What is sampled at a turn start: name and how to read it from a state for a seat.
SNAPSHOT = ("revenue", "armies", "gold", "honor", "hand")
OUTCOMES = ("all", "won", "lost")
ACCEPT = str(Accept())  # a trade answer's text in a record


class StatsError(JapaneseSwordsError, ValueError):
    """A record that cannot be read or has no seat of the agent: one line naming the file."""


class GameStats:
    """One game seen from ``seat``: snapshots by round, and the whole game's counts per seat."""

    def __init__(self, seat: int, players: int) -> None:
        self.seat = seat
        self.winner: int | None = None
        self.snapshots: dict[int, list[dict[str, float]]] = {}  # round -> per seat
        self.totals = [Counter() for _ in range(players)]  # per seat: "honor <reason>", "gold <reason>", battles
        self.pending: tuple[int, bool] | None = None  # the offer awaiting its answer: (maker, asks for honor)


def _snapshot(state, seat: int) -> dict[str, float]:
    return {"revenue": state.revenue(seat), "armies": len(state.armies_of(seat)), "gold": state.gold[seat],
            "honor": state.honor[seat], "hand": sum(state.hands[seat])}


def _count_battle(totals: list[Counter], r: BattleReport) -> None:
    """One battle's counts for both seats: fought, won (as attacker, as defender), ended by Diplomacy,
    cards committed, and a defence conceded (one card, no Diplomacy: the army given up, the hand kept)."""
    att, dfn = totals[r.attacker_seat], totals[r.defender_seat]
    att["attacks"] += 1
    dfn["defences"] += 1
    att["cards attacking"] += len(r.attacker_cards)
    dfn["cards defending"] += len(r.defender_cards)
    if r.winner is None:
        att["attacks ended by Diplomacy"] += 1
        dfn["defences ended by Diplomacy"] += 1
        return
    totals[r.winner]["battles won"] += 1
    if r.winner == r.attacker_seat:
        att["attacks won"] += 1
        if len(r.defender_cards) == 1:
            dfn["defences conceded"] += 1
    else:
        dfn["defences held"] += 1


def game_stats(path: Path, agent: str, rounds: frozenset[int]) -> GameStats:
    """Replay one record and collect its figures. "Us" is the seat named ``agent``, else the one whose
    name starts with it; :class:`StatsError` if the record is unreadable or that is not exactly one seat."""
    try:
        record = load_record(path)
    except JapaneseSwordsError as exc:
        raise StatsError(f"{path}: {exc}") from None
    seats = [i for i, name in enumerate(record.seats) if name == agent]
    seats = seats or [i for i, name in enumerate(record.seats) if name.startswith(agent)]
    if len(seats) != 1:
        raise StatsError(f"{path}: --agent {agent!r} matches {len(seats)} seats of {record.seats} (need exactly one)")
    state = initial_state(record.game)
    out = GameStats(seats[0], record.game.num_players)
    try:
        for text, (state, events) in zip(record.actions, record.plays(), strict=True):
            _count_trade(out, state, events, text)
            _tally(out, state, events, rounds)
    except JapaneseSwordsError as exc:
        raise StatsError(f"{path}: {exc}") from None
    out.winner = state.winner
    return out


def _count_trade(out: GameStats, state: State, events: tuple[E.Event, ...], action: str) -> None:
    """Trade offers by their maker: one just made is remembered, and its answer (the next action) counts it
    made and, if ``accept``, accepted; honor asks apart, with the cards the accepted ones paid."""
    if out.pending is not None and state.offer is None:
        maker, honor = out.pending
        out.pending = None
        c = out.totals[maker]
        kind = "honor asks" if honor else "other offers"
        c[f"{kind} made"] += 1
        if action == ACCEPT:
            c[f"{kind} accepted"] += 1
            if honor:
                c["cards paid for honor"] += sum(len(ev.cards) for ev in events
                                                 if isinstance(ev, E.CardsGiven) and ev.src == maker)
    if state.offer is not None and out.pending is None:
        out.pending = (state.turn_player, state.offer.get.honor > 0)


def _tally(out: GameStats, state: State, events: tuple[E.Event, ...], rounds: frozenset[int]) -> None:
    """Add one action's events to ``out``: a chosen round's snapshot at its first turn start, honor and
    gold by reason, battles."""
    for ev in events:
        if isinstance(ev, E.TurnStarted) and state.round in rounds and state.round not in out.snapshots:
            out.snapshots[state.round] = [_snapshot(state, s) for s in range(len(out.totals))]
        elif isinstance(ev, E.HonorChanged):
            out.totals[ev.seat][f"honor {ev.reason}"] += ev.delta
        elif isinstance(ev, E.GoldChanged):
            out.totals[ev.seat][f"gold {ev.reason}"] += ev.delta
        elif isinstance(ev, E.BattleResolved):
            _count_battle(out.totals, ev.report)


def _us_them(values: list[float], seat: int) -> tuple[float, float]:
    others = [v for s, v in enumerate(values) if s != seat]
    return float(values[seat]), statistics.fmean(others) if others else 0.0


def summarize(games: list[GameStats], rounds: list[int]) -> dict:
    """The means over all games, the won and the lost ones: per round the snapshot, over the game the
    totals, each as ``[us, them]``."""
    report: dict = {}
    for outcome in OUTCOMES:
        chosen = [g for g in games if outcome == "all" or (g.winner is not None
                                                            and (g.winner == g.seat) == (outcome == "won"))]
        per_round: dict[str, dict] = {}
        for rnd in rounds:
            at = [g for g in chosen if rnd in g.snapshots]
            if not at:
                continue
            per_round[str(rnd)] = {"games": len(at)} | {
                key: [round(statistics.fmean(_us_them([s[key] for s in g.snapshots[rnd]], g.seat)[side] for g in at), 2)
                      for side in (0, 1)]
                for key in SNAPSHOT}
        keys = sorted({k for g in chosen for c in g.totals for k in c})
        totals = {key: [round(statistics.fmean(_us_them([c[key] for c in g.totals], g.seat)[side] for g in chosen), 2)
                        for side in (0, 1)] for key in keys} if chosen else {}
        report[outcome] = {"games": len(chosen), "rounds": per_round, "totals": totals,
                           "battles": _battle_rates(chosen)}
    report["by_battles"] = by_battles(games)
    return report


#: The groups of :func:`by_battles`, in report order.
BATTLE_GROUPS = ("no decided battle", "every decided battle won", "every decided battle lost", "some won, some lost")


def battle_group(game: GameStats) -> str:
    """Which of :data:`BATTLE_GROUPS` a game falls in, by "us"'s decided battles."""
    c = game.totals[game.seat]
    decided = (c["attacks"] + c["defences"] - c["attacks ended by Diplomacy"] - c["defences ended by Diplomacy"])
    won = c["battles won"]
    if decided == 0:
        return BATTLE_GROUPS[0]
    return BATTLE_GROUPS[1] if won == decided else BATTLE_GROUPS[2] if won == 0 else BATTLE_GROUPS[3]


def by_battles(games: list[GameStats]) -> dict[str, dict[str, float]]:
    """Per :data:`BATTLE_GROUPS` group: its games and "us"'s score there (a win 1, a draw 1/2)."""
    out: dict[str, dict[str, float]] = {}
    for group in BATTLE_GROUPS:
        chosen = [g for g in games if battle_group(g) == group]
        if chosen:
            score = statistics.fmean(0.5 if g.winner is None else float(g.winner == g.seat) for g in chosen)
            out[group] = {"games": len(chosen), "score": round(score, 3)}
    return out


#: Pooled battle rates: name -> (numerator, denominator) among the games' totals.
RATES = {
    "cards per attack": ("cards attacking", "attacks"),
    "cards per defence": ("cards defending", "defences"),
    "attacks won, of those decided": ("attacks won", "attacks decided"),
    "defences held, of those decided": ("defences held", "defences decided"),
    "battles ended by Diplomacy": ("ended by Diplomacy", "battles"),
}


def _battle_rates(games: list[GameStats]) -> dict[str, list[float | None]]:
    """Battle rates pooled over the games' battles, ``[us, them]`` ("them": the other seats' battles
    together; None where there was none):
    cards committed per attack and per defence, the share of decided attacks won and defences held,
    the share of one's battles ended by Diplomacy."""
    sums = [Counter(), Counter()]
    for g in games:
        for seat, c in enumerate(g.totals):
            side = sums[0] if seat == g.seat else sums[1]
            side.update(c)
    for c in sums:
        c["attacks decided"] = c["attacks"] - c["attacks ended by Diplomacy"]
        c["defences decided"] = c["defences"] - c["defences ended by Diplomacy"]
        c["ended by Diplomacy"] = c["attacks ended by Diplomacy"] + c["defences ended by Diplomacy"]
        c["battles"] = c["attacks"] + c["defences"]
    return {name: [round(c[num] / c[den], 3) if c[den] else None for c in sums] for name, (num, den) in RATES.items()}


def format_report(report: dict, agent: str) -> str:
    """The report as text: one block per outcome, ``us / them`` in each cell."""
    lines = []
    for outcome in OUTCOMES:
        part = report[outcome]
        lines.append(f"{outcome} games of {agent} ({part['games']}): us / them")
        for rnd, row in part["rounds"].items():
            cells = "  ".join(f"{k} {row[k][0]:.1f}/{row[k][1]:.1f}" for k in SNAPSHOT)
            lines.append(f"  round {rnd:>3} ({row['games']} games)  {cells}")
        for key, (us, them) in part["totals"].items():
            lines.append(f"  {key:<28} {us:8.2f} {them:8.2f}")
        for key, pair in part["battles"].items():
            us, them = ("-" if v is None else f"{v:.3f}" for v in pair)
            lines.append(f"  {key:<32} {us:>6} {them:>6}")
    lines.append(f"games of {agent} by its decided battles: games, score")
    for group, row in report["by_battles"].items():
        lines.append(f"  {group:<28} {row['games']:6d} {row['score']:8.3f}")
    return "\n".join(lines)


def _rounds(text: str) -> list[int]:
    try:
        values = sorted({int(x) for x in text.split(",") if x.strip()})
    except ValueError:
        values = []
    if not values or values[0] < 1 or values[-1] > 1_000_000:
        raise StatsError(f"--rounds: expected round numbers 1-1000000 separated by commas, got {text!r}")
    return values


def main(argv: list[str] | None = None) -> int:
    """Read the records, print the report (or its JSON); one line and status 2 for bad input."""
    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("inputs", nargs="+", metavar="RECORD_OR_DIR", help="game records, or folders of them")
    p.add_argument("--agent", required=True, help="the agent's name (or its start) that picks one seat in every game")
    p.add_argument("--rounds", default="3,5,10,15,20,30", help="rounds whose turn starts are sampled")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    args = p.parse_args(argv)
    try:
        rounds = _rounds(args.rounds)
        games = [game_stats(path, args.agent, frozenset(rounds)) for path in record_files(args.inputs)]
    except (StatsError, RecordError) as exc:
        print(f"error: {one_line(str(exc))}", file=sys.stderr)
        return 2
    report = summarize(games, rounds)
    if args.json:
        print(json.dumps({"agent": args.agent, "rounds_sampled": rounds} | report, indent=1))
    else:
        print(format_report(report, args.agent))
    return 0


if __name__ == "__main__":
    sys.exit(main())
