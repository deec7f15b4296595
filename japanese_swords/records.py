"""Game records (like PGN): a versioned JSON file holding everything needed to replay a game exactly.

A record is also a save file. Writes are atomic (temp file + rename); loading parses JSON only and
validates every field, so a malformed, truncated or tampered record gives one line naming the problem.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from japanese_swords.errors import JapaneseSwordsError, RecordError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import parse_map
from japanese_swords.state import State

FORMAT = "japanese-swords-record"
VERSION = 1


def state_digest(state: State) -> str:
    """SHA-256 of the state's canonical JSON: two states are equal iff their digests are."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Record:
    """A game: map, rules, seats (agent names), seed and the ordered actions, chance included."""

    game: Game
    seats: list[str]
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    result: dict | None = None  # winner, rounds, honor and state digest after the last action

    def replay(self, upto: int | None = None) -> State:
        """Replay through the checked engine; RecordError names the first bad action's index."""
        state = self.game.new_initial_state()
        for i, text in enumerate(self.actions[:upto]):
            try:
                state.play(text)
            except JapaneseSwordsError as exc:
                raise RecordError(f"action {i} ({text!r}): {exc}") from None
        return state

    def finish(self, state: State) -> None:
        """Store the summary of ``state`` (the state after the last action) for verification."""
        self.result = {
            "finished": state.is_terminal(),
            "winner": state.winner,
            "rounds": state.round,
            "honor": list(state.honor),
            "actions": len(self.actions),
            "state_digest": state_digest(state),
        }

    def verify(self) -> State:
        """Replay and check the stored result; raises RecordError on any difference."""
        state = self.replay()
        if self.result is None:
            raise RecordError("record has no result to verify against")
        if self.result.get("actions") != len(self.actions):
            raise RecordError(f"record lists {len(self.actions)} actions but its result says "
                              f"{self.result.get('actions')} (truncated or extended)")
        if self.result.get("state_digest") != state_digest(state):
            for key, value in (("winner", state.winner), ("rounds", state.round), ("honor", list(state.honor))):
                if self.result.get(key) != value:
                    raise RecordError(f"replay gives {key} {value!r} but the record says {self.result.get(key)!r}")
            raise RecordError("replay does not reproduce the recorded final state (digest differs)")
        return state

    def to_json(self) -> dict:
        return {
            "format": FORMAT, "version": VERSION,
            "map": {"name": self.game.board.name, "text": self.game.board.source},
            "rules": self.game.rules.to_json(), "players": self.game.num_players,
            "seats": self.seats, "seed": self.seed, "actions": self.actions, "result": self.result,
        }

    @classmethod
    def from_json(cls, data: object, where: str = "record") -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"{where}: not a game record (expected a JSON object)")
        if data.get("format") != FORMAT:
            raise RecordError(f"{where}: not a game record (format is {data.get('format')!r}, expected {FORMAT!r})")
        if data.get("version") != VERSION:
            raise RecordError(f"{where}: unsupported record version {data.get('version')!r} (this is {VERSION})")
        for key, typ in (("map", dict), ("rules", dict), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), typ):
                raise RecordError(f"{where}: field {key!r} missing or not a {typ.__name__}")
        text = data["map"].get("text")
        if not isinstance(text, str):
            raise RecordError(f"{where}: map text missing")
        try:
            board = parse_map(text, f"{where} (embedded map)")
            rules = Rules.from_json(data["rules"])
        except JapaneseSwordsError as exc:
            raise RecordError(f"{where}: {exc}") from None
        if data.get("players") not in (None, board.players):
            raise RecordError(f"{where}: players is {data.get('players')} but the map is for {board.players}")
        if len(data["seats"]) != board.players or not all(isinstance(s, str) for s in data["seats"]):
            raise RecordError(f"{where}: seats must name {board.players} agents")
        for i, a in enumerate(data["actions"]):
            if not isinstance(a, str):
                raise RecordError(f"{where}: action {i} is not a string")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(f"{where}: seed must be an integer")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError(f"{where}: result must be an object")
        return cls(Game(board, rules), list(data["seats"]), seed, list(data["actions"]), result)


def save_record(record: Record, path: str | Path) -> None:
    """Write atomically: a temp file in the same directory, then rename over the target."""
    path = Path(path)
    text = json.dumps(record.to_json(), indent=1, ensure_ascii=False)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_record(path: str | Path) -> Record:
    """Read and validate a record; RecordError names the file and the problem."""
    path = Path(path)
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror if isinstance(exc, OSError) else exc}") from None
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg}); truncated?") from None
    return Record.from_json(data, str(path))
