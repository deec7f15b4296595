"""How an agent plays, not only how often it wins: its style figures over paired games against an opponent.

Plays ``--games`` games of each ``--agents`` spec against ``--opponent`` on one map (pairs of games on the
same seed with the seats swapped) and reports, per agent, per game of its seat: the score (draws half),
the attacks it started, the battles it fought (started or defended), its honor at the end, its mean
army count and hand size at its own decisions, and whether it won by conquest (the rival fortresses
taken) rather than on honor. Comparing a personality with ``balanced`` shows whether it
plays recognisably (docs/ai.md, "Personalities")::

    python tools/persona_profile.py --agents mcts:iterations=50,mcts:iterations=50:personality=honor_racer \\
        --opponent greedy --games 20 --seed 5 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from ai.agent import SpecError, make_agent
from ai.tournament.provenance import termination
from japanese_swords.actions import Action, Attack
from japanese_swords.engine import State
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.fileio import write_json
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map


@dataclass
class Profile:
    """One game of the profiled seat."""

    score: float
    attacks: int
    battles: int
    honor: int
    armies: float
    hand: float
    conquest: int  # 1: this seat won by taking the rival fortresses (not on honor)


def won_by_conquest(winner: int | None, honor: list[int], seat: int, honor_to_win: int) -> bool:
    """Whether ``seat`` won a finished game by taking the rival fortresses, not on honor (the benchmark's
    :func:`~ai.tournament.provenance.termination`)."""
    return winner == seat and termination(winner, honor, True, None, honor_to_win) == "capture"


def _play(spec: str, opponent: str, map_name: str, seed: int, seat: int, max_rounds: int) -> Profile:
    """One game with ``spec`` at ``seat``: its style figures."""
    from ai.match import play_game

    game = Game(load_map(map_name), Rules(max_rounds=max_rounds))
    agents = [make_agent(opponent) for _ in range(game.num_players)]
    agents[seat] = make_agent(spec)
    counts = {"attacks": 0, "battles": 0}
    armies: list[int] = []
    hand: list[int] = []

    def on_action(state: State, action: Action) -> None:
        b = state.battle
        if isinstance(action, Attack) and b is not None and seat in (b.attacker_seat, b.defender_seat):
            counts["battles"] += 1
            counts["attacks"] += b.attacker_seat == seat
        if state.current_player() == seat:
            armies.append(len(state.armies_of(seat)))
            hand.append(sum(state.hands[seat]))

    result = play_game(game, agents, seed, on_action=on_action)
    score = 0.5 if result.winner is None else float(result.winner == seat)
    return Profile(score, counts["attacks"], counts["battles"], result.honor[seat],
                   statistics.fmean(armies) if armies else 0.0, statistics.fmean(hand) if hand else 0.0,
                   int(won_by_conquest(result.winner, result.honor, seat, game.rules.honor_to_win)))


def summary(rows: list[Profile], players: int) -> dict[str, float]:
    """Per-game means of each figure, and the score's 95% interval from the mean score of each set of
    ``players`` games played on one seed (seats rotated): normal approximation, clipped to [0, 1]."""
    out = {k: round(statistics.fmean(getattr(r, k) for r in rows), 3) for k in asdict(rows[0])}
    sets = [statistics.fmean(r.score for r in rows[i:i + players]) for i in range(0, len(rows), players)]
    half = 1.96 * statistics.stdev(sets) / len(sets) ** 0.5 if len(sets) > 1 else 1.0
    out["low"], out["high"] = round(max(0.0, out["score"] - half), 3), round(min(1.0, out["score"] + half), 3)
    return out


def main(argv: list[str] | None = None) -> int:
    """Play the games and print one line per agent; bad input gets one line on stderr and status 2."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agents", required=True, help="comma-separated agent specs to profile")
    ap.add_argument("--opponent", default="greedy", help="the agent in the other seats (default greedy)")
    ap.add_argument("--map", default="classic-2p")
    ap.add_argument("--games", type=int, default=20, help="games per agent (even: pairs with seats swapped)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-rounds", type=int, default=150)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (at most 2 on a shared machine)")
    ap.add_argument("--json", help="write the per-game rows here")
    args = ap.parse_args(argv)
    specs = [s.strip() for s in args.agents.split(",") if s.strip()]
    try:
        for spec in [*specs, args.opponent]:
            make_agent(spec)
        players = load_map(args.map).players
    except (SpecError, JapaneseSwordsError) as exc:
        print(f"persona_profile: {exc}", file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("persona_profile: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    # game by game across the agents, so an interrupted run has about as many games of each
    jobs = [(spec, args.opponent, args.map, args.seed + g // players, g % players, args.max_rounds)
            for g in range(args.games) for spec in specs]
    done: dict[str, list[Profile]] = {spec: [] for spec in specs}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        try:
            for job, row in zip(jobs, pool.map(_play, *zip(*jobs, strict=True)), strict=True):
                done[job[0]].append(row)
                print(f"game {sum(map(len, done.values()))}/{len(jobs)}: {job[0]} seat {job[4] + 1} seed {job[3]}: "
                      f"{json.dumps(asdict(row))}", file=sys.stderr, flush=True)
        except KeyboardInterrupt:  # Ctrl-C: report the whole sets of games played so far
            pool.shutdown(wait=False, cancel_futures=True)
            print("persona_profile: interrupted; reporting the games played", file=sys.stderr)
    out = {}
    for spec in specs:
        mine = done[spec][:len(done[spec]) // players * players]
        if not mine:
            continue
        out[spec] = {"summary": summary(mine, players), "games": [asdict(r) for r in mine]}
        s = out[spec]["summary"]
        print(f"{spec}: score {s['score']:.3f} ({s['low']:.2f}-{s['high']:.2f}), attacks {s['attacks']:.2f}, "
              f"battles {s['battles']:.2f}, "
              f"honor at the end {s['honor']:.1f}, armies {s['armies']:.2f}, hand {s['hand']:.2f}, "
              f"won by conquest {s['conquest']:.2f} "
              f"(per game, {len(mine)} games against {args.opponent})")
    if args.json:
        write_json(args.json, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
