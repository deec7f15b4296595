"""The equilibrium battle commitment (``battle=eq``): its game of sampled worlds and the drawn choice."""

from __future__ import annotations

import random

import pytest

from ai.agent import SpecError, make_agent
from ai.match import play_game
from ai.mcts.battle_search import GameBuilder, commit_answers
from ai.mcts.bot import MCTSAgent
from ai.mcts.worlds import sample_world
from japanese_swords.engine import State, decision
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


@pytest.fixture(scope="module")
def attacks() -> list[State]:
    """Attackers about to commit with a choice against a defender holding cards (greedy games)."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=40))
    found: list[State] = []

    def keep(state: State, _action: object) -> None:
        b = state.battle
        if (decision(state) == "commit" and b is not None and b.attacker_cards is None
                and len(commit_answers(state, b.attacker_seat)) > 1 and sum(state.hands[b.defender_seat])):
            found.append(state.clone())

    for seed in range(4):
        play_game(game, [make_agent("greedy"), make_agent("greedy")], seed, on_action=keep)
        if len(found) >= 3:
            break
    assert len(found) >= 3
    return found[:3]


def defended(state: State) -> State:
    """The position after the attacker commits its strongest option: the defender to answer."""
    after = state.clone()
    after.apply(commit_answers(state, state.current_player())[0][1])
    assert decision(after) == "commit" and after.current_player() == after.battle.defender_seat
    return after


def choose(agent: MCTSAgent, state: State, seed: int) -> object:
    seat = state.current_player()
    return agent.choose(observation(state, seat), state.legal_actions(), random.Random(seed))


def test_eq_commits_legally_from_a_mixed_strategy_it_reproduces(attacks: list[State]) -> None:
    for state in attacks + [defended(s) for s in attacks]:
        agent = MCTSAgent(iterations=8, battle="eq", seed=1)
        action = choose(agent, state, 3)
        assert action in state.legal_actions()
        probs = [p for _, p in agent.last_commit]
        assert sum(probs) == pytest.approx(1.0) and all(p >= 0 for p in probs)
        assert action in [a for a, p in agent.last_commit if p > 0]
        assert agent.last_iterations > 0 and len(agent.last_stats) == len(agent.last_commit)  # what hints show
        assert all(n > 0 and 0.0 <= v <= 1.0 for _, n, v in agent.last_stats)
        again = MCTSAgent(iterations=8, battle="eq", seed=1)
        assert choose(again, state, 3) == action and again.last_commit == agent.last_commit


def test_the_knob_is_checked() -> None:
    assert make_agent("mcts:iterations=5:battle=uct").config.battle == "uct"
    assert make_agent("mcts:iterations=5").config.battle == "eq"  # the default: battles at equilibrium
    with pytest.raises(SpecError):
        make_agent("mcts:battle=cfr")


def test_the_attackers_game_keys_the_defender_by_world_and_count(attacks: list[State]) -> None:
    state = attacks[0]
    b = state.battle
    opts = commit_answers(state, b.attacker_seat)
    obs = observation(state, b.attacker_seat)
    build = GameBuilder(b.attacker_seat, b.defender_seat)
    rng = random.Random(1)
    for w in range(3):
        build.attacker_world(w, sample_world(obs, rng), opts, rng)
    counts = {len(a.cards) for _, a in opts}
    assert set(build.defender_sets) == {(w, c) for w in range(3) for c in counts}
    game = build.game([[0.5] * state.num_players for _ in build.leaves])
    assert game.ua.shape[:2] == (3, len(opts)) and game.amask.all() and (game.ia == 0).all()
    assert len(build.leaves) == int(game.dmask.sum())


def test_the_defenders_game_gives_the_attacker_back_its_cards(attacks: list[State]) -> None:
    state = defended(attacks[0])
    b = state.battle
    seen = b.attacker_count
    opts = commit_answers(state, b.defender_seat)
    obs = observation(state, b.defender_seat)
    build = GameBuilder(b.attacker_seat, b.defender_seat)
    rng = random.Random(2)
    for w in range(3):
        build.defender_world(w, sample_world(obs, rng), opts, seen, rng)
    index, labels = build.defender_sets[seen]
    assert labels == [k for k, _ in opts]  # the count seen is answered by the decision's own options
    game = build.game([[0.5] * state.num_players for _ in build.leaves])
    assert list(game.ia) == [0, 1, 2]  # the attacker knows its own hand: one set per world
    assert all((game.jd[w][game.amask[w]] >= 0).all() for w in range(3))
    assert (game.jd == index).any(axis=1).all()  # every world can show the count seen


def test_a_game_seen_from_the_defender_keys_the_attacker_by_world(attacks: list[State]) -> None:
    state = attacks[0]
    b = state.battle
    obs = observation(state, b.defender_seat)
    build = GameBuilder(b.attacker_seat, b.defender_seat)
    rng = random.Random(3)
    for w in range(3):
        build.hidden_attacker_world(w, sample_world(obs, rng), rng)
    assert all(isinstance(key, int) for key in build.defender_sets)  # the defender sees only the count
    game = build.game([[0.5] * state.num_players for _ in build.leaves])
    assert list(game.ia) == [0, 1, 2] and len(build.leaves) == int(game.dmask.sum())
