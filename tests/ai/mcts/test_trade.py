"""The search's trades: judged on hands cut to their best cards, so surplus cards do not buy its honor, and
honor bought from others with our weakest cards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.agent import make_agent
from ai.material import KEEP_VALUE
from ai.mcts.trade import hands_cut
from ai.offers import HAGGLE, HONOR_PAUSE, HONOR_PRICES, OfferMemory, honor_purchases, honor_rate, receiver_accepts
from ai.toolkit.view import View
from japanese_swords import cards as C
from japanese_swords.actions import Bundle, Decline, Offer
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.positions import at_phase, clear_armies, give, place, started

SEARCH = "mcts:iterations=10:rollouts=scalar"


def standoff(our_cards: str, their_cards: str, honor: tuple[int, int] = (12, 12), turn: int = 0) -> State:
    """Seat ``turn``'s travel phase in round 10: armies at home, the given hands of seats 0 and 1, equal
    gold."""
    state = at_phase(started(), Phase.TRAVEL)
    clear_armies(state)
    for seat, squares in ((0, ("b1", "c2")), (1, ("i9", "h8"))):
        for square in squares:
            place(state, seat, square)
    state.round = 10
    state.turn_index = turn
    state.honor = list(honor)
    state.gold = [2, 2]
    give(state, 0, our_cards)
    give(state, 1, their_cards)
    return state


BIG = "PF PF PF SP SP SP WM WM MU MU MS MS SW SW AR AR"  # 16 cards: half of them surplus at 8


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=C.NUM_TYPES, max_size=C.NUM_TYPES), st.integers(0, 12))
def test_hands_cut_keeps_the_best_cards_and_every_card(counts: list[int], limit: int) -> None:
    state = standoff("", "")
    state.hands[1] = list(counts)
    state.deck = [max(0, d - c) for d, c in zip(state.deck, counts, strict=True)]
    cut = hands_cut(state, limit)
    hand = cut.hands[1]
    assert sum(hand) == (sum(counts) if limit == 0 else min(sum(counts), limit))
    assert all(h <= c for h, c in zip(hand, counts, strict=True))
    kept = [KEEP_VALUE[c] for c in range(C.NUM_TYPES) if hand[c]]
    dropped = [KEEP_VALUE[c] for c in range(C.NUM_TYPES) if hand[c] < counts[c]]
    assert not kept or not dropped or min(kept) >= max(dropped)
    total = sum(cut.deck) + sum(cut.discard) + sum(sum(h) for h in cut.hands)
    assert total == sum(state.deck) + sum(state.discard) + sum(sum(h) for h in state.hands)
    assert state.hands[1] == counts  # the state judged is not changed


def test_surplus_cards_do_not_buy_the_searchs_honor() -> None:
    state = standoff(BIG, BIG, turn=1)
    offer = Offer(0, Bundle(cards=(Card.PEASANT, Card.PEASANT)), Bundle(honor=1))
    obs = observation(state, 0)
    ok, why = make_agent(SEARCH + ":sell_honor=1").respond_to_trade(obs, offer, random.Random(0))
    assert not ok and why.startswith("declined: my evaluation")
    # counting every card alike (the leaf value as it is), two Peasants outweigh an honor point
    ok, _why = make_agent(SEARCH + ":sell_honor=1:trade_hand=0").respond_to_trade(obs, offer, random.Random(0))
    assert ok


def test_the_searchs_honor_is_not_for_sale() -> None:
    state = standoff(BIG, BIG, turn=1)
    state.gold = [2, 8]
    obs = observation(state, 0)
    offer = Offer(0, Bundle(gold=3), Bundle(honor=1))
    assert make_agent(SEARCH).respond_to_trade(obs, offer, random.Random(0)) == (
        False, "declined: my honor is not for sale")
    # judged by the leaf value, three coins outweigh an honor point in round 10
    assert make_agent(SEARCH + ":sell_honor=1").respond_to_trade(obs, offer, random.Random(0))[0]
    assert make_agent(SEARCH).respond_to_trade(obs, Offer(0, Bundle(gold=3), Bundle()), random.Random(0))[0]


def test_cards_a_short_hand_needs_still_count() -> None:
    offer = Offer(0, Bundle(cards=(Card.PEASANT, Card.PEASANT)), Bundle(gold=1))
    answers = []
    for ours in ("DA DA DA MS MS MS MS AR AR AR", "SP"):
        state = standoff(ours, BIG, turn=1)  # the maker loses only surplus cards
        answers.append(make_agent(SEARCH).respond_to_trade(observation(state, 0), offer, random.Random(0))[0])
    assert answers == [False, True]  # ten strong cards: two Peasants are surplus; one Spearman: they count


def test_honor_purchases_offer_the_surplus_best_first_never_diplomacy_within_the_sellers_honor() -> None:
    state = standoff("DA DA MS AR DI DI SW TR NI PF SP", "", honor=(12, 1))
    offers = honor_purchases(View.of_obs(observation(state, 0)), 1, 4)
    # beyond DA DA MS AR, the best first; DI kept out
    surplus = (Card.SWORDSMEN, Card.SPEARMEN, Card.PEASANT, Card.NINJA, Card.TREACHERY)
    assert [o.give.cards for o in offers] == [tuple(sorted(surplus[:n])) for n in HONOR_PRICES[0][1]
                                              if n <= len(surplus)]
    assert len(offers[0].give.cards) == 5  # the most generous first
    assert all(o.get == Bundle(honor=1) for o in offers)  # the seller has 1 honor
    state.honor[1] = 5
    assert {o.get.honor for o in honor_purchases(View.of_obs(observation(state, 0)), 1, 4)} == {1, 2}
    assert honor_purchases(View.of_obs(observation(state, 0)), 1, 11) == []  # no surplus
    state.honor[1] = 0
    assert honor_purchases(View.of_obs(observation(state, 0)), 1, 4) == []


def offers_of_a_turn(spec: str, state: State) -> list[Offer]:
    """The offers ``spec`` makes in seat 0's travel phase, each declined, until it moves on."""
    state, agent, made = state.clone(), make_agent(spec), []
    for _ in range(4):
        action = agent.choose(observation(state, 0), state.legal_actions(), random.Random(0))
        if not isinstance(action, Offer):
            return made
        assert state.why_illegal(action) is None
        made.append(action)
        state.play(action)
        state.play(Decline())
    raise AssertionError("more offers than the rules' three a turn")


def test_the_search_buys_honor_with_surplus_cards_and_not_with_trade_honor_off() -> None:
    state = standoff(BIG + " TR NI DI", BIG, honor=(12, 20))
    bought = [o for o in offers_of_a_turn(SEARCH, state) if o.get.honor]
    assert len(bought) == 1 and bought[0].get == Bundle(honor=bought[0].get.honor)  # one a turn
    kept = {Card.MOUNTED, Card.ARCHERS, Card.SWORDSMEN, Card.MUSKETEERS, Card.DIPLOMACY}  # the best 8 and DI
    assert all(not kept & set(o.give.cards) for o in bought)
    assert not [o for o in offers_of_a_turn(SEARCH + ":trade_honor=0", state) if o.get.honor]


def test_a_seller_that_declines_is_not_asked_again_for_a_while() -> None:
    state = standoff(BIG, BIG, honor=(12, 20))
    memory = OfferMemory()
    view = View.of_obs(observation(state, 0))
    memory.for_turn(view)
    assert memory.honor_sellers(view) == {1}
    memory.made(view, Offer(1, Bundle(cards=(Card.PEASANT,)), Bundle(honor=1)))
    assert memory.honor_sellers(view) == frozenset()  # declined (our honor did not rise): one a turn
    for rnd, sellers in ((11, frozenset()), (12, frozenset()), (13, {1})):  # HONOR_PAUSE rounds
        state.round = rnd
        view = View.of_obs(observation(state, 0))
        memory.for_turn(view)
        assert memory.honor_sellers(view) == sellers
    memory.made(view, Offer(1, Bundle(cards=(Card.PEASANT,)), Bundle(honor=1)))
    state.honor = [13, 19]  # accepted
    view = View.of_obs(observation(state, 0))
    assert memory.honor_sellers(view) == frozenset()
    state.round = 14
    view = View.of_obs(observation(state, 0))
    memory.for_turn(view)
    assert memory.honor_sellers(view) == {1} and HONOR_PAUSE == 3


def honor_ask(*cards: Card, honor: int = 1) -> Offer:
    """Seat 0 asks seat 1 for ``honor`` honor for ``cards``."""
    return Offer(1, Bundle(cards=cards), Bundle(honor=honor))


def test_without_haggling_an_honor_purchase_is_predicted_by_greedys_rule_alone() -> None:
    state = standoff(BIG, BIG, honor=(12, 20))
    view = View.of_obs(observation(state, 0))
    memory = OfferMemory()
    memory.sold_at[1] = 0.1  # ignored without haggle
    for offer in (honor_ask(Card.PEASANT), honor_ask(Card.MUSKETEERS, Card.SWORDSMEN, Card.ARCHERS)):
        assert memory.predicts_accept(view, offer) == receiver_accepts(view, offer)
    assert not memory.predicts_accept(view, honor_ask(Card.PEASANT))


def test_a_haggler_asks_a_seller_that_sold_for_less_than_greedys_rule_would_take() -> None:
    state = standoff(BIG, BIG, honor=(12, 20))
    memory = OfferMemory(haggle=True)
    view = View.of_obs(observation(state, 0))
    memory.for_turn(view)
    dear = honor_ask(Card.MUSKETEERS, Card.SPEARMEN, Card.SPEARMEN)
    cheap = honor_ask(Card.SWORDSMEN, Card.SPEARMEN)
    too_cheap = honor_ask(Card.SPEARMEN, Card.PEASANT)
    assert receiver_accepts(view, dear) and not receiver_accepts(view, cheap)
    floor = HAGGLE * honor_rate(state, dear)
    assert honor_rate(state, too_cheap) < floor <= honor_rate(state, cheap)
    assert not memory.predicts_accept(view, cheap)  # no price learnt yet: greedy's rule
    memory.made(view, dear)
    state.honor = [13, 19]  # sold
    view = View.of_obs(observation(state, 0))
    assert memory.honor_sellers(view) == frozenset()  # one purchase a turn
    assert memory.sold_at[1] == honor_rate(state, dear)
    assert memory.predicts_accept(view, cheap) and not memory.predicts_accept(view, too_cheap)
    assert memory.predicts_accept(view, dear)


def test_a_declined_cheaper_ask_costs_no_pause_but_that_price_is_not_asked_again_for_a_while() -> None:
    state = standoff(BIG, BIG, honor=(12, 20))
    memory = OfferMemory(haggle=True)
    view = View.of_obs(observation(state, 0))
    memory.for_turn(view)
    sold = honor_ask(Card.MUSKETEERS, Card.MOUNTED)
    memory.sold_at[1] = honor_rate(state, sold)
    cheap = honor_ask(Card.SWORDSMEN, Card.SPEARMEN)
    assert memory.predicts_accept(view, cheap) and not receiver_accepts(view, cheap)
    memory.made(view, cheap)  # declined: our honor stays 12
    assert memory.honor_sellers(view) == {1}  # the turn's purchase may still be made
    assert not memory.predicts_accept(view, cheap) and memory.predicts_accept(view, sold)
    dear = honor_ask(Card.MUSKETEERS, Card.MOUNTED, Card.SWORDSMEN)
    memory.made(view, dear)  # an ask greedy's rule accepts, declined too: the seller is paused
    assert memory.honor_sellers(view) == frozenset()
    assert 1 not in memory.sold_at  # it refused more than it last sold for: that price is forgotten
    for rnd, sellers in ((11, frozenset()), (12, frozenset()), (13, {1})):
        state.round = rnd
        view = View.of_obs(observation(state, 0))
        memory.for_turn(view)
        assert memory.honor_sellers(view) == sellers
        memory.sold_at[1] = honor_rate(state, sold)  # were it to sell again: a refused price waits out the pause
        assert memory.predicts_accept(view, cheap) == (rnd == 13)


def test_an_unanswered_ask_is_forgotten_at_the_next_turn() -> None:
    state = standoff(BIG, BIG, honor=(12, 20))
    memory = OfferMemory(haggle=True)
    view = View.of_obs(observation(state, 0))
    memory.for_turn(view)
    memory.made(view, honor_ask(Card.MUSKETEERS, Card.MOUNTED, Card.SWORDSMEN))
    state.round = 11
    state.honor = [14, 20]  # honor got elsewhere is not read as an answer
    view = View.of_obs(observation(state, 0))
    memory.for_turn(view)
    assert memory.honor_sellers(view) == {1} and memory.sold_at == {} and memory.paused == {}


def test_a_haggling_search_offers_the_fewest_cards_of_the_purchases_it_gains_alike_from() -> None:
    state = standoff(BIG + " TR NI DI", BIG, honor=(12, 20))
    plain = [o for o in offers_of_a_turn(SEARCH, state) if o.get.honor]
    haggled = [o for o in offers_of_a_turn(SEARCH + ":haggle=1", state) if o.get.honor]
    assert len(plain) == 1 and haggled
    view = View.of_obs(observation(state, 0))
    assert all(receiver_accepts(view, o) for o in haggled)  # no price learnt: greedy's rule bounds the ask
    assert len(haggled[0].give.cards) <= len(plain[0].give.cards)
    cheaper = [o for o in honor_purchases(view, 1, 8) if o.get == haggled[0].get
               and len(o.give.cards) < len(haggled[0].give.cards)]
    assert not any(receiver_accepts(view, o) for o in cheaper)


def test_the_old_rule_sells_honor_for_surplus_soldiers_more_dearly_near_fifty() -> None:
    """Release 0.4.0's answer (the leaf value, every card counted, honor for sale): two surplus soldiers buy
    an honor point at 20 honor, six are needed at 46."""
    old = make_agent(SEARCH + ":sell_honor=1:trade_hand=0")
    soldiers = (Card.SPEARMEN, Card.MONKS, Card.PEASANT, Card.SPEARMEN, Card.MONKS, Card.PEASANT)
    for rnd, honor, least in ((20, (20, 22), 2), (40, (46, 46), 6)):
        state = standoff(BIG + " PF PF SP SP SP WM WM", BIG, honor=honor, turn=1)
        state.round = rnd
        answers = [old.respond_to_trade(observation(state, 0), Offer(0, Bundle(cards=soldiers[:n]),
                                                                       Bundle(honor=1)), random.Random(0))[0]
                   for n in range(1, 7)]
        assert answers == [n >= least for n in range(1, 7)]


def test_on_three_players_trades_count_whole_hands_and_buy_no_honor() -> None:
    """``trade_players=2`` (the default): the hand cut and the honor purchases are for two-player games."""
    state = at_phase(started(Game(load_map("kanto-3p"), Rules())), Phase.TRAVEL)
    state.round = 10
    state.honor = [12, 20, 20]
    give(state, 0, BIG)
    for seat in (1, 2):
        give(state, seat, "MU MS SW AR PF")
    assert not [o for o in offers_of_a_turn(SEARCH, state) if o.get.honor]
    assert [o for o in offers_of_a_turn(SEARCH + ":trade_players=3", state) if o.get.honor]
    agent = make_agent(SEARCH)
    whole, cut = (agent.value(s)[0] for s in (state, hands_cut(state, 8)))
    assert agent._trade_value(state, 0) == whole != cut
    assert make_agent(SEARCH + ":trade_players=3")._trade_value(state, 0) == cut
