"""The MCTS's answers to the ways the league beat it, each on a constructed position: Diplomacy priced into
commitment sizes, the home garrison's defence, Treachery only where worth its honor, Intrigue answers that
look at the honor race, and no attack out of the home fortress that can lose it."""

from __future__ import annotations

import random

from ai.agent import make_agent
from ai.mcts.node import Edge, Node
from ai.mcts.options import admissible, commit_options, options, strongest_possible, treachery_worth
from ai.toolkit.commit import max_force
from ai.toolkit.view import View
from japanese_swords.actions import Attack, BuyHonor, Commit, Draw, End, IntrigueReply, PlayCard, Raise
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import Battle, Phase
from japanese_swords.engine import State
from japanese_swords.observation import observation
from tests.positions import at_phase, clear_armies, give, place, started

SPEC = "mcts:iterations=40:rollouts=scalar"


def battle(att: str, dfn: str, att_hand: str, dfn_hand: str, seen_all: bool = False) -> State:
    """Seat 0 at ``att`` attacks seat 1 at ``dfn``; seat 0 is to commit. With ``seen_all`` every other card
    is in the discard pile, so the defender's hand is exactly what seat 0 has not seen."""
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    a, d = place(state, 0, att), place(state, 1, dfn)
    for seat, home in ((0, "b1"), (1, "i9")):
        if square_index(home) not in (square_index(att), square_index(dfn)):
            place(state, seat, home)
    give(state, 0, att_hand)
    give(state, 1, dfn_hand)
    if seen_all:
        for c in range(16):
            state.discard[c] += state.deck[c]
            state.deck[c] = 0
    state.battle = Battle(a, d, 0, 1)
    state.attacked.add(a)
    return state


def choose(state: State, seed: int = 0, spec: str = SPEC):
    seat = state.current_player()
    agent = make_agent(spec)
    return agent.choose(observation(state, seat), state.legal_actions(), random.Random(seed)), agent


def test_the_modelled_defender_answers_the_public_count_so_big_commitments_meet_diplomacy() -> None:
    state = battle("f5", "f4", "MS MS DA AR AR SW SW", "DI MS AR", seen_all=True)
    _, agent = choose(state, seed=1, spec=SPEC + ":battle=uct")  # (decoupled UCT's tables of replies)
    replies: dict[int, dict[str, int]] = {}
    for (count, label), edge in (agent.last_root.sim_edges or {}).items():
        replies.setdefault(count, {})[label] = edge.n
    big, small = max(replies), min(replies)
    share = {n: replies[n].get("dip", 0) / sum(replies[n].values()) for n in (big, small)}
    assert big >= 5 and small == 1
    assert share[big] > 0.6 > share[small]  # a 6-card attack is met with Diplomacy, a 1-card one is fought


def test_an_attacker_may_reach_a_force_level_in_the_fewest_cards() -> None:
    state = battle("f5", "f4", "PF PF PF SP SP DA MS", "WM WM")
    opts = dict(commit_options(View.of_obs(observation(state, 0))))
    few, just = opts["few1"].cards, opts["just1"].cards
    assert len(few) < len(just)  # about the same level, a smaller public count
    assert sum(c.force for c in few) >= sum(c.force for c in just) - max(c.force for c in just)
    assert {Card.DAIMYO, Card.MOUNTED} <= set(few)  # strongest first
    defence = battle("f5", "f4", "WM WM", "PF PF PF SP SP DA MS")
    defence.battle.attacker_cards = (Card.MONKS,)
    defence.hands[0][Card.MONKS] -= 1
    assert defence.current_player() == 1
    assert not any(str(k).startswith("few") for k, _ in commit_options(View.of_obs(observation(defence, 1))))


def test_treachery_is_not_offered_in_a_field_battle_but_is_at_a_fortress() -> None:
    field = battle("f5", "f4", "TR PF SP WM", "SW")
    view = View.of_state(field, 0)
    assert not treachery_worth(view)
    for _, action in commit_options(view):
        assert Card.TREACHERY not in action.cards
    for seed in range(4):
        action, _ = choose(field, seed)
        assert Card.TREACHERY not in action.cards
    assault = battle("i8", "i9", "TR PF SP WM", "SW")  # the enemy home fortress
    view = View.of_state(assault, 0)
    assert treachery_worth(view)
    assert any(Card.TREACHERY in a.cards for _, a in commit_options(view))


def test_the_throwaway_card_is_never_treachery() -> None:
    state = battle("f5", "f4", "TR PF", "SW MS AR DA")
    opts = commit_options(View.of_state(state, 0))
    assert opts and all(Card.TREACHERY not in a.cards for _, a in opts)
    assert ("min", Commit((Card.PEASANT,))) in opts or any(a == Commit((Card.PEASANT,)) for _, a in opts)


def test_the_home_garrison_defends_against_the_strongest_cards_the_count_allows() -> None:
    # seat 1 attacks our garrison at b1 with 3 cards committed face down
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    garrison = place(state, 0, "b1")
    enemy = place(state, 1, "c1")
    place(state, 1, "i9")
    give(state, 0, "SW SW WM MS PF PF DI")
    give(state, 1, "MS AR AR")
    cards = (Card.MOUNTED, Card.ARCHERS, Card.ARCHERS)
    for c in cards:
        state.hands[1][c] -= 1
    state.battle = Battle(enemy, garrison, 1, 0, attacker_cards=cards, attacker_count=3)
    assert state.current_player() == 0
    view = View.of_obs(observation(state, 0))
    opts = dict(commit_options(view))
    worst = strongest_possible(view, 3)
    assert "home" in opts and sum(c.force for c in opts["home"].cards) + 10 >= worst
    for seed in range(4):
        action, _ = choose(state, seed)
        force = sum(c.force for c in action.cards)
        assert action.cards == (Card.DIPLOMACY,) or force + 10 >= sum(c.force for c in cards)  # ties: defender


def intrigued(hand: str, ours: int, theirs: int) -> State:
    """Seat 1 has just played Intrigue on seat 0, who holds ``hand``; the honor of both as given."""
    state = at_phase(started(order=(1, 0)), Phase.HONOR)
    give(state, 0, hand)
    give(state, 1, "IN")
    state.honor[0], state.honor[1] = ours, theirs
    state.apply(PlayCard(Card.INTRIGUE, 0))
    return state


def answers(state: State) -> list:
    """The Intrigue answers seat 0's option generator leaves to the search."""
    return [a for _, a in options(View.of_obs(observation(state, 0)), random.Random(0))]


def test_intrigue_is_answered_with_cards_when_behind_in_the_honor_race() -> None:
    state = intrigued("PF SP WM MS", 28, 38)
    assert answers(state) == [IntrigueReply(True)]
    action, _ = choose(state)
    assert action == IntrigueReply(True)
    state.honor[0], state.honor[1] = 10, 12  # early, but three cheap cards: still the cards
    assert answers(state) == [IntrigueReply(True)]


def test_intrigue_leaves_both_answers_to_the_search_only_early_with_a_hand_of_good_cards() -> None:
    state = intrigued("DA DA MS MS AR", 10, 12)
    assert sorted(answers(state), key=str) == sorted([IntrigueReply(False), IntrigueReply(True)], key=str)
    state.honor[0] = 26  # our own race counts too: now three good cards are the price
    assert answers(state) == [IntrigueReply(True)]


def test_the_turns_honor_is_bought_whenever_next_turns_upkeep_stays_paid() -> None:
    state = at_phase(started(), Phase.HONOR)
    state.gold[0] = 1
    view = View.of_obs(observation(state, 0))
    assert [a for _, a in options(view, random.Random(0))] == [BuyHonor()]
    assert choose(state)[0] == BuyHonor()
    state.control = [-1] * 100  # no revenue next turn: the last gold may be needed for upkeep
    assert End() in [a for _, a in options(View.of_obs(observation(state, 0)), random.Random(0))]


def test_extra_cards_and_armies_leave_the_gold_for_the_turns_honor() -> None:
    state = at_phase(started(), Phase.DRAW)
    state.gold[0] = 1
    state.apply(Draw())  # the free card
    while state.current_player() != 0:  # deal it
        state.apply(state.chance_outcomes()[0][0])
    assert [a for _, a in options(View.of_obs(observation(state, 0)), random.Random(0))] == [End()]
    state.gold[0] = 2
    assert Draw() in [a for _, a in options(View.of_obs(observation(state, 0)), random.Random(0))]
    state = at_phase(started(), Phase.EXPENSE)
    state.gold[0] = 4
    assert [a for _, a in options(View.of_obs(observation(state, 0)), random.Random(0))] == [End()]
    state.gold[0] = 5
    assert any(isinstance(a, Raise) for _, a in options(View.of_obs(observation(state, 0)), random.Random(0)))


def test_no_attack_out_of_the_home_fortress_unless_it_is_a_sure_win() -> None:
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    place(state, 0, "b1")  # our garrison
    place(state, 1, "c1")  # an enemy next to it
    place(state, 1, "i9")
    give(state, 0, "MS MS DA AR AR SW")  # likely, not surely, a win
    give(state, 1, "PF PF")
    view = View.of_obs(observation(state, 0))
    out_of_home = Attack(square_index("b1"), square_index("c1"))
    assert out_of_home in state.legal_actions() and not admissible(view, out_of_home)
    assert max_force(view.hand) <= strongest_possible(view, 7)
    for seed in range(3):
        action, _ = choose(state, seed)
        assert action == End()


def test_an_attack_overrules_the_policys_end_only_by_more_than_the_prior_bonus() -> None:
    agent = make_agent("mcts:iterations=8")
    bonus, least = agent.config.prior_bonus, agent.config.min_visits
    keys = ["attack f5 e5", "end"]

    def root(attack_mean: float, end_mean: float, visits: int = 50) -> Node:
        node = Node()
        for key, mean in zip(keys, (attack_mean, end_mean), strict=True):
            edge = node.edges[key] = Edge()
            edge.n, edge.w = visits, mean * visits
        return node

    assert agent._attack_pick(root(0.47, 0.455), keys, prior=1) == 1  # End is scored blind to threats
    assert agent._attack_pick(root(0.455 + bonus + 0.01, 0.455), keys, prior=1) == 0
    assert agent._attack_pick(root(0.47, 0.455), keys, prior=None) == 0
    assert agent._attack_pick(root(0.9, 0.1, visits=least - 1), keys, prior=1) == 1  # too few to overrule
