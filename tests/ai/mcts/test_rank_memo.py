"""The remembered option rankings of the tree walk (ai.mcts.descent): a remembered ranking is the one
computing it in the world at hand gives, and the rankings remembered draw nothing from the generator."""

from __future__ import annotations

import random

import pytest

from ai.agent import make_agent
from ai.greedy import GreedyPolicy
from ai.match import play_game
from ai.mcts.descent import rank_draws, seen_key
from ai.mcts.personality import PERSONALITIES
from ai.mcts.worlds import sample_world
from japanese_swords.core import CHANCE
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


def decisions(name: str, seed: int, rounds: int = 6) -> list[tuple[State, int]]:
    """Every decision of a seeded greedy game on map ``name`` (the state before it and the seat)."""
    game = Game(load_map(name), Rules(max_rounds=rounds))
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
