"""Tests of the learned policy prior: option features, the weights file, recorded decisions, fitting and its
report, and the search's ``prior=learned`` (tools/train_policy.py: tests/tools/test_train_policy.py)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from ai.agent import SpecError, make_agent
from ai.greedy import GreedyAgent
from ai.learned import policy
from ai.learned.policy import FAMILIES, PolicyNet
from ai.learned.policy_data import Decisions, Recorder
from ai.learned.policy_features import NAMES, WIDTH, option_features, policy_family
from ai.learned.policy_train import fit, report, targets, verdicts
from ai.learned.value import learned_value
from ai.mcts import bot as mcts_bot
from ai.mcts import root_search
from ai.mcts.node import learned_margin
from ai.mcts.options import options
from ai.toolkit.view import View
from japanese_swords.actions import End, Move
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State, decision, initial_state
from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import Observation, observation


@pytest.fixture(scope="module")
def travel_states() -> list[State]:
    """Travel decisions with several options from a greedy game of classic-2p."""
    game = Game(load_map("classic-2p"), Rules(max_rounds=150))
    rng = random.Random(5)
    agent = GreedyAgent(samples=4)
    state = initial_state(game)
    out: list[State] = []
    while not state.is_terminal() and len(out) < 6:
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        if policy_family(state) == "travel" and len(legal) > 3 and state.round >= 2:
            out.append(state.clone())
        state.apply(agent.choose(observation(state, seat), legal, rng))
    assert len(out) >= 3
    return out


def _root_actions(state: State) -> list:
    seat = state.current_player()
    legal = set(state.legal_actions())
    return [a for _, a in options(View.of_obs(observation(state, seat)), random.Random(1)) if a in legal]


def test_option_rows_mark_the_prior_the_kind_and_the_move(travel_states: list[State]) -> None:
    state = travel_states[0]
    seat = state.current_player()
    actions = _root_actions(state)
    rows = option_features(observation(state, seat).state, seat, actions, 1)
    assert rows.shape == (len(actions), WIDTH)
    assert rows[:, NAMES.index("prior")].tolist() == [float(i == 1) for i in range(len(actions))]
    kinds = [i for i, n in enumerate(NAMES) if n.startswith("kind_")]
    np.testing.assert_array_equal(rows[:, kinds].sum(1), 1.0)
    for a, row in zip(actions, rows, strict=True):
        assert row[NAMES.index("kind_end")] == float(isinstance(a, End))
        if not isinstance(a, Move):
            assert row[NAMES.index("to_home")] == 0.0
    assert np.isfinite(rows).all()


def test_option_rows_value_each_option_as_its_after_state_alone(travel_states: list[State]) -> None:
    def logit(p: float) -> float:
        p = min(max(p, 1e-4), 1 - 1e-4)
        return math.log(p / (1 - p))

    for state in travel_states[:3]:
        seat = state.current_player()
        view = observation(state, seat).state
        actions = _root_actions(state)
        rows = option_features(view, seat, actions, 0)
        before = logit(learned_value(view)[seat])
        for action, row in zip(actions, rows, strict=True):
            after = view.clone()
            try:
                after.apply(action)
            except JapaneseSwordsError:  # an option the emptied view cannot play: no known change
                want = 0.0
            else:
                want = max(-3.0, min(3.0, logit(learned_value(after)[seat]) - before))
            assert row[NAMES.index("value")] == want
            assert row[NAMES.index("value_pos")] == max(want, 0.0)
            assert row[NAMES.index("value_neg")] == min(want, 0.0)
        assert (rows[:, NAMES.index("value")] != 0).any()


def test_option_rows_read_only_what_the_seat_sees(travel_states: list[State]) -> None:
    state = travel_states[1]
    seat = state.current_player()
    other = state.clone()
    other.hands[1 - seat] = [0] * len(other.hands[1 - seat])  # the opponent's hidden hand changed
    actions = _root_actions(state)
    a = option_features(observation(state, seat).state, seat, actions, 0)
    b = option_features(observation(other, seat).state, seat, actions, 0)
    np.testing.assert_array_equal(a, b)


def test_weights_round_trip_and_bad_files_fail_in_one_line(tmp_path: Path) -> None:
    net = PolicyNet(np.random.default_rng(1).normal(size=(len(FAMILIES), WIDTH)))
    path = tmp_path / "p.npz"
    policy.save(net, path, "python tools/train_policy.py --seed 3")
    np.testing.assert_array_equal(policy.load(path).w, net.w)
    assert path.with_suffix(".txt").read_text().startswith("python tools/train_policy.py")
    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"not a zip")
    with pytest.raises(ValueError, match="bad.npz") as err:
        policy.load(bad)
    assert "\n" not in str(err.value)
    np.savez(tmp_path / "old.npz", w=np.zeros((2, 3)), names=np.array(["a", "b", "c"]),
             families=np.array(FAMILIES))
    with pytest.raises(ValueError, match="other option features"):
        policy.load(tmp_path / "old.npz")


def test_the_shipped_weights_and_their_command_are_package_data() -> None:
    net = policy.load()
    assert net.w.shape == (len(FAMILIES), WIDTH)
    assert "tools/train_policy.py" in policy.WEIGHTS_PATH.with_suffix(".txt").read_text()
    probs = net.probs("travel", np.eye(3, WIDTH))
    assert probs.sum() == pytest.approx(1.0)


def synthetic(n: int, seed: int, game0: int = 0) -> Decisions:
    """Decisions whose search always chose the option with the largest ``value`` feature (visits alike)."""
    rng = np.random.default_rng(seed)
    parts = []
    for g in range(n):
        items = []
        for _ in range(5):
            k = int(rng.integers(2, 6))
            rows = rng.normal(size=(k, WIDTH))
            prior = int(rng.integers(0, k))
            rows[:, 0] = np.arange(k) == prior
            pick = int(np.argmax(rows[:, NAMES.index("value")]))
            means = np.where(np.arange(k) == pick, 0.6, 0.5)
            items.append((int(rng.integers(0, len(FAMILIES))), rows, np.full(k, 4.0), prior, pick, means))
        parts.append(Decisions.of(items, game0 + g))
    return Decisions.concat(parts)


def test_decisions_concat_subset_and_file_keep_each_decision(tmp_path: Path) -> None:
    d = synthetic(4, 1)
    assert len(d) == 20 and d.rows.shape == (int(d.count.sum()), WIDTH)
    sub = d.subset(d.game == 2)
    assert len(sub) == 5
    first = int(np.nonzero(d.game == 2)[0][0])
    np.testing.assert_array_equal(sub.rows[: sub.count[0]], d.rows[d.start[first]: d.start[first] + d.count[first]])
    d.save(tmp_path / "d.npz")
    back = Decisions.load(tmp_path / "d.npz")
    np.testing.assert_array_equal(back.rows, d.rows)
    np.testing.assert_array_equal(back.pick, d.pick)
    np.testing.assert_array_equal(back.means, d.means)
    (tmp_path / "bad.npz").write_bytes(b"x")
    with pytest.raises(ValueError, match="bad.npz"):
        Decisions.load(tmp_path / "bad.npz")


def test_targets_mix_the_visit_shares_with_the_choice() -> None:
    d = Decisions.of([(0, np.zeros((2, WIDTH)), np.array([3.0, 1.0]), 0, 1, np.array([0.5, 0.4]))], 0)
    np.testing.assert_allclose(targets(d, 0.5), [0.375, 0.625])
    np.testing.assert_allclose(targets(d, 0.0), [0.75, 0.25])


def test_the_mean_label_is_the_best_mean_among_the_most_visited_options() -> None:
    """The opening decision the shipped prior gets wrong: the search kept its second army home (the prior's
    top choice, ``end``) though moving out had the better mean, short of the root's margin; ``label=mean``
    takes the move as the verdict, ``choice`` the end. A rarely visited option's high mean does not count."""
    visits, means = np.array([48.0, 48.0, 16.0, 16.0]), np.array([0.628, 0.651, 0.700, 0.579])
    d = Decisions.of([(0, np.zeros((4, WIDTH)), visits, 0, 0, means)], 0)
    assert verdicts(d, "choice").tolist() == [0] and verdicts(d, "mean").tolist() == [1]
    np.testing.assert_allclose(targets(d, 0.5, "mean"), [0.1875, 0.6875, 0.0625, 0.0625])
    with pytest.raises(ValueError, match="unknown label"):
        verdicts(d, "visits")


def test_games_recorded_without_means_load_and_refuse_only_the_mean_label(tmp_path: Path) -> None:
    d = synthetic(2, 5)
    old = {k: getattr(d, k) for k in ("family", "start", "count", "prior", "pick", "game", "rows", "visits")}
    np.savez_compressed(tmp_path / "old.npz", **old)  # a game folder of release 0.17.5
    back = Decisions.load(tmp_path / "old.npz")
    assert np.isnan(back.means).all() and len(back.means) == len(back.visits)
    np.testing.assert_array_equal(verdicts(back, "choice"), d.pick)
    with pytest.raises(ValueError, match="without the root's means"):
        verdicts(back, "mean")


def test_fitting_learns_what_the_search_chose() -> None:
    train, test = synthetic(60, 2), synthetic(20, 3, game0=100)
    before = report(test, PolicyNet.zeros())
    after = report(test, fit(train, steps=400))
    for fam in FAMILIES:
        assert after[fam]["cross_entropy"] < before[fam]["uniform_cross_entropy"] - 0.1
        assert after[fam]["top1_policy"] > 0.8 > after[fam]["top1_greedy"]


def test_the_recorder_keeps_the_searched_root_and_plays_the_search(travel_states: list[State]) -> None:
    state = travel_states[2]
    seat = state.current_player()
    obs = observation(state, seat)
    rec = Recorder(make_agent("mcts:iterations=16"))
    action = rec.choose(obs, state.legal_actions(), random.Random(3))
    plain = make_agent("mcts:iterations=16").choose(obs, state.legal_actions(), random.Random(3))
    assert action == plain, "recording does not change the search's choice"
    assert len(rec.items) == 1
    fam, rows, visits, prior, pick, means = rec.items[0]
    assert FAMILIES[fam] == "travel" and rows.shape == (len(visits), WIDTH) and visits.sum() >= 16
    assert means.tolist() == [m for _, _, m in rec.agent.last_stats] and 0 <= means.min() <= means.max() <= 1
    assert rec.agent.last_actions[pick] == action
    assert prior == -1 or rows[prior, 0] == 1.0


def test_the_margin_shrinks_with_the_options_probability() -> None:
    probs = [0.5, 0.25, 0.25 - 1e-9, 0.0]
    assert learned_margin(probs, 0, 0) == 0.0
    assert learned_margin(probs, 1, 0) == pytest.approx(0.5)
    assert learned_margin(probs, 3, 0) == pytest.approx(1.0)


def test_prior_is_a_checked_option() -> None:
    assert make_agent("mcts:prior=greedy").config.root_prior == "greedy"
    assert make_agent("mcts:personality=rusher:prior=learned").config.root_prior == "learned"
    with pytest.raises(SpecError, match="prior"):
        make_agent("mcts:prior=wise")


def test_the_plain_search_defaults_to_the_learned_prior_and_a_personality_to_its_style() -> None:
    assert make_agent("mcts").config.root_prior == "learned"
    assert make_agent("mcts:difficulty=hard").config.root_prior == "learned"
    assert make_agent("mcts:personality=turtle").config.root_prior == "greedy"


@pytest.fixture
def end_first(travel_states: list[State], monkeypatch: pytest.MonkeyPatch) -> tuple[State, int, Observation]:
    """A travel decision (state, seat, observation) with a shipped policy that puts End first."""
    net = PolicyNet.zeros()
    net.w[FAMILIES.index("travel"), NAMES.index("kind_end")] = 5.0
    monkeypatch.setattr(mcts_bot, "policy_weights", lambda path=None: net)
    state = travel_states[0]
    seat = state.current_player()
    return state, seat, observation(state, seat)


def test_the_learned_prior_sets_the_root_margin_and_the_order_below(end_first: tuple) -> None:
    state, seat, obs = end_first
    greedy = make_agent("mcts:iterations=16:prior=greedy")
    greedy.choose(obs, state.legal_actions(), random.Random(4))
    assert greedy.prior_probs is None
    agent = make_agent("mcts:iterations=16:prior=learned")
    action = agent.choose(obs, state.legal_actions(), random.Random(4))
    assert action in state.legal_actions()
    probs = agent.prior_probs
    assert probs is not None and sum(probs) == pytest.approx(1.0)
    ends = [i for i, a in enumerate(agent.last_actions) if isinstance(a, End)]
    assert ends and max(range(len(probs)), key=probs.__getitem__) == ends[0]
    agent._seat = seat
    ranked = agent._ranked(state.clone(), seat, random.Random(2))
    assert isinstance(ranked[0][1], End), "below the root the learned policy's top option opens first"
    assert decision(state) == "main" and state.phase in (Phase.TRAVEL, Phase.MARCH_TRAVEL)


def test_prior_weights_puts_another_policy_file_at_the_root(travel_states: list[State], tmp_path: Path) -> None:
    """``prior_weights=PATH`` reads a file written by tools/train_policy.py instead of the shipped policy."""
    state = travel_states[0]
    obs = observation(state, state.current_player())
    tops = []
    for name, weight in (("end_first", 5.0), ("end_last", -5.0)):
        net = PolicyNet.zeros()
        net.w[FAMILIES.index("travel"), NAMES.index("kind_end")] = weight
        policy.save(net, tmp_path / f"{name}.npz", "test")
        agent = make_agent(f"mcts:iterations=16:prior_weights={tmp_path / name}.npz")
        agent.choose(obs, state.legal_actions(), random.Random(4))
        probs = agent.prior_probs
        tops.append(agent.last_actions[max(range(len(probs)), key=probs.__getitem__)])
    assert isinstance(tops[0], End) and not isinstance(tops[1], End)


def test_prior_weights_that_cannot_be_read_fail_at_construction_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "text.npz").write_text("weights\n")
    for spec, why in ((f"mcts:prior_weights={tmp_path / 'absent.npz'}", "no such file"),
                      (f"mcts:prior_weights={tmp_path / 'text.npz'}", "not an .npz archive"),
                      (f"mcts:prior=greedy:prior_weights={policy.WEIGHTS_PATH}", "only with prior=learned"),
                      ("mcts:prior_weights=", "a file's path")):
        with pytest.raises(SpecError, match="'prior_weights'") as err:
            make_agent(spec)
        assert why in str(err.value) and "\n" not in str(err.value)


def test_the_learned_order_below_reads_only_what_the_seat_sees(end_first: tuple,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the root the policy's features are computed on the seat's observation of the world (the other
    hands and the deck hidden, as the policy was fitted), so worlds that differ only there rank alike,
    rankings are remembered by the full key and public states rank as the worlds do."""
    state, seat, obs = end_first
    seen: list[State] = []

    def features(view: State, who: int, actions: list, prior: int | None) -> np.ndarray:
        seen.append(view)
        return option_features(view, who, actions, prior)

    monkeypatch.setattr(root_search, "option_features", features)
    agent = make_agent("mcts:iterations=16:prior=learned")
    agent._seat = seat
    other = next(s for s in range(state.num_players) if s != seat)
    swapped = state.clone()
    swapped.hands[other], swapped.deck = list(swapped.deck), list(swapped.hands[other])  # other hidden cards
    ranked = [agent._rank(w, seat, random.Random(2)) for w in (state.clone(), swapped)]
    assert ranked[0] == ranked[1] and len(seen) == 2
    for view in seen:
        assert view.hands[seat] == state.hands[seat] and not sum(view.deck)
        assert all(not sum(view.hands[s]) for s in range(state.num_players) if s != seat)
    assert agent._plain_key(seat) is False and make_agent("mcts:iterations=16:prior=greedy")._plain_key(seat) is True


@pytest.mark.parametrize("spec", ["mcts:prior=greedy:prior_others=stand_in",
                                  "mcts:personality=rusher:prior_others=stand_in"])
def test_prior_others_is_read_only_with_the_learned_prior(spec: str) -> None:
    with pytest.raises(SpecError, match="prior_others"):
        make_agent(spec)
