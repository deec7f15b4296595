"""Game records (like PGN): a versioned JSON file holding everything needed to replay a game exactly.

A record is also a save file. Writes are atomic (temp file + rename, 0666 less the umask); loading reads at most
MAX_RECORD_BYTES of a regular file, parses JSON only and validates every field (types, ranges, sizes),
so a malformed, truncated, oversized or tampered record gives one line naming the problem.
docs/notation.md describes the format, docs/input-limits.md the limits.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from japanese_swords.actions import MAX_LINE
from japanese_swords.engine import State, initial_state
from japanese_swords.errors import JapaneseSwordsError, RecordError
from japanese_swords.events import Event
from japanese_swords.fileio import read_text_bounded, write_atomic
from japanese_swords.game import Game, Rules
from japanese_swords.maps import MAX_MAP_BYTES, parse_map

FORMAT = "japanese-swords-record"
VERSION = 1
MAX_RECORD_BYTES = 16 * 1024 * 1024
"""Largest record file read (a 4-player game of 80 rounds is about 60 KB)."""
MAX_ACTIONS = 1_000_000
"""Most actions a record may list (a replay runs at about 30,000 actions a second)."""
MAX_SEAT_NAME = 200
"""Longest seat (agent) name in characters."""
MAX_ROUNDS_FIELD = 10**6
_TOP_KEYS = {"format", "version", "map", "rules", "players", "seats", "seed", "actions", "result"}
_RESULT_KEYS = {"finished", "winner", "rounds", "honor", "actions", "state_digest", "setup_digest"}
_RESULT_REQUIRED = _RESULT_KEYS - {"setup_digest"}


def _play(state: State, i: int, text: str) -> tuple[Event, ...]:
    """Play a record's action ``i``; RecordError (one line) naming it if the engine refuses it."""
    try:
        return state.play(text)
    except JapaneseSwordsError as exc:
        raise RecordError(f"action {i} ({text!r}): {' '.join(str(exc).split())}") from None


def state_digest(state: State) -> str:
    """SHA-256 of the state's canonical JSON: two states are equal iff their digests are."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def setup_digest(game: Game, seats: list[str], seed: int | None) -> str:
    """SHA-256 of everything a record holds besides its actions and result (map text, rules, players,
    seats, seed): edits that do not change the replay, such as a rules option, are still detected."""
    setup = {"map": game.board.source, "rules": game.rules.to_json(), "players": game.num_players,
             "seats": seats, "seed": seed}
    text = json.dumps(setup, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters for one-line messages (huge numbers by digit count)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _is_int(value: object) -> bool:
    """A JSON integer (``true`` and ``1.0`` are not)."""
    return type(value) is int


def _encodable(text: str) -> bool:
    """False for text holding a lone surrogate (JSON ``"\\ud800"``), which UTF-8 cannot store."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _no_duplicate_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """json object hook: a key given twice is an error, not a silent last-one-wins."""
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"key {_short(key)} is given twice in one object")
        out[key] = value
    return out


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
        state = initial_state(self.game)
        for i, text in enumerate(self.actions[:upto]):
            _play(state, i, text)
        return state

    def plays(self) -> Iterator[tuple[State, tuple[Event, ...]]]:
        """Replay through the checked engine, yielding after each action the state (one object, advanced in
        place) and the action's events, for tools that read a game as it unfolds; RecordError names the
        first bad action's index."""
        state = initial_state(self.game)
        for i, text in enumerate(self.actions):
            yield state, _play(state, i, text)

    def finish(self, state: State) -> None:
        """Store the summary of ``state`` (the state after the last action) for verification."""
        self.result = {
            "finished": state.is_terminal(),
            "winner": state.winner,
            "rounds": state.round,
            "honor": list(state.honor),
            "actions": len(self.actions),
            "state_digest": state_digest(state),
            "setup_digest": setup_digest(self.game, self.seats, self.seed),
        }

    def verify(self) -> State:
        """Replay and check every field of the stored result; raises RecordError on any difference.

        ``setup_digest`` (map, rules, seats, seed) is checked when present; records written before it
        existed have none and still verify."""
        state = self.replay()
        result = self.result
        if result is None:
            raise RecordError("record has no result to verify against")
        if result.get("actions") != len(self.actions):
            raise RecordError(f"record lists {len(self.actions)} actions but its result says "
                              f"{_short(result.get('actions'))} (truncated or extended)")
        replayed = {"finished": state.is_terminal(), "winner": state.winner, "rounds": state.round,
                    "honor": list(state.honor)}
        for key, value in replayed.items():
            if result.get(key) != value or type(result.get(key)) is not type(value):
                raise RecordError(f"replay gives {key} {value!r} but the record says {_short(result.get(key))}")
        if result.get("state_digest") != state_digest(state):
            raise RecordError("replay does not reproduce the recorded final state (digest differs)")
        if "setup_digest" in result and result["setup_digest"] != setup_digest(self.game, self.seats, self.seed):
            raise RecordError("the map, rules, seats or seed were changed after the game (setup digest differs)")
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
        """Validate a parsed record (every field's type, range and size); RecordError names the field."""
        if not isinstance(data, dict):
            raise RecordError(f"{where}: not a game record (expected a JSON object)")
        if data.get("format") != FORMAT:
            raise RecordError(f"{where}: not a game record (format is {_short(data.get('format'))}, "
                              f"expected {FORMAT!r})")
        version = data.get("version")
        if not _is_int(version) or version != VERSION:
            raise RecordError(f"{where}: unsupported record version {_short(version)} (this is {VERSION})")
        unknown = sorted(set(data) - _TOP_KEYS)
        if unknown:
            raise RecordError(f"{where}: unknown field {_short(unknown[0])}")
        for key, typ in (("map", dict), ("rules", dict), ("seats", list), ("actions", list)):
            if not isinstance(data.get(key), typ):
                raise RecordError(f"{where}: field {key!r} missing or not a {typ.__name__}")
        text = data["map"].get("text")
        if not isinstance(text, str):
            raise RecordError(f"{where}: map text missing")
        if len(text) > MAX_MAP_BYTES or not _encodable(text):
            raise RecordError(f"{where}: map text is too long or not text (limit {MAX_MAP_BYTES} characters)")
        if not isinstance(data["map"].get("name", ""), str):
            raise RecordError(f"{where}: map name must be a string")
        try:
            board = parse_map(text, f"{where} (embedded map)")
            game = Game(board, Rules.from_json(data["rules"]))  # checks the rule modules for the map
        except JapaneseSwordsError as exc:
            raise RecordError(f"{where}: {exc}") from None
        players = data.get("players")
        if players is not None and (not _is_int(players) or players != board.players):
            raise RecordError(f"{where}: players is {_short(players)} but the map is for {board.players}")
        seats = data["seats"]
        if len(seats) != board.players or not all(isinstance(s, str) for s in seats):
            raise RecordError(f"{where}: seats must name {board.players} agents")
        for i, name in enumerate(seats):
            if len(name) > MAX_SEAT_NAME or not _encodable(name):
                raise RecordError(f"{where}: seat {i + 1}'s name is longer than {MAX_SEAT_NAME} characters "
                                  f"or holds a lone surrogate")
        actions = data["actions"]
        if len(actions) > MAX_ACTIONS:
            raise RecordError(f"{where}: {len(actions)} actions, more than the limit of {MAX_ACTIONS}")
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError(f"{where}: action {i} is not a string")
            if len(a) > MAX_LINE:
                raise RecordError(f"{where}: action {i} is longer than {MAX_LINE} characters")
        seed = data.get("seed")
        if seed is not None and not _is_int(seed):
            raise RecordError(f"{where}: seed must be an integer")
        result = data.get("result")
        if result is not None:
            _check_result(result, board.players, where)
        return cls(game, list(seats), seed, list(actions), result)


def _check_result(result: object, players: int, where: str) -> None:
    """The ``result`` object's fields, each of the right type and range (verify compares the values)."""
    if not isinstance(result, dict):
        raise RecordError(f"{where}: result must be an object")
    unknown = sorted(set(result) - _RESULT_KEYS)
    if unknown:
        raise RecordError(f"{where}: unknown result field {_short(unknown[0])}")
    missing = sorted(_RESULT_REQUIRED - set(result))
    if missing:
        raise RecordError(f"{where}: result field {missing[0]!r} missing")
    if not isinstance(result["finished"], bool):
        raise RecordError(f"{where}: result finished must be true or false, got {_short(result['finished'])}")
    winner = result["winner"]
    if winner is not None and (not _is_int(winner) or not 0 <= winner < players):
        raise RecordError(f"{where}: result winner must be a seat 0-{players - 1} or null, got {_short(winner)}")
    for key in ("rounds", "actions"):
        value = result[key]
        if not _is_int(value) or not 0 <= value <= max(MAX_ROUNDS_FIELD, MAX_ACTIONS):
            raise RecordError(f"{where}: result {key} must be a whole number >= 0, got {_short(value)}")
    honor = result["honor"]
    if (not isinstance(honor, list) or len(honor) != players or not all(_is_int(h) for h in honor)
            or not all(abs(h) <= 10**9 for h in honor)):
        raise RecordError(f"{where}: result honor must list {players} whole numbers, got {_short(honor)}")
    for key in ("state_digest", "setup_digest"):
        if key in result:
            value = result[key]
            if not isinstance(value, str) or len(value) != 64 or not all(c in "0123456789abcdef" for c in value):
                raise RecordError(f"{where}: result {key} must be 64 hex digits, got {_short(value)}")


def save_record(record: Record, path: str | Path) -> None:
    """Write atomically (temp file in the same folder, fsync, rename; a new file gets 0666 less the umask).

    Raises RecordError for text UTF-8 cannot hold (a lone surrogate) and OSError if the file cannot be
    written; either way an existing file at ``path`` is left as it was."""
    text = json.dumps(record.to_json(), indent=1, ensure_ascii=False)
    try:
        write_atomic(path, text)
    except UnicodeEncodeError as exc:
        raise RecordError(f"{path}: cannot save: the record holds text UTF-8 cannot store ({exc.reason})") from None


def load_record(path: str | Path) -> Record:
    """Read and validate a record; RecordError names the file and the problem (never another error)."""
    raw = read_text_bounded(path, MAX_RECORD_BYTES, RecordError, "record")
    try:
        data = json.loads(raw, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}:{exc.lineno}:{exc.colno}: not valid JSON ({exc.msg}); truncated?") from None
    except RecursionError:
        raise RecordError(f"{path}: not a game record (JSON nested too deeply)") from None
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    except ValueError as exc:  # e.g. an integer longer than Python's integer-string limit
        raise RecordError(f"{path}: not a game record ({str(exc).splitlines()[0][:100]})") from None
    return Record.from_json(data, str(path))
