"""Session: undo stops at chance events and hidden reveals; saves load back to the same game."""

from __future__ import annotations

import json

import pytest

from japanese_swords.app.client.session import Session
from japanese_swords.board import square_index
from japanese_swords.core import Phase
from japanese_swords.errors import RecordError
from japanese_swords.records import load_record

from .conftest import end_until, new_game, run_until_human


def test_undo_takes_back_own_moves_by_replaying_the_record():
    session, controller, p = new_game()
    end_until(p, Phase.TRAVEL)
    before = session.state.clone()
    n = len(session.record.actions)
    f2 = square_index("f2")
    p.click_square(f2)
    dst = sorted(sq for sq, (k, _) in p.highlights().items() if k == "move")[0]
    p.click_square(dst)
    assert session.can_undo()
    assert controller.undo()
    assert session.state == before and len(session.record.actions) == n
    # undo keeps going back over the human's own phase ends, to the turn start
    while session.can_undo():
        session.undo()
    assert session.state.phase == Phase.REVENUE
    controller.close()


def test_undo_never_crosses_a_card_draw():
    session, controller, p = new_game()
    end_until(p, Phase.DRAW)
    p.press("draw")
    run_until_human(controller)
    assert sum(session.state.hands[0]) == 1
    assert not session.can_undo()  # the deal is a random event
    p.press("end")
    assert session.can_undo()
    session.undo()
    assert session.state.phase == Phase.DRAW and sum(session.state.hands[0]) == 1
    assert not session.can_undo()
    controller.close()


def test_no_undo_during_the_ai_turn_or_after_it():
    session, controller, p = new_game()
    end_until(p, Phase.BATTLE)
    p.press("end")  # the AI's turn begins
    assert not session.can_undo()
    run_until_human(controller)
    assert not session.can_undo()  # the AI acted since
    controller.close()


def test_save_and_load_round_trip(tmp_path):
    session, controller, p = new_game(seed=9)
    end_until(p, Phase.DRAW)
    p.press("draw")
    run_until_human(controller)
    path = tmp_path / "game.json"
    session.save(path)
    data = json.loads(path.read_text())
    assert data["seats"][0] == "human" and data["actions"] == session.record.actions
    loaded = Session.load(path)
    assert loaded.state == session.state and loaded.human == 0
    assert load_record(path).verify() == session.state
    assert not loaded.can_undo()  # no undo across a load
    controller.close()


def test_loading_a_bad_file_is_a_one_line_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "japanese-swords-record", "version": 1, "map": {"text": "x"}')
    with pytest.raises(RecordError) as err:
        Session.load(bad)
    assert "\n" not in str(err.value) and "bad.json" in str(err.value)


def test_log_has_a_line_for_every_action():
    session, controller, p = new_game()
    end_until(p, Phase.DRAW)
    texts = [line.text for line in session.log]
    assert texts[0].startswith("Turn order")
    assert any("Your turn" in t for t in texts)
    assert "You end the revenue phase." in texts
    assert any("upkeep" in t for t in texts)
    controller.close()
