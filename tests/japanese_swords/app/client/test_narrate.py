"""The game log speaks plain words and never reveals what the human may not know."""

from __future__ import annotations

from japanese_swords.actions import Attack, Commit, Deal, Move
from japanese_swords.app.client.narrate import action_text, battle_text
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import BattleReport
from japanese_swords.engine import initial_state
from japanese_swords.game import Game
from japanese_swords.maps import load_map


def _state():
    state = initial_state(Game(load_map("classic-2p")))
    state.play("order p1 p2")
    return state


def test_deals_to_others_and_their_commitments_stay_hidden():
    state = _state()
    state.pending_draws = [1]
    text = action_text(state, Deal(Card.DAIMYO), human=0)
    assert text == "Takeda draws a card." and "Daimyo" not in text
    state.pending_draws = [0]
    assert action_text(state, Deal(Card.DAIMYO), human=0) == "You draw Daimyo."


def test_moves_and_attacks_name_squares_and_terrain():
    state = _state()
    text = action_text(state, Move(square_index("f2"), square_index("f3")), human=0)
    assert text == "You move the army at f2 to f3 (covered)."
    text = action_text(state, Attack(square_index("f2"), square_index("f10")), human=0)
    assert "attack Takeda's army at f10" in text


def test_battle_text_has_the_force_breakdown():
    report = BattleReport(0, 1, 15, 16, (Card.DAIMYO, Card.PEASANT), (Card.NINJA,), 3, 2, 1, 0, 5, 1, (-2, 2))
    lines = battle_text(report, human=0)
    assert "You reveal DA, PF" in lines[0] and "Takeda reveals NI" in lines[0]
    assert "Force You 4 (cards 3 + experience 1) vs Takeda 7" in lines[1] and "terrain +5" in lines[1]
    assert "Takeda wins" in lines[2] and "You -2" in lines[2]


def test_own_commitment_is_listed_for_the_human_only():
    state = _state()
    from japanese_swords.core import Battle

    state.battle = Battle(0, 2, 0, 1)
    assert "Peasant" in action_text(state, Commit((Card.PEASANT,)), human=0)
    state.battle = Battle(2, 0, 1, 0)
    text = action_text(state, Commit((Card.PEASANT,)), human=0)
    assert "Peasant" not in text and "1 card(s) face down" in text
