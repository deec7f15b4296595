"""The game log of a team game (docs/variants.md, teams) says the partners win together."""

from __future__ import annotations

from japanese_swords.actions import BuyHonor, SetOrder
from japanese_swords.app.client.narrate import describe
from japanese_swords.core import Phase
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from tests.positions import at_phase


def _winning_buy(modules: tuple[str, ...]) -> list[str]:
    state = initial_state(Game(load_map("onin-4p"), Rules(modules=modules)))
    state.play(SetOrder((2, 1, 0, 3)))
    at_phase(state, Phase.HONOR)
    state.honor[2], state.gold[2] = 49, 1
    events = state.play(BuyHonor())
    return describe(BuyHonor(), events, 2, 0, state.game.board)


def test_a_team_win_is_told_as_both_partners_winning():
    assert _winning_buy(("teams",))[-1] == "You and Uesugi win the game together (team p1+p3)!"
    assert _winning_buy(())[-1] == "Uesugi wins the game!"
