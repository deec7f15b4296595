"""tools/oracle_gap.py: the oracle searches the true state, is no registered agent, and the gap report."""

from __future__ import annotations

import json
import random

import pytest

from ai.agent import SpecError, make_agent
from ai.mcts.bot import MCTSAgent
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from japanese_swords.records import state_digest
from tests.tools.conftest import load_tool

og = load_tool("oracle_gap")


def _decision_state():
    """A classic-2p state where seat 0 decides and seat 1 holds cards seat 0 cannot see."""
    state, rng = initial_state(Game(load_map("classic-2p"), Rules())), random.Random(2)
    greedy = make_agent("greedy")
    while True:
        seat = state.current_player()
        if seat == CHANCE:
            state.play(sample_chance(state, rng))
            continue
        if seat == 0 and sum(state.hands[1]) >= 2:
            return state
        state.play(greedy.choose(observation(state, seat), state.legal_actions(), rng))


def test_the_oracles_worlds_are_the_true_state_and_the_normal_ones_are_not() -> None:
    state = _decision_state()
    obs = observation(state, 0)
    oracle = og.OracleMCTS([state], iterations=5)
    assert all(state_digest(oracle.world(obs, random.Random(i))) == state_digest(state) for i in range(5))
    normal = MCTSAgent(iterations=5)
    hands = {tuple(normal.world(obs, random.Random(i)).hands[1]) for i in range(20)}
    assert len(hands) > 1  # the normal search guesses the hidden hand
    assert oracle.choose(obs, state.legal_actions(), random.Random(0)) in state.legal_actions()


def test_the_oracle_is_never_offered_as_an_agent() -> None:
    with pytest.raises(SpecError, match="unknown agent"):
        make_agent("oracle-mcts")


def _games(match: str, pair_points: list[float]) -> list[dict]:
    """Two games per pair, the measured side scoring ``p`` in each (no luck)."""
    return [{"match": match, "group": g, "points": p, "adjusted": p} for g, p in enumerate(pair_points)
            for _ in range(2)]


def test_the_share_of_the_gap_divides_the_setting_s_gain_by_the_oracle_s() -> None:
    gap = _games("oracle-vs-mcts", [1.0, 0.5, 0.75, 1.0])  # mean 0.8125: gap 0.3125
    close = _games("high-vs-low", [0.5, 0.75, 0.5, 0.75])  # mean 0.625: gain 0.125
    s = og.gap_share(gap, close, "points")
    assert s["pairs"] == 4 and s["gap"] == pytest.approx(0.3125) and s["share"] == pytest.approx(0.4)
    assert s["share_low"] <= 0.4 <= s["share_high"]
    assert s == og.gap_share(gap, close, "points")  # the bootstrap is seeded


def test_a_small_run_writes_the_report(tmp_path, capsys) -> None:
    out = tmp_path / "gap.json"
    assert og.main(["--iterations", "2", "--high", "3", "--games", "2", "--max-rounds", "3",
                    "--matches", "oracle-vs-mcts,high-vs-low", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "oracle@2 vs mcts@2" in text and "mcts@3 vs mcts@2" in text
    data = json.loads(out.read_text())
    assert set(data["games"]) == {"oracle-vs-mcts", "high-vs-low"} and "share" in data["report"]
    assert all(len(g) == 2 for g in data["games"].values())
    again = tmp_path / "again.json"
    assert og.main(["--iterations", "2", "--high", "3", "--games", "2", "--max-rounds", "3", "--from", str(out),
                    "--matches", "oracle-vs-mcts", "--json", str(again)]) == 0
    assert " games" not in capsys.readouterr().err  # every game reused: no progress line, none replayed
    assert json.loads(again.read_text())["games"] == data["games"]
    with pytest.raises(SystemExit):
        og.main(["--matches", "oracle-vs-nobody"])
    with pytest.raises(SystemExit):  # games of another budget are not pooled
        og.main(["--iterations", "5", "--high", "3", "--from", str(out)])
    assert "played with --iterations 2 --high 3" in capsys.readouterr().err


def test_the_opponent_and_a_time_budget_are_chosen_and_kept_with_the_games(tmp_path, capsys) -> None:
    out = tmp_path / "opp.json"
    assert og.main(["--time", "0.01", "--opponent", "random", "--games", "2", "--max-rounds", "2",
                    "--matches", "oracle-vs-opponent,mcts-vs-opponent", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "oracle@0.01s vs random" in text and "mcts@0.01s vs random" in text and "against random" in text
    data = json.loads(out.read_text())
    assert data["report"]["time"] == 0.01 and data["report"]["opponent"] == "random"
    assert {tuple(sorted(g["seats"])) for g in data["games"]["mcts-vs-opponent"]} == {("low", "opponent")}
    with pytest.raises(SystemExit):  # games against another opponent are not pooled
        og.main(["--time", "0.01", "--opponent", "greedy", "--matches", "mcts-vs-opponent", "--from", str(out)])
    assert "played with --time 0.01 --opponent 'random'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        og.main(["--time", "0.01", "--matches", "high-vs-low"])
    assert "high-vs-low match compares iteration budgets" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        og.main(["--opponent", "nobody", "--matches", "mcts-vs-opponent"])
    assert "--opponent: " in capsys.readouterr().err


def test_the_budget_is_a_spec_option() -> None:
    assert og.budget_text(50, None) == "iterations=50" and og.budget_text(50, 0.1) == "time=0.1"


def test_the_paired_difference_is_taken_deal_by_deal_over_the_deals_both_played() -> None:
    oracle = _games("oracle-vs-opponent", [1.0, 0.5, 1.0, 0.75])
    mcts = _games("mcts-vs-opponent", [0.5, 0.5, 0.75])  # deal 3 missing: left out
    d = og.paired_difference(oracle, mcts)
    assert d["pairs"] == 3 and d["difference"] == pytest.approx(0.25)
    assert d["low"] < 0.25 < d["high"]
    assert og.paired_difference(oracle, _games("mcts-vs-opponent", [0.5]))["low"] is None  # one deal: no interval
