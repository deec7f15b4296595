"""One test per rule of the rulebook and per ruling of DESIGN section 4, on hand-built positions."""

from __future__ import annotations

import random

import pytest

from japanese_swords import cards as C
from japanese_swords.actions import (
    Accept,
    Attack,
    Bundle,
    BuyHonor,
    Commit,
    Deal,
    Decline,
    Disband,
    Discard,
    Draw,
    End,
    IntrigueReply,
    Move,
    Offer,
    PlayCard,
    Raise,
    SetOrder,
)
from japanese_swords.board import Terrain
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import decision, initial_state
from japanese_swords.errors import IllegalActionError
from japanese_swords.observation import observation
from tests.positions import (
    FOUR_MAP,
    THREE_MAP,
    at_phase,
    clear_armies,
    give,
    make_game,
    place,
    sq,
    stack_deck,
    started,
)

# ----- cards, board, setup -------------------------------------------------------------------------------


def test_deck_has_116_cards_as_listed():
    expected = {"PF": (12, 3), "SP": (11, 4), "WM": (10, 5), "MU": (9, 6), "SW": (8, 7), "AR": (7, 8),
                "MS": (6, 9), "DA": (5, 10), "NI": (5, 2), "ST": (10, 7), "FM": (8, 0), "PR": (5, 0),
                "MH": (5, 0), "DI": (5, 0), "IN": (7, 0), "TR": (3, 10)}
    assert {c.code: (c.count, c.force) for c in Card} == expected
    assert sum(C.full_deck()) == C.DECK_SIZE == 116
    assert [c.code for c in Card if c.is_soldier] == ["PF", "SP", "WM", "MU", "SW", "AR", "MS"]


def test_terrain_table_move_cost_and_defense():
    table = {t: (t.move_cost, t.defense) for t in Terrain}
    assert table == {Terrain.CLEAR: (1, 0), Terrain.FORTRESS: (1, 10), Terrain.KEEP: (1, 5),
                     Terrain.DIFFICULT: (2, 0), Terrain.COVERED: (2, 3), Terrain.TREACHEROUS: (2, -5),
                     Terrain.IMPASSABLE: (None, 0)}


def test_ruling_1_adjacency_is_orthogonal():
    s = started()
    clear_armies(s)
    at_phase(s, Phase.BATTLE)
    place(s, 0, "d4")
    place(s, 1, "e5")  # diagonal: no attack
    place(s, 1, "d5")  # north: attack
    attacks = [a for a in s.legal_actions() if isinstance(a, Attack)]
    assert attacks == [Attack(sq("d4"), sq("d5"))]


def test_ruling_16_setup_fortress_two_armies_no_gold_honor_cards():
    game = make_game()
    s = initial_state(game)
    assert s.current_player() == CHANCE
    for seat, (fort, second) in enumerate((("b1", "b2"), ("i9", "i10"))):
        squares = sorted(a.square for _, a in s.armies_of(seat))
        assert squares == sorted([sq(fort), sq(second)])
        assert s.control[sq(fort)] == seat
    assert s.gold == [0, 0] and s.honor == [0, 0] and all(sum(h) == 0 for h in s.hands)
    assert all(s.control[k] == -1 for k in game.board.keeps())  # keeps start neutral


def test_ruling_16_turn_order_is_a_random_permutation():
    s = initial_state(make_game(THREE_MAP))
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for _, p in outcomes)
    s.play(SetOrder((2, 0, 1)))
    assert s.turn_player == 2 and s.phase == Phase.REVENUE and s.round == 1


# ----- revenue and expense -------------------------------------------------------------------------------


def test_ruling_5_revenue_three_per_fortress_one_per_keep():
    s = started()
    assert s.gold[0] == 3  # p1's fortress paid on entering revenue
    s.control[sq("b4")] = 0
    s.control[sq("f6")] = 0
    s.gold[0] = 0
    s.phase = Phase.BATTLE
    s.play(End())  # p1's turn ends
    s.phase = Phase.BATTLE
    s.play(End())  # p2's turn ends; p1 collects
    assert s.gold[0] == 3 + 1 + 1


def test_prosperity_gives_3_gold_in_revenue_phase_only():
    s = started()
    give(s, 0, "PR PR")
    s.play(PlayCard(Card.PROSPERITY))
    s.play(PlayCard(Card.PROSPERITY))  # any number may be played
    assert s.gold[0] == 3 + 6 and s.discard[Card.PROSPERITY] == 2
    s.play(End())
    give(s, 0, "PR")
    with pytest.raises(IllegalActionError, match="revenue phase"):
        s.play(PlayCard(Card.PROSPERITY))


def test_expense_one_gold_per_army_paid_on_entering():
    s = started()
    s.gold[0] = 5
    s.play(End())
    assert s.phase == Phase.EXPENSE and s.gold[0] == 3  # two armies


def test_ruling_6_short_of_gold_the_player_chooses_armies_to_disband():
    s = started()
    place(s, 0, "c1")
    s.gold[0] = 2  # three armies, two gold
    s.play(End())
    assert decision(s) == "disband" and s.gold[0] == 2
    with pytest.raises(IllegalActionError, match="disband"):
        s.play(End())
    assert set(s.legal_actions()) == {Disband(sq("b1")), Disband(sq("b2")), Disband(sq("c1"))}
    s.play(Disband(sq("c1")))
    assert s.upkeep_paid and s.gold[0] == 0 and s.occupant[sq("c1")] == -1


def test_ruling_6_raise_armies_for_4_gold_next_to_own_fortress():
    s = at_phase(started(), Phase.EXPENSE)
    s.gold[0] = 8
    legal = {a for a in s.legal_actions() if isinstance(a, Raise)}
    assert legal == {Raise(sq("a1")), Raise(sq("c1"))}  # b1 and b2 occupied
    s.play(Raise(sq("a1")))
    s.play(Raise(sq("c1")))  # any number per turn
    assert s.gold[0] == 0 and s.army_at(sq("a1")).owner == 0
    with pytest.raises(IllegalActionError, match="costs 4 gold"):
        s.play(Raise(sq("b1")))


def test_ruling_6_new_armies_pay_upkeep_from_the_next_turn():
    s = at_phase(started(), Phase.EXPENSE)
    s.gold[0] = 4
    s.play(Raise(sq("a1")))
    for _ in range(4):
        s.play(End())  # expense -> draw -> honor -> travel -> battle
    s.play(End())  # p1's turn ends
    assert s.turn_player == 1
    s.phase = Phase.BATTLE
    s.gold[0] = 0
    s.play(End())  # p1 again: revenue 3
    s.play(End())  # expense: 3 armies but 3 gold
    assert s.gold[0] == 0 and s.upkeep_paid


# ----- draw and honor ------------------------------------------------------------------------------------


def test_ruling_7_first_draw_free_then_one_gold_each():
    s = at_phase(started(), Phase.DRAW)
    s.gold[0] = 1
    s.play(Draw())
    assert s.current_player() == CHANCE and s.gold[0] == 1
    s.play(Deal(Card.PEASANT))
    s.play(Draw())
    s.play(Deal(Card.DAIMYO))
    assert s.gold[0] == 0 and s.hands[0][Card.PEASANT] == 1 and s.hands[0][Card.DAIMYO] == 1
    with pytest.raises(IllegalActionError, match="costs 1 gold"):
        s.play(Draw())


def test_draw_chance_outcomes_are_card_types_weighted_by_count():
    s = at_phase(started(), Phase.DRAW)
    s.play(Draw())
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Deal(Card.PEASANT)] == pytest.approx(12 / 116)
    assert sum(outcomes.values()) == pytest.approx(1.0)


def test_ruling_7_empty_deck_reshuffles_the_discard_pile():
    s = at_phase(started(), Phase.DRAW)
    stack_deck(s, "")
    assert sum(s.deck) == 0 and sum(s.discard) == 116
    s.play(Draw())
    assert sum(s.deck) == 116 and sum(s.discard) == 0
    s.play(Deal(Card.TACTICS))
    assert s.hands[0][Card.TACTICS] == 1


def test_ruling_7_no_draw_when_deck_and_discard_are_empty():
    s = at_phase(started(), Phase.DRAW)
    for c in range(16):
        s.hands[1][c] += s.deck[c]
        s.deck[c] = 0
    with pytest.raises(IllegalActionError, match="both empty"):
        s.play(Draw())


def test_ruling_8_at_most_one_honor_bought_per_phase():
    s = at_phase(started(), Phase.HONOR)
    s.gold[0] = 3
    s.play(BuyHonor())
    assert s.honor[0] == 1 and s.gold[0] == 2
    with pytest.raises(IllegalActionError, match="one honor"):
        s.play(BuyHonor())


def test_much_honor_gives_4_honor_in_honor_phase():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "MH MH")
    s.play(PlayCard(Card.MUCH_HONOR))
    s.play(PlayCard(Card.MUCH_HONOR))
    assert s.honor[0] == 8


def test_ruling_8_intrigue_target_chooses_to_lose_3_honor():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "IN")
    give(s, 1, "PF SP WM")
    s.play(PlayCard(Card.INTRIGUE, 1))
    assert s.current_player() == 1
    assert set(s.legal_actions()) == {IntrigueReply(False), IntrigueReply(True)}
    s.play(IntrigueReply(False))
    assert s.honor[1] == -3  # ruling 8: honor may go negative
    assert s.current_player() == 0


def test_ruling_8_intrigue_target_may_discard_3_cards_of_their_choice():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "IN")
    give(s, 1, "PF SP WM DA")
    s.play(PlayCard(Card.INTRIGUE, 1))
    s.play(IntrigueReply(True))
    for code in ("PF", "SP", "WM"):
        assert s.current_player() == 1
        s.play(Discard(Card.from_code(code)))
    assert s.hands[1][Card.DAIMYO] == 1 and sum(s.hands[1]) == 1 and s.current_player() == 0


def test_ruling_8_intrigue_cards_only_if_holding_3():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "IN")
    give(s, 1, "PF SP")
    s.play(PlayCard(Card.INTRIGUE, 1))
    assert s.legal_actions() == [IntrigueReply(False)]
    with pytest.raises(IllegalActionError, match="at least 3 cards"):
        s.play(IntrigueReply(True))


# ----- travel --------------------------------------------------------------------------------------------


def test_ruling_2_movement_points_and_terrain_costs():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "d4")
    dests = {a.dst for a in s.legal_actions() if isinstance(a, Move)}
    # d3 (difficult, 2) reachable; e3 impassable never; c4-b4 (1+1) reachable; d5-d6 (1+1); e4 then e5 (1+2) not
    assert sq("d3") in dests and sq("e3") not in dests and sq("b4") in dests and sq("d6") in dests
    assert sq("e5") not in dests and sq("f4") in dests
    with pytest.raises(IllegalActionError, match="not reachable"):
        s.play(Move(sq("d4"), sq("e5")))


def test_ruling_2_pass_through_friends_not_end_on_them_enemies_block():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "c7")
    place(s, 0, "c8")
    place(s, 1, "d7")
    dests = {a.dst for a in s.legal_actions() if isinstance(a, Move) and a.src == sq("c7")}
    assert sq("c9") in dests  # through the friendly army at c8
    assert sq("c8") not in dests  # but not ending on it
    assert sq("d7") not in dests and sq("e7") not in dests  # the enemy at d7 blocks


def test_ruling_2_each_army_moves_once_per_travel_phase():
    s = at_phase(started(), Phase.TRAVEL)
    s.play(Move(sq("b2"), sq("b3")))
    with pytest.raises(IllegalActionError, match="at most once"):
        s.play(Move(sq("b3"), sq("b4")))


def test_ruling_3_control_changes_where_the_move_ends_and_stays():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "b2")
    place(s, 0, "f4")
    s.play(Move(sq("b2"), sq("b4")))  # ends on the keep: controlled
    assert s.control[sq("b4")] == 0
    s.play(Move(sq("f4"), sq("f6")))
    assert s.control[sq("f6")] == 0
    # control stays after the army leaves
    s.phase = Phase.TRAVEL
    s.moved = set()
    s.play(Move(sq("b4"), sq("c5")))
    assert s.control[sq("b4")] == 0


def test_ruling_3_passing_through_a_keep_does_not_take_it():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "a4")
    s.play(Move(sq("a4"), sq("c4")))  # through b4
    assert s.control[sq("b4")] == -1


def test_ruling_4_ending_a_move_in_an_enemy_fortress_puts_its_owner_out():
    game = make_game(THREE_MAP)
    s = at_phase(started(game), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "e9")
    place(s, 1, "a5")
    place(s, 2, "h1")
    give(s, 1, "PF DA")
    s.control[sq("b4")] = 1
    s.play(Move(sq("e9"), sq("e10")))  # p2's fortress
    assert not s.alive[1] and s.control[sq("e10")] == 0 and s.control[sq("b4")] == -1
    assert not s.armies_of(1) and sum(s.hands[1]) == 0 and s.discard[Card.DAIMYO] == 1
    assert not s.is_terminal()
    # captured fortress yields 3 gold to its captor
    assert s.revenue(0) == 6


def test_ruling_14_last_player_with_a_fortress_wins():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "i8")
    s.play(Move(sq("i8"), sq("i9")))
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, 0.0]


# ----- battle --------------------------------------------------------------------------------------------


def _battle(att: str = "d4", dfn: str = "d5", att_cards: str = "", def_cards: str = "",
            att_exp: int = 0, def_exp: int = 0):
    """p1 at ``att`` attacks p2 at ``dfn`` holding the given hands (battle draws off: Rules(battle_draw=0))."""
    s = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s)
    place(s, 0, att, att_exp)
    place(s, 1, dfn, def_exp)
    give(s, 0, att_cards)
    give(s, 1, def_cards)
    s.play(Attack(sq(att), sq(dfn)))
    return s


def test_ruling_9_battle_draws_five_cards_each_attacker_first():
    s = at_phase(started(), Phase.BATTLE)
    clear_armies(s)
    place(s, 0, "d4")
    place(s, 1, "d5")
    s.play(Attack(sq("d4"), sq("d5")))
    assert s.pending_draws == [0] * 5 + [1] * 5
    for _ in range(10):
        s.play(Deal(Card.PEASANT))
    assert s.hand_size(0) == 5 and s.hand_size(1) == 5 and s.current_player() == 0


def test_ruling_9_each_army_starts_at_most_one_attack_per_battle_phase():
    s2 = _battle(att_cards="DA", def_cards="SP")
    place(s2, 1, "c4")
    s2.play(Commit((Card.DAIMYO,)))
    s2.play(Commit((Card.SPEARMEN,)))  # attacker 10 beats 4
    while s2.current_player() != 0 or decision(s2) != "main":
        s2.play(s2.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="one attack"):
        s2.play(Attack(sq("d4"), sq("c4")))


def test_ruling_9_commitment_limits():
    s = _battle(att_cards="PF PF SP SP WM MU DA DA NI NI ST TR")
    for cards, rule in (((), "1 to 7"), ((Card.PEASANT,) * 2 + (Card.SPEARMEN,) * 2 + (Card.MONKS, Card.MUSKETEERS),
                                         "5 soldier"),
                        ((Card.DAIMYO, Card.DAIMYO), "one Daimyo"), ((Card.NINJA, Card.NINJA), "one Ninja"),
                        ((Card.PEASANT, Card.PEASANT, Card.SPEARMEN, Card.DAIMYO, Card.NINJA, Card.TACTICS,
                          Card.TREACHERY, Card.MONKS), "at most 7"),
                        ((Card.MOUNTED,), "hold 0")):
        with pytest.raises(IllegalActionError, match=rule):
            s.play(Commit(cards))
    legal = s.legal_actions()
    assert all(isinstance(a, Commit) and 1 <= len(a.cards) <= 7 for a in legal)
    assert Commit((Card.PEASANT, Card.PEASANT, Card.SPEARMEN, Card.DAIMYO, Card.NINJA, Card.TACTICS,
                   Card.TREACHERY)) in legal
    assert len(set(legal)) == len(legal)


def test_ruling_9_a_player_with_an_empty_hand_commits_nothing():
    s = _battle(att_cards="", def_cards="")
    # both hands empty, no cards drawn: the battle resolves at once; the defender wins the tie
    assert s.battle is None and s.last_battle.winner == 1 and s.last_battle.attacker_cards == ()


def test_ruling_10_force_is_cards_plus_experience_plus_defender_terrain():
    s = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s)
    place(s, 0, "f5", 2)
    place(s, 1, "f6", 1)  # a keep: +5
    give(s, 0, "MS AR ST")
    give(s, 1, "PF SP")
    s.play(Attack(sq("f5"), sq("f6")))
    s.play(Commit((Card.MOUNTED, Card.ARCHERS)))
    s.play(Commit((Card.PEASANT, Card.SPEARMEN)))
    r = s.last_battle
    assert (r.attacker_force, r.defender_force) == (9 + 8 + 2, 3 + 4 + 1 + 5)
    assert r.winner == 0


def test_ruling_10_defender_wins_ties():
    s = _battle(att_cards="SW", def_cards="SW")
    s.play(Commit((Card.SWORDSMEN,)))
    s.play(Commit((Card.SWORDSMEN,)))
    assert s.last_battle.attacker_force == s.last_battle.defender_force == 7 and s.last_battle.winner == 1


def test_ruling_10_treacherous_terrain_lowers_defense():
    s = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s)
    place(s, 0, "g5")
    place(s, 1, "g6")  # treacherous: -5
    give(s, 0, "PF")
    give(s, 1, "SW")
    s.play(Attack(sq("g5"), sq("g6")))
    s.play(Commit((Card.PEASANT,)))
    s.play(Commit((Card.SWORDSMEN,)))
    assert s.last_battle.defender_force == 2 and s.last_battle.winner == 0


def test_ninja_kills_the_opposing_daimyo():
    s = _battle(att_cards="NI PF", def_cards="DA")
    s.play(Commit((Card.NINJA, Card.PEASANT)))
    s.play(Commit((Card.DAIMYO,)))
    r = s.last_battle
    assert r.defender_card_force == 0 and r.attacker_card_force == 5 and r.winner == 0


def test_ruling_11_outcome_experience_honor_and_card_penalties():
    s = _battle(att_cards="TR NI ST", def_cards="PF")
    s.honor = [10, 10]
    s.play(Commit((Card.TREACHERY, Card.NINJA, Card.TACTICS)))
    s.play(Commit((Card.PEASANT,)))
    assert s.honor == [10 + 3 - 7 - 1, 10 - 1]
    winner = s.army_at(sq("d4"))
    assert winner.owner == 0 and winner.experience == 1 and s.army_at(sq("d5")) is None
    assert s.discard[Card.TREACHERY] >= 1 and s.card_total() == 116


def test_ruling_11_winner_moves_into_the_losers_keep_attacker_or_defender():
    s = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s)
    place(s, 0, "f5")
    place(s, 1, "f6")
    s.control[sq("f6")] = 1
    give(s, 0, "DA")
    give(s, 1, "PF")
    s.play(Attack(sq("f5"), sq("f6")))
    s.play(Commit((Card.DAIMYO,)))
    s.play(Commit((Card.PEASANT,)))  # 10 vs 3+5: attacker wins and moves in
    assert s.army_at(sq("f6")).owner == 0 and s.army_at(sq("f5")) is None and s.control[sq("f6")] == 0
    # defender winning against an attacker standing on a keep moves into that keep
    s2 = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s2)
    place(s2, 0, "b4")
    place(s2, 1, "b5")
    s2.control[sq("b4")] = 0
    give(s2, 0, "PF")
    give(s2, 1, "DA")
    s2.play(Attack(sq("b4"), sq("b5")))
    s2.play(Commit((Card.PEASANT,)))
    s2.play(Commit((Card.DAIMYO,)))
    assert s2.army_at(sq("b4")).owner == 1 and s2.control[sq("b4")] == 1 and s2.army_at(sq("b5")) is None


def test_ruling_11_winning_against_a_fortress_defender_captures_it():
    s = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s)
    place(s, 0, "i8")
    place(s, 1, "i9")
    give(s, 0, "DA MS AR")
    give(s, 1, "PF")
    s.play(Attack(sq("i8"), sq("i9")))
    s.play(Commit((Card.DAIMYO, Card.MOUNTED, Card.ARCHERS)))
    s.play(Commit((Card.PEASANT,)))  # 27 vs 3 + 10
    assert s.is_terminal() and s.winner == 0


def test_ruling_11_discard_down_to_8_for_the_winner_and_3_for_the_loser():
    s = _battle(att_cards="DA PF PF PF PF PF SP SP SP SP", def_cards="PF SP WM MU SW")
    s.play(Commit((Card.DAIMYO,)))
    s.play(Commit((Card.PEASANT,)))
    assert s.current_player() == 0 and decision(s) == "discard"  # winner: 9 cards -> 8
    s.play(Discard(Card.SPEARMEN))
    assert s.current_player() == 1  # loser: 4 cards -> 3, choosing which
    s.play(Discard(Card.SWORDSMEN))
    assert s.hand_size(0) == 8 and s.hand_size(1) == 3 and s.hands[1][Card.SWORDSMEN] == 0
    assert decision(s) == "main"


def test_ruling_12_diplomacy_no_winner_no_loss_no_honor_both_discard_to_5():
    s = _battle(att_cards="DI TR NI PF PF PF PF", def_cards="SW SW SW SW SW SW SW")
    s.honor = [5, 5]
    s.play(Commit((Card.DIPLOMACY, Card.TREACHERY, Card.NINJA)))
    s.play(Commit((Card.SWORDSMEN,)))
    assert s.last_battle.winner is None and s.honor == [5, 5]
    assert s.army_at(sq("d4")).experience == 0 and s.army_at(sq("d5")) is not None
    assert s.discard[Card.DIPLOMACY] == 1 and s.discard[Card.TREACHERY] == 1  # committed cards discarded
    s.play(Discard(Card.SWORDSMEN))  # defender 6 -> 5; attacker has 4: nothing to discard
    assert s.hand_size(1) == 5 and decision(s) == "main"


def test_battle_commitment_is_hidden_until_both_are_made():
    s = _battle(att_cards="DA SW", def_cards="PF")
    s.play(Commit((Card.DAIMYO,)))
    obs = observation(s, 1)
    assert obs.hidden_commitment == 1 and obs.state.battle.attacker_cards == ()
    assert sum(obs.state.hands[0]) == 0 and obs.hand_sizes[0] == 1
    assert obs.unseen[Card.DAIMYO] == 5  # the defender cannot place the Daimyo
    s.play(Commit((Card.PEASANT,)))
    assert s.last_battle.attacker_cards == (Card.DAIMYO,)


# ----- forced march --------------------------------------------------------------------------------------


def test_ruling_13_forced_march_gives_one_more_travel_and_battle_phase():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "c3")
    place(s, 0, "a6")
    give(s, 0, "FM FM")
    s.play(PlayCard(Card.FORCED_MARCH, sq("c3")))
    with pytest.raises(IllegalActionError, match="one Forced March"):
        s.play(PlayCard(Card.FORCED_MARCH, sq("c3")))
    s.play(Move(sq("c3"), sq("c5")))
    s.play(End())  # to battle
    s.play(End())  # to the extra travel phase
    assert s.phase == Phase.MARCH_TRAVEL
    with pytest.raises(IllegalActionError, match="Forced March"):
        s.play(Move(sq("a6"), sq("a7")))
    s.play(Move(sq("c5"), sq("c7")))
    s.play(End())
    assert s.phase == Phase.MARCH_BATTLE
    s.play(End())
    assert s.turn_player == 1


def test_ruling_13_forced_march_only_in_travel_or_battle_phase():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "FM")
    with pytest.raises(IllegalActionError, match="travel or battle"):
        s.play(PlayCard(Card.FORCED_MARCH, sq("b2")))


def test_battle_cards_cannot_be_played_outside_battle():
    s = at_phase(started(), Phase.TRAVEL)
    give(s, 0, "ST")
    with pytest.raises(IllegalActionError, match="committed to a battle"):
        s.play(PlayCard(Card.TACTICS))


# ----- victory -------------------------------------------------------------------------------------------


def test_ruling_14_reaching_50_honor_wins_at_once():
    s = at_phase(started(), Phase.HONOR)
    s.honor[0] = 49
    s.gold[0] = 1
    s.play(BuyHonor())
    assert s.is_terminal() and s.winner == 0


def test_ruling_14_max_rounds_ends_the_game_as_a_draw():
    s = started(make_game(max_rounds=2))
    for _ in range(4):
        s.phase = Phase.BATTLE
        s.play(End())
    assert s.is_terminal() and s.is_draw() and s.round == 2 and s.returns() == [0.5, 0.5]


def test_turns_skip_eliminated_players():
    game = make_game(FOUR_MAP)
    s = at_phase(started(game), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "a9")
    s.play(Move(sq("a9"), sq("a10")))  # p2 out
    s.phase = Phase.BATTLE
    s.play(End())
    assert s.turn_player == 2


# ----- trading -------------------------------------------------------------------------------------------


def test_ruling_15_trade_gold_cards_armies_keeps_and_honor():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    place(s, 0, "b4", 2)
    place(s, 1, "h8")
    s.control[sq("b4")] = 0
    s.gold = [5, 2]
    s.honor = [4, 3]
    give(s, 0, "DA ST")
    give(s, 1, "MS")
    offer = Offer(1, Bundle(gold=2, honor=1, cards=(Card.DAIMYO,), armies=(sq("b4"),), keeps=(sq("b4"),)),
                  Bundle(gold=1, cards=(Card.MOUNTED,)), "I will not attack you")
    s.play(offer)
    assert s.current_player() == 1 and decision(s) == "reply"
    s.play(Accept())
    assert s.gold == [4, 3] and s.honor == [3, 4]
    assert s.hands[1][Card.DAIMYO] == 1 and s.hands[0][Card.MOUNTED] == 1
    assert s.army_at(sq("b4")) == (1, sq("b4"), 2) and s.control[sq("b4")] == 1  # keeps its experience
    assert s.current_player() == 0


def test_ruling_15_declined_offer_changes_nothing_and_at_most_3_offers_per_turn():
    s = at_phase(started(), Phase.DRAW)
    s.gold = [3, 0]
    before = s.to_json()
    offer = Offer(1, Bundle(gold=1), Bundle())
    for _ in range(3):
        s.play(offer)
        s.play(Decline())
    assert s.gold == [3, 0] and s.offers_made == 3 and before["gold"] == s.gold
    with pytest.raises(IllegalActionError, match="at most 3"):
        s.play(offer)


def test_ruling_15_fortresses_cannot_be_traded_and_occupied_keeps_go_with_their_army():
    s = at_phase(started(), Phase.DRAW)
    with pytest.raises(IllegalActionError, match="fortress"):
        s.play(Offer(1, Bundle(armies=(sq("b1"),))))
    place(s, 0, "b4")
    s.control[sq("b4")] = 0
    with pytest.raises(IllegalActionError, match="occupied"):
        s.play(Offer(1, Bundle(keeps=(sq("b4"),))))


def test_ruling_15_accept_needs_the_cards_asked_for():
    s = at_phase(started(), Phase.DRAW)
    s.play(Offer(1, Bundle(), Bundle(cards=(Card.DAIMYO,))))  # the offerer cannot see p2's hand
    assert s.legal_actions() == [Decline()]
    with pytest.raises(IllegalActionError, match="does not hold"):
        s.play(Accept())


# ----- checked entry point -------------------------------------------------------------------------------


def test_illegal_action_raises_naming_the_rule_and_leaves_state_unchanged():
    s = at_phase(started(), Phase.TRAVEL)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="not reachable"):
        s.play("move b2 b9")
    with pytest.raises(IllegalActionError, match="battle phase"):
        s.play("attack e5 e6")
    with pytest.raises(IllegalActionError, match="no army"):
        s.play("move e5 e6")
    with pytest.raises(IllegalActionError, match="cannot read"):
        s.play("fly b2 b9")
    assert issubclass(IllegalActionError, ValueError)
    assert s.to_json() == before


def test_legal_actions_are_exactly_those_play_accepts():
    rng = random.Random(3)
    s = started()
    for _ in range(400):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        for a in legal:
            assert s.why_illegal(a) is None
        a = legal[rng.randrange(len(legal))]
        s.play(a)


def test_ruling_6_and_15_a_trade_while_disbanding_settles_upkeep():
    # Three armies, two gold: p1 must disband, but may trade first (offers are open at any own decision).
    s = started()
    place(s, 0, "c1")
    s.gold = [2, 5]
    s.play(End())
    assert decision(s) == "disband"
    s.play(Offer(1, Bundle(), Bundle(gold=1)))  # p2 gives 1 gold: 3 gold for 3 armies
    s.play(Accept())
    assert decision(s) == "main" and s.upkeep_paid and s.gold == [0, 4]
    assert len(s.armies_of(0)) == 3
    s.play(End())
    assert s.phase == Phase.DRAW


def test_ruling_6_and_15_giving_an_army_away_while_disbanding_settles_upkeep():
    s = started()
    clear_armies(s)
    place(s, 0, "b2")
    place(s, 0, "d4")
    place(s, 0, "e4")
    s.gold = [2, 0]
    at_phase(s, Phase.EXPENSE)
    s.upkeep_paid = False  # three armies, two gold: the choice of armies to disband is pending
    assert decision(s) == "disband"
    s.play(Offer(1, Bundle(armies=(sq("e4"),))))
    s.play(Accept())
    assert s.upkeep_paid and s.gold[0] == 0 and s.army_at(sq("e4")).owner == 1
    assert decision(s) == "main" and Disband(sq("b2")) not in s.legal_actions()


def test_ruling_6_a_trade_while_disbanding_that_leaves_gold_short_still_demands_a_disband():
    s = started()
    place(s, 0, "c1")
    s.gold = [1, 5]
    s.play(End())
    s.play(Offer(1, Bundle(), Bundle(gold=1)))  # 2 gold for 3 armies: still short
    s.play(Accept())
    assert decision(s) == "disband" and s.gold == [2, 4] and not s.upkeep_paid
    s.play(Disband(sq("c1")))
    assert s.upkeep_paid and s.gold[0] == 0
