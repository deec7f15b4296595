"""A whole game played with the mouse alone: every decision goes through a view's click handler."""

from __future__ import annotations

import random
import time

import pytest

from ai.agent import make_agent
from japanese_swords.actions import (
    Attack,
    BuyHonor,
    Commit,
    Disband,
    Draw,
    End,
    IntrigueReply,
    Move,
    PlayCard,
    Raise,
)
from japanese_swords.app.client import context as context_mod
from japanese_swords.app.client.context import ClientContext, Settings
from japanese_swords.app.client.theme import square_centre
from japanese_swords.cards import Card

pytestmark = pytest.mark.gl
LEFT = 1


def _centre(rect):
    left, bottom, w, h = rect
    return left + w / 2, bottom + h / 2


def _button(view, key):
    view.on_draw()
    return next(b for b in view.buttons if b.key == key)


def _click_action(view, action, rng) -> None:
    """Turn one legal action into the clicks a player would make on the game screen."""
    p = view.presenter
    if isinstance(action, (Move, Attack)):
        view.on_mouse_press(*square_centre(action.src), LEFT, 0)
        view.on_mouse_press(*square_centre(action.dst), LEFT, 0)
        if isinstance(action, Attack):  # the first click shows the odds, the second confirms
            assert "Estimated win chance" in p.notice
            view.on_mouse_press(*square_centre(action.dst), LEFT, 0)
    elif isinstance(action, (Draw, BuyHonor, End)):
        key = {Draw: "draw", BuyHonor: "honor", End: "end"}[type(action)]
        view.on_mouse_press(*_centre(_button(view, key).rect), LEFT, 0)
        if key == "end" and "free card" in p.notice:  # skipping the free card asks for a second click
            view.on_mouse_press(*_centre(_button(view, key).rect), LEFT, 0)
    elif isinstance(action, Raise):
        view.on_mouse_press(*_centre(_button(view, "raise").rect), LEFT, 0)
        view.on_mouse_press(*square_centre(action.square), LEFT, 0)
    elif isinstance(action, Disband):
        view.on_mouse_press(*square_centre(action.square), LEFT, 0)
    elif isinstance(action, PlayCard):
        view.on_draw()
        rect = next(r for c, _n, _p, _note, r in view.hand.slots() if c == action.card)
        view.on_mouse_press(rect[0] + 4, rect[1] + rect[3] / 2, LEFT, 0)  # the visible left edge
        if action.card == Card.FORCED_MARCH:
            view.on_mouse_press(*square_centre(action.target), LEFT, 0)
        elif action.card == Card.INTRIGUE and p.mode == "intrigue":
            rect = dict(view.panel.player_rects)[action.target]
            view.on_mouse_press(*_centre(rect), LEFT, 0)
    else:
        raise AssertionError(f"no click for {action}")


def _choose(state, rng):
    """An aggressive scripted player: attack when possible, march on the enemy fortress, else random."""
    legal = state.legal_actions()
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        return attacks[0]
    target = state.game.board.fortresses[1]
    moves = [a for a in legal if isinstance(a, Move)]
    if moves and rng.random() < 0.8:

        def dist(a):
            return abs(a.dst % 10 - target % 10) + abs(a.dst // 10 - target // 10)

        return min(moves, key=dist)
    ends = [a for a in legal if isinstance(a, End)]
    others = [a for a in legal if not isinstance(a, End)]
    return others[rng.randrange(len(others))] if others and rng.random() < 0.5 else (ends or legal)[0]


def test_a_whole_game_with_the_mouse_against_easy_mcts(window, monkeypatch):
    monkeypatch.setattr(context_mod, "make_opponent", lambda difficulty: make_agent(f"mcts:difficulty={difficulty}"))
    ctx = ClientContext(window, Settings(seed=21, speed=3, max_rounds=30, difficulty="easy"))
    ctx.new_game()
    rps = window.current_view
    while not rps.rps.done:
        rps.on_draw()
        rock = next(b for b in rps.buttons if b.key == "throw:rock")
        rps.on_mouse_press(*_centre(rock.rect), LEFT, 0)
    rps.on_draw()
    rps.on_mouse_press(*_centre(rps.buttons[0].rect), LEFT, 0)
    game = ctx.game_view
    c = game.controller
    rng = random.Random(5)
    seen: set[str] = set()
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        view = window.current_view
        name = type(view).__name__
        if name == "GameOverView":
            break
        view.on_update(0.05)
        if window.current_view is not view:
            continue  # the new screen gets its own update first, as on the next real frame
        state = c.session.state
        if name == "BattleView":
            view.on_draw()
            if view.mode() == "reveal":
                cont = next(b for b in view.buttons if b.key == "continue")
                view.on_mouse_press(*_centre(cont.rect), LEFT, 0)
            elif view.mode() == "pick":
                legal = [a for a in state.legal_actions() if isinstance(a, Commit)]
                choice = legal[rng.randrange(len(legal))]
                rects = dict(view._hand_rects)
                for card in choice.cards:
                    view.on_mouse_press(*_centre(rects[card]), LEFT, 0)
                view.on_draw()
                commit = next(b for b in view.buttons if b.key == "commit")
                view.on_mouse_press(*_centre(commit.rect), LEFT, 0)
                seen.add("commit")
            continue
        if name != "GameView" or not c.human_to_act():
            time.sleep(0.001)
            continue
        before = len(c.session.record.actions)
        kind = game.presenter.my_decision()
        if game.dialogs.kind == "summary":  # what the AI did while we waited: read, then continue
            game.on_draw()
            b = next(b for b, _ in game.dialogs.buttons if b.key == "summary:ok")
            game.on_mouse_press(*_centre(b.rect), LEFT, 0)
            seen.add("summary")
            assert not game.dialogs.active and c.summary is None
            continue
        if game.dialogs.active:
            game.on_draw()
            if kind == "intrigue" and state.intrigue[1] < 0:
                legal = state.legal_actions()
                key = (
                    "intrigue:cards"
                    if legal[rng.randrange(len(legal))] == IntrigueReply(True)
                    else "intrigue:honor"
                )
                b = next(b for b, _ in game.dialogs.buttons if b.key == key)
            elif kind == "reply":
                b = next(b for b, _ in game.dialogs.buttons if b.key == "reply:decline")
            else:  # choose cards until enough are chosen, then confirm
                pick = game.presenter.discards
                if pick.problem() is None:
                    b = next(b for b, _ in game.dialogs.buttons if b.key == "disc:confirm")
                else:
                    held = [Card(i) for i, n in enumerate(state.hands[state.current_player()])
                            if n > pick.chosen(Card(i))]
                    card = held[rng.randrange(len(held))]
                    b = next(b for b, _ in game.dialogs.buttons if b.key.endswith(":" + card.code))
                    chosen = len(pick.cards)
                    game.on_mouse_press(*_centre(b.rect), LEFT, 0)
                    assert len(pick.cards) == chosen + 1 and len(c.session.record.actions) == before
                    continue  # a choice is not an action: the next pass chooses again or confirms
            game.on_mouse_press(*_centre(b.rect), LEFT, 0)
            seen.add(kind)
        else:
            action = _choose(state, rng)
            _click_action(game, action, rng)
            seen.add(type(action).__name__)
        assert len(c.session.record.actions) > before, (kind, game.presenter.notice)
    assert type(window.current_view).__name__ == "GameOverView", "the game did not finish in time"
    assert c.session.state.is_terminal()
    assert c.agents[1].name.startswith("mcts")
    over = window.current_view
    over.on_draw()
    over.on_mouse_press(*_centre(next(b for b in over.buttons if b.key == "board").rect), LEFT, 0)
    assert window.current_view is game
    game.on_update(0.05)  # the finished board stays on screen until Results is pressed
    assert window.current_view is game
    game.on_mouse_press(*_centre(_button(game, "results").rect), LEFT, 0)
    assert type(window.current_view).__name__ == "GameOverView"
    assert {"Move", "End", "Draw", "Attack", "commit"} <= seen
    c.session.record.finish(c.session.state)
    assert c.session.record.verify() == c.session.state  # the whole game replays exactly
    c.close()
