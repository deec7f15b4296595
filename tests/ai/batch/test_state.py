"""Batch state: engine states in, the same engine states out; what from_states refuses."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.batch.export import summary
from ai.batch.state import BatchState, LaneLeaf, LaneTable, lanes_of
from ai.batch.turn import run
from ai.rollout_policy import RolloutAgent, finish_turn, play_turn
from japanese_swords.actions import parse_action
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, decision, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from tests.ai.batch.test_equality import resumed_states, step_to
from tests.ai.batch.test_evaluate import random_points


def played_states(map_name: str, n: int, seed: int) -> list[State]:
    """Turn-start states after a varying number of turns of the scalar rollout policy."""
    game = Game(load_map(map_name), Rules(max_rounds=60))
    rng = random.Random(seed)
    agent = RolloutAgent()
    out = []
    for i in range(n):
        s = initial_state(game)
        finish_turn(s, rng)
        for _ in range(3 * i):
            play_turn(s, rng, agent)
        out.append(s)
    return out


@pytest.mark.parametrize("map_name", ["classic-2p", "kanto-3p", "onin-4p"])
def test_round_trip_keeps_every_tracked_fact(map_name: str) -> None:
    states = played_states(map_name, 12, seed=3)
    batch = BatchState.from_states(states)
    assert batch.size == 12 and batch.num_players == states[0].num_players
    for lane, s in enumerate(states):
        back = batch.to_state(lane)
        assert summary(back) == summary(s)
        if s.is_terminal():
            continue  # a finished engine state may keep leftovers (an unserved discard queue)
        expected = s.clone()
        expected.last_battle = None  # not tracked by the batch
        assert back == expected  # the full engine state, army ids included
        assert back.legal_actions() == s.legal_actions()


def test_round_trip_inside_a_turn_keeps_the_phase_and_the_armies_spent() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    states = [s for s in resumed_states(game, 16, seed=8) if not s.is_terminal()]
    batch = BatchState.from_states(states)
    assert {int(p) for p in batch.phase} == {int(Phase.TRAVEL), int(Phase.BATTLE)}
    assert batch.spent.any()
    for lane, s in enumerate(states):
        expected = s.clone()
        expected.last_battle = None
        assert batch.to_state(lane) == expected


def test_arrays_have_a_leading_batch_axis() -> None:
    batch = BatchState.from_states(played_states("onin-4p", 5, seed=1))
    assert batch.owner.shape == (5, 100) and batch.hands.shape == (5, 4, 16)
    assert batch.deck.shape == batch.discard.shape == (5, 16)
    assert batch.gold.shape == batch.honor.shape == batch.alive.shape == (5, 4)
    cards = batch.deck.sum(1) + batch.discard.sum(1) + batch.hands.sum((1, 2))
    assert (cards == 116).all()


def test_copy_is_deep() -> None:
    batch = BatchState.from_states(played_states("classic-2p", 2, seed=2))
    twin = batch.copy()
    run(batch, np.random.default_rng(0), 6)
    assert not np.array_equal(batch.turns, twin.turns)
    assert (twin.turns == 0).all()


def test_cards_are_conserved_and_gold_never_negative_while_running() -> None:
    batch = BatchState.from_states(played_states("shikoku-4p", 16, seed=4))
    from ai.batch.turn import TurnRunner

    runner = TurnRunner(batch, np.random.default_rng(5))
    for _ in range(60):
        runner.run_turn()
        cards = batch.deck.sum(1) + batch.discard.sum(1) + batch.hands.sum((1, 2))
        assert (cards == 116).all()
        assert (batch.gold >= 0).all()
        assert ((batch.owner >= 0).sum(1) == (batch.aid >= 0).sum(1)).all()


def test_from_states_refuses_mid_turn_and_mixed_games() -> None:
    states = played_states("classic-2p", 2, seed=5)
    mid = states[0].clone()  # a draw phase after its first draw (the lanes keep no count of draws)
    rng = random.Random(5)
    assert step_to(mid, Phase.DRAW, rng, RolloutAgent())
    mid.apply(parse_action("draw"))
    while mid.current_player() == CHANCE:
        mid.apply(sample_chance(mid, rng))
    with pytest.raises(ValueError, match="not at a turn start nor at a main decision"):
        BatchState.from_states([states[1], mid])
    other = played_states("kawanakajima-2p", 1, seed=5)
    with pytest.raises(ValueError, match="one game"):
        BatchState.from_states([states[0], other[0]])
    battle = next(s for s in random_points("classic-2p", 60, seed=7) if decision(s) == "commit")
    with pytest.raises(ValueError, match="decision commit"):
        BatchState.from_states([battle])
    with pytest.raises(ValueError, match="at least one"):
        BatchState.from_states([])


def test_finished_games_stay_finished() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=2))
    states = []
    for seed in range(4):
        s = initial_state(game)
        finish_turn(s, random.Random(seed))
        states.append(s)
    batch = BatchState.from_states(states)
    run(batch, np.random.default_rng(1), 50)
    assert batch.done.all()
    assert (batch.winner == -1).all() and (batch.round == 2).all()
    over = BatchState.from_states([batch.to_state(0)])
    assert over.done.all()
    before = over.copy()
    run(over, np.random.default_rng(2), 3)
    assert summary(over.to_state(0)) == summary(before.to_state(0))


def test_same_seed_same_lanes_whether_recorded_or_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled kernel draws from a generator seeded by the caller's: the same seed replays the same
    lanes, recording (even with a log too small at first, rerun with room) changes nothing, another seed
    plays differently."""
    import ai.batch.turn as turn
    from ai.batch.export import Recorder

    start = BatchState.from_states(played_states("kanto-3p", 12, seed=6))

    def final(seed: int, recorder: Recorder | None = None) -> BatchState:
        out = start.copy()
        run(out, np.random.default_rng(seed), 9, recorder=recorder)
        return out

    a, b = final(3), final(3)
    monkeypatch.setattr(turn, "_ROWS_PER_TURN", 1)  # the first log overflows: the call is rerun
    rec = Recorder()
    c = final(3, rec)
    for name in ("gold", "honor", "hands", "deck", "owner", "aid", "control", "turns", "winner"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
        assert np.array_equal(getattr(a, name), getattr(c, name)), name
    assert not np.array_equal(final(4).hands, a.hands)
    assert rec.calls == int((c.turns - start.turns).max())
    assert sum(len(t) for lane in range(12) for t in rec.lane_turns(lane)) > 12 * 9 * 3


_TABLE_STATES = played_states("kanto-3p", 6, seed=5)


@given(st.data())
@settings(max_examples=40, deadline=None)
def test_a_lane_tables_gather_is_take_with_the_worlds_cards_put_in(data: st.DataObject) -> None:
    """:meth:`LaneTable.gather` (one compiled pass into the table's reused arrays) gives the lanes numpy
    indexing gives: each row repeated, the other seats' hands and the deck from the row's world; a second,
    larger or smaller gather into the same arrays as well."""
    table = LaneTable()
    for s in _TABLE_STATES:
        table.add(s)
    p = table.batch.num_players
    gen = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    worlds_n = data.draw(st.integers(1, 4))
    hands = gen.integers(0, 4, (worlds_n, p, 16))
    deck = gen.integers(0, 6, (worlds_n, 16))
    others = np.array(data.draw(st.lists(st.booleans(), min_size=p, max_size=p)))
    for _ in range(2):
        n = data.draw(st.integers(1, 10))
        rows = np.array(data.draw(st.lists(st.integers(0, table.size - 1), min_size=n, max_size=n)), np.int64)
        worlds = np.array(data.draw(st.lists(st.integers(0, worlds_n - 1), min_size=n, max_size=n)), np.int64)
        lanes = data.draw(st.integers(1, 4))
        got = table.gather(rows, worlds, lanes, hands, deck, others)
        want = table.batch.take(np.repeat(rows, lanes))
        at = np.repeat(worlds, lanes)
        want.hands = np.where(others[:, None], hands[at], want.hands)
        want.deck = deck[at]
        for name, value in want.__dict__.items():
            if isinstance(value, np.ndarray):
                assert got.__dict__[name].dtype == value.dtype, name
                assert np.array_equal(got.__dict__[name], value), name
        leaves = [LaneLeaf(table, int(r), hands, deck, int(w), others) for r, w in zip(rows, worlds, strict=True)]
        same = lanes_of(leaves, lanes)  # a search's call: the same lanes
        assert all(np.array_equal(same.__dict__[k], v) for k, v in want.__dict__.items() if isinstance(v, np.ndarray))
