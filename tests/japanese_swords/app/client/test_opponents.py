"""The client's AI opponents: MCTS at the chosen difficulty, its simulator on every core."""

from __future__ import annotations

import os

import pytest

from ai.agent import SpecError
from ai.mcts import parallel as PA
from japanese_swords.app.client.opponents import candidate_specs, make_opponent, start_opponents


def test_the_opponent_searches_on_every_core() -> None:
    agent = make_opponent("easy")
    assert agent.config.difficulty == "easy"
    assert agent.config.thread_count == (os.cpu_count() or 1)
    assert agent.evaluator.threads == agent.config.thread_count
    assert agent not in PA._POOLS  # built (a loaded save, a hint) without processes
    start_opponents([None, agent])  # a game starts: root searches on worker processes, ready while the player plays
    if agent.config.thread_count > 1:
        assert len(PA._POOLS[agent].workers) == agent.config.thread_count - 1
        PA.close_pool(agent)


def test_an_unknown_difficulty_is_refused() -> None:
    with pytest.raises(SpecError, match="brutal"):
        candidate_specs("brutal")
