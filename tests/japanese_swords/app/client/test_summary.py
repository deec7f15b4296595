"""The "while you waited" summary sums the session's events: the counts it reports for the start equal
the state's counts then, although the human's events hide the others' cards."""

from __future__ import annotations

import random

from japanese_swords.app.client.session import Session
from japanese_swords.app.client.summary import counts, summarize
from japanese_swords.core import CHANCE
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map


def _play(session: Session, rng: random.Random, n: int) -> None:
    for _ in range(n):
        if session.state.is_terminal():
            return
        if session.current() == CHANCE:
            session.play_chance()
        else:
            session.apply(rng.choice(session.state.legal_actions()))


def test_summary_counts_then_are_now_less_the_events_since() -> None:
    game = Game(load_map("onin-4p"), Rules(max_rounds=30))
    session = Session(game, ["human", "random", "random", "random"], human=0, seed=4)
    rng = random.Random(4)
    _play(session, rng, 300)
    then = session.state.clone()
    marks = (len(session.events), len(session.log))
    _play(session, rng, 600)
    summary = summarize(session.state, session.events[marks[0]:], session.log[marks[1]:], human=0)
    assert summary, "the others did something in 600 actions"
    for entry in summary:
        assert entry.before == counts(then, entry.seat)
        assert entry.after == counts(session.state, entry.seat)
    assert any(entry.before != entry.after for entry in summary)
