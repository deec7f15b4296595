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
from ai.mcts.descent import rank_draws, seen_key, travel_hand_of
from ai.mcts.personality import PERSONALITIES
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
    """An MCTS agent as a search leaves it: the seat searched for set."""
    agent = make_agent(f"mcts:iterations=8:personality={personality}")
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


#: Travel decisions of plain and rule-module games (2 to 4 players), whose rankings share by hand abstraction.
TRAVEL = [(s, p) for s, p in (POSITIONS + decisions("classic-2p", 5, 10, ("sites", "castles", "weather"))
                              + decisions("classic-2p", 6, 10, ("support", "terrain-arms", "retreat-siege"))
                              + decisions("onin-4p", 7, 8, ("teams",)))
          if s.phase in (Phase.TRAVEL, Phase.MARCH_TRAVEL) and not rank_draws(s)]


def other_hand(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with ``seat``'s hand dealt again from its cards and the deck's: the same size and the same
    Forced Marches, any other cards (what another world may deal an opponent)."""
    out = state.clone()
    hand, deck = out.hands[seat], out.deck
    pool = [c for c in range(len(hand)) if c != Card.FORCED_MARCH for _ in range(hand[c] + deck[c])]
    keep = sum(hand) - hand[Card.FORCED_MARCH]
    rng.shuffle(pool)
    for c in range(len(hand)):
        if c != Card.FORCED_MARCH:
            deck[c] += hand[c]
            hand[c] = 0
    for c in pool[:keep]:
        hand[c] += 1
        deck[c] -= 1
    return out


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(TRAVEL) - 1), st.integers(0, 2**32 - 1), st.booleans())
def test_a_travel_ranking_reads_only_the_hand_size_and_forced_marches(index: int, deal: int, own: bool) -> None:
    """The greedy policy's travel ranking is the same for any hand of the same size and Forced Marches, so
    worlds that deal an opponent other cards share it (:func:`travel_hand_of`, the remembered key)."""
    state, seat = TRAVEL[index]
    agent = searcher("balanced", seat if own else (seat + 1) % state.num_players)
    other = other_hand(state, seat, random.Random(deal))
    assert travel_hand_of(other.hands[seat]) == travel_hand_of(state.hands[seat])
    assert agent._rank(other, seat, random.Random(0)) == agent._rank(state.clone(), seat, random.Random(0))
    assert seen_key(other, seat, travel_hand=True) == seen_key(state, seat, travel_hand=True)


def test_travel_positions_cover_marches_and_every_player_count() -> None:
    assert {s.num_players for s, _ in TRAVEL} == {2, 3, 4}
    assert any(s.hands[p][Card.FORCED_MARCH] for s, p in TRAVEL)
    assert any(s.game.rules.modules for s, _ in TRAVEL)


def test_a_league_opponent_model_keeps_the_whole_hand() -> None:
    """Only the plain greedy policy's travel reads so little: another policy's ranking is keyed by the hand."""
    state, seat = next((s, p) for s, p in TRAVEL if sum(s.hands[p]) > 1)
    agent = searcher("balanced", (seat + 1) % state.num_players)
    other = other_hand(state, seat, random.Random(1))
    if other.hands[seat] == state.hands[seat]:
        other = other_hand(state, seat, random.Random(2))
    assert other.hands[seat] != state.hands[seat]
    agent.opponent_policy = make_agent("rusher").policy  # a GreedyPolicy subclass
    assert isinstance(agent.opponent_policy, GreedyPolicy) and type(agent.opponent_policy) is not GreedyPolicy
    memo = agent._rank_memo(state)
    agent._ranked(state.clone(), seat, random.Random(0))
    agent._ranked(other, seat, random.Random(0))
    assert len(memo) == 2
