"""Hot seat: two humans on one screen; each decision of the other human waits behind a handover that
hides the previous player's hand, battles between humans included (headless handlers)."""

from __future__ import annotations

import pytest

from japanese_swords.app.client.seating import SeatChoice
from japanese_swords.cards import Card
from japanese_swords.core import Phase

from .conftest import end_until, teleport

pytestmark = pytest.mark.gl


def _hot_seat(ctx):
    """Start a 2-human game on classic-2p from the table settings; returns the first screen."""
    ctx.settings.table = [SeatChoice(human=True), SeatChoice(human=True)]
    ctx.new_game()
    return ctx.window.current_view


def _first_decision(c) -> None:
    """Step until a human decides; the opening player may be either human (then hand over first)."""
    for _ in range(200):
        if c.handover is not None:
            c.take_over()
        if c.human_to_act():
            return
        c.update(0.05)
    raise AssertionError("no human decision")


def _until_pick(ctx):
    """Step the screens until the battle screen asks the human on screen for a commitment."""
    for _ in range(100):
        current = ctx.window.current_view
        if type(current).__name__ == "BattleView" and current.mode() == "pick":
            return current
        current.on_update(0.05)
    raise AssertionError("no battle pick")


def _until_handover(ctx, view, limit=400):
    for _ in range(limit):
        current = ctx.window.current_view
        if type(current).__name__ == "HandoverView":
            return current
        if ctx.controller.reveal is not None:
            ctx.controller.ack_reveal()
        current.on_update(0.05)
    raise AssertionError("no handover screen")


def test_hot_seat_hands_over_between_humans_and_hides_the_hand(ctx):
    view = _hot_seat(ctx)
    c = ctx.controller
    s = c.session
    assert s.humans == {0, 1} and s.hot_seat and not c.needs_rps()
    assert type(view).__name__ == "GameView" and c.agents == [None, None]
    _first_decision(c)
    first = s.human
    presenter = view.presenter
    for _ in range(12):  # the first player ends every phase of their turn
        if s.state.turn_player != first or not c.human_to_act():
            break
        played = presenter.press("end")
        if played is None:
            presenter.press("end")  # skipping the free card asks twice
        view.on_update(0.05)
    handover = _until_handover(ctx, view)
    other = 1 - first
    assert c.handover == other and s.human == first  # the screen is still the first player's ...
    assert not c.human_to_act()  # ... but nobody can act until the next player is ready
    handover.on_draw()
    shown = " ".join(t.text for t in handover.texts._texts.values())
    assert f"Pass the screen to {['Oda', 'Takeda'][other]}" in shown
    assert "hand" in shown and "Draw" not in shown  # no hand, no board: only whose turn it is
    # the log was written for a spectator: no card drawn by the first player is named in it
    assert not any("You" in line.text for line in s.log)
    import arcade

    handover.on_key_press(arcade.key.ENTER, 0)
    assert s.human == other and c.handover is None
    assert ctx.window.current_view is ctx.game_view


def test_hot_seat_battle_each_human_commits_unseen(ctx):
    view = _hot_seat(ctx)
    c, s = ctx.controller, ctx.controller.session
    _first_decision(c)
    attacker = s.state.turn_player
    assert s.human == attacker
    defender = 1 - attacker
    state = s.state
    mine = next(a.square for _, a in state.armies_of(attacker))
    enemy = next(a.square for _, a in state.armies_of(defender))
    board = s.game.board
    spot = next(sq for sq in board.neighbours(mine) if state.occupant[sq] < 0 and board.terrain[sq].passable)
    teleport(state, enemy, spot)
    state.hands[attacker] = [0] * 16
    state.hands[attacker][Card.MOUNTED] = 2
    state.deck[Card.MOUNTED] -= 2
    end_until(view.presenter, Phase.BATTLE)
    view.presenter.click_square(mine)
    view.presenter.click_square(spot)
    view.presenter.click_square(spot)
    assert state.battle is not None
    battle = _until_pick(ctx)
    view.presenter.toggle_pick(Card.MOUNTED)
    view.presenter.toggle_pick(Card.MOUNTED)
    assert view.presenter.commit() is not None
    battle.on_update(0.05)
    handover = ctx.window.current_view
    assert type(handover).__name__ == "HandoverView" and c.handover == defender
    handover.on_draw()
    assert "Battle against" in handover.texts._texts["why"].text
    assert view.presenter.pick == []  # the attacker's pick is not left on screen
    handover.press("ready")
    assert s.human == defender
    battle = _until_pick(ctx)
    # the defender's screen shows its own hand; the attacker's two Mounted Samurai are face down
    obs = s.observation()
    assert obs.seat == defender and obs.hand == state.hands[defender] and obs.hidden_commitment == 2


def test_a_hot_seat_save_loads_as_hot_seat(ctx, tmp_path):
    _hot_seat(ctx)
    c = ctx.controller
    _first_decision(c)
    path = ctx.save("hot.json")
    assert path is not None and c.session.record.seats == ["human", "human"]
    assert ctx.load(path)
    s = ctx.controller.session
    assert s.humans == {0, 1} and s.hot_seat and ctx.controller.agents == [None, None]


def test_a_trade_offer_between_humans_is_answered_after_a_handover(ctx):
    from japanese_swords.actions import Accept, Bundle, Offer

    view = _hot_seat(ctx)
    c, s = ctx.controller, ctx.controller.session
    _first_decision(c)
    offerer = s.human
    other = 1 - offerer
    s.state.gold[offerer] = max(s.state.gold[offerer], 2)
    offer = Offer(other, Bundle(gold=1), Bundle())
    assert view.presenter.submit(offer), view.presenter.notice
    handover = _until_handover(ctx, view)
    handover.on_draw()
    assert c.handover == other and "offers you a trade" in handover.texts._texts["why"].text
    handover.press("ready")
    view.on_update(0.05)
    assert view.dialogs.kind == "reply"  # the offer's dialog, now on the other player's screen
    gold = s.state.gold[other]
    assert view.presenter.submit(Accept())
    assert s.state.gold[other] == gold + 1
