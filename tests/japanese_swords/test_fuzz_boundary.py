"""Fuzzing the loaders (issue 14): mutated records, maps and notation lines may only ever give the package's
own one-line error, within a deadline and a memory bound, and whatever is accepted must be right.

Corpus sizes and bounds: tests/japanese_swords/fuzzing.py (MINIMUM, CASE_DEADLINE, MEMORY_GROWTH_LIMIT_MB).
"""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from japanese_swords.actions import parse_action
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import initial_state
from japanese_swords.errors import IllegalActionError, JapaneseSwordsError, MapError, NotationError, RecordError
from japanese_swords.game import Game, Rules
from japanese_swords.mapcheck import check_map, require_playable
from japanese_swords.maps import available_maps, load_map, map_text, parse_map
from japanese_swords.modules import validate
from japanese_swords.records import Record, load_record
from tests.japanese_swords.fuzzing import CORPUS, fuzz_settings, mutated_text, one_line, run_bounded
from tests.japanese_swords.modules.fields import SITES_MAP
from tests.japanese_swords.random_play import random_actions
from tests.japanese_swords.test_input_limits import WALLED
from tests.positions import THREE_MAP, make_game

# ----- records -------------------------------------------------------------------------------------------


def _base_record(text: str, seed: int, limit: int, seats: list[str]) -> dict:
    game = make_game(text, max_rounds=12)
    record = Record(game, seats, seed)
    steps = list(random_actions(game, seed, limit))
    record.actions = [str(a) for _, a in steps]
    record.finish(steps[-1][0])
    return record.to_json()


BASE_RECORDS = [
    _base_record(load_map("classic-2p").source, 1, 90, ["random", "greedy"]),  # a save in mid-game
    _base_record(THREE_MAP, 2, 10_000, ["a", "b", "c"]),  # a finished game (12 rounds)
]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**40), 10**40) | st.floats(allow_nan=True)
    | st.text(max_size=8) | st.sampled_from(["end", "1", "japanese-swords-record", "0" * 64, "\ud800"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6)


def _paths(node: object, prefix: tuple = ()) -> list[tuple]:
    """Every path (tuple of keys/indices) into a JSON tree, the root excluded."""
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else []
    for key, child in items:
        out.append((*prefix, key))
        if len(out) < 400:
            out += _paths(child, (*prefix, key))
    return out


def _near(value: object) -> st.SearchStrategy:
    """Values a hand edit would plausibly put in place of ``value``: off by one, another type of the
    same number (``true``, ``1.0``, ``"1"``), null, or a list one element shorter or longer."""
    options: list[object] = [None, True, False]
    if type(value) is int:
        options += [value + 1, value - 1, float(value), str(value), -value, 10**6, 0, 1, 2]
    if isinstance(value, list):
        options += [value[:-1], value + value[-1:]]
    if isinstance(value, str):
        options += [value.upper(), value + " ", "", "\ud800" + value]
    return st.sampled_from(options)


@st.composite
def json_mutation(draw: st.DrawFn, base: dict) -> dict:
    """``base`` with one structural edit: a value replaced (by a near miss or any JSON value), a key or
    element deleted, an element repeated, a key added, or one string edited character-wise. Half the
    edits hit the fields around the actions (version, rules, seats, result...), which are few."""
    data = copy.deepcopy(base)
    paths = _paths(data)
    fields = [p for p in paths if p[0] != "actions" or len(p) == 1]
    path = draw(st.sampled_from(fields if draw(st.booleans()) else paths))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    op = draw(st.sampled_from(["near", "near", "replace", "delete", "repeat", "add", "edit"]))
    if op == "near":
        parent[last] = draw(_near(parent[last]))
    elif op == "replace":
        parent[last] = draw(JSON_VALUES)
    elif op == "delete":
        del parent[last]
    elif op == "repeat" and isinstance(parent, list):
        parent.insert(last, parent[last])
    elif op == "add" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "Seed", "result", "version", "text"]))] = draw(JSON_VALUES)
    elif isinstance(parent[last], str) and parent[last]:
        parent[last] = draw(mutated_text(parent[last]))
    else:
        parent[last] = draw(JSON_VALUES)
    return data


def _strict(value: object) -> object:
    """A form of a JSON value in which ``true``, ``1`` and ``1.0`` differ (Python says they are equal)."""
    if isinstance(value, dict):
        return {k: _strict(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_strict(v) for v in value]
    return (type(value).__name__, value)


def _meaning(data: dict) -> object:
    """What a record file says, type for type: the optional parts (``players``, the map's display
    name, ``setup_digest``) left out, rules with their defaults and actions in canonical notation."""
    data = copy.deepcopy(data)
    data.pop("players", None)
    data["rules"] = {**Rules().to_json(), **data["rules"]}  # a missing option is its default
    data["map"] = data["map"]["text"].lstrip("\ufeff")
    data["actions"] = [str(parse_action(a)) for a in data["actions"]]
    data["result"].pop("setup_digest", None)
    return _strict(data)


@st.composite
def record_case(draw: st.DrawFn) -> tuple[int, str]:
    index = draw(st.integers(0, len(BASE_RECORDS) - 1))
    base = BASE_RECORDS[index]
    if draw(st.booleans()):
        return index, json.dumps(draw(json_mutation(base)), ensure_ascii=draw(st.booleans()))
    return index, draw(mutated_text(json.dumps(base, indent=draw(st.sampled_from([None, 1])))))


def test_mutated_records_give_one_line_errors_or_mean_the_same(tmp_path: Path) -> None:
    expected = [_meaning(base) for base in BASE_RECORDS]

    @fuzz_settings("records")
    @given(record_case())
    def case(item: tuple[int, str]) -> None:
        CORPUS["records"] += 1
        index, text = item
        path = tmp_path / "case.json"
        path.write_bytes(text.encode("utf-8", "surrogatepass"))
        try:
            record = load_record(path)
        except RecordError as exc:
            assert one_line(str(exc)).startswith(str(path))
            return
        try:
            record.verify()
        except RecordError as exc:  # the command line prefixes the file name
            one_line(str(exc))
            return
        data = json.loads(text.lstrip("\ufeff"))
        assert _meaning(data) == expected[index], "a changed record verified"

    run_bounded("records", case)


# ----- maps ----------------------------------------------------------------------------------------------

BASE_MAPS = [load_map(name).source for name in available_maps()] + [WALLED, THREE_MAP, SITES_MAP]
HEADER_LINES = ["name: Again", "players: 2", "players: 3", "players: \u0663", "players: " + "3" * 5000,
                "flavor: x", "start p1: b2", "start p2: \u0661\u0661", "start 3: z99", "; comment",
                "name: " + "n" * 600, "\ufeffname: bom", "#f..2...f#", "..........",
                "site: e5 pass", "site: e6 ford", "site: a1 marsh", "site: k11 ridge", "site: e5 castle",
                "site: e5", "site: \u0661 plain",  # the sites module's lines (repeatable)
                "modules: shogun", "rules: tokugawa, sites", "modules: weather:rain=3", "modules: teams",
                "modules: weather:rain=99", "modules: nope", "modules: ronin, ronin", "modules: ,",
                "modules: battlefields, terrain-arms:shooters=\u0663"]  # a map's default modules


@st.composite
def map_case(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(BASE_MAPS))
    lines = text.splitlines()
    op = draw(st.sampled_from(["text", "text", "line_insert", "line_delete", "line_swap", "crlf"]))
    if op == "text":
        legend = (".", "K", ":", "f", "~", "#", "1", "2", "3", "4", "5", "x")
        return draw(mutated_text(text, alphabet=legend + ("\u0661", "\ufeff", "\t", "\n", ";", ":", " ")))
    i = draw(st.integers(0, len(lines)))
    if op == "line_insert":
        lines.insert(i, draw(st.sampled_from(HEADER_LINES)))
    elif op == "line_delete" and lines:
        del lines[min(i, len(lines) - 1)]
    elif op == "line_swap" and len(lines) > 1:
        j = draw(st.integers(0, len(lines) - 1))
        i = min(i, len(lines) - 1)
        lines[i], lines[j] = lines[j], lines[i]
    sep = "\r\n" if op == "crlf" else "\n"
    return sep.join(lines) + sep


def _play_a_little(board, seed: int = 0, actions: int = 40) -> None:
    """A short random game on ``board``: an accepted, playable map must really be playable."""
    rng = random.Random(seed)
    modules = board.modules or (("sites",) if board.sites else ())  # the map's own default modules first
    state = initial_state(Game(board, Rules(max_rounds=2, modules=modules)))
    squares = [army.square for army in state.armies.values()]
    assert len(squares) == len(set(squares)), "two armies set up on one square"
    for _ in range(actions):
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            state.play(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.play(legal[rng.randrange(len(legal))])


@fuzz_settings("maps")
@given(map_case())
def _map_case(text: str) -> None:
    CORPUS["maps"] += 1
    try:
        board = parse_map(text, "fuzz.map")
    except MapError as exc:
        assert one_line(str(exc)).startswith("fuzz.map:")
        return
    assert len(board.terrain) == 100 and 2 <= board.players <= 4
    keys = [m.group(1).lower().replace("flavor", "flavour").replace(" ", "").replace("startp", "start")
            for m in map(_HEADER.match, text.lstrip("\ufeff").splitlines()[:_first_grid_line(text)]) if m]
    keys = [k.replace("rules", "modules") for k in keys if k != "site"]  # sites may repeat; two spellings
    assert len(keys) == len(set(keys)), "a header key given twice was accepted"
    assert len(board.fortresses) == board.players and len(board.starts) == board.players
    again = parse_map(map_text(board), "again.map")
    assert (again.name, again.flavour, again.terrain, again.fortresses, again.starts, again.sites) == (
        board.name, board.flavour, board.terrain, board.fortresses, board.starts, board.sites)
    assert again.modules == board.modules == validate(board.modules, board.players)
    problems = check_map(board, "fuzz.map")
    assert all(one_line(str(p)).startswith("fuzz.map:") for p in problems)
    try:
        require_playable(board, "fuzz.map")
    except MapError as exc:
        assert any(p.is_error for p in problems) and "unplayable" in one_line(str(exc))
        return
    assert not any(p.is_error for p in problems)
    _play_a_little(board)


_HEADER = re.compile(r"^\s*(name|players|flavou?r|start\s*p?[1-4]|site|rules|modules)\s*:", re.IGNORECASE)


def _first_grid_line(text: str) -> int:
    """Index of the first line that is neither blank, a comment nor a header line."""
    for i, line in enumerate(text.lstrip("\ufeff").splitlines()):
        if line.strip() and not line.lstrip().startswith(";") and not _HEADER.match(line):
            return i
    return 0


def test_mutated_maps_give_one_line_errors_or_playable_boards() -> None:
    run_bounded("maps", _map_case)


# ----- notation lines ------------------------------------------------------------------------------------

BASE_LINES = ["end", "play PR", "play MH", "play IN p2", "play FM c4", "disband c4", "raise e2", "draw", "honor",
              "move c4 c6", "attack c4 c5", "commit PF PF DA", "commit none", "discard ST", "lose honor",
              "lose cards", 'offer p2 give 3g 1h PF @c4 #d5 get DA say "a promise"', "offer p2 give nothing get 2h",
              "accept", "decline", "deal PF", "order p2 p1", "play FM j10"]


def _states() -> list:
    """A few real positions to play fuzzed lines on: before and after the turn order, mid-game, in a battle."""
    game = make_game(max_rounds=10)
    states = [initial_state(game)]
    for i, (state, _) in enumerate(random_actions(game, 4, 400)):
        if i in (1, 60, 200) or (state.battle is not None and len(states) < 4):
            states.append(state.clone())
    return states


STATES = _states()


@fuzz_settings("notation")
@given(st.sampled_from(BASE_LINES).flatmap(mutated_text), st.integers(0, len(STATES) - 1))
def _notation_case(line: str, which: int) -> None:
    CORPUS["notation"] += 1
    try:
        action = parse_action(line)
    except NotationError as exc:
        one_line(str(exc))
        action = None
    if action is not None:
        text = str(action)
        assert line.partition(" say ")[0].isascii(), "notation outside a promise must be ASCII"
        assert text.partition(" say ")[0].isascii() and parse_action(text) == action, "no round trip"
    state = STATES[which].clone()
    try:
        state.play(line)
    except IllegalActionError as exc:
        one_line(str(exc))
    except JapaneseSwordsError as exc:
        raise AssertionError(f"play raised {type(exc).__name__}, not IllegalActionError") from exc


def test_mutated_notation_lines_give_one_line_errors_or_round_trip() -> None:
    run_bounded("notation", _notation_case)
