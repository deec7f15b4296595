"""Pooling reports: counts added over chunks, two settings paired by deal, bad reports refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.tournament.luck import luck_summary
from ai.tournament.outcome import GameOutcome
from ai.tournament.pool import PoolError, compare, load_reports, load_run, load_runs, luck_pool, pool
from ai.tournament.report import summarize, to_json
from ai.tournament.runner import TournamentConfig, TournamentResult
from ai.tournament.schedule import make_schedule
from ai.tournament.stats import estimate
from ai.tournament.tally import tally


def _report(tmp: Path, name: str, agents: tuple[str, str], seed: int, winners: list[int | None],
            max_rounds: int = 50, luck: list[tuple[float, float]] | None = None) -> Path:
    """A report file of a finished 2-player run whose games were won by the given seats (None: a draw),
    with each game's luck per seat if given (a ``--luck`` run)."""
    config = TournamentConfig(agents, games=len(winners), seed=seed, max_rounds=max_rounds,
                              luck="material" if luck else None)
    sched = make_schedule(agents, 2, len(winners), seed)
    lucks = luck or [()] * len(winners)
    outcomes = [GameOutcome(t.index, t.lineup, t.group, t.rotation, t.seed, t.seats, winner=w, rounds=12,
                            honor=(3, 4), ranks=(1, 1) if w is None else (1 + (w != 0), 1 + (w != 1)), luck=lk)
                for t, w, lk in zip(sched.tasks, winners, lucks, strict=True)]
    result = TournamentResult(config, sched, outcomes, tally(sched, outcomes), "complete", None, 1.0, 1)
    path = tmp / name
    path.write_text(to_json(summarize(result)))
    return path


def test_pooled_counts_are_the_sums_and_the_interval_is_over_all_pairs(tmp_path: Path) -> None:
    # seats alternate (a, b), (b, a): seat 0 winning both games of a pair splits it, [0, 1] gives a both
    a = _report(tmp_path, "a.json", ("x", "y"), 1, [0, 1, 0, 0, None, 1])
    b = _report(tmp_path, "b.json", ("x", "y"), 2, [0, 1, 1, 0])
    (pair,) = pool(load_runs([a, b]))
    ja, jb = (json.loads(p.read_text())["pairs"][0] for p in (a, b))
    assert pair.files == 2 and pair.games == 10
    assert (pair.wins, pair.draws, pair.losses) == (ja["wins"] + jb["wins"], ja["draws"] + jb["draws"],
                                                     ja["losses"] + jb["losses"])
    assert pair.pentanomial == [x + y for x, y in zip(ja["pentanomial"], jb["pentanomial"], strict=True)]
    assert pair.estimate == estimate(pair.pentanomial)
    assert pair.to_json()["score"] == pytest.approx((pair.wins + pair.draws / 2) / pair.games, abs=1e-4)


def test_settings_and_pairs_are_kept_apart(tmp_path: Path) -> None:
    a = _report(tmp_path, "a.json", ("x", "y"), 1, [0, 1])
    b = _report(tmp_path, "b.json", ("x", "y"), 2, [0, 1], max_rounds=80)
    c = _report(tmp_path, "c.json", ("x", "z"), 3, [0, 1])
    pooled = pool(load_runs([a, b, c]))
    assert [(p.opponent, p.setting[1], p.games) for p in pooled] == [("y", 50, 2), ("y", 80, 2), ("z", 50, 2)]


def test_a_game_counted_twice_is_refused(tmp_path: Path) -> None:
    a = _report(tmp_path, "a.json", ("x", "y"), 1, [0, 1])
    copy = tmp_path / "copy.json"
    copy.write_text(a.read_text())
    with pytest.raises(PoolError, match=r"copy\.json: holds the game of seed \d+ .* as .*a\.json does"):
        load_runs([a, copy])
    with pytest.raises(PoolError, match="twice"):
        load_runs([a, a])


def test_compare_pairs_the_two_settings_deal_by_deal(tmp_path: Path) -> None:
    # A wins both games of the first deal pair and splits the second; B splits the first and loses both of
    # the second: differences +0.5 and +0.5 against y. Seats of a pair: (tested, y), then (y, tested).
    a = _report(tmp_path, "a.json", ("a", "y"), 7, [0, 1, 0, 0])
    b = _report(tmp_path, "b.json", ("b", "y"), 7, [0, 0, 1, 0])
    c = compare(load_runs([a]), load_runs([b]))
    assert (c.a, c.b) == ("a", "b")
    assert (c.score_a, c.score_b) == (0.75, 0.25)
    assert (c.overall.n, c.overall.mean) == (2, 0.5)
    assert c.overall.low == c.overall.high == 0.5  # no spread between the pairs
    assert list(c.by_opponent) == ["y"]


def test_compare_only_counts_the_common_deals_and_breaks_down_by_opponent(tmp_path: Path) -> None:
    a = [_report(tmp_path, "a1.json", ("a", "y"), 7, [0, 1, 0, 0]),
         _report(tmp_path, "a2.json", ("a", "z"), 8, [1, 0]),
         _report(tmp_path, "a3.json", ("a", "z"), 9, [0, 1])]  # a seed B never played
    b = [_report(tmp_path, "b1.json", ("b", "y"), 7, [0, 1, 0, 1]),
         _report(tmp_path, "b2.json", ("b", "z"), 8, [0, 1])]
    c = compare(load_runs(a), load_runs(b))
    assert c.overall.n == 3
    assert c.by_opponent["y"].mean == pytest.approx(-0.25)  # pairs: 1 - 1 and 0.5 - 1
    assert c.by_opponent["z"].mean == pytest.approx(-1.0)  # a lost both, b won both
    assert c.overall.mean == pytest.approx((0 - 0.5 - 1) / 3)


def test_repeated_runs_of_the_same_deals_score_each_deal_by_their_mean(tmp_path: Path) -> None:
    """``--repeats``: B run twice on A's seeds; each deal pair scores the mean of B's two runs there."""
    a = _report(tmp_path, "a.json", ("a", "y"), 7, [0, 1, 0, 0])  # deal pairs: 1, 0.5
    b1 = _report(tmp_path, "b1.json", ("b", "y"), 7, [0, 1, 1, 0])  # 1, 0
    b2 = _report(tmp_path, "b2.json", ("b", "y"), 7, [1, 0, 1, 1])  # 0, 0.5
    with pytest.raises(PoolError, match=r"b2\.json: holds the game of seed \d+ .* as .*b1\.json does.*--repeats"):
        load_runs([b1, b2])
    c = compare(load_runs([a]), load_runs([b1, b2], repeats=True))
    assert c.overall.n == 2 and c.score_b == pytest.approx((0.5 + 0.25) / 2)
    assert c.overall.mean == pytest.approx(((1 - 0.5) + (0.5 - 0.25)) / 2)
    (pair,) = pool(load_runs([b1, b2], repeats=True))
    assert pair.games == 8  # every game counts in the pooled score


def test_repeats_still_refuse_a_report_given_twice_or_copied(tmp_path: Path) -> None:
    b1 = _report(tmp_path, "b1.json", ("b", "y"), 7, [0, 1, 1, 0])
    copy = tmp_path / "copy.json"
    copy.write_text(b1.read_text())
    with pytest.raises(PoolError, match="twice"):
        load_runs([b1, b1], repeats=True)
    with pytest.raises(PoolError, match=r"copy\.json: the same games, result for result, as .*b1\.json"):
        load_runs([b1, copy], repeats=True)


def test_compare_refuses_mixed_sides_and_disjoint_deals(tmp_path: Path) -> None:
    a = _report(tmp_path, "a.json", ("a", "y"), 7, [0, 1])
    a2 = _report(tmp_path, "a2.json", ("other", "y"), 8, [0, 1])
    b = _report(tmp_path, "b.json", ("b", "y"), 9, [0, 1])
    with pytest.raises(PoolError, match=r"more than one agent \(a, other\)"):
        compare(load_runs([a, a2]), load_runs([b]))
    with pytest.raises(PoolError, match="no deal pair is common"):
        compare(load_runs([a]), load_runs([b]))


def _league(tmp: Path, name: str, reports: list[Path]) -> Path:
    """A ``bench --league --json`` file holding the given reports (one a style)."""
    path = tmp / name
    path.write_text(json.dumps({"league": [json.loads(r.read_text()) for r in reports]}))
    return path


def test_a_league_file_pools_and_pairs_style_by_style(tmp_path: Path) -> None:
    a = _league(tmp_path, "a.json", [_report(tmp_path, "a1.json", ("x", "rusher"), 1, [0, 1, 0, 0]),
                                     _report(tmp_path, "a2.json", ("x", "turtle"), 2, [0, 0])])
    b = _league(tmp_path, "b.json", [_report(tmp_path, "b1.json", ("x2", "rusher"), 1, [1, 1, 0, 1]),
                                     _report(tmp_path, "b2.json", ("x2", "turtle"), 2, [0, 1])])
    runs = load_runs([a])
    assert [r.path for r in runs] == [f"{a} (rusher)", f"{a} (turtle)"]
    assert [(p.opponent, p.games, p.wins) for p in pool(runs)] == [("rusher", 4, 3), ("turtle", 2, 1)]
    c = compare(runs, load_runs([b]))
    # seats alternate (x, style), (style, x): rusher deals x 1.0 and 0.5, x2 0.5 and 1.0; turtle x 0.5, x2 1.0
    assert c.score_a == pytest.approx(2.0 / 3) and c.score_b == pytest.approx(5.0 / 6)
    assert c.by_opponent["rusher"].mean == pytest.approx(0.0) and c.by_opponent["turtle"].mean == pytest.approx(-0.5)
    with pytest.raises(PoolError, match="twice"):
        load_runs([a, a])


@pytest.mark.parametrize(("text", "message"), [
    ("{", r"bad\.json:1:2: not valid JSON"),
    ('{"format": "x"}', "not a benchmark report"),
    ('{"format": "japanese-swords-benchmark", "version": 9}', "report version 9"),
    ('{"format": "japanese-swords-benchmark", "version": 1, "config": {}}', r"malformed report \(missing 'map'\)"),
    ('{"league": 3}', "malformed league report"),
    ('{"league": []}', "malformed league report"),
    ('{"league": [{"format": "x"}]}', r"league report 1\): not a benchmark report"),
])
def test_bad_reports_get_one_line_naming_the_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(PoolError, match=message) as info:
        load_reports(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)
    if "league" not in text:
        with pytest.raises(PoolError, match=message):
            load_run(path)


def test_counts_that_do_not_add_up_are_refused(tmp_path: Path) -> None:
    path = _report(tmp_path, "a.json", ("x", "y"), 1, [0, 1])
    data = json.loads(path.read_text())
    data["pairs"][0]["wins"] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(PoolError, match="do not add up"):
        load_run(path)


def test_the_luck_of_runs_is_pooled_over_their_deal_groups(tmp_path: Path) -> None:
    # seats alternate (x, y), (y, x): x's luck is seat 0's in even games and seat 1's in odd ones
    lk_a = [(0.3, -0.3), (0.1, -0.1), (-0.2, 0.2), (0.4, -0.4)]
    lk_b = [(0.0, 0.0), (-0.5, 0.5), (0.25, -0.25), (0.05, -0.05)]
    a = _report(tmp_path, "a.json", ("x", "y"), 1, [0, 1, 1, None], luck=lk_a)
    b = _report(tmp_path, "b.json", ("x", "y"), 2, [1, 1, 0, 0], luck=lk_b)
    plain = _report(tmp_path, "c.json", ("x", "z"), 3, [0, 1])
    (row,) = luck_pool(load_runs([a, b, plain]))  # the run without luck has no row
    assert (row.agent, row.opponents, row.summary["groups"]) == ("x", "y", 4)
    raw, luck = [], []
    for winners, lk in (([0, 1, 1, None], lk_a), ([1, 1, 0, 0], lk_b)):
        for g in (0, 2):
            pts = [1.0 if winners[g] == 0 else 0.5 if winners[g] is None else 0.0,
                   1.0 if winners[g + 1] == 1 else 0.5 if winners[g + 1] is None else 0.0]
            raw.append(sum(pts) / 2)
            luck.append((lk[g][0] + lk[g + 1][1]) / 2)
    expected = luck_summary(raw, luck)
    assert row.summary["raw"]["mean"] == pytest.approx(expected["raw"]["mean"])
    assert row.summary["adjusted"]["mean"] == pytest.approx(sum(r - x for r, x in zip(raw, luck, strict=True)) / 4)
    assert row.to_json()["crossfit"]["variance"] == pytest.approx(expected["crossfit"]["variance"])


def test_a_bad_luck_list_gets_one_line(tmp_path: Path) -> None:
    path = _report(tmp_path, "a.json", ("x", "y"), 1, [0, 1], luck=[(0.1, -0.1), (0.0, 0.0)])
    data = json.loads(path.read_text())
    for bad, message in (([0.1], "1 luck values for 2 seats"), ([0.1, "x"], "finite number")):
        data["results"][0]["luck"] = bad
        path.write_text(json.dumps(data))
        with pytest.raises(PoolError, match=message) as info:
            load_run(path)
        assert "\n" not in str(info.value)


_json = st.recursive(st.none() | st.booleans() | st.integers(-3, 10**6) | st.text(max_size=8),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=12), inner, max_size=5), max_leaves=20)
_keys = ["format", "version", "config", "pairs", "results", "map", "max_rounds", "agents", "seeds", "seats",
         "winner", "games", "wins", "draws", "losses", "pentanomial", "interval", "seed", "group", "agent",
         "opponent", "luck"]


@given(st.data())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_mangled_report_loads_or_gets_a_pool_error(tmp_path: Path, data: st.DataObject) -> None:
    """Fuzz: a real report (alone or as a league file) with one value somewhere replaced (or raw bytes)
    loads or raises PoolError."""
    base = json.loads(_report(tmp_path, "seed.json", ("x", "y"), 1, [0, 1, None, 0]).read_text())
    if data.draw(st.booleans()):
        base = {"league": [base]}  # a bench --league file
    path = tmp_path / "fuzz.json"
    if data.draw(st.booleans()):
        path.write_bytes(data.draw(st.binary(max_size=200)))
    else:
        node = base
        for _ in range(data.draw(st.integers(0, 3))):
            if isinstance(node, dict) and node:
                key = data.draw(st.sampled_from(sorted(node)))
                if isinstance(node[key], (dict, list)) and node[key]:
                    node = node[key]
            elif isinstance(node, list) and node:
                i = data.draw(st.integers(0, len(node) - 1))
                if isinstance(node[i], (dict, list)) and node[i]:
                    node = node[i]
        if isinstance(node, dict):
            node[data.draw(st.sampled_from(_keys + sorted(node)))] = data.draw(_json)
        else:
            node[data.draw(st.integers(0, len(node) - 1))] = data.draw(_json)
        path.write_text(json.dumps(base))
    try:
        runs = load_reports(path)
    except PoolError as exc:
        assert "\n" not in str(exc) and str(path) in str(exc)
    else:
        pool(runs)  # what loads, pools
