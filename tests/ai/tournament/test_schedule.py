"""The tournament schedule: round robin, paired games with seats swapped, seat rotation, seeds, sweeps."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from ai.agent import SpecError
from ai.tournament.schedule import derive_seed, groups_for, make_schedule, parse_sweep, rotate


def test_two_player_games_come_in_pairs_with_seats_swapped() -> None:
    s = make_schedule(["a", "b", "c"], players=2, games=6, seed=7)
    assert s.lineups == ((0, 1), (0, 2), (1, 2))
    assert len(s.tasks) == 3 * 6 and s.groups == 3
    by_group: dict[tuple[int, int], list] = {}
    for t in s.tasks:
        by_group.setdefault((t.lineup, t.group), []).append(t)
    for (lineup, _g), pair in by_group.items():
        first, second = pair
        assert first.seed == second.seed
        assert first.seats == s.lineups[lineup] and second.seats == s.lineups[lineup][::-1]
    assert [t.index for t in s.tasks] == list(range(len(s.tasks)))


def test_every_pair_meets_equally_often_in_each_seat() -> None:
    s = make_schedule(["a", "b", "c", "d"], players=2, games=4, seed=1)
    seats = Counter(t.seats for t in s.tasks)
    for a, b in itertools.combinations(range(4), 2):
        assert seats[(a, b)] == seats[(b, a)] == 2


def test_group_seeds_are_shared_by_lineups_and_differ_between_groups() -> None:
    s = make_schedule(["a", "b", "c"], players=2, games=8, seed=3)
    for g in range(s.groups):
        assert {t.seed for t in s.tasks if t.group == g} == {derive_seed(3, g)}
    assert len({derive_seed(3, g) for g in range(100)}) == 100
    assert derive_seed(3, 0) != derive_seed(4, 0)
    assert make_schedule(["a", "b"], 2, 8, 3) == make_schedule(["a", "b"], 2, 8, 3)


def test_three_player_rotation_puts_every_agent_in_every_seat() -> None:
    s = make_schedule(["a", "b", "c", "d"], players=3, games=3, seed=0)
    assert s.lineups == tuple(itertools.combinations(range(4), 3))
    assert len(s.tasks) == 4 * 3
    for lineup in range(len(s.lineups)):
        group = [t for t in s.tasks if t.lineup == lineup]
        assert len({t.seed for t in group}) == 1
        for seat in range(3):
            assert sorted(t.seats[seat] for t in group) == sorted(s.lineups[lineup])
        assert len({t.seats for t in group}) == 3


def test_four_player_rotation() -> None:
    assert [rotate((0, 1, 2, 3), r) for r in range(4)] == [(0, 1, 2, 3), (1, 2, 3, 0), (2, 3, 0, 1), (3, 0, 1, 2)]
    s = make_schedule(["a", "b", "c", "d"], players=4, games=5, seed=0)
    assert s.groups == 2 and s.games_per_lineup == 8 and len(s.tasks) == 8


def test_games_are_rounded_up_to_whole_groups() -> None:
    assert groups_for(40, 2) == 20 and groups_for(41, 2) == 21 and groups_for(1, 3) == 1
    assert make_schedule(["a", "b"], 2, 5, 0).games_per_lineup == 6


def test_schedule_is_balanced_when_cut_short() -> None:
    # games are listed group by group with lineups interleaved: any prefix of whole groups is balanced
    s = make_schedule(["a", "b", "c"], players=2, games=10, seed=0)
    prefix = s.tasks[: 3 * 2 * 2]  # two groups of every lineup
    assert Counter(t.lineup for t in prefix) == {0: 4, 1: 4, 2: 4}


@pytest.mark.parametrize(("agents", "players", "games", "message"), [
    (["a"], 2, 2, "at least 2 agents"), (["a", "a"], 2, 2, "listed twice"),
    (["a", "b"], 3, 3, "3 seats"), (["a", "b"], 2, 0, "at least 1"),
])
def test_impossible_schedules_are_refused(agents: list[str], players: int, games: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_schedule(agents, players, games, 0)


def test_parse_sweep() -> None:
    key, specs, values = parse_sweep("mcts:iterations=50,100,200:c=1.4")
    assert key == "iterations"
    assert specs == ["mcts:iterations=50:c=1.4", "mcts:iterations=100:c=1.4", "mcts:iterations=200:c=1.4"]
    assert values == [50.0, 100.0, 200.0]


@pytest.mark.parametrize("text", ["mcts:iterations=50", "mcts", "mcts:iterations=a,b", "mcts:=1,2",
                                  "mcts:iterations=5,5", "mcts:a=1,2:b=3,4"])
def test_bad_sweeps_are_refused(text: str) -> None:
    with pytest.raises(SpecError):
        parse_sweep(text)
