"""Self-play positions for the learned value, played by the compiled simulator and labelled by the result.

A batch of new games of one map is played to the end (the rules' ``max_rounds``, 150 by default here) by
the batch simulator's rollout policy, each seat with its own knobs drawn at random per batch (so the
positions cover rushes, honor races, big hands); at every turn start each live game is kept with
probability ``keep``. :func:`engine_play` keeps positions of one game between engine agents (greedy, the
league, a searcher) the same way. A kept position's label is each seat's final score (1 win, 0 loss, 1/2 a
draw): Monte Carlo returns. Everything is drawn from the seed, so the same call gives the same positions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from ai.batch.policy import RolloutPolicy
from ai.batch.state import I64, BatchState
from ai.batch.tables import map_tables
from ai.batch.turn import TurnRunner
from ai.learned.encode import lanes_of_states
from ai.rollout_policy import opening_states
from japanese_swords import cards as C
from japanese_swords.board import NUM_SQUARES
from japanese_swords.core import Phase
from japanese_swords.engine import initial_state
from japanese_swords.game import Game
from japanese_swords.maps import load_map

#: The lane fields a position keeps (what the encoding and the fitted value read).
FIELDS = ("order", "turn_index", "round", "gold", "honor", "alive", "hands", "owner", "exp", "control")
MAX_ROUNDS = 150


@dataclass
class Positions:
    """Kept positions of one map: lane fields, the game each came from, each seat's final score [N, P]."""

    map_name: str
    arrays: dict[str, np.ndarray]
    game: np.ndarray
    score: np.ndarray

    def __len__(self) -> int:
        return int(self.game.shape[0])

    def lanes(self, idx: np.ndarray) -> BatchState:
        """The positions ``idx`` as lanes (live, at a turn start) for :func:`ai.learned.encode.encode`."""
        game = new_game(self.map_name)
        b, p = len(idx), game.num_players
        z = np.zeros
        a = {k: v[idx] for k, v in self.arrays.items()}
        return BatchState(game, map_tables(game.board, game.rules.move_points), a["order"], a["turn_index"],
                          a["round"], z(b, bool), np.full(b, -1, I64), a["gold"], a["honor"], a["alive"],
                          np.full((b, p), -1, I64), a["hands"], z((b, C.NUM_TYPES), I64),
                          z((b, C.NUM_TYPES), I64), a["owner"], a["exp"], np.full((b, NUM_SQUARES), -1, I64),
                          z(b, I64), a["control"], z(b, I64), np.full(b, int(Phase.REVENUE), I64),
                          z((b, NUM_SQUARES), bool))

    @staticmethod
    def concat(parts: list[Positions]) -> Positions:
        """One map's parts in order (game ids are kept as they are)."""
        return Positions(parts[0].map_name, {k: np.concatenate([p.arrays[k] for p in parts]) for k in FIELDS},
                         np.concatenate([p.game for p in parts]), np.concatenate([p.score for p in parts]))


@lru_cache(maxsize=16)
def new_game(map_name: str) -> Game:
    """The map's game with at most :data:`MAX_ROUNDS` rounds."""
    game = Game(load_map(map_name))
    if game.rules.max_rounds is None:
        game = Game(game.board, replace(game.rules, max_rounds=MAX_ROUNDS))
    return game


def random_policy(rng: np.random.Generator) -> RolloutPolicy:
    """Rollout knobs drawn around the defaults: how many armies, cards, honor, how bold in battle."""
    return RolloutPolicy(army_cap=int(rng.integers(3, 9)), raise_reserve=int(rng.integers(0, 4)),
                         max_draws=int(rng.integers(1, 5)), hand_target=int(rng.integers(4, 12)),
                         draw_reserve=int(rng.integers(0, 4)), honor_reserve=int(rng.integers(0, 4)),
                         attack_margin=float(rng.uniform(-2.0, 4.0)), attack_noise=float(rng.uniform(1.0, 6.0)),
                         move_noise=float(rng.uniform(0.2, 1.0)), w_keep=float(rng.uniform(0.5, 2.0)),
                         w_home=float(rng.uniform(1.0, 5.0)), w_army=float(rng.uniform(0.2, 1.5)))


def play(map_name: str, games: int, seed: int, keep: float = 0.1, first_game: int = 0) -> Positions:
    """``games`` new games of ``map_name`` played to the end in one batch; the kept positions labelled."""
    rng = np.random.default_rng([seed, first_game])
    game = new_game(map_name)
    p = game.num_players
    S = BatchState.from_states(opening_states(game, games, seed, first=first_game))
    runner = TurnRunner(S, rng, [random_policy(rng) for _ in range(p)])
    kept: dict[str, list[np.ndarray]] = {k: [] for k in FIELDS}
    ids: list[np.ndarray] = []
    while not S.done.all():
        take = np.nonzero(~S.done & (rng.random(games) < keep))[0]
        for k in FIELDS:
            kept[k].append(getattr(S, k)[take].copy())
        ids.append(take)
        runner.run_turn()
    idx = np.concatenate(ids) if ids else np.zeros(0, I64)
    winner = S.winner[idx]
    score = np.where(winner[:, None] < 0, 0.5, (np.arange(p)[None, :] == winner[:, None]).astype(float))
    arrays = {k: (np.concatenate(v) if v else np.zeros((0,) + getattr(S, k).shape[1:], getattr(S, k).dtype))
              for k, v in kept.items()}
    return Positions(map_name, arrays, idx + first_game, score)


def engine_play(map_name: str, specs: tuple[str, ...], seed: int, game_id: int, keep: float = 0.3) -> Positions:
    """One seeded game between the agents ``specs`` (ai.agent specs) through the engine; the turn starts kept
    with probability ``keep`` (drawn from ``seed``), labelled with the result."""
    from ai.agent import make_agent
    from ai.match import play_game

    game = new_game(map_name)
    rng = random.Random(f"engine-play:{seed}")
    kept = []
    last: list[tuple[int, int] | None] = [None]

    def on_action(state, _action: object) -> None:
        key = (state.round, state.turn_index)
        if key == last[0] or state.is_terminal() or not state.order:
            return
        last[0] = key
        if rng.random() < keep:
            kept.append(state.clone())

    result = play_game(game, [make_agent(s) for s in specs], seed, on_action=on_action)
    p = game.num_players
    n = len(kept)
    row = np.full(p, 0.5) if result.winner is None else (np.arange(p) == result.winner).astype(float)
    if n:
        S = lanes_of_states(kept)
        arrays = {k: getattr(S, k).copy() for k in FIELDS}
    else:
        S0 = lanes_of_states([initial_state(game)])
        arrays = {k: getattr(S0, k)[:0].copy() for k in FIELDS}
    return Positions(map_name, arrays, np.full(n, game_id, I64), np.tile(row, (n, 1)))
