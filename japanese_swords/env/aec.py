"""The PettingZoo AEC environment (docs/env.md): integer actions with a mask, chance inside ``step``.

Agents are ``player_0``.. (seat 0 = ``player_0``). Each observation is a dict with ``observation`` (the
float32 vector of :mod:`japanese_swords.env.encoding`) and ``action_mask`` (int8 over
:class:`~japanese_swords.env.codec.ActionCodec`'s indices; all zero except for the agent to move). Rewards
come only when the game ends: +1 for the winner (both partners in a team game, docs/variants.md),
``loss_reward`` (default -1) for every other seat, 0 for all after a draw at ``max_rounds``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from japanese_swords import events as E
from japanese_swords.actions import Action, Commit
from japanese_swords.board import SIZE
from japanese_swords.cards import Card
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.env import encoding, module_features
from japanese_swords.env.checks import (
    EnvInputError,
    IllegalEnvAction,
    check_action,
    check_modules,
    check_options,
    check_seed,
)
from japanese_swords.env.codec import ActionCodec, commit_mask
from japanese_swords.game import Game, Rules
from japanese_swords.maps import TERRAIN_CHAR, load_map
from japanese_swords.modules import ModuleError, teams
from japanese_swords.observation import Observation, observation


class JapaneseSwordsEnv(AECEnv):
    """Japanese Swords as a PettingZoo AEC environment (use :func:`env` for the wrapped version)."""

    metadata = {"name": "japanese_swords_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, map_name: str = "classic-2p", max_rounds: int | None = 150, loss_reward: float = -1.0,
                 render_mode: str | None = None, rules: Rules | None = None,
                 modules: tuple[str, ...] | None = None) -> None:
        super().__init__()
        max_rounds, loss_reward, base = check_options(map_name, max_rounds, loss_reward, render_mode,
                                                      self.metadata["render_modes"], rules)
        board = load_map(map_name)
        if modules is None and rules is None:  # the map's default modules (docs/maps.md); rules or modules
            modules = board.modules            # given replace them
        if modules:  # rule modules (docs/variants.md); the Game checks them for the map's player count
            base = check_modules(base, modules)
        try:
            self.game = Game(board, base)
        except ModuleError as exc:  # a module the map's player count does not allow, or an excluded pair
            raise EnvInputError(str(exc)) from None
        self.codec = ActionCodec(base)
        self.loss_reward = float(loss_reward)
        self.render_mode = render_mode
        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (encoding.size(self.game.rules),), np.float32),
            "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
        }) for a in self.possible_agents}
        self._rng: random.Random | None = None
        self.engine_state: State = initial_state(self.game)
        self._partial: list[Card] = []
        self._mask: list[int] = []
        self._revealed: tuple[int, ...] | None = None  # the bidding module's last revealed bids

    # ----- spaces --------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- episode -------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` fixes the chance events (turn order, card draws). Without a seed the
        generator of the previous episode continues (fresh from the OS on the first reset). A seed is None
        or a whole number (EnvInputError otherwise)."""
        seed = check_seed(seed)
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.engine_state = initial_state(self.game)
        self._revealed = None
        events: list[E.Event] = []
        self._run_chance(events)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._partial = []
        self._report(events)
        self._after_move()

    def step(self, action: int | None) -> None:
        """Play the index ``action`` for the agent to move (None for a terminated agent). Raises
        IllegalEnvAction for a non-integer, out-of-range or masked index, EnvInputError before ``reset``
        or once every agent has left; the state is unchanged either way."""
        agent = getattr(self, "agent_selection", None)
        if agent is None:
            raise EnvInputError("step() before reset(): call reset() first")
        if not self.agents:
            raise EnvInputError("the game is over and every agent has left: call reset() for a new one")
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise EnvInputError(f"{agent} is done: the only action it may take is None, got {action!r:.40}")
            self._was_dead_step(action)
            return
        index = check_action(action, self.codec.size, agent)
        if index not in self._mask_set:
            raise IllegalEnvAction(f"action {index} is not allowed for {agent} now (see the action_mask)")
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        decoded = self.codec.decode(index, seat, self.game.num_players)
        events: list[E.Event] = []
        if decoded.add is not None:
            self._partial.append(decoded.add)
        else:
            move = Commit(tuple(self._partial)) if decoded.done else decoded.action
            self._partial = []
            assert move is not None
            events += self.engine_state.play(move)
            self._run_chance(events)
        self._report(events)
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _run_chance(self, events: list[E.Event]) -> None:
        """Play chance events (turn order, cards dealt) with the episode's generator, collecting their events."""
        assert self._rng is not None
        while self.engine_state.current_player() == CHANCE:
            self.engine_state.apply(sample_chance(self.engine_state, self._rng), events)

    def _report(self, events: list[E.Event]) -> None:
        """Each agent's ``infos["events"]``: what the last step (and the chance that followed) did, as
        that agent may see it (:mod:`japanese_swords.events`; others' cards stay hidden)."""
        self._revealed = module_features.last_bids(events, self._revealed)
        for a in self.agents:
            self.infos[a] = {"events": tuple(E.public(events, self._seat[a]))}

    def _after_move(self) -> None:
        """Select the next agent, refresh the mask, hand out rewards when the game is over."""
        if self.engine_state.is_terminal():
            self._mask, self._mask_set = [], set()
            winner = self.engine_state.winner
            won = teams.winning_seats(self.engine_state)  # the winner, or its team in a team game
            for a in self.agents:
                self.terminations[a] = True
                if winner is not None:
                    self.rewards[a] = 1.0 if self._seat[a] in won else self.loss_reward
            return
        seat = self.engine_state.current_player()
        self.agent_selection = self.possible_agents[seat]
        if self._committing():
            self._mask = commit_mask(lambda cards: self.engine_state.is_legal(Commit(cards)), self._partial)
        else:
            self._mask = self.codec.mask_indices(self.engine_state.legal_actions(), seat, self.game.num_players)
        self._mask_set = set(self._mask)

    def _committing(self) -> bool:
        """A battle commitment is pending (the engine's decision order: trade reply, Intrigue, commit)."""
        s = self.engine_state
        return s.battle is not None and s.offer is None and s.intrigue is None

    def state(self) -> np.ndarray:
        """PettingZoo's global state is not provided: the engine :class:`State` is ``engine_state``."""
        raise NotImplementedError("japanese_swords.env provides no global state() vector; the engine State "
                                  "is env.unwrapped.engine_state")

    # ----- observations --------------------------------------------------------------------------------
    def masked_observation(self, agent: str) -> Observation:
        """The engine's view for the agent's seat (what :func:`japanese_swords.observation` gives)."""
        return observation(self.engine_state, self._seat[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        acting = agent == self.agent_selection and not self.terminations.get(agent, True)
        vec = encoding.encode(self.masked_observation(agent), self._partial if acting else (), self._revealed)
        mask = np.zeros(self.codec.size, np.int8)
        if acting:
            mask[self._mask] = 1
        return {"observation": vec, "action_mask": mask}

    # ----- bridges to the engine's action objects ------------------------------------------------------
    def legal_engine_actions(self, agent: str) -> list[Action]:
        """The engine actions open to the agent (empty unless it is to move and building no commitment)."""
        if agent != self.agent_selection or self.terminations.get(agent, True) or self._partial:
            return []
        return self.engine_state.legal_actions()

    def action_steps(self, agent: str, action: Action) -> list[int]:
        """The indices that play an engine ``action`` (several for a commitment)."""
        return self.codec.steps(action, self._seat[agent], self.game.num_players)

    def describe(self, index: int, agent: str | None = None) -> str:
        """An index in words for the agent (default: the one to move), e.g. ``move c2 c4``."""
        seat = self._seat[agent or self.agent_selection]
        d = self.codec.decode(index, seat, self.game.num_players)
        if d.add is not None:
            return f"commit: add {d.add.code}"
        if d.done:
            return "commit: done"
        return str(d.action)

    # ----- rendering -----------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = board_text(self.engine_state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def board_text(state: State) -> str:
    """The board as text: terrain as in map files, armies as A-D (seat 1-4), then each seat's resources."""
    board = state.game.board
    rows = []
    for r in range(SIZE - 1, -1, -1):
        chars = []
        for c in range(SIZE):
            sq = r * SIZE + c
            army = state.army_at(sq)
            owner = board.fortress_owner(sq)
            if army is not None:
                chars.append("ABCD"[army.owner])
            elif owner is not None:
                chars.append(str(owner + 1))
            else:
                chars.append(TERRAIN_CHAR[board.terrain[sq]])
        rows.append(f"{r + 1:>2} {''.join(chars)}")
    rows.append("   abcdefghij")
    rows.append(f"round {state.round}, phase {state.phase.title}")
    for s in range(state.num_players):
        rows.append(f"p{s + 1}: gold {state.gold[s]} honor {state.honor[s]} cards {state.hand_size(s)}"
                    + ("" if state.alive[s] else " (out)"))
    return "\n".join(rows)


def raw_env(**kwargs: Any) -> JapaneseSwordsEnv:
    """The environment without PettingZoo's safety wrappers."""
    return JapaneseSwordsEnv(**kwargs)


class CheckedActions(wrappers.BaseWrapper):
    """Refuses a non-integer or out-of-range action, and any step after the game, with one line of
    :class:`IllegalEnvAction`/:class:`EnvInputError` (PettingZoo's AssertOutOfBoundsWrapper raises a bare
    AssertionError, or numpy's "truth value of an array is ambiguous" for ``True``)."""

    def step(self, action: Any) -> None:
        if not self.agents:
            raise EnvInputError("the game is over and every agent has left: call reset() for a new one")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise EnvInputError(f"{agent} is done: the only action it may take is None, got {action!r:.40}")
        else:
            action = check_action(action, self.action_space(agent).n, agent)
        super().step(action)


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual wrappers: an index the mask does not allow ends the game with
    -1 for the offender (``TerminateIllegalWrapper``); a non-integer or out-of-range action, or a step after
    the game, raises IllegalEnvAction/EnvInputError; calls out of order raise (``OrderEnforcingWrapper``)."""
    e: AECEnv = JapaneseSwordsEnv(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = CheckedActions(e)
    return wrappers.OrderEnforcingWrapper(e)
