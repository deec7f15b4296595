"""The remembered option rankings of the tree walk (ai.mcts.descent): a remembered ranking is the one
computing it in the world at hand gives, and the rankings remembered draw nothing from the generator."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.agent import make_agent
from ai.greedy import GreedyPolicy
from ai.match import play_game
from ai.mcts.descent import quiet_hand_of, rank_draws, seen_key
from ai.mcts.personality import PERSONALITIES
from ai.mcts.public import quiet_stand_in
from ai.mcts.worlds import sample_world
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.modules import registry
from japanese_swords.observation import observation


def decisions(name: str, seed: int, rounds: int = 6, modules: tuple[str, ...] = ()) -> list[tuple[State, int]]:
    """Every decision of a seeded greedy game on map ``name`` (the state before it and the seat)."""
    board = load_map(name)
    chosen = registry.validate(modules, len(board.fortresses)) if modules else ()
    game = Game(board, Rules(max_rounds=rounds, modules=chosen))
    out: list[tuple[State, int]] = []

    def grab(state: State, _action: object) -> None:
        if not state.is_terminal() and state.current_player() != CHANCE:
            out.append((state.clone(), state.current_player()))

    play_game(game, [make_agent("greedy") for _ in range(game.num_players)], seed, on_action=grab)
    return out


POSITIONS = decisions("classic-2p", 3) + decisions("kanto-3p", 4)


def searcher(personality: str, seat: int):
    """An MCTS agent as a search leaves it, ranking by its style's greedy policy: the seat searched for set."""
    agent = make_agent(f"mcts:iterations=8:personality={personality}:prior=greedy")
    agent._seat = seat
    return agent


@pytest.mark.parametrize("personality", PERSONALITIES)
def test_remembered_rankings_draw_nothing(personality: str) -> None:
    quiet = 0
    for k, (state, seat) in enumerate(POSITIONS):
        if rank_draws(state):
            continue
        quiet += 1
        for searched in (seat, (seat + 1) % state.num_players):  # our policy and the opponents'
            agent = searcher(personality, searched)
            rng = random.Random(k)
            before = rng.getstate()
            agent._rank(state.clone(), seat, rng)
            assert rng.getstate() == before, (personality, state.phase.name, k)
    assert quiet > 50  # the games reach many quiet decisions


def test_a_remembered_ranking_is_the_one_each_world_gives() -> None:
    """Worlds sampled from one observation differ in the hidden cards: each gets the ranking computed in it,
    remembered or not, for both policies."""
    checked = 0
    for k, (state, seat) in enumerate(POSITIONS[::3]):
        obs = observation(state, seat)
        for searched in (seat, (seat + 1) % state.num_players):
            agent = searcher("balanced", searched)
            for w in range(4):
                world = sample_world(obs, random.Random(100 * k + w))
                fresh = agent._rank(world.clone(), seat, random.Random(w))
                assert agent._ranked(world.clone(), seat, random.Random(w)) == fresh
                checked += 1
    assert checked > 100


def test_the_key_is_what_the_seat_sees() -> None:
    state, seat = next((s, p) for s, p in POSITIONS if s.num_players == 2 and sum(s.hands[1 - p]) > 1)
    obs = observation(state, seat)
    keys = {seen_key(sample_world(obs, random.Random(i)), seat) for i in range(20)}
    assert len(keys) == 1  # other hands and the deck differ between worlds, the seat's view does not
    other = state.clone()
    other.gold[1 - seat] += 1
    assert seen_key(other, seat) != seen_key(state, seat)
    mine = state.clone()
    card = next(c for c, n in enumerate(mine.hands[seat]) if n)
    mine.hands[seat][card] -= 1
    mine.discard[card] += 1
    assert seen_key(mine, seat) != seen_key(state, seat)


def test_the_memory_starts_afresh_for_another_seat_or_policy() -> None:
    state, seat = next((s, p) for s, p in POSITIONS if not rank_draws(s))
    agent = searcher("balanced", seat)
    agent._ranked(state.clone(), seat, random.Random(0))
    assert len(agent._rank_memo(state)) == 1
    agent.opponent_policy = GreedyPolicy.styled("greedy", samples=4)
    assert not agent._rank_memo(state)
    agent._ranked(state.clone(), seat, random.Random(0))
    agent._seat = (seat + 1) % state.num_players
    assert not agent._rank_memo(state)
    agent._ranked(state.clone(), seat, random.Random(0))  # (the mover, ranked for the other seat)
    assert agent._rank_memo(state)
    agent.forget_rankings()
    assert not agent._rank_memo(state)


def test_the_memory_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import ai.mcts.descent as DE

    monkeypatch.setattr(DE, "RANK_MEMO_SIZE", 3)
    quiet = [(s, p) for s, p in POSITIONS if not rank_draws(s) and p == POSITIONS[0][1]][:10]
    agent = searcher("balanced", quiet[0][1])
    sizes = []
    for state, seat in quiet:
        agent._ranked(state.clone(), seat, random.Random(0))
        sizes.append(len(agent._rank_memo(state)))
    assert max(sizes) <= 3 and len(set(sizes)) > 1


#: Quiet main decisions (revenue, expense, draw, honor, travel) of plain and rule-module games, 2 to 4 players.
QUIET = [(s, p) for s, p in (POSITIONS + decisions("classic-2p", 5, 10, ("sites", "castles", "weather"))
                             + decisions("classic-2p", 6, 10, ("support", "terrain-arms", "retreat-siege"))
                             + decisions("classic-2p", 8, 8, ("bidding", "ronin"))
                             + decisions("onin-4p", 7, 8, ("teams",)))
         if not rank_draws(s)]
PLAYABLE = (Card.PROSPERITY, Card.MUCH_HONOR, Card.INTRIGUE, Card.FORCED_MARCH)


def other_hand(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with ``seat``'s hand dealt again from its cards and the deck's: the same size, and of each
    card a quiet phase may play some if it held some (any number) and none if not; any other cards."""
    out = state.clone()
    hand, deck = out.hands[seat], out.deck
    size = sum(hand)
    for c in range(len(hand)):  # everything back to the deck
        deck[c] += hand[c]
        hand[c] = 0
    held = [c for c in PLAYABLE if state.hands[seat][c]]
    for c in held:  # one of each played card held, then maybe more of it
        hand[c], deck[c] = 1, deck[c] - 1
    pool = [c for c in range(len(hand)) if c not in PLAYABLE or c in held for _ in range(deck[c])]
    rng.shuffle(pool)
    for c in pool[:size - len(held)]:
        hand[c] += 1
        deck[c] -= 1
    return out


@settings(max_examples=80, deadline=None)
@given(st.integers(0, len(QUIET) - 1), st.integers(0, 2**32 - 1), st.booleans())
def test_a_quiet_ranking_reads_only_the_hand_size_and_the_playable_cards(index: int, deal: int, own: bool) -> None:
    """The plain greedy policy's ranking of a quiet main decision is the same for any hand of the same size
    holding the same playable cards, so worlds that deal an opponent other cards share it
    (:func:`quiet_hand_of`, the remembered key)."""
    state, seat = QUIET[index]
    agent = searcher("balanced", seat if own else (seat + 1) % state.num_players)
    other = other_hand(state, seat, random.Random(deal))
    assert sum(other.hands[seat]) == sum(state.hands[seat])
    assert quiet_hand_of(other.hands[seat]) == quiet_hand_of(state.hands[seat])
    assert agent._rank(other, seat, random.Random(0)) == agent._rank(state.clone(), seat, random.Random(0))
    assert seen_key(other, seat, plain=True) == seen_key(state, seat, plain=True)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(QUIET) - 1), st.integers(0, 2**32 - 1))
def test_the_learned_ranking_of_another_seat_reads_only_its_quiet_key(index: int, deal: int) -> None:
    """With the learned prior and ``prior_others=stand_in`` another seat's quiet ranking reads its hand's
    stand-in (:func:`quiet_stand_in`), so any hand of the same size and playable cards ranks alike and the
    ranking is remembered by the plain key; our own ranking still reads our whole hand, and by default
    (``world``) so does another's."""
    state, seat = QUIET[index]
    agent = make_agent("mcts:iterations=8:prior=learned:prior_others=stand_in")
    agent._seat = (seat + 1) % state.num_players
    other = other_hand(state, seat, random.Random(deal))
    assert agent._plain_key(seat) and not agent._plain_key(agent._seat)
    world = make_agent("mcts:iterations=8:prior=learned")
    world._seat = agent._seat
    assert not world._plain_key(seat)
    assert agent._rank(other, seat, random.Random(0)) == agent._rank(state.clone(), seat, random.Random(0))


@given(st.lists(st.integers(0, 6), min_size=len(Card), max_size=len(Card)),
       st.lists(st.integers(0, 6), min_size=len(Card), max_size=len(Card)))
def test_a_stand_in_hand_is_made_from_the_quiet_key_alone(hand: list[int], other: list[int]) -> None:
    """The stand-in keeps the hand's size and quiet key, and two hands of one key get the same stand-in."""
    mine = quiet_stand_in(hand)
    assert len(mine) == len(Card) and min(mine) >= 0 and sum(mine) == sum(hand)
    assert quiet_hand_of(mine) == quiet_hand_of(hand)
    assert (quiet_stand_in(other) == mine) == (quiet_hand_of(other) == quiet_hand_of(hand))


def test_quiet_positions_cover_every_phase_the_cards_and_every_player_count() -> None:
    assert {s.num_players for s, _ in QUIET} == {2, 3, 4}
    assert {s.phase for s, _ in QUIET} == {Phase.REVENUE, Phase.EXPENSE, Phase.DRAW, Phase.HONOR, Phase.TRAVEL,
                                           Phase.MARCH_TRAVEL}
    for card in PLAYABLE:
        assert any(s.hands[p][card] for s, p in QUIET), card
    assert any(s.game.rules.modules for s, _ in QUIET)


def test_a_league_opponent_model_keeps_the_whole_hand() -> None:
    """Only the plain greedy policy's rankings read so little: another policy's are keyed by the hand."""
    state, seat = next((s, p) for s, p in QUIET if s.phase == Phase.TRAVEL and sum(s.hands[p]) > 1)
    agent = searcher("balanced", (seat + 1) % state.num_players)
    other = next(o for o in (other_hand(state, seat, random.Random(k)) for k in range(20))
                 if o.hands[seat] != state.hands[seat])
    agent.opponent_policy = make_agent("rusher").policy  # a GreedyPolicy subclass
    assert isinstance(agent.opponent_policy, GreedyPolicy) and type(agent.opponent_policy) is not GreedyPolicy
    memo = agent._rank_memo(state)
    agent._ranked(state.clone(), seat, random.Random(0))
    agent._ranked(other, seat, random.Random(0))
    assert len(memo) == 2


def test_the_hand_key_tells_apart_every_playable_card_and_the_size() -> None:
    base = [0] * len(Card)
    base[Card.DAIMYO] = 2
    for card in PLAYABLE:
        other = list(base)
        other[Card.DAIMYO] -= 1
        other[card] += 1
        assert quiet_hand_of(other) != quiet_hand_of(base), card
    assert quiet_hand_of(base[:Card.DAIMYO] + [3] + base[Card.DAIMYO + 1:]) != quiet_hand_of(base)
