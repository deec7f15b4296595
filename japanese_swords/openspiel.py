"""Japanese Swords as an OpenSpiel game (``pip install 'japanese-swords[openspiel]'``, docs/env.md).

Importing this module registers ``python_japanese_swords``::

    import pyspiel, japanese_swords.openspiel
    game = pyspiel.load_game("python_japanese_swords", {"map": "onin-4p", "max_rounds": 100})

Player actions are the PettingZoo environment's integer indices (:class:`~japanese_swords.env.codec.ActionCodec`;
a battle commitment is built card by card). Chance outcomes are the opening turn order (index of the
permutation) and every card dealt (the card type, with probability count / deck size). Observations and
information states are built only from the engine's :func:`~japanese_swords.observation.observation` of
the seat, never from hidden cards. Returns: +1 for the winner, ``-1/(N-1)`` for every other seat (zero
sum), 0 for all after a draw at ``max_rounds``.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import fields, replace
from itertools import permutations
from typing import Any

import numpy as np
import pyspiel

from japanese_swords import cards as C
from japanese_swords.actions import Commit, Deal, SetOrder
from japanese_swords.cards import NUM_TYPES, Card
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.env import encoding
from japanese_swords.env.codec import ActionCodec, commit_mask
from japanese_swords.env.text import counts_text, observation_text
from japanese_swords.game import RULES_RANGES, Game, Rules
from japanese_swords.mapcheck import load_playable_map
from japanese_swords.observation import Observation, determinize, observation

__all__ = ["GAME_NAME", "JapaneseSwordsGame", "JapaneseSwordsState", "STANDARD_MAPS", "resolve_game"]

GAME_NAME = "python_japanese_swords"
STANDARD_MAPS = {2: "classic-2p", 3: "kanto-3p", 4: "onin-4p"}
"""The map played when the ``map`` parameter is empty, by the ``players`` parameter."""
DEFAULT_MAX_ROUNDS = 150
UNLIMITED_ROUNDS = RULES_RANGES["max_rounds"][1]
"""The round limit standing for "none" (the largest the rules accept)."""
MAX_DECISIONS_PER_ROUND_AND_SEAT = 2000
"""Bound used for ``max_game_length`` (a generous one: random play averages well under 100)."""

_RULE_PARAMS = {f.name: f.default for f in fields(Rules) if f.name not in ("max_rounds", "modules")}
_PARAMS: dict[str, Any] = {"map": "", "players": 0, "max_rounds": DEFAULT_MAX_ROUNDS, "modules": "",
                           **_RULE_PARAMS}
"""OpenSpiel parameters: the map, players, max rounds, every whole-number rules option, and ``modules``
(rule modules, docs/variants.md), which this game does not play yet: any module is refused in one line."""
_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Japanese Swords",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMS,
)


class JapaneseSwordsGame(pyspiel.Game):
    """The fixed part: map, players, round limit and the rules options (every :class:`Rules` field is a
    parameter of the same name)."""

    def __init__(self, params: dict[str, Any] | None = None, engine_game: Game | None = None) -> None:
        # checks come first, in resolve_game: an exception raised while the pyspiel base is still
        # unconstructed would crash a traceback printer that shows ``self``
        if engine_game is None:
            engine_game, p = resolve_game(params)
        else:
            p = {**_params_of(engine_game), **(params or {})}
        self.engine_game = engine_game
        rules, board = engine_game.rules, engine_game.board
        assert rules.max_rounds is not None
        self.codec = ActionCodec(rules)
        self.initial_engine_state = initial_state(engine_game)  # cloned by every new state (and clone)
        n = board.players
        self.permutations = list(permutations(range(n)))
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=max(len(self.permutations), NUM_TYPES),
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=min(rules.max_rounds * n * MAX_DECISIONS_PER_ROUND_AND_SEAT, 2**31 - 1),
        )
        super().__init__(_GAME_TYPE, info, {**p, "players": n})

    @classmethod
    def from_engine_game(cls, game: Game) -> JapaneseSwordsGame:
        """The OpenSpiel game of an engine :class:`Game` (its board and rules). A game without a round
        limit gets the largest one the rules allow (:data:`UNLIMITED_ROUNDS`): OpenSpiel games must end."""
        if game.rules.max_rounds is None:
            game = Game(game.board, replace(game.rules, max_rounds=UNLIMITED_ROUNDS))
        return cls(engine_game=game)

    def new_initial_state(self) -> JapaneseSwordsState:
        return JapaneseSwordsState(self)

    def state_from_world(self, world: State) -> JapaneseSwordsState:
        """A state holding the engine state ``world`` (e.g. one determinization of a seat's observation),
        with an empty OpenSpiel history: what searches from a seat's point of view start from."""
        state = JapaneseSwordsState(self)
        state._engine = _Copied(world.clone(), State.clone)
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> _Observer:
        return _Observer(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def resolve_game(params: dict[str, Any] | None) -> tuple[Game, dict[str, Any]]:
    """The engine game and the full parameters for OpenSpiel parameters; ValueError naming a bad one."""
    p = {**_PARAMS, **(params or {})}
    unknown = sorted(set(p) - set(_PARAMS))
    if unknown:
        raise ValueError(f"{GAME_NAME}: unknown parameter {unknown[0]!r} (known: {', '.join(_PARAMS)})")
    players = int(p["players"])
    map_name = str(p["map"]) or STANDARD_MAPS.get(players or 2, "")
    if not map_name:
        raise ValueError(f"{GAME_NAME}: players must be 2, 3 or 4, got {players}")
    board = load_playable_map(map_name)
    if players and board.players != players:
        raise ValueError(f"{GAME_NAME}: map {map_name} is for {board.players} players, not {players}")
    if int(p["max_rounds"]) < 1:
        raise ValueError(f"{GAME_NAME}: max_rounds must be at least 1 (the game must end)")
    options: dict[str, object] = {**{k: int(p[k]) for k in _RULE_PARAMS}, "max_rounds": int(p["max_rounds"])}
    if str(p["modules"]):
        raise ValueError(f"{GAME_NAME}: rule modules are not supported by the OpenSpiel game yet "
                         f"(got {str(p['modules'])[:60]!r}); play them through the engine or the PettingZoo env")
    rules = Rules.from_json(options)
    return Game(board, rules), {**p, "map": map_name}


def _params_of(game: Game) -> dict[str, Any]:
    """OpenSpiel parameters describing an engine game (the map by its name)."""
    rules = game.rules
    return {**_PARAMS, **{k: getattr(rules, k) for k in _RULE_PARAMS}, "max_rounds": rules.max_rounds,
            "modules": ",".join(rules.modules), "map": game.board.name}


class _Copied:
    """Holds a value that OpenSpiel's clone (``copy.deepcopy`` of each attribute) copies with ``copy_fn``."""

    __slots__ = ("value", "copy_fn")

    def __init__(self, value: Any, copy_fn: Any) -> None:
        self.value, self.copy_fn = value, copy_fn

    def __deepcopy__(self, memo: dict) -> _Copied:
        return _Copied(self.copy_fn(self.value), self.copy_fn)


def _copy_hashes(hashes: list) -> list:
    return [h.copy() for h in hashes]


class JapaneseSwordsState(pyspiel.State):
    """One game in progress: the engine state, the commitment being built, and each seat's history digest
    (what makes the information state perfect recall)."""

    def __init__(self, game: JapaneseSwordsGame) -> None:
        super().__init__(game)
        self._engine = _Copied(game.initial_engine_state.clone(), State.clone)
        self._partial: list[Card] = []
        n = game.engine_game.num_players
        # one digest per seat of what that seat saw happen, plus one of the public events (index n)
        self._digests = _Copied([hashlib.blake2b(digest_size=12) for _ in range(n + 1)], _copy_hashes)

    # ----- access ---------------------------------------------------------------------------------------
    @property
    def engine_state(self) -> State:
        """The engine :class:`State` (the full state: hidden cards included)."""
        return self._engine.value

    @property
    def partial_commitment(self) -> tuple[Card, ...]:
        """The cards added so far to the battle commitment being built."""
        return tuple(self._partial)

    # ----- OpenSpiel API --------------------------------------------------------------------------------
    def current_player(self) -> int:
        s = self.engine_state
        if s.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        p = s.current_player()
        return pyspiel.PlayerId.CHANCE if p == CHANCE else p

    def _legal_actions(self, player: int) -> list[int]:
        s = self.engine_state
        codec = self.get_game().codec
        if self._committing():
            return commit_mask(lambda cards: s.is_legal(Commit(cards)), self._partial)
        return codec.mask_indices(s.legal_actions(), player, s.num_players)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        s = self.engine_state
        if s.order is None:
            perms = self.get_game().permutations
            return [(i, 1.0 / len(perms)) for i in range(len(perms))]
        total = sum(s.deck)
        return [(c, n / total) for c, n in enumerate(s.deck) if n]

    def _apply_action(self, action: int) -> None:
        s = self.engine_state
        game = self.get_game()
        if self.is_chance_node():
            if s.order is None:
                order = game.permutations[action]
                s.apply(SetOrder(order))
                self._event(None, "order " + ",".join(f"p{x + 1}" for x in order))
            else:
                seat = s.pending_draws[0]
                s.apply(Deal(Card(action)))
                self._event(seat, f"p{seat + 1} dealt {Card(action).code}", f"p{seat + 1} dealt ?")
            return
        seat = s.current_player()
        decoded = game.codec.decode(action, seat, s.num_players)
        if decoded.add is not None:
            self._partial.append(decoded.add)
            self._event(seat, f"p{seat + 1} adds {decoded.add.code}", f"p{seat + 1} adds ?")
            return
        move = Commit(tuple(self._partial)) if decoded.done else decoded.action
        self._partial = []
        last = s.last_battle
        s.play(move)
        self._event(None, f"p{seat + 1} {'commits' if decoded.done else move}")
        if s.last_battle is not last and s.last_battle is not None:
            self._event(None, f"battle {sorted(s.last_battle.to_json().items())}")

    def _action_to_string(self, player: int, action: int) -> str:
        s = self.engine_state
        if player == pyspiel.PlayerId.CHANCE:
            if s.order is None:
                return "order " + ",".join(f"p{x + 1}" for x in self.get_game().permutations[action])
            return f"deal {Card(action).code}"
        d = self.get_game().codec.decode(action, player, s.num_players)
        if d.add is not None:
            return f"commit: add {d.add.code}"
        if d.done:
            return "commit: done"
        return str(d.action)

    def is_terminal(self) -> bool:
        return self.engine_state.is_terminal()

    def returns(self) -> list[float]:
        s = self.engine_state
        n = s.num_players
        if not s.is_terminal() or s.winner is None:
            return [0.0] * n
        return [1.0 if seat == s.winner else -1.0 / (n - 1) for seat in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> JapaneseSwordsState:
        """A state the seat cannot tell from this one: unseen cards dealt again at random to the other
        hands, a face-down commitment and the deck (``probability_sampler()`` gives uniform floats)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        s = self.engine_state
        out = self.clone()
        world = determinize(observation(s, player_id), rng)
        out._engine = _Copied(world, State.clone)
        if self._partial and s.current_player() != player_id:  # another seat's cards being added, unseen
            out._partial = _sample_prefix(world, len(self._partial), rng)
        digests = _copy_hashes(self._digests.value)
        for seat in range(s.num_players):
            if seat != player_id:  # what the others saw is unknown to the seat: give them the public record
                digests[seat] = digests[-1].copy()
        out._digests = _Copied(digests, _copy_hashes)
        return out

    def __str__(self) -> str:
        s = self.engine_state
        hands = " ".join(f"p{i + 1}[{counts_text(h)}]" for i, h in enumerate(s.hands))
        deck = counts_text(s.deck)
        partial = f" building [{C.format_cards(self._partial)}]" if self._partial else ""
        return f"{observation_text(observation(s, 0))}\nhands {hands}{partial}\ndeck [{deck}]"

    # ----- helpers --------------------------------------------------------------------------------------
    def _committing(self) -> bool:
        s = self.engine_state
        return s.battle is not None and s.offer is None and s.intrigue is None

    def _event(self, owner: int | None, text: str, public: str | None = None) -> None:
        """Record what each seat saw: ``text`` for the owner (every seat if None), ``public`` for others."""
        full, other = text.encode(), (text if public is None else public).encode()
        hashes = self._digests.value
        for seat in range(len(hashes) - 1):
            hashes[seat].update((full if owner is None or seat == owner else other) + b"\n")
        hashes[-1].update(other + b"\n")

    def seat_observation(self, seat: int) -> Observation:
        """The engine's view of the seat (:func:`japanese_swords.observation`)."""
        return observation(self.engine_state, seat)

    def history_digest(self, seat: int) -> str:
        """A digest of everything the seat saw happen so far (its own cards dealt, others' as unknown)."""
        return self._digests.value[seat].hexdigest()


def _sample_prefix(state: State, n: int, rng: random.Random) -> list[Card]:
    """``n`` cards, sorted, from the committing seat's (resampled) hand that start a legal commitment."""
    b = state.battle
    assert b is not None
    seat = b.attacker_seat if b.attacker_cards is None else b.defender_seat
    for _ in range(100):
        cards = C.cards_of(state.hands[seat])
        rng.shuffle(cards)
        pick = tuple(sorted(cards[:n]))
        if len(pick) == n and state.is_legal(Commit(pick)):
            return list(pick)
    raise pyspiel.SpielError("no legal commitment prefix in the resampled hand")


class _Observer:
    """OpenSpiel's observer protocol: the tensor is :func:`japanese_swords.env.encoding.encode` of the seat's
    observation; the perfect-recall (information state) string adds the digest of the seat's history."""

    def __init__(self, iig_obs_type: Any, params: dict | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("only single-player observations are supported (private_info=SINGLE_PLAYER)")
        self.perfect_recall = iig_obs_type.perfect_recall
        self.tensor = np.zeros(encoding.SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def _partial(self, state: JapaneseSwordsState, player: int) -> tuple[Card, ...]:
        return state.partial_commitment if state.current_player() == player else ()

    def set_from(self, state: JapaneseSwordsState, player: int) -> None:
        self.tensor[:] = encoding.encode(state.seat_observation(player), self._partial(state, player))

    def string_from(self, state: JapaneseSwordsState, player: int) -> str:
        text = observation_text(state.seat_observation(player), self._partial(state, player))
        if self.perfect_recall:
            text += f"\nhistory {state.history_digest(player)}"
        return text


class _Loader:
    """What OpenSpiel calls to build the game: checks the parameters before any pyspiel object exists,
    then returns a :class:`JapaneseSwordsGame`. It is a class, not a function, because OpenSpiel keeps the
    creator in a C++ registry freed only after the interpreter has shut down: a function freed then aborts
    the process ("GIL is released"), while a class (its own MRO refers to it) is never freed."""

    def __new__(cls, params: dict[str, Any] | None = None) -> JapaneseSwordsGame:  # type: ignore[misc]
        game, full = resolve_game(params)
        return JapaneseSwordsGame(full, engine_game=game)


pyspiel.register_game(_GAME_TYPE, _Loader)
