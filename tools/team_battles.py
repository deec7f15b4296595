"""The battles of recorded team games, by side (docs/variants.md, teams): how each agent's attacks ended,
by the odds greedy's rule gives them, and how its hopeless defences ended with Diplomacy in hand.

    python tools/team_battles.py --agent mcts DIR [DIR...]

DIR holds the records of `japanese-swords bench --rules teams --records DIR`. A seat belongs to the side
whose agent name starts with ``--agent``; every other seat is the other side. Odds are those of
``ai.mcts.team_play`` (the attacker's view before the attack), seeded so a run repeats.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

from ai.mcts.team_play import HOPELESS, attack_odds
from ai.toolkit.odds import battle_odds
from ai.toolkit.view import View
from japanese_swords import events as E
from japanese_swords.actions import Attack, parse_action
from japanese_swords.cards import Card
from japanese_swords.engine import decision, initial_state
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.observation import observation
from japanese_swords.records import load_record

BUCKETS = ((0.45, "<0.45"), (0.6, "0.45-0.6"), (0.8, "0.6-0.8"), (2.0, ">=0.8"))
RESULTS = ("won", "lost", "dip")


def bucket(p: float) -> str:
    """The odds bucket ``p`` falls in."""
    return next(name for top, name in BUCKETS if p < top)


def tally(paths: list[Path], agent: str) -> Counter:
    """Counts keyed (side, what, result): side "A" is the agent's seats, "B" the others; what is an odds
    bucket of an attack, or "hopeless+DI" for a defence held under HOPELESS odds with Diplomacy in hand."""
    counts: Counter = Counter()
    for path in paths:
        rec = load_record(path)
        ours = {i for i, name in enumerate(rec.seats) if name.startswith(agent)}
        state = initial_state(rec.game)
        pending: tuple[str, str] | None = None
        for text in rec.actions:
            seat = state.current_player()
            side = "A" if seat in ours else "B"
            if text.startswith("attack"):
                action = parse_action(text)
                assert isinstance(action, Attack)
                view = View.of_obs(observation(state, seat))
                pending = (side, bucket(attack_odds(view, action, random.Random(1))))
            elif decision(state) == "commit" and state.battle is not None and state.battle.attacker_cards is not None:
                view = View.of_obs(observation(state, seat))
                p, _ = battle_odds(view, 32, 0.5, random.Random(1))
                if p < HOPELESS and view.hand[Card.DIPLOMACY]:
                    counts[(side, "hopeless+DI", "defences")] += 1
                    counts[(side, "hopeless+DI", "dip played" if text.strip() == "commit DI" else "no dip")] += 1
            for ev in state.play(text):
                if isinstance(ev, E.BattleResolved) and pending is not None:
                    r = ev.report
                    res = "dip" if r.winner is None else ("won" if r.winner == r.attacker_seat else "lost")
                    counts[pending + (res,)] += 1
                    counts[(pending[0], "all", res)] += 1
                    pending = None
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", type=Path, help="folders of team game records")
    parser.add_argument("--agent", default="mcts", help="agent name prefix of side A (default mcts)")
    args = parser.parse_args(argv)
    paths = sorted(p for d in args.dirs for p in d.glob("*.json"))
    if not paths:
        print(f"team_battles: no records (*.json) in {' '.join(map(str, args.dirs))}", file=sys.stderr)
        return 2
    try:
        counts = tally(paths, args.agent)
    except JapaneseSwordsError as exc:
        print(f"team_battles: {exc}", file=sys.stderr)
        return 2
    print(f"{len(paths)} games; side A: seats of {args.agent!r}, side B: the others")
    for side in "AB":
        print(f"side {side} attacks (won / lost / nobody won), by greedy-rule odds:")
        for what in [name for _, name in BUCKETS] + ["all"]:
            row = [counts[(side, what, r)] for r in RESULTS]
            print(f"  {what:9s} {row[0]:4d} {row[1]:4d} {row[2]:4d}")
        d = counts[(side, "hopeless+DI", "defences")]
        print(f"  hopeless defences holding Diplomacy: {d}, Diplomacy played in "
              f"{counts[(side, 'hopeless+DI', 'dip played')]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
