"""Regression tests for the bugs a new player met (issue 15), through the presenter and controller."""

from __future__ import annotations

from japanese_swords.actions import Draw, End
from japanese_swords.app.client.presenter import TradeDraft
from japanese_swords.core import Phase

from .conftest import end_until, new_game, run_until_human


class RefusingAgent:
    """Plays like nobody (never asked to choose here) and refuses trades with an evaluation figure."""

    name = "refuser"

    def choose(self, obs, legal, rng):
        return legal[0]

    def respond_to_trade(self, obs, offer, rng):
        return False, "declined: my evaluation would go from 0.70 to 0.69"


def test_end_in_the_draw_phase_warns_before_skipping_the_free_card():
    session, controller, p = new_game()
    end_until(p, Phase.DRAW)
    assert "free card" in {b.key: b for b in p.buttons()}["end"].tooltip
    assert p.press("end") is None  # first press: a warning, nothing played
    assert session.state.phase == Phase.DRAW and "free card" in p.notice
    assert p.press("end") == End()  # pressed again: the player meant it
    assert session.state.phase == Phase.HONOR
    controller.close()


def test_end_in_the_draw_phase_after_drawing_needs_no_confirmation():
    session, controller, p = new_game()
    end_until(p, Phase.DRAW)
    assert p.press("draw") == Draw()
    run_until_human(controller)
    assert p.press("end") == End() and session.state.phase == Phase.HONOR
    controller.close()


def test_a_warning_is_forgotten_once_another_button_is_pressed():
    session, controller, p = new_game()
    end_until(p, Phase.DRAW)
    p.press("end")
    p.press("honor")  # disabled in the draw phase: only a notice
    assert p.press("end") is None and session.state.phase == Phase.DRAW
    controller.close()


def test_at_game_over_the_end_button_says_game_over():
    session, controller, p = new_game()
    session.state.winner = 0
    session.state.honor[0] = 60
    session.state.phase = Phase.GAME_OVER  # set-up: the game has just been won
    end = {b.key: b for b in p.buttons()}["end"]
    assert end.label == "Game over" and not end.enabled
    assert "phase" not in end.label
    controller.close()


def test_ai_draws_are_logged_once_and_the_human_sees_the_card_and_cost():
    session, controller, p = new_game(order=(1, 0))
    run_until_human(controller)
    texts = [line.text for line in session.log]
    ai_draws = [t for t in texts if t.startswith("Takeda draw")]
    assert ai_draws and all("(free)" in t or "for 1 gold" in t for t in ai_draws), ai_draws
    end_until(p, Phase.DRAW)
    p.press("draw")
    run_until_human(controller)
    mine = [line.text for line in session.log if line.text.startswith("You draw")]
    assert len(mine) == 1 and mine[0].endswith("(free).")
    controller.close()


def test_ai_trade_refusal_is_in_plain_words():
    session, controller, p = new_game()
    controller.agents[1] = RefusingAgent()
    p.press("trade")
    assert p.trade is not None
    p.trade = TradeDraft(1, give_gold=1)
    assert p.send_trade() is not None, p.notice
    run_until_human(controller)
    texts = [line.text for line in session.log]
    assert any("declines: the deal would not improve their position" in t for t in texts), texts[-4:]
    assert not any("0.70" in t or "evaluation" in t for t in texts)
    controller.close()
