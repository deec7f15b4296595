"""The greedy baseline: legal play, sound battle arithmetic, strength against random, honest trades."""

from __future__ import annotations

import itertools
import random

import pytest

from ai.agent import make_agent
from ai.greedy import GreedyAgent
from ai.match import play_game
from ai.toolkit.commit import max_force
from ai.toolkit.view import View
from japanese_swords import cards as C
from japanese_swords.actions import Bundle, Commit, Offer
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(load_map("classic-2p"), Rules(max_rounds=150))


def test_greedy_never_plays_illegal_and_beats_random(game: Game) -> None:
    greedy, rand = make_agent("greedy"), make_agent("random")
    score = 0.0
    for g in range(6):
        agents = [greedy, rand] if g % 2 == 0 else [rand, greedy]
        result = play_game(game, agents, seed=100 + g)  # play_game uses the checked entry point
        seat = g % 2
        score += 0.5 if result.winner is None else float(result.winner == seat)
    assert score >= 5.0


def test_greedy_is_deterministic_and_blind_to_hidden_cards(game: Game) -> None:
    agent = GreedyAgent()
    rng = random.Random(5)
    state = initial_state(game)
    checked = 0
    while not state.is_terminal() and checked < 60:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        a1 = agent.choose(observation(state, seat), legal, random.Random(1))
        other = state.clone()
        pool = list(itertools.chain.from_iterable(C.cards_of(other.hands[s]) for s in range(2) if s != seat))
        pool += C.cards_of(other.deck)
        rng.shuffle(pool)
        for s in range(2):
            if s != seat:
                n = sum(other.hands[s])
                other.hands[s] = C.counts_of(pool[:n])
                del pool[:n]
        other.deck = C.counts_of(pool)
        a2 = agent.choose(observation(other, seat), other.legal_actions(), random.Random(1))
        assert a1 == a2
        assert a1 in legal
        state.apply(a1)
        checked += 1


def staged_battle(game: Game, seed: int, attacker_hand: list[C.Card], defender_hand: list[C.Card]) -> State:
    """A started game reduced to one battle on clear squares: seat 0 (e5) attacks seat 1 (f5), both
    without experience, holding the given hands; the attacker is to commit."""
    from japanese_swords.core import Army, Battle

    rng = random.Random(seed)
    state = initial_state(game)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    state.armies.clear()
    state.occupant = [-1] * 100
    state.armies[0], state.armies[1] = Army(0, 44, 0), Army(1, 45, 0)
    state.occupant[44], state.occupant[45] = 0, 1
    state.hands[0], state.hands[1] = C.counts_of(attacker_hand), C.counts_of(defender_hand)
    state.battle = Battle(0, 1, 0, 1)
    return state


def test_greedy_commits_enough_to_win_a_clear_battle(game: Game) -> None:
    # seat 0 attacks from a clear square with a strong hand, seat 1 holds few cards
    strong = [C.Card.MOUNTED, C.Card.MOUNTED, C.Card.DAIMYO, C.Card.PEASANT, C.Card.TACTICS]
    state = staged_battle(game, 3, strong, [C.Card.PEASANT])
    obs = observation(state, 0)
    legal = state.legal_actions()
    action = GreedyAgent().choose(obs, legal, random.Random(0))
    assert isinstance(action, Commit) and action in legal
    force = sum(c.force for c in action.cards)
    assert force >= 10  # beats a lone card comfortably
    assert force < max_force(state.hands[0])  # but keeps something back


def test_greedy_trade_replies(game: Game) -> None:
    rng = random.Random(2)
    state = initial_state(game)
    while state.current_player() == CHANCE:
        state.apply(sample_chance(state, rng))
    maker = state.turn_player
    other = 1 - maker
    state.gold = [10, 10]
    agent = GreedyAgent()
    obs = observation(state, other)
    ok, why = agent.respond_to_trade(obs, Offer(other, Bundle(gold=5), Bundle()), random.Random(0))
    assert ok and why.startswith("accepted") and "\n" not in why
    ok, why = agent.respond_to_trade(obs, Offer(other, Bundle(gold=1), Bundle(gold=8)), random.Random(0))
    assert not ok and why.startswith("declined")


def test_view_of_state_counts_unseen_cards(game: Game) -> None:
    rng = random.Random(9)
    state = initial_state(game)
    while state.round < 3:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    for seat in range(2):
        if state.battle is None:
            assert View.of_state(state, seat).unseen == observation(state, seat).unseen


def test_styles_set_the_knobs_and_commit_more(game: Game) -> None:
    from ai.agent import SpecError, make_agent
    from ai.greedy import STYLES, GreedyPolicy

    tuned = GreedyPolicy.styled("tuned", samples=8)
    assert tuned.samples == 8
    for key, val in STYLES["tuned"].items():
        assert getattr(tuned, key) == val
    plain = GreedyPolicy.styled("greedy")
    assert (plain.win_margin, plain.hand_target) == (0.75, 9)
    with pytest.raises(ValueError, match="unknown style"):
        GreedyPolicy.styled("reckless")
    agent = make_agent("greedy:style=tuned:hand=6")
    assert agent.policy.hand_target == 6 and agent.policy.win_margin == 1.0
    assert GreedyAgent(style="tuned").name == "greedy:style=tuned" and GreedyAgent().name == "greedy"
    with pytest.raises(SpecError):
        make_agent("greedy:style=reckless")
    # the tuned margin (beat the opponent's best sampled force, not its 75th percentile) commits more
    state = staged_battle(game, 4, [C.Card.MOUNTED, C.Card.ARCHERS, C.Card.SWORDSMEN, C.Card.MUSKETEERS,
                                    C.Card.MONKS, C.Card.SPEARMEN, C.Card.PEASANT], [C.Card.PEASANT] * 4)
    obs, legal = observation(state, 0), state.legal_actions()
    forces = []
    for style in ("greedy", "tuned"):
        action = GreedyAgent(style=style).choose(obs, legal, random.Random(0))
        assert isinstance(action, Commit) and action in legal
        forces.append(sum(c.force for c in action.cards))
    assert forces[1] > forces[0]
