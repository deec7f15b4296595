"""The batch simulator plays the engine's rules: every lane's trajectory, exported as engine actions plus
chance outcomes, replays through the checked engine (an illegal action raises) and the engine state equals
the lane's state after every turn. 80 lanes per shipped map (2, 3 and 4 players), 33 rounds each unless
the game ends first; at least 200 lanes run 30 rounds or more (the rest end earlier: a fortress falls or
a player reaches 50 honor)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ai.batch.export import Recorder, replay_lane, summary
from ai.batch.policy import RolloutPolicy
from ai.batch.state import BatchState
from ai.batch.turn import TurnRunner
from ai.rollout_policy import finish_turn, play_turn
from japanese_swords.game import Game, Rules
from japanese_swords.maps import available_maps, load_map
from japanese_swords.state import State

MAPS = available_maps()
LANES = 80
ROUNDS = 33
#: Per map: max_rounds and policy. max_rounds=31 checks the draw rule (after at least 30 rounds played);
#: policies that buy no honor and attack only with an edge make games last longer; the default and the
#: aggressive ones end games by honor and by fortress capture.
LONG = RolloutPolicy(honor_reserve=99, attack_margin=2.0, w_home=1.5)
CASES = {
    "classic-2p": (31, LONG),
    "kawanakajima-2p": (31, RolloutPolicy(honor_reserve=99, attack_margin=2.0, army_cap=8)),
    "nagashino-2p": (31, RolloutPolicy()),
    "kanto-3p": (31, LONG),
    "sekigahara-3p": (150, LONG),
    "onin-4p": (31, RolloutPolicy(honor_reserve=99)),
    "shikoku-4p": (31, RolloutPolicy(honor_reserve=99, intrigue_cards_min=3, army_cap=3, attack_margin=2.0)),
}


def start_states(game: Game, n: int, seed: int) -> list[State]:
    """``n`` games at the start of their first turn, some advanced a few turns by the scalar policy."""
    out = []
    for i in range(n):
        s = game.new_initial_state()
        rng = random.Random(f"eq:{seed}:{i}")
        finish_turn(s, rng)
        for _ in range(i % 3):  # vary the starting point: 0-2 turns played by the scalar reference
            play_turn(s, rng)
        out.append(s)
    return out


_DONE: dict[str, dict[str, int]] = {}


def replay_map(map_name: str) -> dict[str, int]:
    """Simulate LANES lanes of the map for ROUNDS rounds with recording, replay every lane through the
    checked engine comparing states after every turn, and count which rules the trajectories used
    (cached: the per-map tests and the coverage test share one run)."""
    if map_name in _DONE:
        return _DONE[map_name]
    max_rounds, policy = CASES.get(map_name, (31, LONG))
    game = Game(load_map(map_name), Rules(max_rounds=max_rounds))
    starts = start_states(game, LANES, seed=len(map_name))
    batch = BatchState.from_states(starts)
    rec = Recorder()
    runner = TurnRunner(batch, np.random.default_rng(sum(map(ord, map_name))), policy, rec)
    snapshots = []
    for _ in range(ROUNDS * game.num_players):
        runner.run_turn()
        snapshots.append(batch.copy())
    stats = {"lanes": LANES, "actions": 0}
    checks = (("attack", lambda a: a.startswith("attack")),
              ("diplomacy", lambda a: a.startswith("commit") and "DI" in a.split()),
              ("intrigue_cards", lambda a: a == "lose cards"),
              ("intrigue_honor", lambda a: a == "lose honor"),
              ("disband", lambda a: a.startswith("disband")),
              ("raise", lambda a: a.startswith("raise")))
    for lane in range(LANES):
        turns = rec.lane_turns(lane)
        assert len(turns) == len(snapshots)
        stats["actions"] += replay_lane(starts[lane], turns, [snap.to_state(lane) for snap in snapshots])
        texts = [a for t in turns for a in t]
        for key, pred in checks:
            stats[key] = stats.get(key, 0) + sum(1 for a in texts if pred(a))
        decks = np.array([snap.deck[lane].sum() for snap in snapshots])
        stats["reshuffle"] = stats.get("reshuffle", 0) + int((np.diff(decks) > 0).sum())
    final = snapshots[-1]
    stats["finished"] = int(final.done.sum())
    start_round = np.array([s.round for s in starts])
    played = np.where(~final.done, ROUNDS, final.round - start_round)  # whole rounds replayed
    draw = final.done & (final.winner < 0)
    played = np.where(draw, final.round - start_round + 1, played)  # a max_rounds draw ends after its round
    stats["rounds_30"] = int((played >= 30).sum())
    stats["draws"] = int((final.done & (final.winner < 0)).sum())
    stats["eliminations"] = int((~final.alive).sum())
    stats["honor_wins"] = int(((final.winner >= 0) & (final.alive.sum(1) > 1)).sum())
    _DONE[map_name] = stats
    return stats


@pytest.mark.parametrize("map_name", MAPS)
def test_lanes_replay_through_the_engine(map_name: str) -> None:
    stats = replay_map(map_name)
    assert stats["actions"] > LANES * 100
    assert stats["finished"] > 0


def test_the_replays_covered_the_rules() -> None:
    """Together the replays exercised every rule the comparison is meant to check."""
    total: dict[str, int] = {}
    for name in MAPS:
        for key, value in replay_map(name).items():
            total[key] = total.get(key, 0) + value
    assert total["lanes"] >= 200
    assert total["rounds_30"] >= 200, total
    for key in ("attack", "diplomacy", "intrigue_cards", "intrigue_honor", "disband", "raise", "reshuffle",
                "draws", "eliminations", "honor_wins", "rounds_30"):
        assert total[key] > 0, f"no {key} in {total}"


def test_shipped_maps_cover_every_player_count() -> None:
    assert {load_map(m).players for m in MAPS} == {2, 3, 4}


def test_summary_sees_a_difference() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=30))
    s = start_states(game, 1, 0)[0]
    other = s.clone()
    other.hands[0][3] += 1
    assert summary(s) != summary(other)
    lane = BatchState.from_states([s])
    with pytest.raises(AssertionError, match="hands"):
        replay_lane(s, [[]], [other])
    assert summary(lane.to_state(0)) == summary(s)
