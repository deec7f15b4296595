"""Counting outcomes: head-to-head decomposition, pentanomials of game pairs, failed games left out."""

from __future__ import annotations

from ai.tournament.outcome import GameOutcome
from ai.tournament.schedule import make_schedule
from ai.tournament.tally import tally


def _outcome(task, winner: int | None, error: str | None = None) -> GameOutcome:
    return GameOutcome(task.index, task.lineup, task.group, task.rotation, task.seed, task.seats,
                       winner=None if error else winner, rounds=10, error=error)


def test_two_player_pairs_fill_the_pentanomial() -> None:
    s = make_schedule(["a", "b"], 2, 8, 0)
    t = s.tasks  # pairs: (0, 1), (2, 3), (4, 5), (6, 7); seats (a, b) then (b, a)
    outcomes = [
        _outcome(t[0], 0), _outcome(t[1], 1),  # a wins both: WW
        _outcome(t[2], 0), _outcome(t[3], 0),  # a wins, then b (seat 0) wins: WL
        _outcome(t[4], None), _outcome(t[5], 0),  # draw, b wins: LD
        _outcome(t[6], 1), _outcome(t[7], None),  # b wins, draw: LD
    ]
    tl = tally(s, outcomes)
    p = tl.pairs[(0, 1)]
    assert (p.wins, p.draws, p.losses) == (3, 2, 3)
    assert p.pentanomial == [0, 2, 1, 0, 1]
    assert tl.seat_wins == [4, 2] and tl.draws == 2 and tl.games == 8
    assert (tl.agents[0].wins, tl.agents[0].draws, tl.agents[0].losses) == (3, 2, 3)
    # the order in which games are added does not matter
    assert tally(s, reversed(outcomes)).pairs == tl.pairs


def test_failed_games_are_listed_and_break_their_pair() -> None:
    s = make_schedule(["a", "b"], 2, 4, 0)
    t = s.tasks
    outcomes = [_outcome(t[0], 0), _outcome(t[1], None, error="boom"), _outcome(t[2], 1), _outcome(t[3], 1)]
    tl = tally(s, outcomes)
    assert [e.index for e in tl.errors] == [1]
    p = tl.pairs[(0, 1)]
    assert p.games == 3 and (p.wins, p.losses) == (2, 1)
    assert p.pentanomial == [0, 0, 1, 0, 0]  # only the complete pair (2, 3): WL


def test_multiplayer_games_decompose_into_head_to_head_results() -> None:
    s = make_schedule(["a", "b", "c"], 3, 3, 0)
    t = s.tasks  # seats (a, b, c), (b, c, a), (c, a, b)
    tl = tally(s, [_outcome(t[0], 0), _outcome(t[1], None), _outcome(t[2], 2)])
    ab, ac, bc = tl.pairs[(0, 1)], tl.pairs[(0, 2)], tl.pairs[(1, 2)]
    # game 0: a wins -> a beats b and c, b-c no result; game 1: all draw; game 2: seat 2 (b) wins
    assert (ab.wins, ab.draws, ab.losses) == (1, 1, 1)
    assert (ac.wins, ac.draws, ac.losses) == (1, 1, 0)
    assert (bc.wins, bc.draws, bc.losses) == (1, 1, 0)
    assert all(p.pentanomial == [0] * 5 for p in tl.pairs.values())
    pts, cnt = tl.matrices()
    assert pts[0, 1] == 1.5 and pts[1, 0] == 1.5 and cnt[0, 2] == 2 and pts[2, 0] == 0.5
    assert (tl.agents[1].wins, tl.agents[1].draws, tl.agents[1].losses) == (1, 1, 1)
