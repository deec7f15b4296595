"""Where a bigger search budget changes the decision: ask two searchers at the same positions.

Plays games of PLAYER against OPPONENT (seats alternate) and, at each decision of PLAYER's seat with more
than one legal action, asks searcher A and searcher B (fresh agents, the same seeded generator) what they
would do. Reports per decision family how often A and B agree, how often each keeps the policy's choice
(``greedy`` style ``tuned``, the search's prior), and for the decisions they disagree on the value gap B's
own search sees between its pick and A's (the median and 90th percentile). Gaps B believes in that do not
turn into wins head to head point at the leaf value, not the sample count, e.g.::

    python tools/budget_agreement.py --a mcts:iterations=100 --b mcts:iterations=500 --games 2 --seed 11

With ``--judge SPEC`` (a searcher with a long budget, e.g. ``mcts:iterations=2000:prior_bonus=0``) every
travel or economy decision A and B answer differently is searched again with only their two picks legal:
the judge's paired difference (B's pick less A's, over the worlds that played both) says which is right by
that longer evaluation (B or A when it is beyond ``JUDGE_Z`` standard errors, else a tie), and how much.
Which searcher kept the policy's choice there is counted too (``b_left_policy``: A kept it, B did not).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import Counter

from ai.agent import SpecError, make_agent
from ai.greedy import GreedyPolicy
from ai.match import play_game
from ai.mcts.bot import family
from ai.toolkit.view import View
from japanese_swords.actions import Action
from japanese_swords.engine import decision
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import Observation

FAMILIES = ("travel", "economy", "cards", "attack", "commit")
#: The families the judge re-searches (the root search's: its paired record gives a standard error).
JUDGED = ("travel", "economy")
#: A judged difference beyond this many standard errors names a winner; closer is a tie.
JUDGE_Z = 2.0


class Probe:
    """Plays as ``player`` and, before each decision, asks ``a`` and ``b`` the same question."""

    def __init__(self, player: object, spec_a: str, spec_b: str, tally: Counter, gaps: dict,
                 judge: str | None = None) -> None:
        self.player, self.spec_a, self.spec_b, self.judge = player, spec_a, spec_b, judge
        self.name = getattr(player, "name", "player")
        self.tally, self.gaps = tally, gaps
        self.policy = GreedyPolicy.styled("tuned")
        self.asked = 0

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and decision(obs.state) != "reply":
            self._ask(obs, legal)
        return self.player.choose(obs, legal, rng)

    def respond_to_trade(self, obs: Observation, offer: object, rng: random.Random) -> tuple[bool, str]:
        return self.player.respond_to_trade(obs, offer, rng)  # type: ignore[attr-defined]

    def _ask(self, obs: Observation, legal: list[Action]) -> None:
        """Both searchers decide from the same generator state; the policy's choice is noted too."""
        fam = family(obs)
        picks = []
        b_stats: list[tuple[str, int, float]] = []
        for spec in (self.spec_a, self.spec_b):
            agent = make_agent(f"{spec}:trade=0" if spec.split(":")[0] == "mcts" else spec)  # no offers
            picks.append(agent.choose(obs, legal, random.Random(self.asked)))
            b_stats = getattr(agent, "last_stats", [])
        prior = self.policy.act(View.of_obs(obs), random.Random(self.asked))
        self.asked += 1
        t = self.tally
        t[fam, "decisions"] += 1
        t[fam, "same"] += picks[0] == picks[1]
        t[fam, "a_policy"] += picks[0] == prior
        t[fam, "b_policy"] += picks[1] == prior
        if picks[0] != picks[1]:
            means = {key: mean for key, _visits, mean in b_stats}
            a_key, b_key = str(picks[0]), str(picks[1])
            if a_key in means and b_key in means:
                self.gaps.setdefault(fam, []).append(means[b_key] - means[a_key])
            t[fam, "b_left_policy"] += picks[0] == prior != picks[1]
            t[fam, "a_left_policy"] += picks[1] == prior != picks[0]
            if self.judge is not None and fam in JUDGED:
                self._judge(obs, fam, picks[0], picks[1])

    def _judge(self, obs: Observation, fam: str, a_pick: Action, b_pick: Action) -> None:
        """The judge's paired verdict on B's pick against A's (only those two legal)."""
        spec = self.judge if "prior_z=" in self.judge else f"{self.judge}:prior_z=1"  # keeps the paired record
        agent = make_agent(f"{spec}:trade=0")
        agent.choose(obs, [a_pick, b_pick], random.Random(self.asked))
        stats = getattr(agent, "last_root_stats", None)
        actions = getattr(agent, "last_actions", [])
        verdict = paired(stats, actions, a_pick, b_pick)
        t = self.tally
        if verdict is None:
            t[fam, "unjudged"] += 1
            return
        diff, se = verdict
        t[fam, "judged"] += 1
        t[fam, "judge_b"] += diff > JUDGE_Z * se
        t[fam, "judge_a"] += diff < -JUDGE_Z * se
        self.gaps.setdefault(f"{fam}:judged", []).append(diff)


def paired(stats: object, actions: list[Action], a_pick: Action, b_pick: Action) -> tuple[float, float] | None:
    """(mean, standard error) of B's pick less A's over the sweeps of ``stats`` that played both, or None
    when either is not among the judge's options or fewer than 2 sweeps played both."""
    if stats is None or a_pick not in actions or b_pick not in actions:
        return None
    ia, ib = actions.index(a_pick), actions.index(b_pick)
    diffs = [row[ib] - row[ia] for row in getattr(stats, "sweeps", []) if ia in row and ib in row]
    if len(diffs) < 2:
        return None
    return statistics.fmean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def measure(player: str, opponent: str, spec_a: str, spec_b: str, games: int, seed: int, map_name: str,
            max_rounds: int, judge: str | None = None) -> dict:
    """Play the games and return the agreement figures per decision family."""
    for spec in (spec_a, spec_b, *([judge] if judge else [])):
        make_agent(spec)  # a bad spec fails before any game is played
    board = load_map(map_name)
    game = Game(board, Rules(max_rounds=max_rounds))
    tally: Counter = Counter()
    gaps: dict[str, list[float]] = {}
    for g in range(games):
        probe = Probe(make_agent(player), spec_a, spec_b, tally, gaps, judge)
        seat = g % board.players
        agents = [probe if s == seat else make_agent(opponent) for s in range(board.players)]
        play_game(game, agents, seed + g)
    out: dict = {"player": player, "opponent": opponent, "a": spec_a, "b": spec_b, "judge": judge,
                 "games": games, "seed": seed, "map": map_name, "families": {}}
    for fam in FAMILIES:
        n = tally[fam, "decisions"]
        if not n:
            continue
        row = {"decisions": n, "same": tally[fam, "same"] / n, "a_policy": tally[fam, "a_policy"] / n,
               "b_policy": tally[fam, "b_policy"] / n}
        fam_gaps = sorted(gaps.get(fam, []))
        if fam_gaps:
            row["gap_median"] = statistics.median(fam_gaps)
            row["gap_p90"] = fam_gaps[min(len(fam_gaps) - 1, int(0.9 * len(fam_gaps)))]
            row["gaps"] = len(fam_gaps)
        differ = n - tally[fam, "same"]
        if differ:
            row["b_left_policy"] = tally[fam, "b_left_policy"] / differ
            row["a_left_policy"] = tally[fam, "a_left_policy"] / differ
        judged = sorted(gaps.get(f"{fam}:judged", []))
        if judged:
            row["judged"] = len(judged)
            row["judge_b"] = tally[fam, "judge_b"] / len(judged)
            row["judge_a"] = tally[fam, "judge_a"] / len(judged)
            row["judged_mean"] = statistics.fmean(judged)
            row["judged_median"] = statistics.median(judged)
        if tally[fam, "unjudged"]:
            row["unjudged"] = tally[fam, "unjudged"]
        out["families"][fam] = row
    return out


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: parse options, measure, print (one-line errors, exit 2)."""
    p = argparse.ArgumentParser(description="How often two search budgets choose differently, and by how much.")
    p.add_argument("--a", default="mcts:iterations=100", help="the smaller searcher's spec")
    p.add_argument("--b", default="mcts:iterations=500", help="the bigger searcher's spec")
    p.add_argument("--player", default="mcts:time=0.1", help="who plays the probed seat")
    p.add_argument("--opponent", default="greedy")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--map", default="classic-2p")
    p.add_argument("--max-rounds", type=int, default=40, help="games stop here (positions, not results, matter)")
    p.add_argument("--judge", default=None, help="a long searcher's spec that re-searches each travel or economy "
                   "decision A and B answer differently, only their picks legal (e.g. "
                   "mcts:iterations=2000:prior_bonus=0)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if not 1 <= args.games <= 1000 or not 1 <= args.max_rounds <= 150:
        print("budget_agreement: --games must be in [1, 1000] and --max-rounds in [1, 150]", file=sys.stderr)
        return 2
    try:
        result = measure(args.player, args.opponent, args.a, args.b, args.games, args.seed, args.map,
                         args.max_rounds, args.judge)
    except (SpecError, JapaneseSwordsError) as exc:
        print(f"budget_agreement: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"A = {result['a']}, B = {result['b']}; positions of {result['player']} vs {result['opponent']}, "
          f"{result['games']} game(s)")
    for fam, row in result["families"].items():
        line = (f"{fam:8} {row['decisions']:5} decisions: same {row['same']:.0%}, policy's choice kept by "
                f"A {row['a_policy']:.0%}, B {row['b_policy']:.0%}")
        if "gaps" in row:
            line += f"; B's gap over A's pick: median {row['gap_median']:.3f}, p90 {row['gap_p90']:.3f}"
        if "b_left_policy" in row:
            line += (f"; where they differ B left the policy's choice {row['b_left_policy']:.0%}, "
                     f"A {row['a_left_policy']:.0%}")
        if "judged" in row:
            line += (f"; judge on {row['judged']}: B right {row['judge_b']:.0%}, A right {row['judge_a']:.0%}, "
                     f"B's pick less A's mean {row['judged_mean']:+.4f} (median {row['judged_median']:+.4f})")
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
