"""A Gymnasium single-agent environment: the learner plays one seat, fixed agents play the others.

Observations and actions are those of the PettingZoo environment (docs/env.md): a dict with the float32
``observation`` vector (:mod:`japanese_swords.env.encoding`, from the seat's
:func:`~japanese_swords.observation.observation` only) and the int8 ``action_mask`` over
:class:`~japanese_swords.env.codec.ActionCodec`'s indices; the mask is also in ``info["action_mask"]``.
The other seats are agents of our protocol (``choose(obs, legal, rng)``: ``greedy``, ``mcts``...); build
them from specs with :func:`ai.gym.single_seat_env`. The engine package does not import ``ai``, so this
module takes agent objects.

Reward comes only at the end: +1 if the learner's seat (or its team, in a team game) wins,
``loss_reward`` (default -1) if another seat does, 0 after a draw at ``max_rounds``. An index the mask does
not allow ends the episode at once with ``illegal_reward`` (default -1) and ``info["illegal_action"] = True``,
as PettingZoo's ``TerminateIllegalWrapper`` does, so ``gymnasium.utils.env_checker.check_env`` can step random actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any, Protocol

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from japanese_swords import events as E
from japanese_swords.actions import Accept, Action, Commit, Decline, Offer
from japanese_swords.cards import Card
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, decision, initial_state
from japanese_swords.env import encoding, module_features
from japanese_swords.env.codec import ActionCodec, commit_mask
from japanese_swords.env.text import observation_text
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.modules import teams
from japanese_swords.observation import Observation, observation

__all__ = ["SeatAgent", "SingleSeatEnv"]


class SeatAgent(Protocol):
    """What plays the other seats: our agent protocol (``respond_to_trade`` is optional)."""

    name: str

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action: ...


class SingleSeatEnv(gym.Env):
    """One seat of Japanese Swords as a Gymnasium environment; the others are played by ``opponents``
    (one agent per other seat, in seat order)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponents: Sequence[SeatAgent], seat: int = 0, map_name: str = "classic-2p",
                 max_rounds: int | None = 150, loss_reward: float = -1.0, illegal_reward: float = -1.0,
                 rules: Rules | None = None, render_mode: str | None = None) -> None:
        board = load_map(map_name)  # without rules, the map's default modules (docs/maps.md)
        base = replace(rules if rules is not None else Rules(modules=board.modules), max_rounds=max_rounds)
        self.game = Game(board, base)
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1} on {map_name}, got {seat}")
        if len(opponents) != n - 1:
            raise ValueError(f"{map_name} has {n} seats: give {n - 1} opponent(s), got {len(opponents)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}")
        self.seat = seat
        self.render_mode = render_mode
        others = [s for s in range(n) if s != seat]
        self.opponents: dict[int, SeatAgent] = dict(zip(others, opponents, strict=True))
        self.codec = ActionCodec(base)
        self.loss_reward, self.illegal_reward = float(loss_reward), float(illegal_reward)
        self.action_space = spaces.Discrete(self.codec.size)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (encoding.size(self.game.rules),), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        })
        self.engine_state: State = initial_state(self.game)
        self._chance = random.Random()
        self._rngs: dict[int, random.Random] = {}
        self._partial: list[Card] = []
        self._mask: list[int] = []
        self._revealed: tuple[int, ...] | None = None  # the bidding module's last revealed bids
        self._done = True  # until reset

    # ----- Gymnasium API --------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        """A new game; ``seed`` fixes chance and the opponents' choices (their generators derive from it)."""
        super().reset(seed=seed)
        base = int(self.np_random.integers(2**63))
        self._chance = random.Random(base)
        self._rngs = {s: random.Random(f"{base}:seat{s}") for s in self.opponents}
        self.engine_state = initial_state(self.game)
        self._partial = []
        self._revealed = None
        self._advance()
        self._done = self.engine_state.is_terminal()
        obs = self._obs()
        return obs, self._info(obs)

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        a = int(action)
        if a not in self._mask:
            self._mask, self._done = [], True
            obs = self._obs()
            return obs, self.illegal_reward, True, False, {**self._info(obs), "illegal_action": True}
        d = self.codec.decode(a, self.seat, self.game.num_players)
        if d.add is not None:
            self._partial.append(d.add)
        else:
            move = Commit(tuple(self._partial)) if d.done else d.action
            self._partial = []
            assert move is not None
            self._seen(self.engine_state.play(move))
        self._advance()
        done = self._done = self.engine_state.is_terminal()
        obs = self._obs()
        return obs, self._reward() if done else 0.0, done, False, self._info(obs)

    def render(self) -> str | None:
        """The learner's view as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return observation_text(observation(self.engine_state, self.seat), self._partial)

    def action_masks(self) -> np.ndarray:
        """The mask as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        return self._obs()["action_mask"].astype(bool)

    def describe(self, index: int) -> str:
        """An index in words for the learner's seat, e.g. ``move c2 c4``."""
        d = self.codec.decode(index, self.seat, self.game.num_players)
        if d.add is not None:
            return f"commit: add {d.add.code}"
        return "commit: done" if d.done else str(d.action)

    # ----- the game between the learner's decisions ---------------------------------------------------
    def _advance(self) -> None:
        """Play chance and the other seats until the learner decides or the game ends; refresh the mask."""
        s = self.engine_state
        self._mask = []
        while not s.is_terminal():
            seat = s.current_player()
            if seat == CHANCE:
                events: list[E.Event] = []
                s.apply(sample_chance(s, self._chance), events)
                self._seen(events)
            elif seat == self.seat:
                if decision(s) == "reply":  # an offer from another seat: the learner cannot trade
                    self._seen(s.play(Decline()))
                    continue
                break
            else:
                self._seen(s.play(self._opponent_move(seat)))
        if s.is_terminal():
            return
        if s.battle is not None and s.offer is None and s.intrigue is None:
            self._mask = commit_mask(lambda cards: s.is_legal(Commit(cards)), self._partial)
        else:
            self._mask = self.codec.mask_indices(s.legal_actions(), self.seat, self.game.num_players)

    def _seen(self, events: Iterable[E.Event]) -> None:
        """Keep what the observation needs from events the learner saw happen (the last revealed bids)."""
        self._revealed = module_features.last_bids(events, self._revealed)

    def _opponent_move(self, seat: int) -> Action:
        s = self.engine_state
        agent, rng = self.opponents[seat], self._rngs[seat]
        obs = observation(s, seat)
        if decision(s) == "reply":
            reply = getattr(agent, "respond_to_trade", None)
            offer: Offer = s.offer  # type: ignore[assignment]
            ok = reply is not None and reply(obs, offer, rng)[0]
            return Accept() if ok and s.is_legal(Accept()) else Decline()
        return agent.choose(obs, s.legal_actions(), rng)

    def _obs(self) -> dict[str, np.ndarray]:
        mask = np.zeros(self.codec.size, np.int8)
        mask[self._mask] = 1
        vec = encoding.encode(observation(self.engine_state, self.seat), self._partial, self._revealed)
        return {"observation": vec, "action_mask": mask}

    def _info(self, obs: dict[str, np.ndarray]) -> dict[str, Any]:
        s = self.engine_state
        info: dict[str, Any] = {"action_mask": obs["action_mask"], "round": s.round}
        if s.is_terminal():
            info["winner"] = s.winner
        return info

    def _reward(self) -> float:
        winner = self.engine_state.winner
        if winner is None:
            return 0.0
        return 1.0 if self.seat in teams.winning_seats(self.engine_state) else self.loss_reward
