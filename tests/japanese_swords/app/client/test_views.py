"""Headless view tests: drive each screen's handlers and check the engine state (needs EGL)."""

from __future__ import annotations

import time

import pytest

from japanese_swords.app.client.theme import square_centre
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import Phase

from .conftest import teleport

pytestmark = pytest.mark.gl
LEFT, RIGHT = 1, 4


def _centre(rect):
    left, bottom, w, h = rect
    return left + w / 2, bottom + h / 2


def _start(ctx):
    """Menu -> start -> rock-paper-scissors -> game view; returns the game view."""
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.on_draw()
    menu.press("start")
    rps = ctx.window.current_view
    assert type(rps).__name__ == "RPSView"
    while not rps.rps.done:
        rps.press("throw:rock")
    rps.on_draw()
    rps.press("start")
    view = ctx.window.current_view
    assert view is ctx.game_view and ctx.controller.session.state.order is not None
    return view


def _pump(view, until, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        current = view.window.current_view
        if until():
            return current
        current.on_update(0.05)
        if current.window.current_view is current:
            current.on_draw()
        if (
            getattr(ctx_controller(current), "reveal", None) is not None
            and type(current).__name__ == "GameView"
        ):
            ctx_controller(current).ack_reveal()
        time.sleep(0.001)
    raise AssertionError("condition not reached")


def ctx_controller(view):
    return view.controller


def _to_my_phase(view, phase):
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    for _ in range(10):
        if c.session.state.phase == phase:
            return
        view.press("end")
    raise AssertionError(f"never reached {phase}")


def test_menu_choices_change_settings(ctx):
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.press("opp:2")
    from japanese_swords.maps import load_map

    assert load_map(ctx.settings.map_name).players == 3
    menu.press("diff:hard")
    seed = ctx.settings.seed
    menu.press("seed:+")
    menu.on_draw()
    assert ctx.settings.difficulty == "hard" and ctx.settings.seed == seed + 1
    menu.press("opp:1")
    assert load_map(ctx.settings.map_name).players == 2
    keys = [b.key for b in menu.buttons]
    assert "start" in keys and "load" in keys and "rules" in keys and "quit" in keys


def test_click_an_army_then_a_square_moves_it(ctx):
    view = _start(ctx)
    _to_my_phase(view, Phase.TRAVEL)
    state = view.controller.session.state
    f2 = square_index("f2")
    aid = state.occupant[f2]
    view.on_mouse_press(*square_centre(f2), LEFT, 0)
    assert view.presenter.selected == f2
    view.on_draw()
    dst = square_index("f3") if state.occupant[square_index("f3")] < 0 else square_index("g2")
    view.on_mouse_motion(*square_centre(dst), 0, 0)
    view.on_draw()  # hover tooltip with the move cost
    view.on_mouse_press(*square_centre(dst), LEFT, 0)
    assert state.occupant[dst] == aid and state.occupant[f2] == -1
    # right click cancels a selection
    view.on_mouse_press(*square_centre(dst), LEFT, 0)
    view.on_mouse_press(*square_centre(dst), RIGHT, 0)
    view.on_mouse_release(*square_centre(dst), RIGHT, 0)
    assert view.presenter.selected is None


def test_attack_opens_the_battle_screen_pick_commit_and_reveal(ctx):
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    state = c.session.state
    enemy = next(a.square for _, a in state.armies_of(1))
    teleport(state, enemy, square_index("g2"))
    state.hands[0] = [0] * 16
    state.hands[0][Card.MOUNTED] = 3
    state.hands[0][Card.DAIMYO] = 1
    state.deck[Card.MOUNTED] -= 3
    state.deck[Card.DAIMYO] -= 1
    _to_my_phase(view, Phase.BATTLE)
    f2, g2 = square_index("f2"), square_index("g2")
    view.on_mouse_press(*square_centre(f2), LEFT, 0)
    view.on_mouse_motion(*square_centre(g2), 0, 0)  # hovering the enemy shows the odds
    view.on_draw()
    assert any("Estimated win chance" in line for line in view.presenter.hover_lines(g2))
    view.on_mouse_press(*square_centre(g2), LEFT, 0)  # the first click asks, with the odds
    assert state.battle is None and "Estimated win chance" in view.notice_text()
    view.on_mouse_press(*square_centre(g2), LEFT, 0)  # the second confirms
    assert state.battle is not None
    battle = _pump(
        view,
        lambda: (
            type(view.window.current_view).__name__ == "BattleView"
            and view.window.current_view.mode() == "pick"
        ),
    )
    battle.on_draw()
    # drawn once, the unchanged pick screen is not redrawn; a change of the pick redraws it
    key = battle.frame_key()
    battle.on_update(0.5)
    assert battle.frame_key() == key
    assert battle.texts._texts["def:role"].text.startswith("Defender (")  # the opponent's hand size
    rects = dict(battle._hand_rects)
    battle.on_mouse_press(*_centre(rects[Card.MOUNTED]), LEFT, 0)
    assert battle.frame_key() != key
    battle.on_mouse_press(*_centre(rects[Card.MOUNTED]), LEFT, 0)
    battle.on_mouse_press(*_centre(rects[Card.DAIMYO]), LEFT, 0)
    battle.on_mouse_press(*_centre(rects[Card.MOUNTED]), RIGHT, 0)  # take one back
    assert sorted(view.presenter.pick) == [Card.MOUNTED, Card.DAIMYO]
    battle.on_draw()  # limits, force and odds
    commit = next(b for b in battle.buttons if b.key == "commit")
    battle.on_mouse_press(*_centre(commit.rect), LEFT, 0)
    report_seen = _pump(battle, lambda: c.reveal is not None)
    assert report_seen is battle and c.reveal.attacker_cards == (Card.MOUNTED, Card.DAIMYO)
    for _ in range(3):
        battle.on_update(0.2)
        battle.on_draw()
    battle.finish_reveal()  # first press shows everything
    battle.on_draw()
    battle.finish_reveal()
    assert c.reveal is None
    battle.on_update(0.05)
    assert view.window.current_view is view or c.session.state.battle is not None


def test_discard_dialog_chooses_cards_then_discards_them_on_confirmation(ctx):
    """Issue 32 item 3: a click chooses a card (nothing is discarded, nothing moves under the pointer);
    a second click un-chooses it; the confirm button discards exactly the chosen cards."""
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    state = c.session.state
    state.hands[0] = [0] * 16
    state.hands[0][Card.PEASANT] = 3
    state.hands[0][Card.NINJA] = 1
    state.hands[0][Card.SPEARMEN] = 1
    state.deck[Card.PEASANT] -= 3
    state.deck[Card.NINJA] -= 1
    state.deck[Card.SPEARMEN] -= 1
    state.discard_queue = [(0, 3)]
    view.on_update(0.016)
    assert view.dialogs.kind == "discard"
    view.on_draw()
    rects = {b.key: b.rect for b, _ in view.dialogs.buttons}
    confirm = next(b for b, _ in view.dialogs.buttons if b.key == "disc:confirm")
    assert not confirm.enabled
    view.on_mouse_press(*_centre(rects["disc:NI"]), LEFT, 0)
    view.on_draw()
    assert sum(state.hands[0]) == 5 and view.presenter.discards.cards == [Card.NINJA]
    assert {b.key: b.rect for b, _ in view.dialogs.buttons} == rects  # the cards stay where they were
    view.on_mouse_press(*_centre(rects["disc:NI"]), LEFT, 0)  # changed my mind
    assert view.presenter.discards.cards == []
    view.on_mouse_press(*_centre(rects["disc:PF"]), LEFT, 0)
    view.on_mouse_press(*_centre(rects["disc:SP"]), LEFT, 0)
    view.on_mouse_press(*_centre(rects["disc:NI"]), LEFT, 0)  # a third card is one too many: ignored
    view.on_draw()
    assert sorted(view.presenter.discards.cards) == sorted([Card.PEASANT, Card.SPEARMEN])
    assert sum(state.hands[0]) == 5
    confirm = next(b for b, _ in view.dialogs.buttons if b.key == "disc:confirm")
    assert confirm.enabled and confirm.label == "Discard 2 of 2"
    view.on_mouse_press(*_centre(confirm.rect), LEFT, 0)
    assert sum(state.hands[0]) == 3
    assert state.hands[0][Card.NINJA] == 1 and state.hands[0][Card.SPEARMEN] == 0
    assert state.hands[0][Card.PEASANT] == 2
    view.on_update(0.016)
    assert view.dialogs.kind is None


def test_trade_dialog_sends_an_offer(ctx):
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    view.press("trade")
    view.on_update(0.016)
    assert view.dialogs.kind == "trade"
    view.on_draw()
    assert view.dialogs.click("trade:get:gold:+")
    assert view.presenter.trade.get_gold == 1
    assert "gold" in view.presenter.trade_problem()  # the AI has none yet
    view.dialogs.click("trade:get:gold:-")
    assert view.dialogs.click("trade:give:honor:+") is True
    view.dialogs.click("trade:give:honor:-")
    assert view.dialogs.click("trade:get:card:DA")
    assert view.presenter.trade.get_cards == [Card.DAIMYO]
    assert view.dialogs.click("trade:send")
    assert c.session.state.offer is not None and c.session.state.offer.get.cards == (Card.DAIMYO,)


def test_save_then_load_restores_the_game(ctx):
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    view.press("end")
    state = c.session.state.clone()
    view.press("save")
    saves = sorted(ctx.saves.glob("game-*.json"))
    assert len(saves) == 1
    assert list(ctx.saves.glob("autosave-*.json"))  # written at the start of the human turn
    assert ctx.load(saves[0])
    assert ctx.window.current_view is ctx.game_view and ctx.controller.session.state == state
    bad = ctx.saves / "broken.json"
    bad.write_text("{")
    assert not ctx.load(bad) and "broken.json" in ctx.notice and "\n" not in ctx.notice


def test_undo_button_and_rules_and_game_over_screens(ctx):
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    phase = c.session.state.phase
    view.press("end")
    view.on_draw()
    undo = next(b for b in view.buttons if b.key == "undo")
    assert undo.enabled
    view.on_mouse_press(*_centre(undo.rect), LEFT, 0)
    assert c.session.state.phase == phase
    ctx.show_rules(view)
    rules = ctx.window.current_view
    rules.on_draw()
    rules.on_key_press(65470, 0)  # F1 closes it again
    assert ctx.window.current_view is view
    c.session.state.phase = Phase.GAME_OVER
    c.session.state.winner = 0
    view.on_update(0.016)
    over = ctx.window.current_view
    assert type(over).__name__ == "GameOverView" and over.headline() == "Victory! You win"
    over.on_draw()


def test_menu_resume_returns_to_the_game_in_progress(ctx):
    view = _start(ctx)
    view.press("menu")
    menu = ctx.window.current_view
    menu.on_draw()
    assert "resume" in [b.key for b in menu.buttons]
    menu.press("resume")
    assert ctx.window.current_view is view
