"""The controller runs AI decisions on a worker thread, gives them observations only, never blocks."""

from __future__ import annotations

import threading
import time

from japanese_swords.app.client.controller import Controller
from japanese_swords.app.client.session import HUMAN, Session
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import Observation


class GatedAgent:
    """Waits for a gate before answering; records the thread it ran on and what it saw."""

    name = "gated"

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.threads: list[str] = []
        self.seen: list[Observation] = []
        self.released: list[bool] = []  # False: the gate timed out (the UI thread never got to open it)

    def choose(self, obs, legal, rng):
        self.threads.append(threading.current_thread().name)
        self.seen.append(obs)
        self.released.append(self.gate.wait(10))
        return legal[-1]


def test_ai_thinks_off_the_ui_thread_and_update_never_blocks():
    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    session = Session(game, [HUMAN, "gated"], 0, 5)
    agent = GatedAgent()
    controller = Controller(session, [None, agent], speed=3)
    session.apply(session.state.legal_actions()[1])  # order p2 p1: the AI starts
    assert session.state.turn_player == 1
    for _ in range(20):
        controller.update(
            0.016
        )  # had update waited for the AI, the gate below would never have opened in time
    assert controller.thinking == 1 and controller.busy
    n = len(session.record.actions)
    agent.gate.set()
    end = time.monotonic() + 10
    while len(session.record.actions) == n and time.monotonic() < end:
        controller.update(0.016)
        time.sleep(0.002)
    assert len(session.record.actions) > n
    assert agent.released[0] is True
    assert agent.threads and all(name != threading.main_thread().name for name in agent.threads)
    obs = agent.seen[0]
    assert isinstance(obs, Observation) and obs.seat == 1
    assert sum(obs.state.deck) == 0 and sum(obs.state.hands[0]) == 0  # hidden cards are not shown
    controller.close()


def test_skip_clears_animations_and_speed_is_bounded():
    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    session = Session(game, [HUMAN, "random"], 0, 5)
    controller = Controller(session, [None, None], speed=1)
    controller.set_speed(99)
    assert controller.speed == 3
    controller.set_speed(-5)
    assert controller.speed == 0
    assert controller.needs_rps()
    controller.close()


def test_think_progress_uses_the_agents_time_cap():
    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    session = Session(game, [HUMAN, "gated"], 0, 5)
    agent = GatedAgent()
    agent.decision_cap = 2.0
    now = [100.0]
    controller = Controller(session, [None, agent], speed=3, clock=lambda: now[0])
    session.apply(session.state.legal_actions()[1])  # the AI starts
    assert controller.think_progress() is None
    controller.update(0.016)
    now[0] += 1.0
    assert controller.think_progress() == 0.5
    now[0] += 5.0
    assert controller.think_progress() == 1.0
    agent.progress = lambda: 0.25
    assert controller.think_progress() == 0.25
    agent.gate.set()
    controller.close()


class MoverAgent:
    """Moves whenever it can, otherwise ends the phase (or takes the first legal action)."""

    name = "mover"

    def choose(self, obs, legal, rng):
        from japanese_swords.actions import End, Move

        moves = [a for a in legal if isinstance(a, Move)]
        if moves:
            return moves[0]
        return next((a for a in legal if isinstance(a, End)), legal[0])


def test_other_players_moves_leave_trails_until_the_human_acts():
    from japanese_swords.actions import End, Move

    from .conftest import run_until_human

    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    session = Session(game, [HUMAN, "mover"], 0, 5)
    controller = Controller(session, [None, MoverAgent()], speed=3)
    session.apply(session.state.legal_actions()[1])  # the AI starts
    run_until_human(controller)
    moved = [
        i
        for i, (text, seat) in enumerate(zip(session.record.actions, session.actors, strict=True))
        if seat == 1 and text.startswith("move")
    ]
    assert moved and len(controller.trails) == len(moved)
    for (seat, src, dst), i in zip(controller.trails, moved, strict=True):
        assert seat == 1 and session.record.actions[i] == str(Move(src, dst))
    assert controller.human_play(End()) is None
    assert controller.trails == []
    controller.close()


def test_the_next_ai_decision_is_thought_about_during_the_pause_after_the_last():
    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    session = Session(game, [HUMAN, "gated"], 0, 5)
    agent = GatedAgent()
    controller = Controller(session, [None, agent], speed=0)  # slow: a long pause after each action
    session.apply(session.state.legal_actions()[1])  # the AI starts
    controller.update(0.01)  # starts the first decision
    agent.gate.set()
    for _ in range(200):
        controller.update(0.001)
        if len(agent.seen) >= 2:
            break
        time.sleep(0.002)
    # the second decision was handed to the worker while the pause after the first was still running
    assert len(agent.seen) >= 2 and controller.cooldown > 0
    controller.close()


def test_a_summary_of_the_ai_turn_waits_for_the_human():
    from ai.agent import make_agent
    from japanese_swords.actions import End

    game = Game(load_map("classic-2p"), Rules(max_rounds=20))
    session = Session(game, [HUMAN, "random"], 0, 5)
    controller = Controller(session, [None, make_agent("random")], speed=3)
    session.apply(session.state.legal_actions()[0])  # order p1 p2: the human starts
    while session.state.turn_player == 0:
        controller.human_play(End()) if controller.human_to_act() else controller.update(0.01)
    for _ in range(2000):
        if controller.human_to_act() and session.state.turn_player == 0:
            break
        controller.reveal = None
        controller.update(0.01)
        time.sleep(0.0005)
    controller.update(0.01)
    assert controller.summary, "no summary of the AI's turn"
    entry = controller.summary[0]
    assert entry.seat == 1 and entry.name == "Takeda"
    assert all(" ends the " not in e for e in entry.events)
    assert entry.after.gold == session.state.gold[1]
    controller.human_play(End())
    assert controller.summary is None  # acting dismisses it
    controller.close()
