"""Root parallelism on processes (ai.mcts.parallel): shares of one root search on worker processes speaking
JSON, merged by the options' notation, reproducible for a seed and thread count, failures survived."""

from __future__ import annotations

import io
import json
import random

import pytest

from ai.agent import make_agent
from ai.batch.policy import RolloutPolicy
from ai.mcts import parallel as PA
from ai.mcts import parallel_worker as PW
from ai.mcts.bot import family
from ai.mcts.node import RootStats
from ai.mcts.options import options
from ai.toolkit.view import View
from japanese_swords.actions import End, parse_action
from japanese_swords.observation import observation
from tests.ai.batch.test_evaluate import random_points


@pytest.fixture(scope="module")
def travel():
    """A travel decision the search takes, with its root options."""
    for s in random_points("classic-2p", 40, seed=11):
        if s.is_terminal() or s.current_player() < 0 or len(s.legal_actions()) < 3:
            continue
        obs = observation(s, s.current_player())
        if family(obs) != "travel":
            continue
        legal = set(s.legal_actions())
        opts = [(k, a) for k, a in options(View.of_obs(obs), random.Random(0)) if a in legal]
        if len(opts) >= 3:
            return s, obs, opts
    raise AssertionError("no travel decision found")


@pytest.mark.parametrize(("iterations", "shares", "want"), [(10, 2, [5, 5]), (11, 3, [4, 4, 3]),
                                                            (1, 2, [1, 0]), (None, 2, [None, None])])
def test_split_cuts_the_iterations_into_near_equal_shares(iterations, shares, want) -> None:
    assert PA.split(iterations, shares) == want


def test_merge_sums_visits_and_values_by_notation() -> None:
    opts = [("a", parse_action("end")), ("b", parse_action("move a1 a2"))]
    first = {"options": ["end", "move a1 a2"], "visits": [3, 1], "totals": [1.5, 0.25],
             "sweeps": [[[0, 0.5], [1, 0.25]]]}
    second = {"options": ["move a1 a2", "end"], "visits": [2, 4], "totals": [1.0, 2.0],
              "sweeps": [[[1, 0.75], [0, 0.5]]]}
    merged = PA.merge(opts, [first, second], paired=True)
    assert merged.visits == [7, 3] and merged.totals == [3.5, 1.25]
    assert merged.sweeps == [{0: 0.5, 1: 0.25}, {0: 0.75, 1: 0.5}]
    with pytest.raises(PA.WorkerError, match="other options"):
        PA.merge(opts, [{"options": ["end"], "visits": [1], "totals": [1.0], "sweeps": None}], paired=False)


def test_stats_json_round_trips_through_merge() -> None:
    opts = [("x", End())]
    stats = RootStats(1, paired=False)
    stats.add(0, 0.375, 0)
    text = json.dumps(PA.stats_json(opts, stats))
    assert PA.merge(opts, [json.loads(text)], paired=False).totals == [0.375]


@pytest.mark.parametrize("extra", ["", ":opponent_policy=model", ":playout=tuned", ":personality=rusher",
                                   ":personality=turtle"])
def test_a_worker_share_is_the_same_share_searched_here(travel, extra) -> None:
    """The observation in the protocol's JSON and the options in notation reproduce the search exactly;
    with ``opponent_policy=model`` the worker ranks the opponents by the same league policies, and the
    tuned playout knobs travel to it as they are; under a personality both shares tilt our seat alike and
    run the simulator on one thread."""
    _s, obs, opts = travel
    modelled = extra == ":opponent_policy=model"
    agent = make_agent("mcts:iterations=48:trade=0:threads=2" + extra)
    agent._seat = obs.seat
    agent._model_opponents(obs)
    knobs = PA.request(agent, obs, opts, 77, None, 0, 24)["knobs"]
    assert (knobs is None) == (extra in ("", ":opponent_policy=model"))
    if knobs is not None:
        assert tuple(RolloutPolicy(**k) for k in json.loads(json.dumps(knobs))) == agent.evaluator.policy
    if modelled:
        agent.set_tree_styles(tuple("self" if p == obs.seat else "hoarder" for p in range(obs.state.num_players)))
        assert PA.request(agent, obs, opts, 77, None, 0, 24)["tree_styles"] == agent.tree_styles
    pool = PA.pool_of(agent, 1)
    try:
        pool.ready()
        worker = pool.workers[0]
        worker.send(json.loads(json.dumps(PA.request(agent, obs, opts, 77, None, 0, 24))))
        theirs = worker.answer("stats", 120)
        _root, ours = PA.run_share(agent, obs, opts, 77, 0.0, None, 0, 24)
        assert theirs.pop("cpu") > 0
        assert theirs == {k: v for k, v in PA.stats_json(opts, ours).items() if k != "cpu"}
        assert sum(theirs["visits"]) >= 24
    finally:
        PA.close_pool(agent)
    assert worker.proc.poll() is not None  # stopped


def test_a_personalitys_playout_knobs_travel_to_the_workers(travel) -> None:
    """The rusher's playout knobs are not one of the opponent model's styles; they travel as knobs."""
    _s, obs, opts = travel
    agent = make_agent("mcts:iterations=8:trade=0:threads=2:personality=rusher")
    agent._seat = obs.seat
    agent._model_opponents(obs)
    knobs = json.loads(json.dumps(PA.request(agent, obs, opts, 77, None, 0, 8)["knobs"]))
    assert tuple(RolloutPolicy(**k) for k in knobs) == agent.evaluator.policy
    assert RolloutPolicy(**knobs[obs.seat]) == agent.persona.playout


def test_two_shares_decide_alike_for_a_seed_and_merge_both(travel) -> None:
    s, obs, _opts = travel
    picks = []
    for _ in range(2):
        agent = make_agent("mcts:iterations=64:trade=0:threads=2")
        picks.append((agent.choose(obs, s.legal_actions(), random.Random(3)), agent.last_stats))
        one = PA._POOLS[agent].workers[0].proc
        PA.close_pool(agent)
        assert one.poll() is not None
    assert picks[0] == picks[1] and picks[0][0] in s.legal_actions()
    visits = sum(n for _, n, _ in picks[0][1])
    assert visits >= 64 and agent.last_iterations == visits


def test_a_dead_worker_costs_one_core_for_a_decision_not_the_game(travel, capsys) -> None:
    s, obs, _opts = travel
    agent = make_agent("mcts:iterations=32:trade=0:threads=2")
    agent.choose(obs, s.legal_actions(), random.Random(1))
    old = PA._POOLS[agent].workers[0].proc
    old.kill()
    old.wait()
    assert agent.choose(obs, s.legal_actions(), random.Random(1)) in s.legal_actions()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "one core" in err and "Traceback" not in err
    assert agent not in PA._POOLS  # the next decision starts a new pool
    agent.choose(obs, s.legal_actions(), random.Random(2))
    assert PA._POOLS[agent].workers[0].proc.poll() is None
    PA.close_pool(agent)


def test_start_workers_only_for_a_search_on_more_than_one_core() -> None:
    greedy = make_agent("greedy")
    assert PA.start_workers(greedy) is greedy
    single = PA.start_workers(make_agent("mcts:iterations=8"))
    assert single not in PA._POOLS
    double = PA.start_workers(make_agent("mcts:iterations=8:threads=2"))
    assert len(PA._POOLS[double].workers) == 1 and not PA._POOLS[double].started
    PA.close_pool(double)


def test_the_worker_answers_bad_messages_with_one_line_errors() -> None:
    out = io.StringIO()
    lines = ['{"type": "search"}', "not json", '{"type": "hello", "config": {"c": "lots"}}', '{"type": "quit"}',
             '{"type": "hello", "config": {}}']
    assert PW.serve(io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["type"] for r in replies] == ["error", "error", "error"]  # nothing after quit
    assert "before hello" in replies[0]["message"] and "not JSON" in replies[1]["message"]
    assert "'c'" in replies[2]["message"]
