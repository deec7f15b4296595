"""Game records: save/load mid-game, exact replay, atomic writes, one-line errors for bad records."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from japanese_swords.errors import RecordError
from japanese_swords.records import Record, load_record, save_record, state_digest
from tests.japanese_swords.random_play import random_actions
from tests.positions import make_game


def _record(seed: int = 5, limit: int = 300, max_rounds: int | None = 30) -> tuple[Record, object]:
    game = make_game(max_rounds=max_rounds)
    record = Record(game, ["random", "random"], seed)
    steps = list(random_actions(game, seed, limit))
    record.actions = [str(action) for _, action in steps]
    state = steps[-1][0]  # the one state every step mutated
    record.finish(state)
    return record, state


def test_save_mid_game_load_and_continue(tmp_path: Path) -> None:
    record, state = _record(limit=250)
    assert not state.is_terminal()
    path = tmp_path / "save.json"
    save_record(record, path)
    loaded = load_record(path)
    again = loaded.verify()
    assert again == state and state_digest(again) == state_digest(state)
    assert again.legal_actions() == state.legal_actions()  # play can continue from the loaded game
    assert loaded.game.board.terrain == record.game.board.terrain and loaded.seed == 5


def test_finished_game_replays_exactly(tmp_path: Path) -> None:
    record, state = _record(limit=100_000, max_rounds=40)
    assert state.is_terminal()
    save_record(record, tmp_path / "g.json")
    assert load_record(tmp_path / "g.json").verify().returns() == state.returns()


def test_write_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record, _ = _record(limit=50)
    path = tmp_path / "save.json"
    save_record(record, path)
    before = path.read_bytes()
    record.actions.append("end")

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_record(record, path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]  # no temp file left behind


def _bad(tmp_path: Path, data: object, raw: str | None = None) -> str:
    path = tmp_path / "bad.json"
    path.write_text(raw if raw is not None else json.dumps(data))
    with pytest.raises(RecordError) as info:
        load_record(path).verify()
    msg = str(info.value)
    assert "\n" not in msg
    return msg


def test_malformed_records_get_one_line_errors(tmp_path: Path) -> None:
    record, _ = _record(limit=120)
    good = record.to_json()
    assert "not valid JSON" in _bad(tmp_path, None, raw=json.dumps(good)[:500])  # truncated
    assert "not a game record" in _bad(tmp_path, [1, 2])
    assert "format" in _bad(tmp_path, {**good, "format": "pgn"})
    assert "version" in _bad(tmp_path, {**good, "version": 99})
    assert "'actions'" in _bad(tmp_path, {k: v for k, v in good.items() if k != "actions"})
    assert "action 3 is not a string" in _bad(tmp_path, {**good, "actions": good["actions"][:3] + [7]})
    assert "unknown rules option" in _bad(tmp_path, {**good, "rules": {"max_round": 3}})
    assert "embedded map" in _bad(tmp_path, {**good, "map": {"name": "x", "text": "name: x\n....\n"}})
    assert "truncated" in _bad(tmp_path, {**good, "actions": good["actions"][:-5]})
    assert "cannot read" in str(pytest.raises(RecordError, load_record, tmp_path / "missing.json").value)


def test_tampered_record_names_the_action(tmp_path: Path) -> None:
    record, _ = _record(limit=120)
    data = record.to_json()
    i = next(i for i, a in enumerate(data["actions"]) if a.startswith("move "))
    data["actions"][i] = "move a1 j10"
    msg = _bad(tmp_path, data)
    assert msg.startswith(f"action {i} ('move a1 j10')")


def test_plays_yields_each_action_s_state_and_events() -> None:
    record, state = _record(limit=150)
    fresh = Record(record.game, record.seats, record.seed, [])
    seen = 0
    for i, (now, events) in enumerate(record.plays()):
        fresh.actions.append(record.actions[i])
        again = fresh.replay()
        expected = Record(record.game, record.seats, record.seed, record.actions[:i]).replay().play(record.actions[i])
        assert state_digest(now) == state_digest(again) and events == expected
        seen += 1
    assert seen == len(record.actions) and state_digest(now) == state_digest(state)


def test_plays_names_the_bad_action_in_one_line() -> None:
    record, _ = _record(limit=120)
    i = next(i for i, a in enumerate(record.actions) if a.startswith("move "))
    record.actions[i] = "move a1 j10"
    played = 0
    with pytest.raises(RecordError) as err:
        for _ in record.plays():
            played += 1
    assert played == i and str(err.value).startswith(f"action {i} ('move a1 j10')") and "\n" not in str(err.value)


def test_a_record_never_executes_anything(tmp_path: Path) -> None:
    record, _ = _record(limit=20)
    data = record.to_json()
    data["actions"][5] = "__import__('os').system('touch pwned')"
    msg = _bad(tmp_path, data)
    assert "action 5" in msg and "cannot read action" in msg
    assert not Path("pwned").exists()


def test_changing_a_legal_chance_outcome_is_detected(tmp_path: Path) -> None:
    record, _ = _record(limit=400)
    data = record.to_json()
    deals = [i for i, a in enumerate(data["actions"]) if a.startswith("deal ")]
    i = deals[-1]
    data["actions"][i] = "deal PF" if data["actions"][i] != "deal PF" else "deal SP"
    # the last deal may still be legal: the final-state digest catches the change either way
    _bad(tmp_path, data)
