"""Game records -> training trajectories: at every seat decision, the seat's observation vector, the action
mask, the action index played and the seat's final return, in one compressed ``.npz`` file.

Encodings are the PettingZoo environment's (docs/env.md): the observation vector is
:func:`japanese_swords.env.encoding.encode` of the seat's :func:`~japanese_swords.observation.observation`
(never hidden cards), indices are :class:`~japanese_swords.env.codec.ActionCodec`'s, and a battle
commitment becomes one step per card plus the "commit" step, as the environment plays it. Trade offers and
replies have no index and are left out (counted in the metadata). Returns: +1 for the winner,
``loss_reward`` for every other seat, 0 for all after a draw; an unfinished game gives 0 and is marked.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ai.tournament.provenance import provenance
from ai.tournament.report import atomic_write
from japanese_swords.actions import Commit, parse_action
from japanese_swords.engine import decision, initial_state
from japanese_swords.env import encoding
from japanese_swords.env.codec import ActionCodec, UnencodableAction, commit_mask
from japanese_swords.errors import JapaneseSwordsError, RecordError
from japanese_swords.observation import observation
from japanese_swords.records import Record, load_record

FORMAT = "japanese-swords-trajectories"
VERSION = 1
MAX_SEATS = 4


@dataclass
class Trajectories:
    """Steps of many games (one row per seat decision) and per-game facts."""

    observations: list[np.ndarray] = field(default_factory=list)
    masks: list[np.ndarray] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    returns: list[float] = field(default_factory=list)
    game_files: list[str] = field(default_factory=list)
    game_agents: list[list[str]] = field(default_factory=list)
    game_winner: list[int] = field(default_factory=list)
    game_finished: list[bool] = field(default_factory=list)
    skipped: int = 0  # trade offers and replies (no index)

    def arrays(self) -> dict[str, np.ndarray]:
        """Everything as numpy arrays (the ``.npz`` members); README-style names in docs/env.md."""
        n = len(self.actions)
        size = ActionCodec().size
        if len({len(o) for o in self.observations}) > 1 or len({len(m) for m in self.masks}) > 1:
            raise RecordError("the records mix rule modules (observations or action spaces of different "
                              "sizes): export each module set to its own file")
        return {
            "observation": np.stack(self.observations) if n else np.zeros((0, encoding.SIZE), np.float32),
            "action_mask": np.stack(self.masks) if n else np.zeros((0, size), bool),
            "action": np.asarray(self.actions, np.int32),
            "seat": np.asarray(self.seats, np.int8),
            "game": np.asarray(self.games, np.int32),
            "return": np.asarray(self.returns, np.float32),
            "game_file": np.asarray(self.game_files, dtype=str),
            "game_agents": np.asarray([a + [""] * (MAX_SEATS - len(a)) for a in self.game_agents], dtype=str)
            .reshape(len(self.game_agents), MAX_SEATS),
            "game_winner": np.asarray(self.game_winner, np.int8),
            "game_finished": np.asarray(self.game_finished, bool),
        }


def seat_returns(record: Record, loss_reward: float) -> tuple[list[float], int, bool]:
    """Each seat's return, the winner (-1: none) and whether the game finished, from the record's result."""
    n = record.game.num_players
    result = record.result or {}
    finished = bool(result.get("finished"))
    winner = result.get("winner")
    if not finished or winner is None:
        return [0.0] * n, -1, finished
    return [1.0 if s == winner else loss_reward for s in range(n)], int(winner), True


def add_record(out: Trajectories, record: Record, name: str, loss_reward: float = -1.0) -> int:
    """Replay ``record`` (checked) and append one row per seat decision; returns the rows added."""
    returns, winner, finished = seat_returns(record, loss_reward)
    codec = ActionCodec(record.game.rules)
    game = len(out.game_files)
    n = record.game.num_players
    state = initial_state(record.game)
    before = len(out.actions)
    for i, text in enumerate(record.actions):
        try:
            action = parse_action(text)
            seat = state.current_player()
            if seat >= 0 and decision(state) != "reply":
                if isinstance(action, Commit):
                    cards = tuple(sorted(action.cards))  # the environment adds cards in card order
                    for k, step in enumerate(codec.steps(Commit(cards), seat, n)):
                        partial = cards[:k]
                        mask = commit_mask(lambda cards: state.is_legal(Commit(cards)), partial)
                        _row(out, state, seat, partial, mask, step, game, returns[seat], codec.size)
                else:
                    try:
                        index = codec.encode(action, seat, n)
                    except UnencodableAction:
                        out.skipped += 1
                    else:
                        mask = codec.mask_indices(state.legal_actions(), seat, n)
                        _row(out, state, seat, (), mask, index, game, returns[seat], codec.size)
            elif seat >= 0:
                out.skipped += 1
            state.play(action)
        except JapaneseSwordsError as exc:
            raise RecordError(f"{name}: action {i} ({text[:60]!r}): {exc}") from None
    out.game_files.append(name)
    out.game_agents.append(list(record.seats))
    out.game_winner.append(winner)
    out.game_finished.append(finished)
    return len(out.actions) - before


def _row(out: Trajectories, state, seat: int, partial, mask: list[int], index: int, game: int, ret: float,
         size: int) -> None:
    if index not in mask:
        raise RecordError(f"index {index} is not in the mask (the encoding disagrees with the engine)")
    m = np.zeros(size, bool)
    m[mask] = True
    out.observations.append(encoding.encode(observation(state, seat), partial))
    out.masks.append(m)
    out.actions.append(index)
    out.seats.append(seat)
    out.games.append(game)
    out.returns.append(ret)


def record_files(inputs: Sequence[str | Path]) -> list[Path]:
    """Record files from files and folders (a folder's ``*.json``, sorted); RecordError if none."""
    files: list[Path] = []
    for item in inputs:
        p = Path(item)
        if p.is_dir():
            files += sorted(p.glob("*.json"))
        elif p.is_file():
            files.append(p)
        else:
            raise RecordError(f"{item}: no such file or folder")
    if not files:
        raise RecordError(f"no game records (*.json) in {', '.join(str(i) for i in inputs)}")
    return files


def export(inputs: Iterable[Path], out_path: str | Path, loss_reward: float = -1.0) -> Trajectories:
    """Read every record, build the trajectories and write them to ``out_path`` (``.npz``, atomically)."""
    t = Trajectories()
    for path in inputs:
        add_record(t, load_record(path), str(path), loss_reward)
    arrays = t.arrays()
    meta = {"format": FORMAT, "version": VERSION, "observation_size": int(arrays["observation"].shape[1]),
            "action_size": int(arrays["action_mask"].shape[1]), "loss_reward": loss_reward,
            "skipped_trade_steps": t.skipped, "provenance": provenance()}
    buf = io.BytesIO()
    np.savez_compressed(buf, meta=np.asarray(json.dumps(meta)), **arrays)
    atomic_write(out_path, buf.getvalue())
    return t
