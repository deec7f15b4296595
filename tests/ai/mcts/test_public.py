"""Public leaves (ai.mcts.public): walking the worlds on the decision's public states gives the decisions
and root statistics of walking each world as an engine state, and a lane leaf is the lane of its world."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.agent import make_agent
from ai.batch.state import BatchState, LaneLeaf, LaneTable, lanes_of
from ai.match import play_game
from ai.mcts.bot import family
from ai.mcts.descent import Watched
from ai.mcts.public import PublicState, WorldCards, public_root
from ai.mcts.worlds import deal_hidden, has_secrets, sample_world, with_hidden
from japanese_swords.actions import End, PlayCard
from japanese_swords.cards import Card
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.modules import registry
from japanese_swords.observation import Observation, observation


def searched(map_name: str, seed: int, rounds: int, modules: tuple[str, ...] = (), every: int = 4,
             families: tuple[str, ...] = ("travel", "economy")) -> list[tuple[State, int]]:
    """Every ``every``-th decision of ``families`` with a choice, from a seeded greedy game."""
    board = load_map(map_name)
    players = len(board.fortresses)
    rules = Rules(max_rounds=rounds, modules=registry.validate(modules, players) if modules else ())
    game = Game(board, rules)
    out: list[tuple[State, int]] = []
    seen = [0]

    def grab(state: State, _action: object) -> None:
        if state.is_terminal() or state.current_player() == CHANCE or len(state.legal_actions()) < 2:
            return
        seat = state.current_player()
        if family(observation(state, seat)) in families:
            seen[0] += 1
            if seen[0] % every == 0:
                out.append((state.clone(), seat))

    play_game(game, [make_agent("greedy") for _ in range(game.num_players)], seed, on_action=grab)
    return out


def counted(agent) -> list[int]:
    """Count the leaves the agent's evaluator gets as lanes and as engine states: [states, lanes]."""
    tally = [0, 0]
    inner = agent.evaluator.evaluate

    def evaluate(states, rng, seeds=None, turns=None):
        for s in states:
            tally[isinstance(s, LaneLeaf)] += 1
        return inner(states, rng, seeds=seeds, turns=turns)

    agent.evaluator.evaluate = evaluate
    return tally


def both_ways(spec: str, state: State, seat: int, seed: int) -> tuple[tuple, tuple, list[int]]:
    """The decision and root statistics with public leaves and with engine-state worlds."""
    out = []
    tally: list[int] = []
    for public in (True, False):
        agent = make_agent(spec)
        agent.use_public = public
        if public:
            tally = counted(agent)
        action = agent.choose(observation(state, seat), state.legal_actions(), random.Random(seed))
        out.append((str(action), agent.last_stats, agent.last_iterations))
    return out[0], out[1], tally


CLASSIC = searched("classic-2p", 5, 12)
THREE = searched("kanto-3p", 6, 8, every=6)


@pytest.mark.parametrize("spec", ["mcts:iterations=48:trade=0", "mcts:iterations=160:trade=0:prior_z=2",
                                  "mcts:iterations=160:trade=0:tree=public",
                                  "mcts:iterations=64:trade=0:prior=learned"])
def test_public_leaves_change_no_decision(spec: str) -> None:
    lanes = states = travel_lanes = travel_states = 0
    for k, (state, seat) in enumerate(CLASSIC + THREE):
        fast, slow, tally = both_ways(spec, state, seat, k)
        assert fast == slow, (k, state.phase.name)
        states, lanes = states + tally[0], lanes + tally[1]
        if state.phase == Phase.TRAVEL:
            travel_states, travel_lanes = travel_states + tally[0], travel_lanes + tally[1]
    if "tree=public" in spec:  # travel leaves are cut before anything hidden: lanes but for Forced Marches
        assert travel_lanes > 4 * travel_states
    else:  # most leaves are lanes; the walks that meet hidden cards still happen
        assert lanes > states > 0


def test_walks_go_public_through_the_other_seats_turns() -> None:
    """With the greedy prior, past our own moves the walk stays on public states through our attack
    decision, the other seats' quiet decisions (ranked by their world hands' keys), the draw-phase cards
    (each world's own: ours too, after which our quiet choices are ranked by our world hand's key), and the
    decisions and root statistics are still those of the engine-state walk."""
    seen = {"held": 0, "other hand": 0, "dealt": 0, "our card": 0, "attack": 0, "attack drew": 0}
    as_held, dealt, ranked, watched = PublicState.as_held, WorldCards.dealt, PublicState.rank, Watched.__getattr__

    def held(self, seat, key, cards):
        out = as_held(self, seat, key, cards)
        seen["held"] += 1
        seen["other hand"] += out is not self
        return out

    def deal(self, seat, rng, held=None):
        seen["dealt"] += 1
        seen["our card"] += held is not None
        return dealt(self, seat, rng, held)

    def rank(self, opts):
        seen["attack"] += self.state.phase == Phase.BATTLE
        return ranked(self, opts)

    def drew(self, name):
        seen["attack drew"] += 1
        return watched(self, name)

    patch = pytest.MonkeyPatch()
    patch.setattr(Watched, "__getattr__", drew)
    patch.setattr(PublicState, "as_held", held)
    patch.setattr(WorldCards, "dealt", deal)
    patch.setattr(PublicState, "rank", rank)
    try:
        for k, (state, seat) in enumerate(CLASSIC + THREE):
            fast, slow, _ = both_ways("mcts:iterations=300:trade=0:prior=greedy", state, seat, k)
            assert fast == slow, (k, state.phase.name)
    finally:
        patch.undo()
    assert all(n > 0 for n in seen.values()), seen


@pytest.mark.parametrize("others", ["world", "stand_in"])
def test_with_the_learned_prior_a_hand_stands_in_only_for_a_stand_in_ranking(others: str) -> None:
    """The learned prior ranks our quiet decisions by our whole hand, so no dealt card of ours keeps the walk
    public; another seat's it ranks by its world hand (``prior_others=world``: no world's hand stands in
    for another's, :meth:`PublicState.as_held`) or by the stand-in of its hand's quiet key (``stand_in``:
    a world's hand stands in for the others' of that key). The decisions stay those of the engine-state
    walk."""
    calls = {"held": 0, "our card": 0}
    as_held, dealt = PublicState.as_held, WorldCards.dealt

    def held(self, seat, key, cards):
        calls["held"] += 1
        return as_held(self, seat, key, cards)

    def deal(self, seat, rng, held=None):
        calls["our card"] += held is not None
        return dealt(self, seat, rng, held)

    patch = pytest.MonkeyPatch()
    patch.setattr(PublicState, "as_held", held)
    patch.setattr(WorldCards, "dealt", deal)
    try:
        for k, (state, seat) in enumerate(CLASSIC[:12]):
            fast, slow, _ = both_ways(f"mcts:iterations=160:trade=0:prior=learned:prior_others={others}",
                                      state, seat, k)
            assert fast == slow, (k, state.phase.name)
    finally:
        patch.undo()
    assert (calls["held"] > 0) == (others == "stand_in") and calls["our card"] == 0


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(CLASSIC) - 1), st.integers(0, 2**32), st.integers(0, 2**32), st.booleans())
def test_a_worlds_dealt_card_is_the_one_chance_samples(k: int, deal_seed: int, seed: int, ours: bool) -> None:
    """WorldCards.dealt draws the card japanese_swords.chance.sample_chance deals in the world, with the
    same generator calls (to another seat, or to ours, whose hand then becomes the world's), and the deal's
    public successor holds every world's sizes."""
    from japanese_swords.chance import sample_chance

    state, seat = CLASSIC[k]
    other = seat if ours else 1 - seat
    obs = observation(state, seat)
    world = with_hidden(state, deal_hidden(obs, random.Random(deal_seed)))
    world.phase, world.pending_draws, world.battle = Phase.DRAW, [other], None
    assert world.current_player() == CHANCE and sum(world.deck) >= 2
    hidden = deal_hidden(obs, random.Random(deal_seed))
    cards = WorldCards.of(hidden, state.num_players)
    a, b = random.Random(seed), random.Random(seed)
    dealt = cards.dealt(other, a, state.hands[seat][:] if ours else None)
    world.apply(sample_chance(world, b))
    assert a.random() == b.random()  # the same draws
    assert dealt.hidden.hands[other] == world.hands[other] and dealt.hidden.deck == world.deck
    assert sorted(dealt.hidden.hands) == sorted(s for s in range(state.num_players) if s != seat or ours)
    ps = PublicState(with_hidden(state, hidden), LaneTable())
    ps.state.phase, ps.state.pending_draws, ps.state.battle = Phase.DRAW, [other], None
    ps = PublicState(ps.state, ps.table)
    assert ps.deal_to() == other
    after = ps.dealt()
    assert [sum(h) for h in after.state.hands] == [sum(h) for h in world.hands]
    assert sum(after.state.deck) == sum(world.deck) and after is ps.dealt()


def test_a_public_tree_holds_only_our_quiet_choices() -> None:
    """With tree=public every node below the root is one of our own travel or economy decisions."""
    from ai.mcts.descent import rank_draws

    seen: list[tuple[int, int, bool]] = []
    for k, (state, seat) in enumerate(CLASSIC[:8]):
        agent = make_agent("mcts:iterations=300:trade=0:tree=public")
        inner = agent._ranked

        def ranked(world, who, rng, inner=inner, seat=seat):
            seen.append((who, seat, rank_draws(world)))
            return inner(world, who, rng)

        agent._ranked = ranked
        agent.choose(observation(state, seat), state.legal_actions(), random.Random(k))
    assert seen  # the trees grew below their roots
    assert all(who == seat and not draws for who, seat, draws in seen)


@pytest.mark.parametrize("modules", [("sites", "castles", "weather"), ("bidding", "ronin"),
                                     ("support", "terrain-arms", "retreat-siege"), ("teams",)])
def test_public_leaves_under_rule_modules(modules: tuple[str, ...]) -> None:
    map_name = "onin-4p" if "teams" in modules else "classic-2p"
    positions = searched(map_name, 7, 10, modules=modules, every=3)
    assert positions
    lanes = 0
    for k, (state, seat) in enumerate(positions[:8]):
        fast, slow, tally = both_ways("mcts:iterations=40:trade=0", state, seat, k)
        assert fast == slow, (modules, k)
        lanes += tally[1]
    assert lanes > 0 or "bidding" in modules


def test_secrets_turn_public_leaves_off() -> None:
    state, seat = CLASSIC[0]
    obs = observation(state, seat)
    assert not has_secrets(obs)
    hidden_bid = obs.state.clone()
    hidden_bid.game = Game(state.game.board, Rules(modules=registry.validate(("bidding",), 2)))
    hidden_bid.bids = [-2] * state.num_players
    assert has_secrets(Observation(seat, hidden_bid, obs.hand_sizes, obs.deck_size, obs.unseen, 0))
    assert has_secrets(Observation(seat, obs.state, obs.hand_sizes, obs.deck_size, obs.unseen, 2))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, len(CLASSIC) - 1), st.integers(0, 2**32))
def test_deal_hidden_is_the_sampled_worlds_cards(k: int, seed: int) -> None:
    state, seat = CLASSIC[k]
    obs = observation(state, seat)
    weights = make_agent("mcts:iterations=1").hand_weights
    world = sample_world(obs, random.Random(seed), None, weights)
    hidden = deal_hidden(obs, random.Random(seed), weights)
    assert hidden.deck == world.deck
    assert all(hidden.hands[s] == world.hands[s] for s in range(state.num_players) if s != seat)
    assert sorted(hidden.hands) == [s for s in range(state.num_players) if s != seat]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, len(CLASSIC) - 1), st.integers(0, 2**32))
def test_lane_leaf_is_its_worlds_lane(k: int, seed: int) -> None:
    state, seat = CLASSIC[k]
    obs = observation(state, seat)
    rng = random.Random(seed)
    root = public_root(obs.state, deal_hidden(obs, rng))
    hidden = deal_hidden(obs, rng)
    ps = root
    for action in state.legal_actions()[:1]:  # one step on, where the step keeps to public states
        ps = root.after(action) or root
    if not ps.ready:
        return
    world = ps.world(hidden)
    want = BatchState.from_states([world, world, world]).repeat(3)
    leaf = ps.leaf(WorldCards.of(hidden, state.num_players))
    got = lanes_of([leaf, world, leaf], 3)
    for name, value in want.__dict__.items():
        if isinstance(value, np.ndarray):
            assert np.array_equal(value, got.__dict__[name]), name
    want, got = BatchState.from_states([world, world]).repeat(2), lanes_of([leaf, leaf], 2)
    for name, value in want.__dict__.items():
        if isinstance(value, np.ndarray):
            assert np.array_equal(value, got.__dict__[name]), name


def test_a_step_that_changes_what_is_hidden_is_not_public() -> None:
    """Playing Prosperity puts a card on the discard pile, which changes the unseen pool every world is
    dealt from: the walk must take such a step in the world. Ending the phase changes nothing hidden."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=3))
    starts: list[State] = []
    play_game(game, [make_agent("greedy"), make_agent("greedy")], 1,
              on_action=lambda st, _a: starts.append(st.clone()) if st.phase == Phase.REVENUE
              and not st.is_terminal() and st.current_player() >= 0 else None)
    state = starts[-1]
    seat = state.current_player()
    state.hands[seat][Card.PROSPERITY] += 1
    state.deck[Card.PROSPERITY] -= 1 if state.deck[Card.PROSPERITY] else 0
    ps = PublicState(state, LaneTable())
    assert ps.after(PlayCard(Card.PROSPERITY)) is None
    nxt = ps.after(End())
    assert nxt is not None and nxt.state.phase != Phase.REVENUE
    assert ps.after(End()) is nxt  # computed once


def test_take_copies_every_array_as_numpy_indexing() -> None:
    state, seat = next((s, p) for s, p in CLASSIC if s.phase == Phase.TRAVEL)
    worlds = [with_hidden(state, deal_hidden(observation(state, seat), random.Random(k))) for k in range(4)]
    batch = BatchState.from_states(worlds)
    index = np.array([0, 3, 3, 1, 0, 2], np.int64)
    got = batch.take(index)
    for name, value in batch.__dict__.items():
        if isinstance(value, np.ndarray):
            assert np.array_equal(got.__dict__[name], value[index]), name
            assert got.__dict__[name].dtype == value.dtype


def test_a_lane_table_grows_and_keeps_every_lane() -> None:
    state = next(s for s, _ in CLASSIC if s.phase == Phase.TRAVEL)
    states = []
    for k in range(40):  # more than its first room
        s = state.clone()
        s.gold = [k, 2 * k][: s.num_players] + s.gold[2:]
        states.append(s)
    table = LaneTable()
    assert [table.add(s) for s in states] == list(range(40))
    want = BatchState.from_states(states)
    for name, value in want.__dict__.items():
        if isinstance(value, np.ndarray):
            assert np.array_equal(table.batch.__dict__[name], value), name
