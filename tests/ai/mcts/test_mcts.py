"""MCTS guarantees: legal actions only, reproducible for a fixed seed and iteration budget, time budgets
kept, blind to hidden cards, honest worlds, sensible trade replies and option generators."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest

from ai.agent import SpecError, make_agent
from ai.greedy import GreedyAgent
from ai.match import play_game
from ai.mcts import MCTSAgent
from ai.mcts.config import PRESETS, MCTSConfig
from ai.mcts.descent import turn_ordinal
from ai.mcts.evaluator import ScalarEvaluator, heuristic_value
from ai.mcts.hand_prior import shipped_weights
from ai.mcts.node import Node, RootStats, mixed_policy, policy_margin, select
from ai.mcts.options import options
from ai.mcts.worlds import STRONGEST_SHARE, sample_world
from ai.toolkit.commit import best_commit
from ai.toolkit.view import View
from japanese_swords import cards as C
from japanese_swords.actions import Attack, Bundle, Offer
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State, decision, initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(load_map("classic-2p"), Rules(max_rounds=150))


def decision_states(game: Game, seed: int, limit: int = 400) -> list[State]:
    """Copies of the states where a seat decides, from a greedy-vs-greedy game."""
    rng = random.Random(seed)
    agent = GreedyAgent(samples=4)
    state = initial_state(game)
    out: list[State] = []
    while not state.is_terminal() and len(out) < limit:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            out.append(state.clone())
        state.apply(agent.choose(observation(state, seat), legal, rng))
    return out


@pytest.fixture(scope="module")
def states(game: Game) -> list[State]:
    return decision_states(game, 7)


def pick(states: list[State], kind: str, phase_name: str | None = None, count: int = 3) -> list[State]:
    found = [s for s in states if decision(s) == kind and (phase_name is None or s.phase.name == phase_name)]
    step = max(1, len(found) // count)
    return found[::step][:count]


def shuffle_hidden(state: State, seat: int, rng: random.Random) -> State:
    """The same position with the cards ``seat`` cannot see (other hands, the deck, a face-down opposing
    commitment) dealt differently, every size kept."""
    other = state.clone()
    pool: list[C.Card] = C.cards_of(other.deck)
    for s in range(other.num_players):
        if s != seat:
            pool += C.cards_of(other.hands[s])
    b = other.battle
    hidden_side = None
    if b is not None:
        if b.attacker_seat != seat and b.attacker_cards:
            hidden_side = "attacker"
        elif b.defender_seat != seat and b.defender_cards:
            hidden_side = "defender"
    if hidden_side is not None:
        pool += list(getattr(b, f"{hidden_side}_cards"))
    rng.shuffle(pool)
    if hidden_side is not None:
        n = len(getattr(b, f"{hidden_side}_cards"))
        # a legal commitment of the same size: the first n cards that respect the limits
        chosen: list[C.Card] = []
        for c in list(pool):
            if len(chosen) == n:
                break
            if C.commit_problem(chosen + [c]) is None:
                chosen.append(c)
                pool.remove(c)
        setattr(b, f"{hidden_side}_cards", tuple(sorted(chosen)))
    for s in range(other.num_players):
        if s != seat:
            n = sum(other.hands[s])
            other.hands[s] = C.counts_of(pool[:n])
            del pool[:n]
    other.deck = C.counts_of(pool)
    assert other.card_total() == C.DECK_SIZE
    return other


EXPAND_VISITS = MCTSConfig(iterations=1).tree_steps(None)[0]  # small budgets walk after this many
MIN_VISITS = MCTSConfig().min_visits


def interesting(states: list[State]) -> list[State]:
    kinds = [("main", "TRAVEL"), ("main", "BATTLE"), ("main", "EXPENSE"), ("main", "HONOR"), ("commit", None),
             ("discard", None)]
    out: list[State] = []
    for kind, phase in kinds:
        out += pick(states, kind, phase, count=2)
    return out


def test_specs_and_presets() -> None:
    agent = make_agent("mcts:difficulty=hard:seed=3")
    assert isinstance(agent, MCTSAgent) and agent.turn_budget == 15.0 and agent.decision_cap == 3.0
    assert make_agent("mcts:iterations=40:rollouts=scalar").iterations == 40
    bad_specs = ("mcts:difficulty=brutal", "mcts:time=0", "mcts:iterations=0", "mcts:rollouts=gpu",
                 "mcts:bogus=1")
    for bad in bad_specs:
        with pytest.raises(SpecError):
            make_agent(bad)


def test_trivial_decision_answers_at_once(states: list[State]) -> None:
    agent = MCTSAgent(iterations=50, rollouts="scalar")
    state = states[0]
    seat = state.current_player()
    only = state.legal_actions()[:1]
    agent.last_iterations = -1
    assert agent.choose(observation(state, seat), only, random.Random(0)) == only[0]
    assert agent.last_iterations == -1  # no search ran


def test_options_are_legal_where_they_are_generated(game: Game) -> None:
    for state in decision_states(game, 21, limit=250):
        seat = state.current_player()
        for key, action in options(View.of_obs(observation(state, seat)), random.Random(0)):
            assert state.why_illegal(action) is None or decision(state) == "reply", (key, str(action))


@pytest.mark.parametrize(("rollouts", "battle_turns"), [("scalar", 0), ("batch", 0), ("batch", 2)])
def test_same_seed_same_decision_and_blind_to_hidden_cards(states: list[State], rollouts: str,
                                                           battle_turns: int) -> None:
    agent = MCTSAgent(iterations=12, rollouts=rollouts, seed=4, scope="all", battle_turns=battle_turns)
    shuffler = random.Random(99)
    checked = 0
    for state in interesting(states):
        seat = state.current_player()
        legal = state.legal_actions()
        first = agent.choose(observation(state, seat), legal, random.Random(123))
        again = agent.choose(observation(state, seat), legal, random.Random(123))
        assert first == again and first in legal
        other = shuffle_hidden(state, seat, shuffler)
        if sum(state.hands[1 - seat]) >= 2:
            assert other != state  # something hidden really moved
        blind = agent.choose(observation(other, seat), other.legal_actions(), random.Random(123))
        assert blind == first
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize(("rollouts", "battle_turns"), [("scalar", 0), ("batch", 0), ("batch", 2)])
def test_time_budget_is_kept(states: list[State], rollouts: str, battle_turns: int,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    # A fake clock that moves one tick per reading: the check is of the search's own stopping rule
    # (it reads the clock and stops at its deadline), not of how busy the shared machine is.
    tick = 0.001
    clock = [0.0]

    def fake_clock() -> float:
        clock[0] += tick
        return clock[0]

    monkeypatch.setattr(time, "perf_counter", fake_clock)
    budget = 0.05
    agent = MCTSAgent(time=budget, rollouts=rollouts, scope="all", battle_turns=battle_turns)
    full = 0
    for state in interesting(states)[:6]:
        seat = state.current_player()
        legal = state.legal_actions()
        t0 = fake_clock()
        action = agent.choose(observation(state, seat), legal, random.Random(1))
        elapsed = fake_clock() - t0
        assert action in legal
        assert agent.last_iterations >= 1
        assert elapsed <= budget + 12 * tick  # a few readings past the deadline, never a second sweep
        full += elapsed >= budget  # searched to its deadline (a turn's later decisions may reuse a plan)
    assert full >= 2


def test_turn_budget_is_spread_over_decisions(states: list[State]) -> None:
    agent = MCTSAgent(difficulty="normal")
    obs = observation(states[0], states[0].current_player())
    total = 0.0
    for _ in range(30):
        allot = agent._allot(obs)
        assert allot is not None and allot <= agent.decision_cap
        agent._turn_spent += allot
        total += allot
    assert total <= agent.turn_budget + 30 * 0.005


def test_economy_decisions_get_a_smaller_share_of_the_turn(states: list[State]) -> None:
    travel = pick(states, "main", "TRAVEL", count=1)[0]
    draw = pick(states, "main", "DRAW", count=1)[0]
    allots = []
    for state in (travel, draw):
        agent = MCTSAgent(difficulty="normal")
        allots.append(agent._allot(observation(state, state.current_player())))
    turn, cap = PRESETS["normal"]
    assert allots == pytest.approx([min(cap, 0.3 * turn), 0.1 * turn])  # 30% of the turn (capped) and 10%


def test_too_few_samples_leave_the_choice_to_the_policy(states: list[State]) -> None:
    agent = MCTSAgent(iterations=6, scope="all", rollouts="scalar")
    policy = GreedyAgent(style="tuned")
    checked = 0
    for state in pick(states, "main", "TRAVEL", count=12):
        seat = state.current_player()
        obs, legal = observation(state, seat), state.legal_actions()
        action = agent.choose(obs, legal, random.Random(8))
        best = max(n for _, n, _ in agent.last_stats) if agent.last_iterations else 99
        if best < MIN_VISITS:  # searched, but no option was seen in MIN_VISITS worlds
            assert action == policy.choose(obs, legal, random.Random(8))
            checked += 1
    assert checked >= 4


class _HorizonProbe:
    """An evaluator that records the playout turns it is asked for and scores every leaf 0.5."""

    name = "batch"

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []  # (turn ordinal of the leaf, playout turns asked)

    def evaluate(self, states: list[State], rng: random.Random, seeds: list[int] | None = None,
                 turns: list[int] | None = None) -> list[list[float]]:
        assert turns is not None
        self.asked += [(turn_ordinal(s), t) for s, t in zip(states, turns, strict=True)]
        return [[0.5] * s.num_players for s in states]


@pytest.mark.parametrize("kind", ["attack", "commit"])
def test_battle_turns_judge_battles_at_one_horizon(states: list[State], kind: str) -> None:
    """With ``battle_turns`` a battle search's leaves go to the playouts, each asked for the turns that
    end at the same turn ordinal (an attack's leaf is still in our turn, End's has passed it on); with 0
    the playouts are never asked."""
    found = ([s for s in states if decision(s) == "main" and s.phase.name == "BATTLE"
              and sum(isinstance(a, Attack) for a in s.legal_actions()) >= 1] if kind == "attack"
             else [s for s in states if decision(s) == "commit"])[:2]
    assert found
    for turns in (0, 2):
        for state in found:
            agent = MCTSAgent(iterations=6, scope="all", battle_turns=turns, batch=4, battle="uct")
            probe = agent.evaluator = _HorizonProbe()  # type: ignore[assignment]
            seat = state.current_player()
            agent.choose(observation(state, seat), state.legal_actions(), random.Random(2))
            if turns == 0:
                assert probe.asked == []
                continue
            assert probe.asked and len(probe.asked) <= 6
            start = turn_ordinal(state)
            assert {ordinal + asked for ordinal, asked in probe.asked} == {start + turns}
            if kind == "attack":  # End was tried: its leaf is the next player's turn
                assert {ordinal for ordinal, _ in probe.asked} == {start, start + 1}


def _deepest(node: Node) -> int:
    return 1 + max((_deepest(c) for c in node.children.values()), default=0)


def test_tree_grows_below_the_root_only_where_visited_often(states: list[State]) -> None:
    state = pick(states, "main", "TRAVEL", count=1)[0]
    seat = state.current_player()
    obs, legal = observation(state, seat), state.legal_actions()
    small = MCTSAgent(iterations=EXPAND_VISITS, rollouts="scalar", depth=1)
    small.choose(obs, legal, random.Random(3))
    assert small.last_root is not None and small.last_root.children
    # no node below the root was reached EXPAND_VISITS times: the leaves were cut just under the root
    assert _deepest(small.last_root) == 2
    for child in small.last_root.children.values():
        assert child.visits < EXPAND_VISITS or child.children
    big = MCTSAgent(iterations=8 * EXPAND_VISITS, rollouts="scalar", depth=1)
    big.choose(obs, legal, random.Random(3))
    assert big.last_root is not None
    often = [c for c in big.last_root.children.values() if c.visits > EXPAND_VISITS]
    assert often and all(c.children for c in often)  # walked through once visited often enough
    assert _deepest(big.last_root) >= 3


def test_the_tree_grows_sooner_with_a_bigger_budget() -> None:
    assert MCTSConfig(time=0.1).tree_steps(0.1) == (40, 40)  # up to about 0.1 s: the measured defaults
    assert MCTSConfig(time=0.02).tree_steps(0.02) == (40, 40)
    assert MCTSConfig(time=0.2).tree_steps(0.2) == (20, 20)  # in proportion to the budget
    assert MCTSConfig(time=0.5).tree_steps(0.5) == MCTSConfig(time=3).tree_steps(3) == (8, 8)  # the floor
    assert MCTSConfig(iterations=800).tree_steps(None) == (20, 20)
    assert MCTSConfig(iterations=800, time=0.5).tree_steps(0.5) == (20, 20)  # the smaller budget counts
    assert MCTSConfig(time=0.5, expand_visits=3, unprune_step=60).tree_steps(0.5) == (3, 60)  # given: kept
    assert MCTSConfig.preset("hard").tree_steps(3.0) == (8, 8)  # a preset: by the decision's allotment
    assert MCTSConfig.preset("normal").tree_steps(0.05) == (40, 40)


def test_a_bigger_budget_walks_deeper_below_the_root(states: list[State]) -> None:
    state = pick(states, "main", "TRAVEL", count=1)[0]
    obs, legal = observation(state, state.current_player()), state.legal_actions()
    depths = {}
    for spec in ("", ":expand_visits=40:unprune_step=40"):
        agent = make_agent(f"mcts:iterations=1000{spec}")
        agent.choose(obs, legal, random.Random(3))
        assert agent.last_root is not None and agent.expand_visits == (16 if not spec else 40)
        depths[spec] = sum(1 for _ in _nodes(agent.last_root))
    assert depths[""] > depths[":expand_visits=40:unprune_step=40"]


def _nodes(node: Node) -> Iterator[Node]:
    yield node
    for child in node.children.values():
        yield from _nodes(child)


def test_never_illegal_in_whole_games() -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=6))
    mcts = make_agent("mcts:iterations=6:rollouts=scalar:scope=all")
    rand, greedy = make_agent("random"), make_agent("greedy")
    for seed, agents in ((1, [mcts, rand]), (2, [greedy, mcts])):
        result = play_game(game, agents, seed)  # every action goes through the checked entry point
        assert result.state.is_terminal()


@pytest.mark.parametrize("prior", ["uniform", "fitted"])
def test_sampled_worlds_are_consistent(states: list[State], prior: str) -> None:
    rng = random.Random(5)
    weights = shipped_weights() if prior == "fitted" else None
    for state in interesting(states):
        seat = state.current_player()
        obs = observation(state, seat)
        for _ in range(5):
            world = sample_world(obs, rng, weights=weights)
            assert world.card_total() == C.DECK_SIZE
            assert world.hands[seat] == state.hands[seat]
            assert world.discard == state.discard
            assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
            assert sum(world.deck) == sum(state.deck)
            b, tb = world.battle, state.battle
            if tb is not None:
                for side in ("attacker_cards", "defender_cards"):
                    mine = getattr(tb, side)
                    got = getattr(b, side)
                    assert (mine is None) == (got is None)
                    if got is not None:
                        assert len(got) == len(mine) and C.commit_problem(got) is None


def test_a_hidden_commitment_is_mostly_the_strongest_cards(states: list[State]) -> None:
    hidden = [s for s in states if s.battle is not None and s.battle.attacker_cards
              and s.current_player() == s.battle.defender_seat]
    assert hidden
    rng = random.Random(9)
    strongest = total = 0
    for state in hidden[:4]:
        b = state.battle
        obs = observation(state, b.defender_seat)
        for _ in range(100):
            world = sample_world(obs, rng)
            attacker = world.battle.attacker_cards
            held = [h + a for h, a in zip(world.hands[b.attacker_seat], C.counts_of(attacker), strict=True)]
            best = best_commit(held)
            if len(best) < len(attacker):  # no strongest set of that size: always a random legal set
                continue
            strongest += sorted(attacker) == sorted(best[:len(attacker)])
            total += 1
    assert total >= 100
    assert strongest / total >= STRONGEST_SHARE - 0.1


def test_known_cards_are_placed(states: list[State]) -> None:
    state = next(s for s in states if decision(s) == "main" and sum(s.hands[1 - s.current_player()]) >= 2)
    seat = state.current_player()
    other = 1 - seat
    obs = observation(state, seat)
    wanted = next(c for c in C.CARD_TYPES if obs.unseen[c] >= 1)
    known = C.empty()
    known[wanted] = 1
    for k in range(5):
        world = sample_world(obs, random.Random(k), {other: known})
        assert world.hands[other][wanted] >= 1
        assert sum(world.hands[other]) == sum(state.hands[other])


def test_trade_replies(states: list[State]) -> None:
    state = next(s for s in states if decision(s) == "main")
    maker = state.turn_player
    other = 1 - maker
    state = state.clone()
    state.gold = [max(g, 6) for g in state.gold]
    agent = MCTSAgent(iterations=4, rollouts="scalar")
    obs = observation(state, other)
    ok, why = agent.respond_to_trade(obs, Offer(other, Bundle(gold=5), Bundle()), random.Random(0))
    assert ok and why.startswith("accepted") and "\n" not in why
    ok, why = agent.respond_to_trade(obs, Offer(other, Bundle(), Bundle(gold=6, honor=0)), random.Random(0))
    assert not ok and why.startswith("declined")


def test_uct_with_availability_tries_everything_then_prefers_the_best() -> None:
    root = Node()
    keys = ["a", "b", "c"]
    rewards = {"a": 0.2, "b": 0.9, "c": 0.4}
    for _ in range(60):
        key, edge = select(root.edges, keys, 0.5)
        edge.w += rewards[key]
    assert all(root.edges[k].n >= 1 for k in keys)
    assert root.edges["b"].n > root.edges["a"].n and root.edges["b"].n > root.edges["c"].n
    assert all(root.edges[k].avail == 60 for k in keys)
    key, _ = select(root.edges, ["a", "c"], 0.5)  # "b" unavailable in this world
    assert key in ("a", "c") and root.edges["b"].avail == 60
    probs = mixed_policy(root.edges, keys)
    assert abs(sum(probs) - 1.0) < 1e-9 and probs[1] == max(probs)


def test_the_policy_margin_shrinks_with_the_standard_error_of_paired_differences() -> None:
    rng = random.Random(4)
    noisy = [{0: rng.random(), 1: rng.random()} for _ in range(400)]
    assert policy_margin(noisy, 1, 0, 0.0, 0.03) == 0.03  # z = 0: the fixed prior_bonus
    assert policy_margin(noisy[:1], 1, 0, 2.0, 0.03) == 0.03  # one paired sweep says nothing
    diffs = [row[1] - row[0] for row in noisy]
    m = sum(diffs) / len(diffs)
    se = (sum((d - m) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs)) ** 0.5
    assert policy_margin(noisy, 1, 0, 2.0, 1.0) == pytest.approx(2.0 * se)
    assert policy_margin(noisy, 1, 0, 2.0, 0.01) == 0.01  # never above prior_bonus
    assert policy_margin(noisy[:100], 1, 0, 2.0, 1.0) > policy_margin(noisy, 1, 0, 2.0, 1.0)  # more sweeps
    steady = [{0: 0.5 + 0.1 * rng.random(), 2: 0.0} for _ in range(50)]
    for row in steady:
        row[2] = row[0] + 0.004  # common random numbers: the same edge in every world
    assert policy_margin(steady, 2, 0, 3.0, 0.03) == pytest.approx(0.0, abs=1e-12)
    only_one = [{0: 0.5}, {2: 0.9}, {0: 0.4}]  # sweeps that played only one of the two are not paired
    assert policy_margin(only_one, 2, 0, 3.0, 0.03) == 0.03


def test_root_stats_score_the_mean_less_the_margin_over_the_policy_choice() -> None:
    paired = RootStats(3, paired=True)
    for sweep, (a, b) in enumerate([(0.5, 0.58), (0.4, 0.47), (0.6, 0.69), (0.3, 0.38)]):
        paired.new_sweep()
        paired.add(0, a, sweep)
        paired.add(1, b, sweep)
    assert paired.visits == [4, 4, 0] and paired.mean(2) == 0.0
    assert paired.mean(1) == pytest.approx(0.53)
    assert paired.score(0, 0, 2.0, 0.03) == paired.mean(0)  # the policy's choice carries no margin
    assert paired.score(1, None, 2.0, 0.03) == paired.mean(1)  # nor does anything without a policy choice
    margin = policy_margin(paired.sweeps, 1, 0, 2.0, 0.03)
    assert 0.0 < margin < 0.03  # a steady edge of about 0.08: the margin shrinks below prior_bonus
    assert paired.score(1, 0, 2.0, 0.03) == pytest.approx(paired.mean(1) - margin)
    fixed = RootStats(2, paired=False)
    fixed.new_sweep()
    fixed.add(1, 0.7, 0)
    assert fixed.sweeps == [] and fixed.score(1, 0, 2.0, 0.03) == pytest.approx(0.67)  # unpaired: prior_bonus


def test_evaluators_give_values_per_seat(states: list[State]) -> None:
    ev = ScalarEvaluator(max_turns=1)
    worlds = [sample_world(observation(s, s.current_player()), random.Random(0)) for s in states[:5]]
    values = ev.evaluate(worlds, random.Random(0))
    assert len(values) == 5
    for v in values:
        assert len(v) == 2 and all(0.0 <= x <= 1.0 for x in v)
    for s in states[:20]:
        v = heuristic_value(s)
        assert all(0.0 <= x <= 1.0 for x in v)


def test_heuristic_prefers_more_honor(states: list[State]) -> None:
    s = states[10].clone()
    base = heuristic_value(s)[0]
    s.honor[0] += 10
    assert heuristic_value(s)[0] > base


def test_scope_leaves_other_decisions_to_the_playout_policy(states: list[State]) -> None:
    agent = MCTSAgent(iterations=10, rollouts="scalar", scope="commit")
    greedy = GreedyAgent()
    for state in pick(states, "main", "TRAVEL", count=3):
        seat = state.current_player()
        obs = observation(state, seat)
        agent.last_iterations = 0
        action = agent.choose(obs, state.legal_actions(), random.Random(2))
        assert agent.last_iterations == 0  # no search
        assert action in state.legal_actions()
    for state in pick(states, "commit", count=2):
        seat = state.current_player()
        agent.choose(observation(state, seat), state.legal_actions(), random.Random(2))
        assert agent.last_iterations > 0
    assert greedy.name == "greedy"
    with pytest.raises(ValueError):
        MCTSAgent(scope="travel+dance")


def test_batch_evaluator_uses_the_fitted_value_and_lanes(states: list[State]) -> None:
    from ai.mcts.evaluator import BatchEvaluator, fitted_value

    worlds = [sample_world(observation(s, s.current_player()), random.Random(0)) for s in states[:8]]
    ev = BatchEvaluator(max_turns=2, value=fitted_value, lanes=8)
    values = ev.evaluate([w.clone() for w in worlds], random.Random(0))
    assert len(values) == 8 and all(abs(sum(v) - 1.0) < 1e-9 for v in values)
    # with no turn left to play, the batch evaluator scores the state by the same fitted value
    now = ev.evaluate([w.clone() for w in worlds], random.Random(0), turns=[0] * 8)
    assert now == [fitted_value(w) for w in worlds]
    agent = make_agent("mcts:iterations=4:rollouts=batch:lanes=8:policy=greedy")
    assert agent.evaluator.lanes == 8 and agent.policy.win_margin == 0.75
    for bad in ("mcts:lanes=-1", "mcts:policy=reckless"):
        with pytest.raises(SpecError):
            make_agent(bad)
