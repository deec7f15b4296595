"""The luck-adjusted score: each chance event's correction has expectation zero, a constant value changes
nothing, and the benchmark reports the adjusted score beside the raw one."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.agent import make_agent
from ai.match import play_game
from ai.mcts.evaluator import value_function
from ai.tournament.cli import main
from ai.tournament.luck import (
    adjusted,
    crossfit,
    event_correction,
    expected_value,
    game_luck,
    interval,
    luck_rows,
    luck_summary,
)
from ai.tournament.outcome import GameOutcome
from ai.tournament.schedule import make_schedule
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


def _chance_states(game: Game, seed: int) -> list[State]:
    """Copies of every state of a greedy game at which a chance event was pending."""
    state, rng, out = initial_state(game), random.Random(seed), []
    agent = make_agent("greedy")
    while not state.is_terminal() and len(out) < 40:
        if state.current_player() == CHANCE:
            out.append(state.clone())
            state.play(sample_chance(state, rng))
        else:
            state.play(agent.choose(observation(state, state.current_player()), state.legal_actions(), rng))
    return out


def _lopsided(state: State) -> list[float]:
    """A value that reacts strongly to the cards dealt and to who moves first (any function will do)."""
    first = 0.0 if state.order is None else float(state.order[0] == 0)
    x = (sum(c * n for c, n in enumerate(state.hands[0])) % 7) / 7 + 0.3 * first
    return [x, 1.0 - x] + [0.0] * (state.num_players - 2)


@pytest.mark.parametrize("value", [_lopsided, value_function("material")])
def test_each_events_correction_has_expectation_zero(value) -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    states = _chance_states(game, 4)
    kinds = {type(s.chance_outcomes()[0][0]).__name__ for s in states}
    assert len(states) >= 10 and kinds >= {"SetOrder", "Deal"}  # the turn-order draw and card deals
    nonzero = 0
    for state in states:
        outcomes = state.chance_outcomes()
        corrections = [event_correction(state, a, value) for a, _ in outcomes]
        for seat in range(2):
            mean = sum(p * c[seat] for (_, p), c in zip(outcomes, corrections, strict=True))
            assert mean == pytest.approx(0.0, abs=1e-12)
        nonzero += any(abs(c[0]) > 1e-9 for c in corrections)
    assert nonzero > 0  # the events do move this value: the zero mean is not a zero everywhere


def test_a_sampled_expectation_approaches_the_exact_one_and_is_reproducible() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    state = next(s for s in _chance_states(game, 4) if len(s.chance_outcomes()) > 3)
    exact = expected_value(state, _lopsided)
    sampled = expected_value(state, _lopsided, samples=4000, rng=random.Random(1))
    assert sampled == expected_value(state, _lopsided, samples=4000, rng=random.Random(1))
    assert sampled[0] == pytest.approx(exact[0], abs=0.02)
    with pytest.raises(ValueError, match="seeded generator"):
        expected_value(state, _lopsided, samples=3)


def test_a_constant_value_leaves_the_raw_score() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=30))
    result = play_game(game, [make_agent("greedy"), make_agent("random")], 3)
    luck = game_luck(game, result.record.actions, lambda s: [0.25] * s.num_players)
    assert luck == pytest.approx((0.0, 0.0), abs=1e-12)  # exactly zero but for float rounding
    points = [1.0 if result.winner == s else 0.5 if result.winner is None else 0.0 for s in range(2)]
    assert adjusted(points, luck) == pytest.approx(points, abs=1e-12)
    real = game_luck(game, result.record.actions, value_function("material"))
    assert any(abs(x) > 1e-6 for x in real)  # a real value does see luck in the same game


def test_the_luck_rows_pair_games_and_subtract_luck() -> None:
    s = make_schedule(["a", "b"], 2, 4, 0)
    t = s.tasks
    luck = [(0.3, -0.3), (-0.2, 0.2), (0.0, 0.0), (0.1, -0.1)]
    winners = [0, 0, 1, None]
    outs = [GameOutcome(x.index, x.lineup, x.group, x.rotation, x.seed, x.seats, winner=w, luck=lk)
            for x, w, lk in zip(t, winners, luck, strict=True)]
    (row,) = luck_rows(s, outs)
    assert row["agent"] == "a" and row["lineup"] == ["b"] and row["groups"] == 2
    pts_a = [o.points(o.seats.index(0)) for o in outs]
    adj_a = [o.adjusted_points(o.seats.index(0)) for o in outs]
    assert row["raw"]["mean"] == pytest.approx(sum(pts_a) / 4)
    assert row["adjusted"]["mean"] == pytest.approx(sum(adj_a) / 4)
    assert row["adjusted"]["mean"] != row["raw"]["mean"]
    assert interval([0.5, 0.5])["variance"] == 0.0 and interval([1.0])["low"] is None


def test_the_benchmark_reports_the_adjusted_score_beside_the_raw_one(tmp_path, capsys) -> None:
    out = tmp_path / "luck.json"
    code = main(["--agents", "greedy,random", "--games", "2", "--max-rounds", "20", "--luck", "material",
                 "--json", str(out), "--quiet"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "luck-adjusted score (value material" in captured.out
    data = json.loads(out.read_text())
    assert data["config"]["luck"] == "material"
    assert all(len(r["luck"]) == 2 for r in data["results"])
    (row,) = data["luck"]["rows"]
    assert row["agent"] == "greedy" and row["groups"] == 1
    with pytest.raises(SystemExit) as exc:
        main(["--agents", "greedy,random", "--luck", "psychic"])
    assert exc.value.code == 2
    assert "--luck" in capsys.readouterr().err


def test_a_folds_factor_is_fitted_on_the_other_folds_only() -> None:
    rng = random.Random(3)
    luck = [rng.uniform(-0.3, 0.3) for _ in range(40)]
    raw = [0.5 + 0.4 * x + rng.uniform(-0.2, 0.2) for x in luck]
    _, betas = crossfit(raw, luck)
    moved = [r + (0.3 * x if i % 2 == 0 else 0.0) for i, (r, x) in enumerate(zip(raw, luck, strict=True))]
    _, moved_betas = crossfit(moved, luck)  # fold 0's own results changed: its factor (from fold 1) did not
    assert 0.0 < betas[1] < 0.7
    assert moved_betas[0] == pytest.approx(betas[0])
    assert moved_betas[1] == pytest.approx(betas[1] + 0.3, abs=1e-9)


def test_crossfitting_takes_out_luck_a_miscalibrated_value_overstates() -> None:
    """The value swings twice as much as the draw moves the result: the plain adjusted score varies more
    than the raw one, the cross-fitted one much less."""
    rng = random.Random(7)
    true = [rng.gauss(0.0, 0.25) for _ in range(400)]
    raw = [0.6 + t + rng.gauss(0.0, 0.1) for t in true]
    luck = [2 * t for t in true]
    s = luck_summary(raw, luck)
    assert s["variance_ratio"] > 1.0
    assert s["crossfit_ratio"] < 0.3
    assert s["betas"] == pytest.approx([0.5, 0.5], abs=0.05)
    assert s["crossfit"]["mean"] == pytest.approx(s["raw"]["mean"], abs=0.05)


def test_the_factor_follows_the_result_within_its_range() -> None:
    luck = [(i % 7 - 3) / 10 for i in range(24)]
    fitted, betas = crossfit([0.2 + 0.5 * x for x in luck], luck)  # the result is luck alone
    assert betas == pytest.approx([0.5, 0.5]) and fitted == pytest.approx([0.2] * 24)
    assert crossfit([0.2 - 0.5 * x for x in luck], luck)[1] == [0.0, 0.0]  # luck that hurts: taken for noise
    assert crossfit([0.2 + 3 * x for x in luck], luck)[1] == [1.0, 1.0]  # at most the plain adjusted score
    raw = [1.0, 0.0] * 12
    assert crossfit(raw, [0.0] * 24) == (raw, [0.0, 0.0])  # no luck measured: the raw score
    few = [0.5, 0.2, 0.1, 0.4]
    assert crossfit([1.0, 0.0, 0.5, 1.0], few) == ([0.5, -0.2, 0.4, 0.6], [1.0, 1.0])  # too few to fit: factor 1
    with pytest.raises(ValueError, match="one luck per result"):
        crossfit(raw, [0.0])


@given(st.lists(st.tuples(st.floats(-1, 2), st.floats(-1, 1), st.floats(-1, 2)), min_size=0, max_size=60))
@settings(max_examples=150, deadline=None)
def test_any_crossfit_holds_its_factors_and_keeps_each_fold_independent(rows) -> None:
    """Fuzz: factors stay in range, each sample is its result less its fold's factor times its luck, and a
    fold's own results never move its factor."""
    raw, luck, other = ([r[k] for r in rows] for k in range(3))
    fitted, betas = crossfit(raw, luck)
    assert all(0.0 <= b <= 1.0 for b in betas)
    assert fitted == pytest.approx([r - betas[i % 2] * x for i, (r, x) in enumerate(zip(raw, luck, strict=True))])
    moved = [o if i % 2 == 0 else r for i, (r, o) in enumerate(zip(raw, other, strict=True))]
    assert crossfit(moved, luck)[1][0] == pytest.approx(betas[0])
