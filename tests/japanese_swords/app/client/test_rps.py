"""Rock-paper-scissors decides the turn order and yields a legal opening chance outcome."""

from __future__ import annotations

import random

import pytest

from japanese_swords.app.client.rps import Bout, RockPaperScissors, beats, order_from_bouts, play_bout
from japanese_swords.engine import initial_state
from japanese_swords.game import Game
from japanese_swords.maps import load_map


def test_beats():
    assert beats("rock", "scissors") and beats("scissors", "paper") and beats("paper", "rock")
    assert not beats("rock", "paper") and not beats("rock", "rock")


def test_play_bout_replays_ties():
    throws_a = iter(["rock", "rock", "paper"])
    throws_b = iter(["rock", "rock", "rock"])
    bout = play_bout(0, 1, lambda: next(throws_a), lambda: next(throws_b))
    assert bout.winner == 0 and len(bout.throws) == 3


def test_order_by_wins_then_head_to_head():
    bouts = [Bout(0, 1, (), 1), Bout(0, 2, (), 0), Bout(1, 2, (), 1)]
    assert order_from_bouts([0, 1, 2], bouts) == (1, 0, 2)
    cycle = [Bout(0, 1, (), 0), Bout(1, 2, (), 1), Bout(0, 2, (), 2)]
    assert order_from_bouts([0, 1, 2], cycle) == (0, 1, 2)  # one win each: lower seat first


def test_human_contest_gives_a_legal_set_order():
    state = initial_state(Game(load_map("onin-4p")))
    rps = RockPaperScissors(4, 0, random.Random(3))
    faced = []
    while not rps.done:
        faced.append(rps.next_opponent())
        rps.throw("paper")
    assert sorted(set(faced)) == [1, 2, 3]
    action = rps.finish()
    assert sorted(action.order) == [0, 1, 2, 3]
    assert state.why_illegal(action) is None
    assert len(rps.bouts) == 6
    wins = {seat: sum(1 for b in rps.bouts if b.winner == seat) for seat in range(4)}
    assert [wins[s] for s in action.order] == sorted(wins.values(), reverse=True)


def test_same_seed_same_order_and_bad_throws_refused():
    def run():
        rps = RockPaperScissors(3, 0, random.Random(11))
        while not rps.done:
            rps.throw("rock")
        return rps.finish().order

    assert run() == run()
    rps = RockPaperScissors(2, 0, random.Random(1))
    with pytest.raises(ValueError):
        rps.throw("lizard")


def test_plain_modules_never_import_arcade():
    """The presenter and its helpers stay plain Python, so they run (and are tested) without a window."""
    import ast
    from pathlib import Path

    import japanese_swords.app.client as client

    folder = Path(client.__file__).parent
    for name in ("session", "controller", "presenter", "narrate", "odds", "rps", "opponents", "theme", "art"):
        tree = ast.parse((folder / f"{name}.py").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            mods = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else ([node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            )
            assert not any(m.split(".")[0] in ("arcade", "pyglet") for m in mods), f"{name}.py imports {mods}"
