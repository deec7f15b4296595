"""The input boundary (issue 14, docs/input-limits.md): one test per class of bad input that used to crash,
hang or be accepted. Every failure must be the package's own one-line error."""

from __future__ import annotations

import json
import os
import stat
import time
from dataclasses import fields
from pathlib import Path

import pytest

from japanese_swords import records as R
from japanese_swords.actions import MAX_LINE, MAX_PROMISE, parse_action
from japanese_swords.engine import initial_state
from japanese_swords.errors import FileAccessError, MapError, NotationError, RecordError
from japanese_swords.fileio import (
    check_output_dir,
    check_output_file,
    load_json,
    read_text_bounded,
    remove_orphans,
    write_atomic,
    write_json,
)
from japanese_swords.game import RULES_RANGES, Game, Rules
from japanese_swords.mapcheck import check_text, load_playable_map
from japanese_swords.maps import MAX_MAP_BYTES, load_map, map_text, parse_map
from japanese_swords.records import Record, load_record, save_record
from tests.japanese_swords.random_play import random_actions
from tests.positions import make_game

CLASSIC = load_map("classic-2p").source
GRID = "\n".join(CLASSIC.splitlines()[-10:]) + "\n"  # the ten grid rows alone, no header
# Player 1's fortress in the a10 corner is walled in by mountains: the loader parses it, the checker
# calls it unplayable (no room for the second army).
WALLED = "players: 2\n1#........\n##........\n" + "..........\n" * 7 + ".........2\n"


def _record(seed: int = 3, limit: int = 120) -> Record:
    game = make_game(CLASSIC, max_rounds=20)
    record = Record(game, ["random", "greedy"], seed)
    steps = list(random_actions(game, seed, limit))
    record.actions = [str(a) for _, a in steps]
    record.finish(steps[-1][0])
    return record


def _one_line_error(exc: BaseException) -> str:
    text = str(exc)
    assert text and "\n" not in text and "Traceback" not in text
    return text


def _load(tmp_path: Path, data: object, raw: str | None = None) -> Record:
    path = tmp_path / "r.json"
    path.write_text(raw if raw is not None else json.dumps(data), encoding="utf-8")
    return load_record(path)


def _bad(tmp_path: Path, data: object, raw: str | None = None, verify: bool = False) -> str:
    with pytest.raises(RecordError) as info:
        record = _load(tmp_path, data, raw)
        if verify:
            record.verify()
    return _one_line_error(info.value)


# ----- rules values and sizes ----------------------------------------------------------------------------


@pytest.mark.parametrize("key,value", [("battle_draw", 10**9), ("winner_hand_limit", -1), ("max_rounds", 0),
                                       ("honor_to_win", 0), ("move_points", 10**12), ("upkeep", True),
                                       ("army_cost", 4.0), ("offers_per_turn", "3")])
def test_rules_values_are_range_checked(tmp_path: Path, key: str, value: object) -> None:
    data = _record().to_json()
    data["rules"][key] = value
    assert key in _bad(tmp_path, data)


def test_every_rules_option_has_a_range_and_the_defaults_are_inside_it() -> None:
    # every number; the rule modules are names checked by their registry (tests/japanese_swords/test_modules.py)
    defaults = {f.name: getattr(Rules(), f.name) for f in fields(Rules) if f.name != "modules"}
    assert set(RULES_RANGES) == set(defaults)
    for key, value in defaults.items():
        low, high = RULES_RANGES[key]
        assert value is None or low <= value <= high
    assert Rules.from_json({k: high for k, (low, high) in RULES_RANGES.items()}).battle_draw == 116


def test_record_and_map_size_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = _record()
    path = tmp_path / "r.json"
    save_record(record, path)
    monkeypatch.setattr(R, "MAX_RECORD_BYTES", path.stat().st_size - 1)
    assert "bytes, more than the limit" in _one_line_error(pytest.raises(RecordError, load_record, path).value)
    monkeypatch.undo()
    big = tmp_path / "big.map"
    big.write_text("; " + "x" * MAX_MAP_BYTES + "\n" + CLASSIC, encoding="utf-8")
    assert "limit" in _one_line_error(pytest.raises(MapError, load_map, str(big)).value)
    assert "limit" in str(pytest.raises(MapError, parse_map, "x" * (MAX_MAP_BYTES + 1)).value)
    data = record.to_json()
    data["actions"] = ["end"] * (R.MAX_ACTIONS + 1)
    assert "actions, more than the limit" in _bad(tmp_path, data)
    data = record.to_json()
    data["actions"][3] = "end " * MAX_LINE
    assert "longer than" in _bad(tmp_path, data)


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null", "fifo", "folder"])
def test_special_files_are_refused_without_reading_them(tmp_path: Path, special: str) -> None:
    if special == "fifo":
        path = str(tmp_path / "pipe")
        os.mkfifo(path)  # no writer: a blocking open would hang forever
    elif special == "folder":
        path = str(tmp_path)
    else:
        path = special
    started = time.monotonic()
    for call, error in ((load_record, RecordError), (load_map, MapError)):
        message = _one_line_error(pytest.raises(error, call, path).value)
        assert path in message
    assert "not a regular file" in str(pytest.raises(RecordError, load_record, "/dev/zero").value)
    assert time.monotonic() - started < 5


def test_bounded_reader_reads_regular_files_and_drops_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_bytes(b"\xef\xbb\xbfhello")
    assert read_text_bounded(path, 100) == "hello"
    assert "limit" in str(pytest.raises(FileAccessError, read_text_bounded, path, 3).value)
    path.write_bytes(b"\xff\xfe")
    assert "not UTF-8" in str(pytest.raises(FileAccessError, read_text_bounded, path, 100).value)


# ----- digits and numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize("line", ["offer p2 give ²g get nothing", "offer p2 give \u0663g get nothing",
                                  "move a\u0661 a2", "raise b\uff11", "attac\u212a b2 b3", "play \u0131N p2",
                                  "offer p2 give " + "9" * 5000 + "g get nothing", "raise b" + "1" * 5000,
                                  "offer p2 give 1234567890h get nothing", "x" * (MAX_LINE + 1)])
def test_notation_refuses_non_ascii_digits_and_long_numbers(line: str) -> None:
    _one_line_error(pytest.raises(NotationError, parse_action, line).value)


def test_ascii_amounts_and_unicode_promises_still_parse() -> None:
    offer = parse_action('offer p2 give 123456789g 2h get PF say "ありがとう ²"')
    assert offer.give.gold == 123456789 and offer.promise == "ありがとう ²"  # type: ignore[attr-defined]
    assert parse_action(str(offer)) == offer


@pytest.mark.parametrize("header", ["players: \u0662", "players: ²", "players: " + "2" * 5000, "players: 02",
                                    "start p1: b\u0662", "start p1: b" + "2" * 5000])
def test_map_headers_refuse_non_ascii_digits_and_long_numbers(header: str) -> None:
    with pytest.raises(MapError) as info:
        parse_map(header + "\n" + GRID, "m.map")
    assert _one_line_error(info.value).startswith("m.map:1:1:")


# ----- nesting, versions, results ------------------------------------------------------------------------


def test_deeply_nested_json_is_an_error_not_a_recursion_crash(tmp_path: Path) -> None:
    assert "nested too deeply" in _bad(tmp_path, None, raw="[" * 100_000 + "]" * 100_000)
    data = _record().to_json()
    raw = json.dumps(data).replace('"seed": 3', '"seed": ' + "[" * 50_000 + "]" * 50_000)
    assert "nested" in _bad(tmp_path, None, raw=raw)
    deep = "offer p2 give 1g get nothing say " + "[" * 100_000
    _one_line_error(pytest.raises(NotationError, parse_action, deep[:MAX_LINE]).value)
    with pytest.raises(NotationError, match="double-quoted"):
        parse_action('offer p2 give 1g get nothing say [[["x"]]]')
    with pytest.raises(NotationError, match="at most"):
        parse_action('offer p2 give 1g get nothing say "' + "x" * (MAX_PROMISE + 1) + '"')


@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2, [1]])
def test_only_the_integer_version_1_is_accepted(tmp_path: Path, version: object) -> None:
    data = _record().to_json()
    data["version"] = version
    assert "version" in _bad(tmp_path, data)


def test_huge_integers_in_a_record_are_one_line_errors(tmp_path: Path) -> None:
    raw = json.dumps(_record().to_json()).replace('"seed": 3', '"seed": ' + "7" * 5000)
    assert "not a game record" in _bad(tmp_path, None, raw=raw)


@pytest.mark.parametrize("key,value", [("winner", 0), ("winner", 1), ("winner", True), ("winner", 5),
                                       ("finished", "yes"), ("finished", 1), ("rounds", 99), ("rounds", "4"),
                                       ("rounds", 4.0), ("honor", [99, 0]), ("honor", [1.0, 2.0]),
                                       ("honor", [1]), ("honor", "12-50"), ("actions", -1),
                                       ("state_digest", "0" * 64), ("state_digest", 5), ("extra", 1)])
def test_edited_result_fields_are_caught(tmp_path: Path, key: str, value: object) -> None:
    record = _record()
    data = record.to_json()
    if data["result"].get(key) == value and type(data["result"].get(key)) is type(value):
        value = None  # the edit must change something: null for a field that happens to hold it
    data["result"][key] = value
    message = _bad(tmp_path, data, verify=True)
    assert key in message or "digest" in message or "actions" in message


def test_a_missing_result_field_is_caught(tmp_path: Path) -> None:
    data = _record().to_json()
    del data["result"]["winner"]
    assert "winner" in _bad(tmp_path, data)


@pytest.mark.parametrize("edit", [("rules", "treachery_honor_cost", 8), ("rules", "max_rounds", 21),
                                  ("seats", 0, "mcts"), ("seed", None, 4), ("map", "text", None)])
def test_edits_that_do_not_change_the_replay_are_caught_by_the_setup_digest(tmp_path: Path, edit) -> None:
    record = _record()
    assert record.result is not None and not record.result["finished"]
    data = record.to_json()
    field, key, value = edit
    if field == "seed":
        data["seed"] = value
    elif field == "map":
        data["map"]["text"] = "; edited by hand\n" + data["map"]["text"]
    else:
        data[field][key] = value
    assert "setup digest" in _bad(tmp_path, data, verify=True)


def test_records_without_a_setup_digest_still_verify(tmp_path: Path) -> None:
    data = _record().to_json()
    del data["result"]["setup_digest"]  # as every record written before the digest existed
    assert _load(tmp_path, data).verify().round >= 1


# ----- BOM, duplicates, surrogates -----------------------------------------------------------------------


def test_a_utf8_bom_is_accepted_in_maps_and_records(tmp_path: Path) -> None:
    path = tmp_path / "notepad.map"
    path.write_bytes(b"\xef\xbb\xbf" + CLASSIC.replace("\n", "\r\n").encode())
    board = load_map(str(path))
    assert board.name == "Classic" and board.terrain == load_map("classic-2p").terrain
    assert check_text("\ufeff" + CLASSIC) == check_text(CLASSIC)
    record = _record()
    rpath = tmp_path / "notepad.json"
    rpath.write_bytes(b"\xef\xbb\xbf" + json.dumps(record.to_json()).encode())
    assert load_record(rpath).verify() == record.replay()


@pytest.mark.parametrize("dup", ["name: Again", "players: 2", "flavor: twice", "start p1: c1", "START 1: c1"])
def test_duplicate_map_header_keys_are_refused(dup: str) -> None:
    text = "name: X\nflavour: one\nplayers: 2\nstart p1: c1\n" + dup + "\n" + GRID
    message = _one_line_error(pytest.raises(MapError, parse_map, text, "d.map").value)
    assert message.startswith("d.map:5:1:") and "twice" in message


def test_duplicate_json_keys_in_a_record_are_refused(tmp_path: Path) -> None:
    raw = json.dumps(_record().to_json())
    assert "twice" in _bad(tmp_path, None, raw=raw.replace('"seed": 3', '"seed": 3, "seed": 4'))


def test_a_seat_name_with_a_lone_surrogate_is_refused_on_load(tmp_path: Path) -> None:
    data = _record().to_json()
    raw = json.dumps(data).replace('"greedy"', '"gr\\ud800edy"')
    assert "surrogate" in _bad(tmp_path, None, raw=raw)
    raw = json.dumps(data).replace('name: Classic', 'name: Cl\\udc00assic')
    assert "not text" in _bad(tmp_path, None, raw=raw)
    with pytest.raises(NotationError, match="surrogate"):
        parse_action('offer p2 give 1g get nothing say "\\ud800"')


def test_saving_text_utf8_cannot_hold_is_a_record_error_and_writes_nothing(tmp_path: Path) -> None:
    record = _record()
    record.seats[1] = "gr\ud800edy"
    with pytest.raises(RecordError, match="cannot save"):
        save_record(record, tmp_path / "s.json")
    assert list(tmp_path.iterdir()) == []


# ----- files written -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_records_get_the_umask_mode_and_an_existing_file_keeps_its_own(tmp_path: Path, umask: int,
                                                                           mode: int) -> None:
    old = os.umask(umask)  # as open(path, "w") would: not mkstemp's 0600 whatever the umask
    try:
        path = tmp_path / "g.json"
        save_record(_record(), path)
        assert stat.S_IMODE(path.stat().st_mode) == mode
        path.chmod(0o640)
        save_record(_record(), path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_orphaned_temp_files_of_killed_runs_are_removed(tmp_path: Path) -> None:
    old = tmp_path / ".g.json.abcd1234.tmp"
    old_other = tmp_path / ".game-000007.json.k1ll3d00.tmp"  # another record's orphan in the same folder
    young = tmp_path / ".g.json.zzzz9999.tmp"  # may be a write in progress in another process
    foreign = tmp_path / ".notes.txt.abcd1234.tmp"  # not one of ours: neither a map nor a record
    for p in (old, old_other, young, foreign):
        p.write_text("{half")
    for p in (old, old_other, foreign):
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    write_atomic(tmp_path / "g.json", "{}")  # the first write into a folder sweeps it
    assert not old.exists() and not old_other.exists() and young.exists() and foreign.exists()
    assert remove_orphans(tmp_path, age=-1) == 1 and not young.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [foreign.name, "g.json"]


def test_atomic_writes_never_replace_a_special_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target in (fifo, tmp_path):
        with pytest.raises(OSError, match="not a regular file"):
            write_atomic(target, "x")
    assert stat.S_ISFIFO(fifo.stat().st_mode) and sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_output_paths_are_checked_up_front(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    cases = [(check_output_file, str(tmp_path / "missing" / "x.json"), "does not exist"),
             (check_output_file, str(tmp_path), "is a folder"), (check_output_file, "/dev/null", "not a regular"),
             (check_output_file, "/sys/x.json", "cannot write"), (check_output_dir, str(a_file), "not a folder"),
             (check_output_dir, str(a_file / "sub"), "cannot create folder"), (check_output_dir, "/sys/x", "cannot")]
    for check, path, needle in cases:
        message = _one_line_error(pytest.raises(FileAccessError, check, path, "--out").value)
        assert message.startswith("--out ") and needle in message, message
    for check in (check_output_file, check_output_dir):
        for path in ("", "a\0b", str(tmp_path / ("x" * 5000)), "\ud800.png"):
            assert "name" in _one_line_error(pytest.raises(FileAccessError, check, path, "--out").value)
    assert check_output_dir(tmp_path / "new" / "dir", "--out").is_dir()
    check_output_file(tmp_path / "ok.json", "--out")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "new"]  # the probes leave nothing


# ----- maps that cannot be played ------------------------------------------------------------------------


def test_load_playable_map_refuses_what_the_checker_calls_unplayable(tmp_path: Path) -> None:
    path = tmp_path / "walled.map"
    path.write_text(WALLED, encoding="utf-8")
    assert load_map(str(path)).players == 2  # the loader alone accepts it
    message = _one_line_error(pytest.raises(MapError, load_playable_map, str(path)).value)
    assert message.startswith(f"{path}:2:1: unplayable map:")
    assert load_playable_map("classic-2p").name == "Classic"
    assert parse_map(map_text(load_playable_map("onin-4p"))).players == 4


def test_two_second_armies_on_one_square_is_a_map_error() -> None:
    # Found by the map fuzz: fortresses at f9 and e10 both place their second army on f10 (the first free
    # square N, E, S, W of each), and the setup used to put two armies on one square.
    rows = ["#f..2...f#", "#f...1..f#", "..K.ff..K.", ":..~~..f..", "..~~.K#~..", "..~#K.~~..", "..f..~~..:",
            ".K..ff.K..", "..:.....f.", ".f.....:.."]
    text = "players: 2\n" + "\n".join(rows) + "\n"
    message = _one_line_error(pytest.raises(MapError, parse_map, text, "adj.map").value)
    assert message.startswith("adj.map:2:6: players 1 and 2 would both start their second army on f10")
    board = parse_map(text.replace("players: 2\n", "players: 2\nstart p2: e9\n"), "adj.map")
    squares = [a.square for a in initial_state(Game(board)).armies.values()]
    assert len(squares) == len(set(squares)) == 4


def test_write_json_writes_an_indented_document_the_loader_reads_back(tmp_path: Path) -> None:
    """The tools' reports: one-space indents, a final newline, atomic, and read back unchanged."""
    data = {"knobs": {"army_cap": 4}, "score": 0.5, "maps": ["classic-2p"]}
    path = tmp_path / "report.json"
    write_json(path, data)
    assert path.read_text() == json.dumps(data, indent=1) + "\n"
    assert load_json(path, 1 << 10) == data
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]  # no temporary file left
