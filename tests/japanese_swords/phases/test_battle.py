"""The battle phase and Forced March (rulings 9-13), one test per rule."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    Attack,
    Commit,
    Deal,
    Discard,
    End,
    Move,
    PlayCard,
)
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import decision
from japanese_swords.errors import IllegalActionError
from japanese_swords.observation import observation
from tests.positions import (
    at_phase,
    clear_armies,
    give,
    make_game,
    place,
    sq,
    started,
)

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
