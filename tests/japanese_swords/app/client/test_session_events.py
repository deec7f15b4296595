"""The session keeps every action's events as the human may see them and counts its statistics from them;
undo drops the events of the actions it takes back."""

from __future__ import annotations

import random

from japanese_swords import events as E
from japanese_swords.actions import Deal, Raise, parse_action
from japanese_swords.app.client.session import Session
from japanese_swords.core import CHANCE
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map


def test_statistics_follow_the_record_and_the_human_sees_only_own_cards() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=25))
    session = Session(game, ["human", "random"], human=0, seed=9)
    rng = random.Random(9)
    while not session.state.is_terminal():
        if session.current() == CHANCE:
            session.play_chance()
        else:
            session.apply(rng.choice(session.state.legal_actions()))
    actions = [parse_action(a) for a in session.record.actions]
    raised = [0, 0]
    for a, actor in zip(actions, session.actors, strict=True):
        if isinstance(a, Raise):
            raised[actor] += 1
    assert session.stats.armies_raised == raised
    assert sum(session.stats.cards_drawn) == sum(isinstance(a, Deal) for a in actions)
    resolved = [e for e in session.events if isinstance(e, E.BattleResolved)]
    assert session.battles == len(resolved) > 0
    assert sum(session.stats.battles_won) + sum(r.report.winner is None for r in resolved) == len(resolved)
    dealt = [e for e in session.events if isinstance(e, E.CardDealt)]
    assert all((e.card is None) == (e.seat != 0) for e in dealt)
    assert any(isinstance(e, E.GameOver) for e in session.events)


def test_undo_drops_the_events_of_the_actions_taken_back() -> None:
    game = Game(load_map("classic-2p"))
    session = Session(game, ["human", "random"], human=0, seed=1)
    rng = random.Random(1)
    while not session.is_human_turn():
        if session.current() == CHANCE:
            session.play_chance()
        else:
            session.apply(rng.choice(session.state.legal_actions()))
    n = len(session.events)
    session.apply(parse_action("end"))
    assert len(session.events) > n
    assert session.can_undo() and session.undo()
    assert len(session.events) == n
