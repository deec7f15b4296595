"""The client under the bidding module: a human bids from the side panel's buttons (docs/variants.md)."""

from __future__ import annotations

from ai.agent import make_agent
from japanese_swords.actions import Bid, SetOrder
from japanese_swords.app.client.controller import Controller
from japanese_swords.app.client.presenter import Presenter
from japanese_swords.app.client.session import HUMAN, Session
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from tests.japanese_swords.app.client.conftest import run_until_human


def test_a_human_bids_for_the_turn_order_with_the_panels_buttons():
    game = Game(load_map("classic-2p"), Rules(max_rounds=60, modules=("bidding", "castles", "ronin")))
    session = Session(game, [HUMAN, "greedy"], 0, 1)
    controller = Controller(session, [None, make_agent("greedy")], speed=3)
    presenter = Presenter(controller)
    session.apply(SetOrder((0, 1)))
    for _ in range(40):
        run_until_human(controller)
        if presenter.my_decision() == "bid":
            break
        presenter.press("end") or presenter.press("end")  # a skipped free card asks to press again
    assert presenter.my_decision() == "bid" and "Bid gold" in presenter.prompt()
    buttons = presenter.buttons()
    gold = session.state.gold[0]
    assert len(buttons) == 6 and buttons[0].key == "bid:0" and buttons[-1].key == f"bid:{gold}"
    amount = min(1, gold)
    assert presenter.press(f"bid:{amount}") == Bid(amount)
    assert session.state.bids[0] == amount and session.state.current_player() == 1  # the AI bids next


def test_a_human_hires_ronin_and_builds_walls_in_the_expense_phase():
    from japanese_swords.actions import Fortify, HireRonin
    from japanese_swords.core import Phase
    from tests.japanese_swords.app.client.conftest import end_until

    game = Game(load_map("classic-2p"), Rules(max_rounds=60, modules=("castles", "ronin")))
    session = Session(game, [HUMAN, "greedy"], 0, 1)
    controller = Controller(session, [None, make_agent("greedy")], speed=3)
    presenter = Presenter(controller)
    session.apply(SetOrder((0, 1)))
    run_until_human(controller)
    end_until(presenter, Phase.EXPENSE)
    state = session.state
    state.gold[0] = 10
    keep = next(sq for sq, t in enumerate(game.board.terrain) if t.title == "Keep")
    state.control[keep] = 0
    keys = [b.key for b in presenter.buttons()]
    assert keys[:2] == ["ronin", "fortify"] and all(b.enabled for b in presenter.buttons()[:2])
    army = sorted(a.square for _, a in state.armies_of(0))[0]
    assert presenter.press("ronin") is None and presenter.highlights()[army] == ("ronin", None)
    assert presenter.click_square(army) == HireRonin(army) and state.gold[0] == 8
    presenter.press("fortify")
    assert presenter.highlights() == {keep: ("fortify", None)}
    assert presenter.click_square(keep) == Fortify(keep) and state.walls == {keep: 1}
    assert not presenter.buttons()[1].enabled  # once a turn
