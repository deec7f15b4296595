"""The external-player protocol's messages: JSON lines between the engine and a player program (docs/protocol.md).

Like UCI for chess engines: the engine writes one JSON object per line to the player's stdin and reads one per
line from its stdout. The engine sends only what the seat may see (:func:`japanese_swords.observation`) and the
legal actions in notation; the player answers an action or a trade reply. This module is the engine's half
of the format (encoding, decoding with one-line errors, observations to and from JSON); the program runner
is :mod:`ai.external` and the server of our own agents :mod:`ai.serve`.
"""

from __future__ import annotations

import json
from typing import Any

from japanese_swords import __version__
from japanese_swords.actions import Action, Offer, parse_action
from japanese_swords.cards import CARD_TYPES
from japanese_swords.engine import State
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import parse_map
from japanese_swords.observation import Observation

PROTOCOL = 1
#: Longest accepted line (characters): an observation is about 3 KB, so this only stops runaway output.
MAX_LINE = 1_000_000

#: What the engine sends and the player answers (``type`` -> the reply's ``type``, or None: no reply).
ENGINE_MESSAGES: dict[str, str | None] = {"hello": "ready", "new_game": None, "choose": "action",
                                          "trade": "reply", "quit": None}
#: ``error`` ({"type": "error", "message": ...}) is a player saying it cannot answer; the engine stops it.
PLAYER_MESSAGES = frozenset({"ready", "action", "reply", "error"})

Message = dict[str, Any]


class ProtocolError(JapaneseSwordsError):
    """A message that breaks the protocol; the text is one line naming the message and the problem."""


def encode(message: Message) -> str:
    """One message as one line of JSON (compact, ASCII-safe, ending in a newline)."""
    return json.dumps(message, separators=(",", ":")) + "\n"


def _short(value: object, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def decode(line: str, known: frozenset[str] | dict[str, Any], where: str) -> Message:
    """Parse one line into a message whose ``type`` is in ``known``; ProtocolError naming ``where``
    (e.g. ``line 3``) and the problem otherwise."""
    if len(line) > MAX_LINE:
        raise ProtocolError(f"{where}: line longer than {MAX_LINE} characters")
    try:
        message = json.loads(line)
    except (json.JSONDecodeError, RecursionError) as exc:
        msg = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
        raise ProtocolError(f"{where}: not JSON ({msg}): {_short(line.strip())}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"{where}: expected a JSON object, got {_short(message)}")
    kind = message.get("type")
    if kind not in known:
        raise ProtocolError(f"{where}: unknown message type {_short(kind)} (expected one of {', '.join(known)})")
    return message


def field(message: Message, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    """``message[key]`` checked to be of ``kind`` (bool is not an int here); ProtocolError otherwise."""
    value = message.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int, float))):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise ProtocolError(f"{where}: {message.get('type')!s} needs {key!r} as {names}, got {_short(value)}")
    return value


# ----- the engine's messages --------------------------------------------------------------------------------
def hello() -> Message:
    return {"type": "hello", "protocol": PROTOCOL, "engine": f"japanese-swords {__version__}"}


def new_game(game: Game, seat: int, seed: int) -> Message:
    """A game starts: the map (its text), rules, the player's seat and a seed for its own randomness."""
    return {"type": "new_game", "seat": seat, "players": game.num_players, "map": game.board.source,
            "rules": game.rules.to_json(), "seed": seed, "cards": [c.name.lower() for c in CARD_TYPES]}


def choose(ident: int, obs: Observation, legal: list[Action]) -> Message:
    return {"type": "choose", "id": ident, "observation": observation_json(obs), "legal": [str(a) for a in legal]}


def trade(ident: int, obs: Observation, offer: Offer) -> Message:
    return {"type": "trade", "id": ident, "observation": observation_json(obs), "offer": str(offer)}


def observation_json(obs: Observation) -> Message:
    """What the seat may see as JSON: the masked state (other hands and the deck are empty) and the counts."""
    return {"seat": obs.seat, "state": obs.state.to_json(), "hand_sizes": list(obs.hand_sizes),
            "deck_size": obs.deck_size, "unseen": list(obs.unseen), "hidden_commitment": obs.hidden_commitment}


# ----- reading them back (the player's side, e.g. ai.serve) ---------------------------------------------------
def game_of(message: Message, where: str) -> tuple[Game, int, int]:
    """The Game, seat and seed of a ``new_game`` message; ProtocolError for a bad map, rules or seat."""
    text = field(message, "map", str, where)
    try:
        game = Game(parse_map(text, "<new_game map>"), Rules.from_json(field(message, "rules", dict, where)))
    except JapaneseSwordsError as exc:
        raise ProtocolError(f"{where}: new_game: {exc}") from None
    seat = field(message, "seat", int, where)
    if not 0 <= seat < game.num_players:
        raise ProtocolError(f"{where}: new_game: seat {seat} on a {game.num_players}-player map")
    return game, seat, field(message, "seed", int, where)


def observation_of(game: Game, data: object, where: str) -> Observation:
    """An Observation from :func:`observation_json` output; ProtocolError if it is malformed."""
    if not isinstance(data, dict):
        raise ProtocolError(f"{where}: observation must be an object, got {_short(data)}")
    try:
        state = State.from_json(game, data["state"])
        return Observation(int(data["seat"]), state, tuple(int(n) for n in data["hand_sizes"]),
                           int(data["deck_size"]), tuple(int(n) for n in data["unseen"]),
                           int(data["hidden_commitment"]))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, JapaneseSwordsError) as exc:
        raise ProtocolError(f"{where}: malformed observation ({type(exc).__name__}: {_short(str(exc))})") from None


def actions_of(texts: object, where: str) -> list[Action]:
    """Legal actions from their notation; ProtocolError naming the first bad one."""
    if not isinstance(texts, list) or not texts:
        raise ProtocolError(f"{where}: choose needs 'legal' as a non-empty list, got {_short(texts)}")
    try:
        return [parse_action(t) for t in texts]
    except JapaneseSwordsError as exc:
        raise ProtocolError(f"{where}: bad legal action: {exc}") from None
