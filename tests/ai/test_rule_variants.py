"""Changing rule numbers through :class:`Rules` alone changes the game everywhere: the engine, the
compiled simulator (lane by lane equal to the engine), the battle odds and greedy all follow, with no
other edit."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ai.batch.export import Recorder, replay_lane
from ai.batch.state import BatchState
from ai.batch.turn import TurnRunner
from ai.greedy import GreedyPolicy
from ai.toolkit.view import View
from japanese_swords.actions import Attack, Commit, Draw, PlayCard
from japanese_swords.app.client.odds import strongest_commitment
from japanese_swords.cards import Card
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE, Phase
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.movement import reachable
from tests.ai.batch.test_equality import start_states
from tests.positions import at_phase, clear_armies, give, make_game, place, sq, stack_deck, started

#: Every changed number differs from the default rules.
VARIANT = {"winner_honor": 4, "loser_honor": -2, "winner_experience": 2, "move_points": 3, "commit_soldiers": 4,
           "commit_cards": 6, "much_honor": 5, "prosperity_gold": 2, "intrigue_cards": 2, "intrigue_honor": 4,
           "free_draws": 2, "draw_price": 2, "honor_price": 2}


def _deal_all(state: State) -> None:
    rng = random.Random(0)
    while state.current_player() == CHANCE:
        state.play(sample_chance(state, rng))


def _battle(**rules: int) -> State:
    """p1 (seat 0, three Mounted Samurai and four more soldiers) attacks p2 on the open ground; the deck
    holds only Peasants, so both draws are known."""
    state = at_phase(started(make_game(**rules)), Phase.BATTLE)
    clear_armies(state)
    place(state, 0, "c2")
    place(state, 1, "d2")
    give(state, 0, "MS MS MS AR AR SW SW")
    stack_deck(state, " ".join(["PF"] * 20))
    state.play(Attack(sq("c2"), sq("d2")))
    _deal_all(state)
    return state


@pytest.mark.parametrize("rules", [{}, VARIANT])
def test_the_engine_follows_the_rules(rules: dict[str, int]) -> None:
    r = Rules(**rules)
    state = _battle(**rules)
    five = Commit((Card.MOUNTED, Card.MOUNTED, Card.MOUNTED, Card.ARCHERS, Card.ARCHERS))
    assert (state.why_illegal(five) is None) == (r.commit_soldiers >= 5)
    four = Commit((Card.MOUNTED, Card.MOUNTED, Card.MOUNTED, Card.ARCHERS))
    before = list(state.honor)
    state.play(four)
    state.play(Commit((Card.PEASANT,)))
    _deal_all(state)
    assert [state.honor[s] - before[s] for s in (0, 1)] == [r.winner_honor, r.loser_honor]
    assert state.army_at(sq("c2")).experience == r.winner_experience  # type: ignore[union-attr]

    state = at_phase(started(make_game(**rules)), Phase.TRAVEL)
    clear_armies(state)
    aid = place(state, 0, "c2")
    assert (sq("c5") in reachable(state, aid)) == (r.move_points >= 3)

    state = at_phase(started(make_game(**rules)), Phase.REVENUE)
    give(state, 0, "PR")
    gold = state.gold[0]
    state.play(PlayCard(Card.PROSPERITY))
    assert state.gold[0] - gold == r.prosperity_gold
    at_phase(state, Phase.HONOR)
    give(state, 0, "MH")
    state.play(PlayCard(Card.MUCH_HONOR))
    assert state.honor[0] == r.much_honor

    state = at_phase(started(make_game(**rules)), Phase.DRAW)
    state.gold[0] = 0
    for _ in range(r.free_draws):
        state.play(Draw())
        _deal_all(state)
    assert state.why_illegal(Draw()) is not None  # no gold for the next one


def _replay(map_name: str, lanes: int, rounds: int) -> dict[str, int]:
    game = Game(load_map(map_name), Rules(max_rounds=60, **VARIANT))
    starts = start_states(game, lanes, seed=7)
    batch = BatchState.from_states(starts)
    rec = Recorder()
    runner = TurnRunner(batch, np.random.default_rng(11), None, rec)
    snapshots = []
    for _ in range(rounds * game.num_players):
        runner.run_turn()
        snapshots.append(batch.copy())
    seen = {"attack": 0, "play MH": 0, "lose cards": 0, "lose honor": 0, "move": 0}
    for lane in range(lanes):
        turns = rec.lane_turns(lane)
        replay_lane(starts[lane], turns, [snap.to_state(lane) for snap in snapshots])
        for text in (a for t in turns for a in t):
            for key in seen:
                seen[key] += text.startswith(key)
    return seen


@pytest.mark.parametrize("map_name", ["classic-2p", "kanto-3p"])
def test_the_compiled_simulator_follows_the_rules_lane_by_lane(map_name: str) -> None:
    """Every lane, played by the compiled simulator under the changed rules, replays through the checked
    engine with equal states after every turn (an illegal action or a different number fails)."""
    seen = _replay(map_name, 24, 20)
    assert all(n > 0 for key, n in seen.items() if key != "lose honor" and key != "lose cards"), seen
    assert seen["lose cards"] + seen["lose honor"] > 0, seen


def test_the_odds_and_greedy_follow_the_commitment_limits() -> None:
    hand = [0] * 16
    for c in (Card.MOUNTED, Card.ARCHERS, Card.SWORDSMEN):
        hand[c] = 3
    hand[Card.DAIMYO] = 2
    for rules in (Rules(), Rules(**VARIANT)):
        cards = strongest_commitment(hand, rules)
        assert sum(c.is_soldier for c in cards) == rules.commit_soldiers
        assert len(cards) == min(rules.commit_cards, rules.commit_soldiers + 1)
    for rules in ({}, VARIANT):
        state = _battle(**rules)
        action = GreedyPolicy(samples=8).commit(View.of_state(state, 0), random.Random(1))
        assert state.why_illegal(action) is None
        assert sum(c.is_soldier for c in action.cards) <= Rules(**rules).commit_soldiers  # type: ignore[union-attr]


def test_greedy_draws_the_free_cards_the_rules_give() -> None:
    for rules in ({}, VARIANT):
        state = at_phase(started(make_game(**rules)), Phase.DRAW)
        state.gold[0] = 0
        policy = GreedyPolicy()
        drawn = 0
        while policy.act(View.of_state(state, 0), random.Random(0)) == Draw():
            state.play(Draw())
            _deal_all(state)
            drawn += 1
        assert drawn == Rules(**rules).free_draws


def test_records_of_default_games_read_as_before_and_variants_round_trip() -> None:
    """A default game's rules are written exactly as before the new options (so its setup digest is
    unchanged); a record without them loads with the defaults; a variant names only what it changes."""
    old = {"max_rounds": None, "honor_to_win": 50, "move_points": 2, "army_cost": 4, "upkeep": 1,
           "fortress_revenue": 3, "keep_revenue": 1, "honor_buys_per_phase": 1, "offers_per_turn": 3,
           "battle_draw": 5, "winner_hand_limit": 8, "loser_hand_limit": 3, "diplomacy_hand_limit": 5,
           "ninja_honor_cost": 1, "treachery_honor_cost": 7}
    assert Rules().to_json() == old
    assert Rules.from_json(old) == Rules()
    variant = Rules(**VARIANT)
    assert set(variant.to_json()) == set(old) | (set(VARIANT) - {"move_points"})
    assert Rules.from_json(variant.to_json()) == variant
