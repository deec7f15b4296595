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
