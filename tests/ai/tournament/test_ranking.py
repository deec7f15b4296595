"""Finishing orders and OpenSkill ratings: on 3-4 players the places behind the winner count too."""

from __future__ import annotations

from ai.tournament.games import GameSetup, play_task
from ai.tournament.outcome import GameOutcome
from ai.tournament.ranking import finishing_ranks, openskill_ratings
from ai.tournament.schedule import make_schedule
from ai.tournament.tally import tally


def test_winner_first_then_survivors_by_honor_then_the_knocked_out_latest_first() -> None:
    # seat 2 won; seat 0 survived with 30 honor, seat 3 with 12; seat 1 knocked out at step 50
    assert finishing_ranks(2, [True, False, True, True], [30, 5, 50, 12], [None, 50, None, None]) == (2, 4, 1, 3)
    # two seats knocked out: the later one placed ahead
    assert finishing_ranks(0, [True, False, False], [10, 0, 0], [None, 40, 90]) == (1, 3, 2)


def test_equal_places_share_a_rank_and_a_draw_ties_the_survivors() -> None:
    assert finishing_ranks(0, [True, True, True], [50, 20, 20], [None] * 3) == (1, 2, 2)
    assert finishing_ranks(None, [True, True, False, True], [40, 3, 0, 9], [None, None, 7, None]) == (1, 1, 4, 1)


def _games(orders: list[tuple[int, ...]]) -> list[GameOutcome]:
    """Outcomes of 3-player games; ``orders[i][s]`` is the place of the seat ``s``."""
    sched = make_schedule(("a", "b", "c"), 3, len(orders), 0)
    return [GameOutcome(t.index, t.lineup, t.group, t.rotation, t.seed, t.seats, winner=order.index(1),
                        ranks=order) for t, order in zip(sched.tasks, orders, strict=False)]


def test_places_behind_the_winner_change_the_ratings() -> None:
    # 'a' always wins, 'b' is always second, 'c' always third, whatever the seats
    sched = make_schedule(("a", "b", "c"), 3, 12, 0)
    place = {0: 1, 1: 2, 2: 3}  # agent -> place
    outs = [GameOutcome(t.index, t.lineup, t.group, t.rotation, t.seed, t.seats, winner=t.seats.index(0),
                        ranks=tuple(place[a] for a in t.seats)) for t in sched.tasks]
    assert tally(sched, outs).pairs[(1, 2)].games == 0  # head-to-head (winner only): b and c never met
    rows = {r["agent"]: r for r in openskill_ratings(("a", "b", "c"), outs)}
    assert [rows[a]["rank"] for a in "abc"] == [1, 2, 3] and all(r["games"] == 12 for r in rows.values())
    assert rows["b"]["mu"] > rows["c"]["mu"] + 3  # b never won, but finishing 2nd every time counts


def test_failed_games_are_skipped_and_order_is_reproducible() -> None:
    outs = _games([(1, 2, 3), (2, 1, 3), (3, 2, 1)])
    broken = GameOutcome(99, 0, 0, 0, 1, (0, 1, 2), error="boom")
    assert openskill_ratings(("a", "b", "c"), outs + [broken]) == openskill_ratings(("a", "b", "c"), outs)


def test_a_played_game_reports_a_finishing_order() -> None:
    sched = make_schedule(("greedy", "random", "rollout"), 3, 3, 4)
    o = play_task(GameSetup(("greedy", "random", "rollout"), "kanto-3p", 60), sched.tasks[0])
    assert o.ok and len(o.ranks) == 3 and sorted(o.ranks)[0] == 1
    if o.winner is not None:
        assert o.ranks[o.winner] == 1 and list(o.ranks).count(1) == 1
