"""The batch simulator plays the engine's rules: every lane's trajectory, exported as engine actions plus
chance outcomes, replays through the checked engine (an illegal action raises) and the engine state equals
the lane's state after every turn. 80 lanes per shipped map (2, 3 and 4 players), 33 rounds each unless
the game ends first; at least 200 lanes run 30 rounds or more (the rest end earlier: a fortress falls or
a player reaches 50 honor)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from ai.batch.export import Recorder, replay_lane, summary
from ai.batch.policy import RolloutPolicy
from ai.batch.state import BatchState, resumable
from ai.batch.turn import TurnRunner, run
from ai.rollout_policy import RolloutAgent, finish_turn, play_turn, to_batch_start
from japanese_swords.actions import Attack, Move
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, decision, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import available_maps, load_map
from japanese_swords.movement import attack_targets

MAPS = available_maps()
LANES = 80
ROUNDS = 33
#: Per map: max_rounds and policy. max_rounds=31 checks the draw rule (after at least 30 rounds played);
#: policies that buy no honor and attack only with an edge make games last longer; the default and the
#: aggressive ones end games by honor and by fortress capture.
LONG = RolloutPolicy(honor_reserve=99, attack_margin=2.0, w_home=1.5)
#: Some maps give every seat its own policy (an opponent model in search plays that way).
CASES = {
    "classic-2p": (31, LONG),
    "kawanakajima-2p": (31, RolloutPolicy(honor_reserve=99, attack_margin=2.0, army_cap=8)),
    "nagashino-2p": (31, (RolloutPolicy(), RolloutPolicy(honor_reserve=99, attack_margin=3.0, army_cap=3,
                                                         hand_target=11, max_draws=5, diplomacy_margin=1.0))),
    "kanto-3p": (31, LONG),
    "sekigahara-3p": (150, LONG),
    "onin-4p": (31, (RolloutPolicy(honor_reserve=99), RolloutPolicy(army_cap=8, raise_reserve=0, max_draws=1,
                                                                    attack_margin=-2.0, w_home=6.0),
                     RolloutPolicy(honor_reserve=99, intrigue_cards_min=99), LONG)),
    "shikoku-4p": (31, RolloutPolicy(honor_reserve=99, intrigue_cards_min=3, army_cap=3, attack_margin=2.0)),
}


def start_states(game: Game, n: int, seed: int) -> list[State]:
    """``n`` games at the start of their first turn, some advanced a few turns by the scalar policy."""
    out = []
    for i in range(n):
        s = initial_state(game)
        rng = random.Random(f"eq:{seed}:{i}")
        finish_turn(s, rng)
        for _ in range(i % 3):  # vary the starting point: 0-2 turns played by the scalar reference
            play_turn(s, rng)
        out.append(s)
    return out


def step_to(s: State, phase: Phase, rng: random.Random, agent: RolloutAgent) -> bool:
    """Play ``s`` with the rollout policy to the turn player's next main decision of ``phase``; False if
    the game ended first."""
    while not s.is_terminal() and not (s.phase == phase and decision(s) == "main"):
        seat = s.current_player()
        s.apply(sample_chance(s, rng) if seat == CHANCE
                else agent.decide(s, seat, [sum(h) for h in s.hands], None, rng))
    return not s.is_terminal()


def resumed_states(game: Game, n: int, seed: int) -> list[State]:
    """Lanes inside a turn, as search leaves are: at a travel or battle decision after some random moves
    or random attacks (fought out by the rollout policy) of the turn player."""
    out = []
    agent = RolloutAgent()
    for i, s in enumerate(start_states(game, n, seed)):
        rng = random.Random(f"resume:{seed}:{i}")
        for _ in range(8 + 4 * (i % 8)):  # later turns, when armies are in contact
            play_turn(s, rng, agent)
        stop = Phase.TRAVEL if i % 2 == 0 else Phase.BATTLE
        kind = Move if stop == Phase.TRAVEL else Attack
        for _ in range(1 + i % 3):
            step_to(s, stop, rng, agent)
            options = [a for a in s.legal_actions() if isinstance(a, kind)] if not s.is_terminal() else []
            if options:
                s.apply(rng.choice(options))
        to_batch_start(s, rng)
        out.append(s)
    return out


def test_lanes_resume_inside_a_turn_and_replay_through_the_engine() -> None:
    """Lanes handed over at a travel or battle decision, after moves or attacks, finish that turn without
    moving or attacking twice with one army, then play on; every turn replays through the engine."""
    game = Game(load_map("onin-4p"), Rules(max_rounds=60))
    starts = resumed_states(game, 60, seed=3)
    assert all(resumable(s) or s.is_terminal() for s in starts)
    batch = BatchState.from_states(starts)
    assert (batch.spent.any(1) & (batch.start_phase == int(Phase.TRAVEL))).sum() >= 10
    assert (batch.spent.any(1) & (batch.start_phase == int(Phase.BATTLE))).sum() >= 5
    rec = Recorder()
    eager = RolloutPolicy(attack_margin=-99.0)  # attacks with every army touching an enemy
    runner = TurnRunner(batch, np.random.default_rng(4), eager, recorder=rec)
    snapshots = []
    for _ in range(8):
        runner.run_turn()
        snapshots.append(batch.copy())
    assert (batch.start_phase == int(Phase.REVENUE)).all() and not batch.spent.any()
    moves = 0
    for lane, start in enumerate(starts):
        turns = rec.lane_turns(lane)
        replay_lane(start, turns, [snap.to_state(lane) for snap in snapshots])
        moves += sum(a.startswith(("move", "attack")) for a in turns[0])
    assert moves >= 10  # the resumed turns did move and attack


ECONOMY = (Phase.EXPENSE, Phase.DRAW, Phase.HONOR)


def economy_states(game: Game, n: int, seed: int) -> list[State]:
    """Lanes handed over inside an economy phase, as an economy search's leaves are: at the expense phase
    (upkeep paid, sometimes after an army raised), the draw phase before its first draw, or the honor
    phase (sometimes after a Much Honor played), later in the game."""
    out = []
    agent = RolloutAgent()
    for i, s in enumerate(start_states(game, n, seed)):
        rng = random.Random(f"economy:{seed}:{i}")
        for _ in range(4 + 3 * (i % 7)):
            play_turn(s, rng, agent)
        phase = ECONOMY[i % 3]
        if not step_to(s, phase, rng, agent):
            continue
        first = [a for a in s.legal_actions() if str(a).startswith(("raise", "play MH"))]
        if first and i % 2:
            s.apply(rng.choice(first))
        if resumable(s):
            out.append(s)
    return out


def test_lanes_resume_in_an_economy_phase_and_replay_through_the_engine() -> None:
    """Lanes handed over at an expense, draw or honor decision play the rest of that turn from there
    (no second upkeep), then play on; every turn replays through the engine, and they raised, drew and
    bought honor in the turn they resumed."""
    game = Game(load_map("kanto-3p"), Rules(max_rounds=60))
    starts = economy_states(game, 72, seed=7)
    phases = [s.phase for s in starts]
    assert all(phases.count(p) >= 12 for p in ECONOMY), phases
    batch = BatchState.from_states(starts)
    assert [Phase(int(p)) for p in batch.start_phase] == phases
    rec = Recorder()
    runner = TurnRunner(batch, np.random.default_rng(8), RolloutPolicy(honor_reserve=0), recorder=rec)
    snapshots = []
    for _ in range(6):
        runner.run_turn()
        snapshots.append(batch.copy())
    first = Counter()
    for lane, start in enumerate(starts):
        turns = rec.lane_turns(lane)
        replay_lane(start, turns, [snap.to_state(lane) for snap in snapshots])
        for a in turns[0]:
            first[(start.phase, a.split()[0])] += 1
    assert first[(Phase.EXPENSE, "raise")] > 0 and first[(Phase.EXPENSE, "draw")] > 0, first
    assert first[(Phase.DRAW, "draw")] > 0 and first[(Phase.HONOR, "honor")] > 0, first
    assert first[(Phase.DRAW, "raise")] == first[(Phase.HONOR, "draw")] == 0  # no phase played twice


def test_a_phase_half_played_is_not_handed_over() -> None:
    """The lanes keep no count of the cards drawn or the honor bought in a phase: a draw phase after a
    draw, an honor phase after a purchase are played to the next hand-over point by the scalar policy."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    agent = RolloutAgent()
    seen = Counter()
    for i, s in enumerate(start_states(game, 24, seed=9)):
        rng = random.Random(f"half:{i}")
        for _ in range(6 + i % 5):
            play_turn(s, rng, agent)
        for phase, prefix in ((Phase.DRAW, "draw"), (Phase.HONOR, "honor")):
            if not step_to(s, phase, rng, agent):
                break
            assert resumable(s)
            done = [a for a in s.legal_actions() if str(a).startswith(prefix)]
            if not done:
                continue
            s.apply(done[0])
            while s.current_player() == CHANCE:
                s.apply(sample_chance(s, rng))
            if s.phase == phase and decision(s) == "main":
                assert not resumable(s)
                seen[phase] += 1
                t = s.clone()
                to_batch_start(t, rng)
                assert resumable(t) and t.phase > phase
    assert seen[Phase.DRAW] >= 5 and seen[Phase.HONOR] >= 5, seen


def test_armies_that_attacked_before_the_hand_over_do_not_attack_again() -> None:
    """At a battle decision, the turn player's armies touching an enemy are marked as having attacked; an
    eager policy then attacks with none of them (and, unmarked, it attacks with them)."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    agent = RolloutAgent()
    starts, marked = [], []
    for i in range(40):
        rng = random.Random(f"attacked:{i}")
        s = start_states(game, 1, seed=i)[0]
        for _ in range(12 + i % 20):
            play_turn(s, rng, agent)
        if not step_to(s, Phase.BATTLE, rng, agent):
            continue
        seat = s.current_player()
        ready = {aid for aid, a in s.armies.items() if a.owner == seat and attack_targets(s, aid)}
        if ready:
            starts.append(s)
            m = s.clone()
            m.attacked |= ready
            marked.append(m)
    assert len(starts) >= 10
    eager = RolloutPolicy(attack_margin=-99.0)

    def attacks(states: list[State]) -> int:
        batch = BatchState.from_states(states)
        rec = Recorder()
        TurnRunner(batch, np.random.default_rng(2), eager, recorder=rec).run_turn()
        for lane, start in enumerate(states):
            replay_lane(start, rec.lane_turns(lane), [batch.to_state(lane)])
        return sum(a.startswith("attack") for lane in range(len(states)) for a in rec.lane_turns(lane)[0])

    assert attacks(starts) >= len(starts)
    assert attacks(marked) == 0


def test_run_counts_the_rest_of_a_resumed_turn_as_an_extra_turn() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    starts = [s for s in resumed_states(game, 12, seed=5) if not s.is_terminal()]
    batch = run(BatchState.from_states(starts), np.random.default_rng(1), 2)
    live = ~batch.done
    assert live.any()
    assert (batch.turns[live] == 3).all()  # the resumed turn's rest, then two whole turns
    played = [s.round * game.num_players + s.turn_index for s in starts]
    now = batch.round * game.num_players + batch.turn_index
    assert (now[live] == np.array(played)[live] + 3).all()


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


def test_each_seat_plays_its_own_policy() -> None:
    """Per-seat policies: a seat that may keep no army never raises one while the other seat, with the
    default knobs, does; both seats' lanes replay through the engine."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    starts = start_states(game, 24, seed=11)
    batch = BatchState.from_states(starts)
    rec = Recorder()
    runner = TurnRunner(batch, np.random.default_rng(5), (RolloutPolicy(army_cap=0), RolloutPolicy()), rec)
    snapshots = []
    for _ in range(12 * game.num_players):
        runner.run_turn()
        snapshots.append(batch.copy())
    armies = np.array([[(snap.owner[lane] == seat).sum() for seat in (0, 1)]
                       for snap in snapshots for lane in range(24)]).reshape(len(snapshots), 24, 2)
    assert (np.diff(armies[:, :, 0], axis=0) <= 0).all()  # seat 0 never gains an army
    assert (np.diff(armies[:, :, 1], axis=0) > 0).any()  # seat 1 raises
    for lane in range(24):
        replay_lane(starts[lane], rec.lane_turns(lane), [snap.to_state(lane) for snap in snapshots])


def test_per_seat_policies_must_fit_the_game() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    batch = BatchState.from_states(start_states(game, 2, seed=1))
    with pytest.raises(ValueError, match="one per seat"):
        TurnRunner(batch, np.random.default_rng(0), (RolloutPolicy(),) * 3)
    with pytest.raises(ValueError, match="field_decay"):
        TurnRunner(batch, np.random.default_rng(0), (RolloutPolicy(), RolloutPolicy(field_decay=0.3)))


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
