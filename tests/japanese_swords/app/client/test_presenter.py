"""The presenter maps clicks to engine actions: tested without a window, against the real engine."""

from __future__ import annotations

import dataclasses

from japanese_swords.actions import Attack, Commit, Draw, End, Move, Offer, Raise
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.movement import reachable

from .conftest import end_until, new_game, run_until_human, teleport


def test_revenue_phase_buttons_say_why_they_are_disabled():
    session, controller, p = new_game()
    assert session.state.phase == Phase.REVENUE and p.my_decision() == "main"
    buttons = {b.key: b for b in p.buttons()}
    assert not buttons["draw"].enabled and "draw phase" in buttons["draw"].tooltip
    assert not buttons["honor"].enabled and "honor phase" in buttons["honor"].tooltip
    assert not buttons["raise"].enabled and "expense phase" in buttons["raise"].tooltip
    assert buttons["end"].enabled and buttons["end"].label == "End revenue phase"
    assert "Revenue phase" in p.prompt()
    controller.close()


def test_pressing_end_moves_through_the_phases_and_draw_costs_gold_after_the_first():
    session, controller, p = new_game()
    assert p.press("end") == End()
    assert session.state.phase == Phase.EXPENSE
    buttons = {b.key: b for b in p.buttons()}
    assert not buttons["raise"].enabled and "4 gold" in buttons["raise"].tooltip  # 3 revenue - 2 upkeep
    end_until(p, Phase.DRAW)
    gold = session.state.gold[0]
    assert p.press("draw") == Draw()
    run_until_human(controller)  # the card is dealt (a chance event)
    assert sum(session.state.hands[0]) == 1 and session.state.gold[0] == gold
    assert {b.key: b for b in p.buttons()}["draw"].label.startswith("Buy a card")
    p.press("draw")
    run_until_human(controller)
    assert sum(session.state.hands[0]) == 2 and session.state.gold[0] == gold - 1
    controller.close()


def test_raise_mode_highlights_squares_and_a_click_raises_an_army():
    session, controller, p = new_game()
    p.press("end")
    session.state.gold[0] = 9  # set-up: enough gold to raise
    assert p.press("raise") is None and p.mode == "raise"
    marked = p.highlights()
    assert marked and all(kind == "raise" for kind, _ in marked.values())
    target = sorted(marked)[0]
    armies = len(session.state.armies_of(0))
    assert p.click_square(target) == Raise(target)
    assert len(session.state.armies_of(0)) == armies + 1 and session.state.gold[0] == 5
    assert session.state.army_at(target).owner == 0 and p.mode is None
    controller.close()


def test_selecting_an_army_highlights_reachable_squares_with_their_cost_and_a_click_moves_it():
    session, controller, p = new_game()
    end_until(p, Phase.TRAVEL)
    f2 = square_index("f2")
    assert p.click_square(f2) is None and p.selected == f2
    marks = p.highlights()
    aid = session.state.occupant[f2]
    costs = reachable(session.state, aid)
    moves = {sq: cost for sq, (kind, cost) in marks.items() if kind == "move"}
    assert moves == costs
    dst = max(moves, key=lambda sq: (moves[sq], sq))
    assert p.click_square(dst) == Move(f2, dst)
    assert session.state.occupant[dst] == aid and session.state.occupant[f2] == -1
    # the moved army cannot move again; clicking it says why
    p.click_square(dst)
    assert "already moved" in p.notice
    controller.close()


def test_clicking_an_unreachable_square_only_drops_the_selection():
    session, controller, p = new_game()
    end_until(p, Phase.TRAVEL)
    f2 = square_index("f2")
    p.click_square(f2)
    before = session.state.clone()
    far = square_index("a10")
    assert p.click_square(far) is None and p.selected is None
    assert session.state == before
    controller.close()


def test_attack_then_commit_with_live_limits_resolves_a_battle():
    session, controller, p = new_game(seed=4)
    st = session.state
    teleport(st, square_index("f10"), square_index("g2"))  # an enemy army next to ours at f2
    st.hands[0] = [0] * 16
    for card, n in ((Card.MOUNTED, 6), (Card.DAIMYO, 2), (Card.NINJA, 2)):
        st.hands[0][card] = n
        st.deck[card] -= n
    end_until(p, Phase.BATTLE)
    f2, g2 = square_index("f2"), square_index("g2")
    p.click_square(f2)
    assert p.highlights()[g2] == ("attack", None)
    assert p.click_square(g2) is None and "Click again to confirm" in p.notice  # asks first
    assert p.click_square(g2) == Attack(f2, g2)
    run_until_human(controller)
    assert p.my_decision() == "commit" and "Battle" in p.prompt()
    for _ in range(5):
        assert p.toggle_pick(Card.MOUNTED)
    assert not p.toggle_pick(Card.MOUNTED) and "5 soldier" in p.notice  # sixth soldier refused
    assert p.toggle_pick(Card.DAIMYO) and not p.toggle_pick(Card.DAIMYO)
    assert "Daimyo" in p.notice
    assert p.toggle_pick(Card.NINJA)
    assert p.battle_limits() == {"cards": (7, 7), "soldiers": (5, 5), "Daimyo": (1, 1), "Ninja": (1, 1)}
    assert p.pick_force() == 5 * 9 + 10 + 2
    assert p.commit_problem() is None
    assert p.commit() == Commit((Card.MOUNTED,) * 5 + (Card.DAIMYO, Card.NINJA))
    run_until_human(controller)
    report = st.last_battle if st is session.state else session.state.last_battle
    assert report is not None and report.attacker_cards.count(Card.MOUNTED) == 5
    assert session.battles == 1
    controller.close()


def test_hand_view_marks_playable_cards_and_click_plays_prosperity():
    session, controller, p = new_game()
    st = session.state
    st.hands[0][Card.PROSPERITY] = 1
    st.deck[Card.PROSPERITY] -= 1
    st.hands[0][Card.MUCH_HONOR] = 1
    st.deck[Card.MUCH_HONOR] -= 1
    views = {v.card: v for v in p.hand_view()}
    assert views[Card.PROSPERITY].playable and not views[Card.MUCH_HONOR].playable
    assert "gain 3 gold" in views[Card.PROSPERITY].note
    gold = st.gold[0]
    p.click_card(Card.MUCH_HONOR)
    assert "honor phase" in p.notice and st.gold[0] == gold
    p.click_card(Card.PROSPERITY)
    assert st.gold[0] == gold + 3 and st.hands[0][Card.PROSPERITY] == 0
    controller.close()


def test_forced_march_card_asks_for_an_army_then_plays_on_it():
    session, controller, p = new_game()
    st = session.state
    st.hands[0][Card.FORCED_MARCH] = 1
    st.deck[Card.FORCED_MARCH] -= 1
    end_until(p, Phase.TRAVEL)
    p.click_card(Card.FORCED_MARCH)
    assert p.mode == "march" and set(p.highlights()) == {sq for _, a in st.armies_of(0) for sq in [a.square]}
    f2 = square_index("f2")
    p.click_square(f2)
    assert st.occupant[f2] in st.marched and p.mode is None
    controller.close()


def test_discard_decision_chooses_cards_and_discards_them_on_confirmation():
    session, controller, p = new_game()
    st = session.state
    st.hands[0] = [0] * 16
    st.hands[0][Card.PEASANT] = 5
    st.deck[Card.PEASANT] -= 5
    st.discard_queue = [(0, 3)]
    assert p.my_decision() == "discard" and "Discard down to 3" in p.prompt()
    assert all(v.playable for v in p.hand_view())
    p.click_card(Card.PEASANT)
    assert sum(st.hands[0]) == 5 and not p.discards.confirm()  # one of two chosen: nothing happens
    p.click_card(Card.PEASANT)
    assert sum(st.hands[0]) == 5 and p.discards.problem() is None
    assert p.discards.confirm()
    assert sum(st.hands[0]) == 3 and p.my_decision() == "main"
    controller.close()


def test_intrigue_reply_options_and_losing_honor():
    session, controller, p = new_game()
    st = session.state
    st.intrigue = (0, -1)
    st.honor[0] = 5
    options = {o.key: o for o in p.intrigue_options()}
    assert options["honor"].enabled and not options["cards"].enabled  # fewer than 3 cards
    assert "at least 3 cards" in options["cards"].tooltip
    p.answer_intrigue(False)
    assert st.honor[0] == 2 and st.intrigue is None
    controller.close()


def test_trade_offer_goes_to_the_ai_which_answers():
    session, controller, p = new_game()
    p.press("trade")
    assert p.trade is not None and p.trade.to == 1
    p.trade.give_gold = 99
    assert "gold" in (p.trade_problem() or "")
    assert p.send_trade() is None
    p.trade.give_gold = 1
    offer = p.send_trade()
    assert isinstance(offer, Offer) and session.state.offer == offer
    run_until_human(controller)
    assert session.state.offer is None
    assert any("decline" in line.text for line in session.log[-3:])
    assert session.state.offers_made == 1
    controller.close()


def test_hover_lines_describe_terrain_control_and_occupant():
    session, controller, p = new_game()
    lines = p.hover_lines(square_index("f1"))
    assert lines[0].startswith("f1: Fortress - move cost 1, defence +10")
    assert "held by You" in lines[1] and "home of You" in lines[1]
    assert any("Your army" in line for line in lines)
    mountain = p.hover_lines(square_index("a1"))
    assert "impassable" in mountain[0]
    controller.close()


def test_everything_is_disabled_while_the_ai_decides():
    session, controller, p = new_game(order=(1, 0))
    assert not controller.human_to_act() and p.my_decision() == "wait"
    assert all(not b.enabled for b in p.buttons())
    assert p.click_square(square_index("f2")) is None and p.highlights() == {}
    run_until_human(controller)
    assert session.state.turn_player == 0
    controller.close()


def test_hovering_an_enemy_shows_attack_odds_and_a_click_asks_before_attacking():
    session, controller, p = new_game(seed=4)
    st = session.state
    teleport(st, square_index("f10"), square_index("g2"))
    f2, g2 = square_index("f2"), square_index("g2")
    st.hands[0] = [0] * 16
    st.hands[0][Card.MOUNTED] = 5  # a strong hand: five Mounted against whatever the defender holds
    st.deck[Card.MOUNTED] -= 5
    end_until(p, Phase.BATTLE)
    p.click_square(f2)
    strong = p.attack_odds(f2, g2)
    lines = p.hover_lines(g2)
    assert f"Estimated win chance {strong.win:.0%}" in " ".join(lines)
    assert abs(strong.win + strong.lose + strong.void - 1) < 1e-9
    # the first click only asks, showing the same odds; Esc cancels; the battle starts after a second click
    assert p.click_square(g2) is None and session.battles == 0 and st.battle is None
    assert f"{strong.win:.0%}" in p.notice and p.pending_attack == Attack(f2, g2)
    p.cancel()
    assert p.pending_attack is None
    p.click_square(f2)
    assert p.click_square(g2) is None
    assert p.click_square(g2) == Attack(f2, g2)
    controller.close()


def test_attack_odds_fall_with_a_weaker_hand_and_count_the_defenders_diplomacy():
    session, controller, p = new_game(seed=4)
    st = session.state
    teleport(st, square_index("f10"), square_index("g2"))
    f2, g2 = square_index("f2"), square_index("g2")
    end_until(p, Phase.BATTLE)

    def known(mine: dict, theirs: dict) -> None:
        """Both hands exactly as given, every other card discarded and no battle draw (rules with
        ``battle_draw=0``): every sampled world is the same."""
        st.game = dataclasses.replace(st.game, rules=dataclasses.replace(st.game.rules, battle_draw=0))
        st.hands[0], st.hands[1] = [0] * 16, [0] * 16
        for hand, cards in ((st.hands[0], mine), (st.hands[1], theirs)):
            for card, n in cards.items():
                hand[card] = n
        st.deck = [0] * 16
        st.discard = [Card(i).count - st.hands[0][i] - st.hands[1][i] for i in range(16)]
        session.version += 1  # the odds cache is per game version

    known({Card.MOUNTED: 5}, {Card.SPEARMEN: 3})
    strong = p.attack_odds(f2, g2)
    known({Card.MOUNTED: 1}, {Card.SPEARMEN: 3})
    weak = p.attack_odds(f2, g2)
    assert strong.win == 1.0 and weak.win == 0.0
    known({Card.MOUNTED: 5}, {Card.DIPLOMACY: 1})  # a defender holding Diplomacy voids the attack
    void = p.attack_odds(f2, g2)
    assert void.void == 1.0 and void.win == 0.0
    controller.close()


def test_the_battle_screen_shows_each_sides_hand_size_and_face_down_count():
    from japanese_swords.app.client.battle_view import side_status
    from japanese_swords.core import Battle

    session, controller, _p = new_game(seed=4)
    st = session.state
    assert side_status(st, "def", 1) == ("", "")  # no battle, nothing to show
    st.battle = Battle(st.occupant[15], st.occupant[95], 0, 1)
    st.hands[1] = [0] * 16
    st.hands[1][Card.SPEARMEN] = 4
    hand, status = side_status(st, "def", 1)
    assert hand == "4 cards in hand" and status == ""
    st.battle.defender_cards = (Card.SPEARMEN, Card.SPEARMEN)
    assert side_status(st, "def", 1)[1] == "committed 2 card(s) face down"
    controller.close()
