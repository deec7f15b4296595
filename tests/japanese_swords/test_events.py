"""The engine's events: each kind is emitted with the right fields in a scripted position, events agree
with the state change over random play, and hidden cards reach no other seat."""

from __future__ import annotations

import random

import pytest

from japanese_swords import events as E
from japanese_swords.actions import (
    Accept,
    Attack,
    Bundle,
    BuyHonor,
    Commit,
    Deal,
    Disband,
    Discard,
    Draw,
    End,
    IntrigueReply,
    Move,
    Offer,
    PlayCard,
    Raise,
)
from japanese_swords.cards import Card
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, apply, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from tests.positions import THREE_MAP, at_phase, clear_armies, give, make_game, place, sq, stack_deck, started


def _of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_a_new_turn_reports_the_turn_its_revenue_and_the_phase():
    s = initial_state(make_game())
    events = s.play("order p1 p2")
    assert events == (E.TurnStarted(0, 1), E.PhaseStarted(0, Phase.REVENUE), E.GoldChanged(0, 3, "revenue"))


def test_ending_a_phase_reports_it_and_the_upkeep_paid_on_entering_expense():
    s = started()
    events = s.play(End())
    assert events == (E.PhaseEnded(0, Phase.REVENUE), E.PhaseStarted(0, Phase.EXPENSE),
                      E.GoldChanged(0, -2, "upkeep"))


def test_prosperity_much_honor_and_bought_honor_report_gold_and_honor():
    s = started()
    give(s, 0, "PR MH")
    assert s.play(PlayCard(Card.PROSPERITY)) == (E.CardPlayed(0, Card.PROSPERITY), E.GoldChanged(0, 3, "prosperity"))
    at_phase(s, Phase.HONOR)
    assert s.play(PlayCard(Card.MUCH_HONOR)) == (E.CardPlayed(0, Card.MUCH_HONOR), E.HonorChanged(0, 4, "much honor"))
    assert s.play(BuyHonor()) == (E.GoldChanged(0, -1, "honor"), E.HonorChanged(0, 1, "bought"))


def test_intrigue_reports_the_honor_lost_or_each_card_discarded():
    s = at_phase(started(), Phase.HONOR)
    give(s, 0, "IN IN")
    give(s, 1, "PF SP WM")
    assert s.play(PlayCard(Card.INTRIGUE, 1)) == (E.CardPlayed(0, Card.INTRIGUE, 1),)
    assert s.play(IntrigueReply(False)) == (E.HonorChanged(1, -3, "intrigue"),)
    s.play(PlayCard(Card.INTRIGUE, 1))
    assert s.play(IntrigueReply(True)) == ()
    assert s.play(Discard(Card.PEASANT)) == (E.CardDiscarded(1, Card.PEASANT, "intrigue"),)


def test_draws_report_their_price_and_the_card_to_its_holder_only():
    s = at_phase(started(), Phase.DRAW)
    stack_deck(s, "DA PF")
    assert s.play(Draw()) == ()
    (dealt,) = s.play(Deal(Card.DAIMYO))
    assert dealt == E.CardDealt(0, Card.DAIMYO, 0) and not dealt.for_battle
    assert dealt.seen_by(0) == dealt and dealt.seen_by(1) == E.CardDealt(0, None, 0)
    assert dealt.seen_by(None).card is None
    assert s.play(Draw()) == (E.GoldChanged(0, -1, "draw"),)
    assert s.play(Deal(Card.PEASANT)) == (E.CardDealt(0, Card.PEASANT, 1),)


def test_an_empty_deck_reports_the_reshuffle():
    s = at_phase(started(), Phase.DRAW)
    stack_deck(s, "")
    events = s.play(Draw())
    assert events == (E.DeckReshuffled(116),)


def test_raising_and_disbanding_report_the_army_and_the_gold():
    s = at_phase(started(), Phase.EXPENSE)
    s.gold[0] = 4
    aid = s.next_army_id
    assert s.play(Raise(sq("a1"))) == (E.GoldChanged(0, -4, "raise"), E.ArmyRaised(0, aid, sq("a1"), 4))
    assert s.armies[aid].square == sq("a1")
    s2 = started()
    c1 = place(s2, 0, "c1")
    s2.gold[0] = 1
    s2.play(End())  # 3 armies, 1 gold: choose armies to disband until the upkeep is affordable
    assert s2.play(Disband(sq("c1"))) == (E.ArmyRemoved(0, c1, sq("c1"), "disbanded"),)  # 2 armies: still short
    b2 = s2.occupant[sq("b2")]
    assert s2.play(Disband(sq("b2"))) == (E.ArmyRemoved(0, b2, sq("b2"), "disbanded"), E.GoldChanged(0, -1, "upkeep"))


def test_a_move_reports_the_army_and_the_keep_taken():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    aid = place(s, 0, "b3")
    events = s.play(Move(sq("b3"), sq("b4")))
    assert events == (E.ArmyMoved(0, aid, sq("b3"), sq("b4")), E.ControlChanged(sq("b4"), -1, 0, "occupied"))


def test_taking_a_home_fortress_reports_the_elimination_and_what_it_removed():
    game = make_game(THREE_MAP)
    s = at_phase(started(game), Phase.TRAVEL)
    clear_armies(s)
    mover = place(s, 0, "e9")
    gone = place(s, 1, "a5")
    place(s, 2, "h1")
    give(s, 1, "PF DA")
    s.control[sq("b4")] = 1
    events = s.play(Move(sq("e9"), sq("e10")))
    assert events == (
        E.ArmyMoved(0, mover, sq("e9"), sq("e10")),
        E.ControlChanged(sq("e10"), 1, 0, "occupied"),
        E.PlayerEliminated(1, 0, 2),
        E.ArmyRemoved(1, gone, sq("a5"), "eliminated"),
        E.ControlChanged(sq("b4"), 1, -1, "eliminated"),
    )


def test_a_battle_reports_its_start_commitments_result_and_consequences():
    s = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s)
    att = place(s, 0, "f5")
    dfn = place(s, 1, "f6")
    s.control[sq("f6")] = 1
    give(s, 0, "DA")
    give(s, 1, "PF")
    assert s.play(Attack(sq("f5"), sq("f6"))) == (E.BattleStarted(0, 1, att, dfn, sq("f5"), sq("f6")),)
    (committed,) = s.play(Commit((Card.DAIMYO,)))
    assert committed == E.CardsCommitted(0, 1, (Card.DAIMYO,))
    assert committed.seen_by(1) == E.CardsCommitted(0, 1, ())
    events = s.play(Commit((Card.PEASANT,)))
    resolved = events[1]
    assert events[0] == E.CardsCommitted(1, 1, (Card.PEASANT,))
    assert isinstance(resolved, E.BattleResolved) and resolved.report == s.last_battle
    assert resolved.loser == dfn and resolved.winner_army == att
    assert resolved.report.attacker_cards == (Card.DAIMYO,) and resolved.report.defender_cards == (Card.PEASANT,)
    assert (resolved.report.attacker_force, resolved.report.defender_force) == (10, 8)
    assert events[2:] == (
        E.HonorChanged(0, 3, "battle"), E.HonorChanged(1, -1, "battle"),
        E.ArmyRemoved(1, dfn, sq("f6"), "battle"),
        E.ArmyMoved(0, att, sq("f5"), sq("f6")),
        E.ControlChanged(sq("f6"), 1, 0, "occupied"),
    )
    assert s.armies[att].experience == 1


def test_diplomacy_reports_a_battle_without_winner_or_loser():
    s = at_phase(started(make_game(battle_draw=0)), Phase.BATTLE)
    clear_armies(s)
    place(s, 0, "d4")
    place(s, 1, "d5")
    give(s, 0, "DI")
    give(s, 1, "SW")
    s.play(Attack(sq("d4"), sq("d5")))
    s.play(Commit((Card.DIPLOMACY,)))
    events = s.play(Commit((Card.SWORDSMEN,)))
    (resolved,) = _of(events, E.BattleResolved)
    assert resolved.report.winner is None and resolved.loser is None and resolved.winner_army is None
    assert not _of(events, E.HonorChanged) and not _of(events, E.ArmyRemoved)


def test_a_trade_reports_every_transfer():
    s = at_phase(started(), Phase.TRAVEL)
    clear_armies(s)
    aid = place(s, 0, "b4", 2)
    place(s, 1, "h8")
    s.control[sq("b4")] = 0
    s.gold, s.honor = [5, 2], [4, 3]
    give(s, 0, "DA ST")
    give(s, 1, "MS")
    s.play(Offer(1, Bundle(gold=2, honor=1, cards=(Card.DAIMYO,), armies=(sq("b4"),), keeps=(sq("b4"),)),
                 Bundle(gold=1, cards=(Card.MOUNTED,))))
    events = s.play(Accept())
    assert events == (
        E.GoldChanged(0, -2, "trade"), E.GoldChanged(1, 2, "trade"),
        E.HonorChanged(0, -1, "trade"), E.HonorChanged(1, 1, "trade"),
        E.CardsGiven(0, 1, (Card.DAIMYO,)), E.ArmyGiven(aid, sq("b4"), 0, 1),
        E.ControlChanged(sq("b4"), 0, 1, "trade"),
        E.GoldChanged(1, -1, "trade"), E.GoldChanged(0, 1, "trade"), E.CardsGiven(1, 0, (Card.MOUNTED,)),
    )


def test_the_end_of_the_game_is_reported_with_the_winner_or_a_draw():
    s = at_phase(started(), Phase.HONOR)
    s.honor[0] = 49
    assert s.play(BuyHonor())[-1] == E.GameOver(0, 1)
    s2 = started(make_game(max_rounds=1))
    s2.phase = Phase.BATTLE
    s2.play(End())
    s2.phase = Phase.BATTLE
    assert s2.play(End())[-1] == E.GameOver(None, 1)


def test_the_fast_path_collects_nothing_unless_given_a_list():
    s = started()
    assert apply(s, End()) is None and s.apply(End()) is None  # no events kept anywhere
    collected: list[E.Event] = []
    s.apply(End(), collected)
    assert collected == [E.PhaseEnded(0, Phase.DRAW), E.PhaseStarted(0, Phase.HONOR)]


def _keeps(state: State, seat: int) -> int:
    return sum(1 for sq_ in state.game.board.keeps() if state.control[sq_] == seat)


@pytest.mark.parametrize("map_name,seed", [("classic-2p", 1), ("classic-2p", 2), ("onin-4p", 3)])
def test_events_agree_with_the_state_change_over_random_play(map_name: str, seed: int) -> None:
    """Summed gold, honor, army, card and keep changes equal the state's; removed armies are gone, moved
    ones are where the event says; no seat sees another seat's dealt or committed cards."""
    game = Game(load_map(map_name), Rules(max_rounds=40))
    rng = random.Random(seed)
    s = initial_state(game)
    n = game.num_players
    keeps = frozenset(game.board.keeps())
    kinds: set[type] = set()
    while not s.is_terminal():
        before = s.clone()
        action = sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions())
        events = s.play(action)
        kinds.update(type(e) for e in events)
        changes = E.net_changes(events, n, keeps)
        for seat in range(n):
            d = changes[seat]
            assert d["gold"] == s.gold[seat] - before.gold[seat], (action, events)
            assert d["honor"] == s.honor[seat] - before.honor[seat], (action, events)
            assert d["armies"] == len(s.armies_of(seat)) - len(before.armies_of(seat)), (action, events)
            assert d["cards"] == s.hand_size(seat) - before.hand_size(seat), (action, events)
            assert d["keeps"] == _keeps(s, seat) - _keeps(before, seat), (action, events)
            for e in E.public(events, seat):
                if isinstance(e, E.CardDealt) and e.seat != seat:
                    assert e.card is None
                if isinstance(e, E.CardsCommitted) and e.seat != seat:
                    assert e.cards == ()
        for e in events:
            if isinstance(e, E.ArmyRemoved):
                assert e.army not in s.armies and before.armies[e.army].square == e.square
            if isinstance(e, E.ArmyMoved) and e.army in s.armies and not _of(events, E.ArmyGiven):
                assert s.armies[e.army].square == e.dst
            if isinstance(e, E.ControlChanged):
                assert before.control[e.square] == e.old
        assert bool(_of(events, E.GameOver)) == (s.is_terminal() and not before.is_terminal())
    assert {E.TurnStarted, E.CardDealt, E.ArmyMoved, E.BattleResolved, E.GameOver} <= kinds
