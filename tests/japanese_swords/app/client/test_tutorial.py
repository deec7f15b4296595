"""The tutorial from the menu: a scripted game whose steps allow only the action they teach, through
the phases, a secret battle commitment, Diplomacy and Intrigue; skippable and restartable."""

from __future__ import annotations

import time

import pytest

from japanese_swords.actions import Attack, BuyHonor, Draw, End, Move
from japanese_swords.app.client.lesson import STEPS
from japanese_swords.board import square_index as sq
from japanese_swords.cards import Card

pytestmark = pytest.mark.gl

PLAN = [End(), End(), Draw(), End(), BuyHonor(), End(), Move(sq("f5"), sq("f6")), End(), Attack(sq("f6"), sq("f7"))]


def _until_decision(ctx):
    for _ in range(400):
        c = ctx.controller
        current = ctx.window.current_view
        if c.human_to_act() and c.reveal is None:
            return current
        if c.reveal is not None:
            c.ack_reveal()
        current.on_update(0.05)
        time.sleep(0.002)  # the AI answers on its worker thread
    raise AssertionError(f"the tutorial did not come back to the player: {ctx.controller.session.state.phase} "
                         f"{ctx.controller.session.current()} {type(ctx.window.current_view).__name__} "
                         f"{ctx.controller.session.log[-3:]}")


def _start(ctx):
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.on_draw()
    assert "tutorial" in [b.key for b in menu.buttons]
    menu.press("tutorial")
    view = ctx.window.current_view
    assert view is ctx.game_view and ctx.in_tutorial()
    return view


def _battle_pick(ctx):
    for _ in range(100):
        current = ctx.window.current_view
        if type(current).__name__ == "BattleView" and current.mode() == "pick":
            current.on_draw()
            return current
        current.on_update(0.05)
        time.sleep(0.002)
    raise AssertionError("no battle pick")


def _commit(ctx, cards):
    """Click the cards in the battle screen's hand, then its Commit button."""
    battle = _battle_pick(ctx)
    for card in cards:
        battle.on_mouse_press(*_middle(dict(battle._hand_rects)[card]), 1, 0)
        battle.on_draw()
    commit = next(b for b in battle.buttons if b.key == "commit")
    battle.on_mouse_press(*_middle(commit.rect), 1, 0)


def _middle(rect):
    return rect[0] + rect[2] / 2, rect[1] + rect[3] / 2


def test_the_tutorial_teaches_each_step_and_refuses_anything_else(ctx):
    from japanese_swords.app.client.theme import square_centre

    view = _start(ctx)
    c = ctx.controller
    lesson = c.gate
    p = view.presenter
    _until_decision(ctx)
    view.on_update(0.05)
    view.on_draw()
    assert view.log.guide == STEPS[0].text and view.log.guide_title == f"Tutorial 1/{len(STEPS)}"
    assert {"lesson:skip", "lesson:restart"} <= {b.key for b in view.buttons}
    # an action the step does not teach is refused with its hint, and nothing changes
    before = len(c.session.record.actions)
    assert p.submit(BuyHonor()) is False and "Tutorial: press End revenue phase" in p.notice
    assert len(c.session.record.actions) == before and lesson.index == 0
    texts = []

    def step(do):
        _until_decision(ctx)
        texts.append(lesson.text())
        index = lesson.index
        do()
        assert lesson.index > index or lesson.done or STEPS[index].until is not None, (index, p.notice)

    for key in ("end", "end", "draw", "end", "honor", "end"):  # the six phases' buttons
        step(lambda key=key: view.press(key))
    step(lambda: [view.on_mouse_press(*square_centre(sq(s)), 1, 0) for s in ("f5", "f6")])  # a move by clicks
    step(lambda: view.press("end"))
    step(lambda: [view.on_mouse_press(*square_centre(sq(s)), 1, 0) for s in ("f6", "f7", "f7")])  # attack, confirm
    step(lambda: _commit(ctx, (Card.MOUNTED, Card.MOUNTED, Card.SWORDSMEN)))
    ctx.show_game()
    step(lambda: view.press("end"))
    step(lambda: _commit(ctx, (Card.DIPLOMACY,)))
    ctx.show_game()
    _until_decision(ctx)
    assert p.my_decision() == "discard" and lesson.index == 12
    p.discards.toggle(Card.INTRIGUE)
    p.discards.toggle(Card.PEASANT)
    assert p.discards.confirm() is False and "not Intrigue" in p.notice  # the step keeps Intrigue
    _until_decision(ctx)
    for card in (Card.PEASANT, Card.SPEARMEN):
        if p.my_decision() == "discard":
            p.discards.toggle(card)
            p.discards.confirm()
    for key in ("end", "end", "draw", "end"):
        step(lambda key=key: view.press(key))
    step(lambda: p.click_card(Card.INTRIGUE))
    assert lesson.done and "Tutorial complete" in lesson.title()
    log = " ".join(line.text for line in c.session.log)
    # the AI's fixed moves: Takeda steps out of its fortress and attacks; the battles went as scripted
    assert "Takeda moves the army at f8 to f7" in log and "Takeda attacks your army at f6" in log
    assert "You win" in log and "Diplomacy: no winner" in log and "You play Intrigue against Takeda" in log
    assert any("Diplomacy" in t for t in texts) and any("face down" in t for t in texts)
    assert ctx.autosave() is None  # the tutorial is not autosaved


def test_the_tutorial_battle_screen_shows_the_step_and_restart_and_skip_work(ctx):
    view = _start(ctx)
    c = ctx.controller
    for action in PLAN:  # up to the attack
        _until_decision(ctx)
        assert c.human_play(action) is None, c.message
    for _ in range(100):
        current = ctx.window.current_view
        if type(current).__name__ == "BattleView" and current.mode() == "pick":
            break
        current.on_update(0.05)
        time.sleep(0.002)
    battle = ctx.window.current_view
    battle.on_draw()
    assert battle.texts._texts["lesson:t"].text == f"Tutorial 10/{len(STEPS)}"
    assert "face down" in " ".join(battle.texts._texts[f"lesson{i}"].text for i in range(4))
    ctx.show_game()
    view.press("lesson:restart")
    assert ctx.controller is not c and ctx.controller.gate.index == 0
    assert len(ctx.controller.session.record.actions) == 1  # only the fixed turn order: a fresh start
    ctx.game_view.press("lesson:skip")
    assert type(ctx.window.current_view).__name__ == "MenuView" and ctx.controller is None
