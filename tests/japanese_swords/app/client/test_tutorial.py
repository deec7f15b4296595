"""The tutorial from the menu: a scripted game whose steps allow only the action they teach, through
the phases, a secret battle commitment, Diplomacy and Intrigue; skippable and restartable."""

from __future__ import annotations

import time

import pytest

from japanese_swords.actions import Attack, BuyHonor, Commit, Discard, Draw, End, Move, PlayCard
from japanese_swords.app.client.lesson import STEPS
from japanese_swords.board import square_index as sq
from japanese_swords.cards import Card

pytestmark = pytest.mark.gl

PLAN = [End(), End(), Draw(), End(), BuyHonor(), End(), Move(sq("f5"), sq("f6")), End(), Attack(sq("f6"), sq("f7")),
        Commit((Card.MOUNTED, Card.MOUNTED, Card.SWORDSMEN)), End(), Commit((Card.DIPLOMACY,)),
        Discard(Card.PEASANT), Discard(Card.SPEARMEN), End(), End(), Draw(), End(), PlayCard(Card.INTRIGUE, 1)]


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


def test_the_tutorial_teaches_each_step_and_refuses_anything_else(ctx):
    view = _start(ctx)
    c = ctx.controller
    lesson = c.gate
    _until_decision(ctx)
    view.on_update(0.05)
    view.on_draw()
    assert view.log.guide == STEPS[0].text and view.log.guide_title == f"Tutorial 1/{len(STEPS)}"
    assert {"lesson:skip", "lesson:restart"} <= {b.key for b in view.buttons}
    # an action the step does not teach is refused with its hint, and nothing changes
    before = len(c.session.record.actions)
    assert view.presenter.press("draw") is None or len(c.session.record.actions) == before
    assert c.human_play(BuyHonor()) is not None and "Tutorial: press End revenue phase" in c.message
    assert len(c.session.record.actions) == before
    texts = []
    for action in PLAN:
        _until_decision(ctx)
        texts.append(lesson.text())
        assert c.human_play(action) is None, (action, c.message)
    assert lesson.done
    assert "Tutorial complete" in lesson.title()
    log = " ".join(line.text for line in c.session.log)
    # the AI's fixed moves: Takeda steps out of its fortress and attacks; the battles went as scripted
    assert "Takeda moves the army at f8 to f7" in log and "Takeda attacks your army at f6" in log
    assert "You win" in log and "Diplomacy: no winner" in log and "You play Intrigue against Takeda" in log
    assert any("Diplomacy" in t for t in texts) and any("face down" in t for t in texts)
    assert ctx.autosave() is None  # the tutorial is not autosaved


def test_the_tutorial_battle_screen_shows_the_step_and_restart_and_skip_work(ctx):
    view = _start(ctx)
    c = ctx.controller
    for action in PLAN[:9]:  # up to the attack
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
    assert ctx.controller.session.record.actions == ["0 1"] or len(ctx.controller.session.record.actions) == 1
    ctx.game_view.press("lesson:skip")
    assert type(ctx.window.current_view).__name__ == "MenuView" and ctx.controller is None
