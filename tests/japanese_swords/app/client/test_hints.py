"""Hints: "What would the AI do?" runs the opponents' search on the human's decision off the UI thread
and lists the options it weighed with their chances; a game without hints has none."""

from __future__ import annotations

import time

import arcade
import pytest

from ai.agent import make_agent
from japanese_swords.actions import End, Move
from japanese_swords.app.client.hints import Hinter, option_text
from japanese_swords.board import square_index
from japanese_swords.core import Phase

from .conftest import end_until, new_game, run_until_human

SEARCH = "mcts:iterations=60:rollouts=scalar"  # the real search, small and without compiled kernels


def _wait(cond, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "condition not reached"
        time.sleep(0.01)


def test_a_hint_lists_the_options_the_search_weighed_with_their_chances():
    session, controller, p = new_game(seed=3)
    controller.hinter = Hinter(lambda: make_agent(SEARCH), "test search")
    end_until(p, Phase.TRAVEL)
    assert p.ask_hint() and p.hint_open
    version = session.version
    _wait(lambda: controller.hinter.result(version) is not None)
    hint = controller.hinter.result(version)
    assert hint is not None and hint.iterations > 0 and len(hint.options) >= 2
    legal = session.state.legal_actions()
    assert hint.choice in legal and all(o.action in legal for o in hint.options)
    assert sum(o.visits for o in hint.options) == hint.iterations
    assert all(o.chance is None or 0.0 <= o.chance <= 1.0 for o in hint.options)
    assert any(o.action == hint.choice for o in hint.options)
    assert hint.options[0].action == hint.choice  # its choice first, then the most played
    rest = [o.visits for o in hint.options[1:]]
    assert rest == sorted(rest, reverse=True)
    move = next(o for o in hint.options if isinstance(o.action, Move))
    assert move.text.startswith("Move the army at ")
    # the search ran on the hinter's thread: the game did not move, and playing the hint plays its choice
    assert session.version == version
    assert p.play_hint() and session.record.actions[-1] == str(hint.choice) and not p.hint_open
    controller.close()


def test_the_hint_closes_when_the_position_changes_and_a_game_without_hints_has_none():
    session, controller, p = new_game(seed=3)
    assert controller.hinter is None
    assert not p.ask_hint() and "Hints are off" in p.notice
    controller.hinter = Hinter(lambda: make_agent(SEARCH), "test search")
    assert p.ask_hint() and p.hint_open
    assert p.submit(End())  # the human acts: the hint was for the old position
    assert not p.hint_open
    controller.close()


def test_option_text_names_the_action_in_words():
    session, controller, _p = new_game(seed=3)
    st = session.state
    assert option_text(st, End(), 0).startswith("End the ")
    src = square_index("f2")
    assert option_text(st, Move(src, square_index("f3")), 0) == "Move the army at f2 to f3 (covered)"
    controller.close()


@pytest.mark.gl
def test_the_hint_dialog_from_the_panel_and_its_play_button(ctx):
    from .test_views import _start

    ctx.settings.opponent = SEARCH  # the opponents (and so the hint) use the small real search
    view = _start(ctx)
    assert ctx.controller.hinter is not None
    view.on_draw()
    assert "hint" in {b.key for b in view.buttons}
    run_until_human(ctx.controller)
    view.on_update(0.05)
    ctx.controller.dismiss_summary()  # the opponents' turn summary, if any, is read first
    view.on_key_press(arcade.key.H, 0)
    view.on_update(0.05)
    assert view.dialogs.kind == "hint"
    version = view.session.version
    _wait(lambda: ctx.controller.hinter.result(version) is not None)
    view.on_update(0.05)
    view.on_draw()
    shown = [t.text for k, t in view.dialogs.texts._texts.items() if k.startswith("dlg:hint") and t.text]
    assert shown and "It would:" in view.dialogs.texts._texts["dlg:sub"].text
    choice = ctx.controller.hinter.result(version).choice
    assert view.dialogs.click("hint:play")
    assert view.session.record.actions[-1] == str(choice)
    view.on_update(0.05)
    assert view.dialogs.kind != "hint"


@pytest.mark.gl
def test_a_game_without_hints_from_the_menu_has_no_hint_button(ctx):
    from .test_views import _start

    ctx.show_menu()
    menu = ctx.window.current_view
    menu.on_draw()
    menu.press("hints")
    assert ctx.settings.hints is False
    view = _start(ctx)
    assert ctx.controller.hinter is None
    view.on_draw()
    assert "hint" not in {b.key for b in view.buttons}
    view.press("hint")
    assert "Hints are off" in view.presenter.notice


@pytest.mark.gl
def test_the_battle_screen_hint_weighs_the_commitment_and_fills_the_pick(ctx):
    from japanese_swords.app.client.theme import square_centre
    from japanese_swords.cards import Card

    from .conftest import teleport
    from .test_views import _pump, _start, _to_my_phase

    ctx.settings.opponent = SEARCH
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    state = c.session.state
    teleport(state, next(a.square for _, a in state.armies_of(1)), square_index("g2"))
    _to_my_phase(view, Phase.BATTLE)
    f2, g2 = square_index("f2"), square_index("g2")
    view.on_mouse_press(*square_centre(f2), 1, 0)
    view.on_mouse_press(*square_centre(g2), 1, 0)
    view.on_mouse_press(*square_centre(g2), 1, 0)  # the attack, confirmed
    battle = _pump(view, lambda: type(view.window.current_view).__name__ == "BattleView"
                   and view.window.current_view.mode() == "pick")
    battle.on_draw()
    assert "hint" in {b.key for b in battle.buttons}
    battle.on_key_press(arcade.key.H, 0)
    version = view.session.version
    _wait(lambda: c.hinter.result(version) is not None)
    battle.on_draw()
    assert battle.texts._texts["hint0"].text.startswith("The AI would: Commit ")
    hint = c.hinter.result(version)
    battle.press("hint:use")
    assert sorted(view.presenter.pick) == sorted(hint.choice.cards)
    assert all(isinstance(card, Card) for card in view.presenter.pick)
