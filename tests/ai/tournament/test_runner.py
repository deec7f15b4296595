"""Running tournaments: same results for any --jobs, crashes reported not fatal, SPRT stop, Ctrl-C, records.

The agents here are small test agents registered from this module (workers are forked, so they see
them): a weak one that always ends its phase, a flaky one that crashes in about half its games, and one
that answers with an illegal action. Games are cut at a few rounds to keep the tests fast.
"""

from __future__ import annotations

import os
import random
import sys
import time

import pytest

from ai.agent import SpecError, register
from ai.tournament.report import summarize
from ai.tournament.runner import Progress, TournamentConfig, TournamentError, run_tournament
from ai.tournament.sprt import SprtConfig, sprt_status
from ai.tournament.tally import tally
from japanese_swords.actions import Action, BuyHonor, Draw, End
from japanese_swords.errors import MapError
from japanese_swords.observation import Observation
from japanese_swords.records import load_record

ROUNDS = 8


@register("t-ender")
class EnderAgent:
    """Ends every phase at once when it may: a deliberately weak player."""

    def __init__(self) -> None:
        self.name = "t-ender"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        return End() if End() in legal else legal[0]


@register("t-flaky")
class FlakyAgent:
    """Plays randomly but, with probability ``p`` per game, crashes on its first decision."""

    def __init__(self, p: float = 0.5) -> None:
        self.name, self.p, self.calls = "t-flaky", p, 0

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        self.calls += 1
        if self.calls == 1 and rng.random() < self.p:
            raise RuntimeError("deliberate crash")
        return legal[rng.randrange(len(legal))]


@register("t-cheat")
class CheatAgent:
    """Answers with an action that is not legal (the first of End/Draw/BuyHonor that is not offered)."""

    def __init__(self) -> None:
        self.name = "t-cheat"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        return next(a for a in (End(), Draw(), BuyHonor()) if a not in legal)


@register("t-exit")
class ExitAgent:
    """Calls sys.exit() on its first decision: must not take a worker process down with it."""

    def __init__(self) -> None:
        self.name = "t-exit"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        sys.exit(3)


@register("t-die")
class DieAgent:
    """Kills its own process outright on its first decision (like a segfault would)."""

    def __init__(self) -> None:
        self.name = "t-die"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        os._exit(7)


@register("t-sleep")
class SleepAgent:
    """Never answers in time: sleeps for a minute on its first decision."""

    def __init__(self) -> None:
        self.name = "t-sleep"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        time.sleep(60)
        return legal[0]


def _comparable(summary: dict) -> dict:
    """A summary without the run section (jobs, wall time), which legitimately differs."""
    return {k: v for k, v in summary.items() if k != "run"}


def test_same_results_whatever_the_number_of_jobs() -> None:
    config = TournamentConfig(("random", "t-ender", "t-flaky"), games=4, seed=11, max_rounds=ROUNDS)
    one = run_tournament(config, jobs=1)
    two = run_tournament(config, jobs=2)
    assert one.status == two.status == "complete"
    assert [o.index for o in one.outcomes] == list(range(12))
    assert one.outcomes == two.outcomes
    assert _comparable(summarize(one)) == _comparable(summarize(two))


def test_a_crash_is_reported_and_the_other_games_count() -> None:
    config = TournamentConfig(("random", "t-flaky"), games=12, seed=2, max_rounds=ROUNDS)
    result = run_tournament(config, jobs=2)
    errors = result.tally.errors
    assert result.status == "complete"
    assert 0 < len(errors) < 12
    assert result.tally.games == 12 - len(errors)
    for e in errors:
        assert "t-flaky" in e.error and "deliberate crash" in e.error
        assert result.schedule.agents[e.seats[e.culprit]] == "t-flaky"
    summary = summarize(result)
    assert len(summary["errors"]) == len(errors) and summary["errors"][0]["culprit"] == "t-flaky"
    pair = summary["pairs"][0]
    assert pair["games"] == 12 - len(errors)
    # a pair with a failed game is left out of the pentanomial
    assert sum(pair["pentanomial"]) == sum(
        1 for g in range(6) if all(o.ok for o in result.outcomes if o.group == g))


def test_an_illegal_action_is_blamed_on_the_agent() -> None:
    result = run_tournament(TournamentConfig(("random", "t-cheat"), games=2, seed=0, max_rounds=ROUNDS))
    assert len(result.tally.errors) == 2 and result.tally.games == 0
    for e in result.tally.errors:
        assert "illegal action" in e.error and result.schedule.agents[e.seats[e.culprit]] == "t-cheat"


def test_sys_exit_in_an_agent_is_a_reported_crash() -> None:
    result = run_tournament(TournamentConfig(("random", "t-exit", "t-ender"), games=2, max_rounds=ROUNDS), jobs=2)
    assert result.status == "complete" and len(result.outcomes) == 6
    assert len(result.tally.errors) == 4 and result.tally.games == 2  # random vs t-ender still counts
    assert all("SystemExit" in e.error and "'t-exit'" in e.error for e in result.tally.errors)


def test_a_dead_worker_process_is_a_reported_crash() -> None:
    config = TournamentConfig(("random", "t-die", "t-ender"), games=2, seed=3, max_rounds=ROUNDS)
    result = run_tournament(config, jobs=2)
    assert result.status == "complete" and [o.index for o in result.outcomes] == list(range(6))
    failed = {e.index for e in result.tally.errors}
    assert failed == {o.index for o in result.outcomes if 1 in o.seats}  # every game with t-die
    assert all("worker process died (exit code 7)" in e.error for e in result.tally.errors)
    assert result.tally.games == 2


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_game_over_the_time_limit_is_a_reported_failure(jobs: int) -> None:
    config = TournamentConfig(("random", "t-sleep", "t-ender"), games=2, seed=3, max_rounds=ROUNDS,
                              game_timeout=1.0)
    start = time.monotonic()
    result = run_tournament(config, jobs=jobs)
    assert time.monotonic() - start < 30
    assert result.status == "complete" and len(result.outcomes) == 6
    failed = {e.index for e in result.tally.errors}
    assert failed == {o.index for o in result.outcomes if 1 in o.seats}
    assert all("timed out after 1 s" in e.error for e in result.tally.errors)
    assert result.tally.games == 2  # random vs t-ender finished normally


def test_sprt_stops_early_and_identically_for_any_jobs() -> None:
    # random scores about 50% against t-ender within a few rounds: far above the -500 of H0
    sprt = SprtConfig(elo0=-500, elo1=-400, alpha=0.2, beta=0.2)
    config = TournamentConfig(("random", "t-ender"), games=200, seed=5, max_rounds=ROUNDS, sprt=sprt)
    one = run_tournament(config, jobs=1)
    two = run_tournament(config, jobs=2)
    assert one.status == two.status == "sprt"
    assert one.sprt is not None and one.sprt.result == "H1" and one.sprt.llr >= sprt.upper
    assert len(one.outcomes) < 200 and len(one.outcomes) % 2 == 0
    assert one.outcomes == two.outcomes and one.sprt == two.sprt
    # the decision came with the last pair: one pair fewer would not have decided
    assert sum(one.sprt.pentanomial) == len(one.outcomes) // 2
    before = tally(one.schedule, one.outcomes[:-2]).pairs[(0, 1)].pentanomial
    assert sprt_status(sprt, before).result is None


def test_sprt_needs_two_agents() -> None:
    config = TournamentConfig(("random", "t-ender", "t-flaky"), games=2, sprt=SprtConfig())
    with pytest.raises(TournamentError, match="exactly 2 agents"):
        run_tournament(config)


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_keeps_the_finished_games(jobs: int) -> None:
    seen: list[int] = []

    def progress(p: Progress) -> None:
        seen.append(p.done)
        if p.done == 3:
            raise KeyboardInterrupt

    config = TournamentConfig(("random", "t-ender"), games=40, seed=1, max_rounds=ROUNDS)
    result = run_tournament(config, jobs=jobs, progress=progress)
    assert result.status == "interrupted"
    assert len(result.outcomes) == 3 and result.tally.games == 3
    assert [o.index for o in result.outcomes] == sorted(o.index for o in result.outcomes)
    summary = summarize(result)
    assert summary["status"] == "interrupted" and summary["games"]["finished"] == 3


def test_progress_reports_every_game() -> None:
    snapshots: list[tuple[int, int]] = []
    config = TournamentConfig(("random", "t-ender"), games=4, seed=1, max_rounds=ROUNDS)
    run_tournament(config, progress=lambda p: snapshots.append((p.done, p.tally.games)))
    assert snapshots == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_records_are_written_and_replay(tmp_path) -> None:
    config = TournamentConfig(("random", "t-ender"), games=2, seed=4, max_rounds=ROUNDS,
                              records_dir=str(tmp_path / "recs"))
    result = run_tournament(config, jobs=2)
    files = sorted((tmp_path / "recs").glob("game-*.json"))
    assert len(files) == 2
    record = load_record(files[1])
    assert record.seats == ["t-ender", "random"]  # second game of the pair: seats swapped
    state = record.verify()
    assert state.winner == result.outcomes[1].winner and state.round == result.outcomes[1].rounds


def test_three_player_map_rotates_seats() -> None:
    config = TournamentConfig(("random", "t-ender", "t-flaky:p=0"), games=3, seed=9, map_name="kanto-3p",
                              max_rounds=ROUNDS)
    result = run_tournament(config, jobs=2)
    assert len(result.outcomes) == 3
    assert sorted(o.seats for o in result.outcomes) == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert len({o.seed for o in result.outcomes}) == 1
    summary = summarize(result)
    assert [(p["agent"], p["opponent"]) for p in summary["pairs"]] == [
        ("random", "t-ender"), ("random", "t-flaky:p=0"), ("t-ender", "t-flaky:p=0")]
    assert all(p["pentanomial"] is None and p["interval"] == "trinomial" for p in summary["pairs"])
    assert {r["agent"] for r in summary["ratings"]} == {"random", "t-ender", "t-flaky:p=0"}


def test_bad_configurations_fail_before_playing() -> None:
    with pytest.raises(SpecError, match="unknown agent"):
        run_tournament(TournamentConfig(("random", "nobody"), games=2))
    with pytest.raises(MapError):
        run_tournament(TournamentConfig(("random", "t-ender"), games=2, map_name="no-such-map"))
    with pytest.raises(TournamentError, match="3 seats"):
        run_tournament(TournamentConfig(("random", "t-ender"), games=2, map_name="kanto-3p"))
    with pytest.raises(TournamentError, match="jobs"):
        run_tournament(TournamentConfig(("random", "t-ender"), games=2), jobs=0)
