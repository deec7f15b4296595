"""Playing one game between agents: chance from a seeded generator, agents from observations only."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.agent import Agent
from japanese_swords.actions import Accept, Decline
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, decision, initial_state
from japanese_swords.game import Game
from japanese_swords.observation import observation
from japanese_swords.records import Record


@dataclass
class GameResult:
    """How a game ended, plus its record."""

    seed: int
    seats: list[str]
    winner: int | None
    rounds: int
    honor: list[int]
    record: Record
    state: State


def agent_rng(seed: int, seat: int) -> random.Random:
    """Each seat's own generator, so one agent's choices never shift another's random stream."""
    return random.Random(f"japanese-swords:{seed}:seat{seat}")


def play_game(game: Game, agents: Sequence[Agent], seed: int,
              on_action: Callable[[State, object], None] | None = None) -> GameResult:
    """Play to the end (or to the rules' max_rounds) and return the result with its record."""
    chance_rng = random.Random(seed)
    rngs = [agent_rng(seed, s) for s in range(game.num_players)]
    state = initial_state(game)
    record = Record(game, [a.name for a in agents], seed)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            action = sample_chance(state, chance_rng)
        else:
            agent = agents[seat]
            obs = observation(state, seat)
            reply = getattr(agent, "respond_to_trade", None)
            if decision(state) == "reply" and reply is not None:
                ok, _why = reply(obs, state.offer, rngs[seat])
                action = Accept() if ok and state.is_legal(Accept()) else Decline()
            else:
                action = agent.choose(obs, state.legal_actions(), rngs[seat])
        state.play(action)
        record.actions.append(str(action))
        if on_action is not None:
            on_action(state, action)
    record.finish(state)
    return GameResult(seed, record.seats, state.winner, state.round, list(state.honor), record, state)
