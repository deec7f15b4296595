"""Training data of the learned policy: the root visit distributions of the search's own games.

:func:`record_game` plays one seeded game between agent specs through the engine; at every travel and
economy decision a searcher (``mcts:...``) searched, the decision's option rows
(:func:`~ai.learned.policy_features.option_features`), the root's visit counts and the greedy choice's index
and each option's mean value there are kept. :class:`Decisions` holds many decisions as flat arrays (``.npz``,
no pickle).
"""

from __future__ import annotations

import io
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.learned.policy import FAMILIES
from ai.learned.policy_features import WIDTH, option_features, policy_family
from japanese_swords.actions import Action
from japanese_swords.fileio import write_atomic
from japanese_swords.observation import Observation

#: One decision: family index, option rows [K, WIDTH], root visits [K], greedy's index, the search's choice,
#: root mean values [K].
Item = tuple[int, np.ndarray, np.ndarray, int, int, np.ndarray]
_KEYS = ("family", "start", "count", "prior", "pick", "game", "rows", "visits", "means")


@dataclass
class Decisions:
    """Decisions as flat arrays: per decision its family index, first row, option count, greedy choice's
    index (-1: not an option), the search's choice and game id; per option its feature row, root visits and
    mean value at the root (NaN in games recorded before the means were kept)."""

    family: np.ndarray
    start: np.ndarray
    count: np.ndarray
    prior: np.ndarray
    pick: np.ndarray
    game: np.ndarray
    rows: np.ndarray
    visits: np.ndarray
    means: np.ndarray

    def __len__(self) -> int:
        return int(self.family.shape[0])

    @classmethod
    def empty(cls) -> Decisions:
        z = np.zeros(0, np.int64)
        return cls(z, z, z, z, z, z, np.zeros((0, WIDTH)), np.zeros(0), np.zeros(0))

    @classmethod
    def of(cls, items: list[Item], game: int) -> Decisions:
        """Decisions of one game from (family index, rows [K, WIDTH], visits [K], prior, pick, means [K])
        tuples."""
        if not items:
            return cls.empty()
        counts = np.array([len(it[2]) for it in items], np.int64)
        return cls(np.array([it[0] for it in items], np.int64), np.cumsum(counts) - counts, counts,
                   np.array([it[3] for it in items], np.int64), np.array([it[4] for it in items], np.int64),
                   np.full(len(items), game, np.int64), np.concatenate([it[1] for it in items]),
                   np.concatenate([it[2] for it in items]), np.concatenate([it[5] for it in items]))

    @staticmethod
    def concat(parts: list[Decisions]) -> Decisions:
        """The parts' decisions in order."""
        parts = [p for p in parts if len(p)] or [Decisions.empty()]
        offsets = np.cumsum([0] + [len(p.rows) for p in parts[:-1]])
        return Decisions(*(np.concatenate([getattr(p, k) + (o if k == "start" else 0) for p, o in
                                           zip(parts, offsets, strict=True)]) for k in _KEYS))

    def subset(self, mask: np.ndarray) -> Decisions:
        """The decisions where ``mask`` is true (their rows gathered)."""
        idx = np.nonzero(mask)[0]
        rows = [np.arange(s, s + c) for s, c in zip(self.start[idx], self.count[idx], strict=True)]
        take = np.concatenate(rows) if rows else np.zeros(0, np.int64)
        counts = self.count[idx]
        return Decisions(self.family[idx], np.cumsum(counts) - counts, counts, self.prior[idx], self.pick[idx],
                         self.game[idx], self.rows[take], self.visits[take], self.means[take])

    def save(self, path: Path) -> None:
        """Write the arrays atomically (``.npz``)."""
        buf = io.BytesIO()
        np.savez_compressed(buf, **{k: getattr(self, k) for k in _KEYS})
        write_atomic(path, buf.getvalue())

    @classmethod
    def load(cls, path: Path) -> Decisions:
        """Arrays written by :meth:`save`; ValueError naming the file when it is not one."""
        try:
            with np.load(path, allow_pickle=False) as d:  # games recorded without the means: NaN
                out = cls(*(d[k] if k != "means" or k in d else np.full(len(d["visits"]), np.nan)
                            for k in _KEYS))
        except (OSError, KeyError, ValueError) as exc:
            raise ValueError(f"{path}: not recorded policy decisions ({exc})") from None
        if out.rows.shape[1:] != (WIDTH,):
            raise ValueError(f"{path}: recorded for other option features; record again")
        return out


class _Remember:
    """Stands in for a searcher's greedy policy and remembers its last choice (the root's prior)."""

    def __init__(self, policy: object) -> None:
        self.policy = policy
        self.last: Action | None = None

    def act(self, view: object, rng: random.Random) -> Action:
        self.last = self.policy.act(view, rng)  # type: ignore[attr-defined]
        return self.last


class Recorder:
    """Wraps a searcher: plays as it does and keeps each searched travel and economy decision."""

    def __init__(self, agent: object) -> None:
        self.agent = agent
        self.name = getattr(agent, "name", "mcts")
        self.memory = _Remember(agent.policy)  # type: ignore[attr-defined]
        agent.policy = self.memory  # type: ignore[attr-defined]
        self.items: list[Item] = []

    def __getattr__(self, key: str) -> object:
        return getattr(self.agent, key)

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        agent = self.agent
        agent.last_stats, agent.last_actions, self.memory.last = [], [], None  # type: ignore[attr-defined]
        action = agent.choose(obs, legal, rng)  # type: ignore[attr-defined]
        fam = policy_family(obs.state)
        stats, actions = agent.last_stats, agent.last_actions  # type: ignore[attr-defined]
        if fam in FAMILIES and len(stats) > 1 and len(stats) == len(actions):
            visits = np.array([n for _, n, _ in stats], float)
            if visits.sum() > 0:
                greedy = self.memory.last
                prior = next((i for i, a in enumerate(actions) if a == greedy), -1)
                rows = option_features(obs.state, obs.seat, list(actions), None if prior < 0 else prior)
                pick = next((i for i, a in enumerate(actions) if a == action), int(np.argmax(visits)))
                means = np.array([m for _, _, m in stats], float)
                self.items.append((FAMILIES.index(fam), rows, visits, prior, pick, means))
        return action


def record_game(map_name: str, specs: tuple[str, ...], seed: int, game_id: int) -> Decisions:
    """One seeded game between ``specs`` (agent specs); the searchers' travel and economy decisions."""
    from ai.agent import make_agent
    from ai.learned.selfplay import new_game
    from ai.match import play_game
    from ai.mcts.bot import MCTSAgent

    agents = [make_agent(s) for s in specs]
    agents = [Recorder(a) if isinstance(a, MCTSAgent) else a for a in agents]
    play_game(new_game(map_name), agents, seed)
    items = [it for a in agents if isinstance(a, Recorder) for it in a.items]
    return Decisions.of(items, game_id)
