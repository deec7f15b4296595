"""The game log speaks plain words from the engine's events and never reveals what the human may not know."""

from __future__ import annotations

from japanese_swords import events as E
from japanese_swords.actions import Attack, Commit, Deal, Draw, Move
from japanese_swords.app.client.narrate import action_text, battle_text, describe
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, BattleReport, Phase
from japanese_swords.engine import initial_state
from japanese_swords.game import Game
from japanese_swords.maps import load_map
from tests.positions import at_phase, give, make_game, place, sq, stack_deck, started


def _state():
    state = initial_state(Game(load_map("classic-2p")))
    state.play("order p1 p2")
    return state


def test_deals_to_others_and_their_commitments_stay_hidden():
    board = _state().game.board
    dealt = (E.CardDealt(1, Card.DAIMYO, None),)
    text = action_text(Deal(Card.DAIMYO), dealt, CHANCE, human=0, board=board)
    assert text == "Takeda draws a card for the battle." and "Daimyo" not in text
    assert action_text(Deal(Card.DAIMYO), (E.CardDealt(1, Card.DAIMYO, 0),), CHANCE, 0, board) == ""
    mine = (E.CardDealt(0, Card.DAIMYO, 0),)
    assert action_text(Deal(Card.DAIMYO), mine, CHANCE, human=0, board=board) == "You draw Daimyo (free)."
    assert "Daimyo" not in action_text(Deal(Card.DAIMYO), mine, CHANCE, human=None, board=board)


def test_draws_name_their_price_from_the_events():
    state = at_phase(started(), Phase.DRAW)
    state.gold[0] = 5
    stack_deck(state, "DA PF")
    board = state.game.board
    lines = []
    for action in (Draw(), Deal(Card.DAIMYO), Draw(), Deal(Card.PEASANT)):
        actor = state.current_player()
        lines.append(action_text(action, state.play(action), actor, human=1, board=board))
    assert lines == ["Oda draws a card (free).", "", "Oda draws a card for 1 gold.", ""]


def test_moves_and_attacks_name_squares_and_terrain():
    state = _state()
    board = state.game.board
    text = action_text(Move(square_index("f2"), square_index("f3")), (), 0, human=0, board=board)
    assert text == "You move the army at f2 to f3 (covered)."
    started_ = (E.BattleStarted(0, 1, 0, 2, square_index("f2"), square_index("f10")),)
    text = action_text(Attack(square_index("f2"), square_index("f10")), started_, 0, human=0, board=board)
    assert "attack Takeda's army at f10" in text


def test_battle_text_has_the_force_breakdown():
    report = BattleReport(0, 1, 15, 16, (Card.DAIMYO, Card.PEASANT), (Card.NINJA,), 3, 2, 1, 0, 5, 1, (-2, 2))
    lines = battle_text(report, human=0)
    assert "You reveal Daimyo, Peasant Foot Soldiers" in lines[0]  # names, not codes
    assert "Takeda reveals Ninja." in lines[0]
    assert "Force You 4 (cards 3 + experience 1) vs Takeda 7" in lines[1] and "terrain +5" in lines[1]
    assert "Takeda wins" in lines[2] and "You -2" in lines[2]


def test_own_commitment_is_listed_for_the_human_only():
    board = _state().game.board
    mine = (E.CardsCommitted(0, 1, (Card.PEASANT,)),)
    assert "Peasant" in action_text(Commit((Card.PEASANT,)), mine, 0, human=0, board=board)
    theirs = (E.CardsCommitted(1, 1, (Card.PEASANT,)),)
    text = action_text(Commit((Card.PEASANT,)), theirs, 1, human=0, board=board)
    assert "Peasant" not in text and "1 card(s) face down" in text


def test_a_played_battle_is_narrated_with_its_result_and_the_elimination():
    game = make_game(battle_draw=0)  # no battle hands: the commitments are the cards given
    state = at_phase(started(game), Phase.BATTLE)
    state.armies.clear()
    state.occupant = [-1] * 100
    place(state, 0, "i8", experience=5)  # 10 + 5 beats 3 + fortress 10
    place(state, 1, "i9")
    place(state, 1, "a10")
    give(state, 0, "DA")
    give(state, 1, "PF")
    lines = []
    for action in (Attack(sq("i8"), sq("i9")), Commit((Card.DAIMYO,)), Commit((Card.PEASANT,))):
        actor = state.current_player()
        lines += describe(action, state.play(action), actor, human=0, board=game.board)
    text = "\n".join(lines)
    assert "You attack Takeda's army at i9 (fortress)" in text
    assert "Battle at i9: You reveal Daimyo; Takeda reveals Peasant Foot Soldiers." in text
    assert "You win. Honor: You +3, Takeda -1." in text
    assert "Takeda lost the home fortress to You and is out of the game." in text
    assert text.endswith("You win the game!")
