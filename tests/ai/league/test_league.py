"""The opponent league: each style's defining behaviour on constructed positions, and legal whole games."""

from __future__ import annotations

import random

import pytest

from ai.agent import known_agents, make_agent
from ai.league import LEAGUE
from ai.match import play_game
from japanese_swords.actions import Attack, BuyHonor, Commit, Discard, Draw, End, IntrigueReply, Move, PlayCard, Raise
from japanese_swords.board import square_index
from japanese_swords.cards import Card
from japanese_swords.core import Battle, Phase
from japanese_swords.engine import State
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.positions import at_phase, clear_armies, give, place, started


def choose(spec: str, state: State, seed: int = 0):
    """The agent's choice for the seat to move in ``state`` (from its observation only)."""
    seat = state.current_player()
    return make_agent(spec).choose(observation(state, seat), state.legal_actions(), random.Random(seed))


def defending(attacker_cards: str, defender_cards: str, att: str = "f5", dfn: str = "f4") -> State:
    """Seat 0 (at ``att``) has committed ``attacker_cards`` face down against seat 1 (at ``dfn``), which
    holds ``defender_cards`` and is to commit."""
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    a, d = place(state, 0, att), place(state, 1, dfn)
    place(state, 0, "b1")
    place(state, 1, "i9")
    give(state, 0, attacker_cards)
    give(state, 1, defender_cards)
    cards = tuple(Card.from_code(c) for c in attacker_cards.split())
    for c in cards:
        state.hands[0][c] -= 1
    state.battle = Battle(a, d, 0, 1, attacker_cards=cards, attacker_count=len(cards))
    state.attacked.add(a)
    assert state.current_player() == 1
    return state


def test_league_specs_are_registered_agents() -> None:
    assert set(LEAGUE) <= set(known_agents())
    assert len(LEAGUE) == len(set(LEAGUE)) >= 4
    for spec in LEAGUE:
        assert make_agent(spec).name == spec


@pytest.mark.parametrize("spec", LEAGUE)
def test_every_style_plays_legal_whole_games(spec: str) -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=60))
    for g in range(2):
        agents = [make_agent(spec), make_agent("greedy")]
        result = play_game(game, agents[::1 if g == 0 else -1], seed=40 + g)  # the checked entry point
        assert result.rounds >= 1


# ----- honor racer -------------------------------------------------------------------------------------
def test_honor_racer_answers_a_hopeless_defence_with_diplomacy() -> None:
    state = defending("MS MS DA AR AR", "PF SP DI")
    action = choose("honor_racer", state)
    assert action == Commit((Card.DIPLOMACY,))


def test_honor_racer_never_reveals_treachery() -> None:
    # a winnable defence where Treachery would add force: the racer reaches it without the -7 honor
    state = defending("PF", "TR SW MS WM", dfn="f6")
    for seed in range(5):
        action = choose("honor_racer", state, seed)
        assert isinstance(action, Commit) and Card.TREACHERY not in action.cards


def test_honor_racer_plays_much_honor_then_intrigue_on_the_leader_then_buys_honor() -> None:
    state = at_phase(started(), Phase.HONOR)
    state.gold[0] = 3
    give(state, 0, "MH IN")
    state.honor[1] = 30
    assert choose("honor_racer", state) == PlayCard(Card.MUCH_HONOR)
    state.apply(PlayCard(Card.MUCH_HONOR))
    assert choose("honor_racer", state) == PlayCard(Card.INTRIGUE, 1)
    state.hands[0][Card.INTRIGUE] -= 1
    state.discard[Card.INTRIGUE] += 1
    assert choose("honor_racer", state) == BuyHonor()


def test_honor_racer_loses_cards_not_honor_to_intrigue() -> None:
    state = at_phase(started(order=(1, 0)), Phase.HONOR)
    give(state, 0, "PF SP WM MS")
    give(state, 1, "IN")
    state.apply(PlayCard(Card.INTRIGUE, 0))
    assert state.current_player() == 0
    assert choose("honor_racer", state) == IntrigueReply(True)


def test_honor_racer_attacks_only_at_good_odds() -> None:
    # even cards, clear terrain: greedy's 0.6 threshold may attack, the racer's 0.75 does not
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    place(state, 0, "b1")
    place(state, 0, "f5")
    place(state, 1, "f4")
    place(state, 1, "i9")
    give(state, 0, "SW WM")
    give(state, 1, "SW WM")
    assert choose("honor_racer", state) == End()
    give(state, 0, "MS MS DA AR AR")  # now overwhelming
    assert isinstance(choose("honor_racer", state), Attack)


# ----- rusher ------------------------------------------------------------------------------------------
def test_rusher_marches_on_the_enemy_fortress_past_free_keeps() -> None:
    state = at_phase(started(), Phase.TRAVEL)
    clear_armies(state)
    place(state, 0, "b1")
    place(state, 0, "b3")  # next to the free keep at b4
    place(state, 1, "i9")
    assert choose("greedy", state.clone()) == Move(square_index("b3"), square_index("b4"))  # greedy: the keep
    before = sorted(_dist_sq(state, a.square, square_index("i9")) for _, a in state.armies_of(0))
    for _ in range(4):
        action = choose("rusher", state)
        if action == End():
            break
        assert isinstance(action, (Move, PlayCard))
        state.apply(action)
    after = sorted(_dist_sq(state, a.square, square_index("i9")) for _, a in state.armies_of(0))
    assert all(x < y for x, y in zip(after, before, strict=True))  # every army closed in on the enemy home
    assert state.occupant[square_index("b4")] < 0


def test_rusher_raises_an_army_with_every_four_gold() -> None:
    state = at_phase(started(), Phase.EXPENSE)
    state.gold[0] = 9
    assert isinstance(choose("rusher", state), Raise)
    state.gold[0] = 4  # greedy keeps a gold back; the rusher spends it
    assert isinstance(choose("rusher", state), Raise)


def _dist_sq(state: State, a: int, b: int) -> int:
    from ai.toolkit.distances import distances

    return distances(state.game.board)[a][b]


# ----- turtle ------------------------------------------------------------------------------------------
def test_turtle_garrison_never_sallies() -> None:
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    place(state, 0, "b1")  # the garrison
    place(state, 1, "c1", )  # an enemy next to the fortress
    place(state, 1, "i9")
    give(state, 0, "MS MS DA AR AR")  # attacking would very likely win
    assert isinstance(choose("greedy", state), Attack)
    assert choose("turtle", state) == End()
    state = at_phase(state, Phase.TRAVEL)
    assert choose("turtle", state) == End()  # and it does not walk out either


def test_turtle_counter_attacks_near_home_but_not_far_away() -> None:
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    place(state, 0, "b1")
    place(state, 0, "c2")
    place(state, 1, "d2")  # near home
    place(state, 1, "i9")
    give(state, 0, "MS MS DA AR AR")
    assert choose("turtle", state) == Attack(square_index("c2"), square_index("d2"))
    state = at_phase(started(), Phase.BATTLE)
    clear_armies(state)
    place(state, 0, "b1")
    place(state, 0, "h8")
    place(state, 1, "h9")  # next to the enemy home, far from ours
    place(state, 1, "i9")
    give(state, 0, "MS MS DA AR AR")
    assert choose("turtle", state) == End()


# ----- hoarder -----------------------------------------------------------------------------------------
def test_hoarder_meets_a_big_attack_with_diplomacy() -> None:
    state = defending("MS MS DA AR AR", "SW SW WM DI")
    assert choose("hoarder", state) == Commit((Card.DIPLOMACY,))


def test_hoarder_draws_a_big_hand_and_keeps_diplomacy() -> None:
    state = at_phase(started(), Phase.DRAW)
    state.gold[0] = 12
    give(state, 0, "PF PF SP SP WM WM SW SW DI")
    state.apply(Draw())
    while state.current_player() != 0:
        state.apply(state.legal_actions()[0])  # the dealt card
    assert choose("hoarder", state) == Draw()  # 10 cards, gold to spare: the hoarder draws on
    assert choose("greedy", state) == End()


def test_hoarder_discards_anything_before_diplomacy() -> None:
    state = defending("MS MS DA AR AR", "DI SP")
    state.battle = None
    state.discard_queue = [(1, 1)]
    assert choose("hoarder", state) == Discard(Card.SPEARMEN)


def test_benchmark_league_flag_plays_the_agent_against_every_style(tmp_path, capsys) -> None:
    import json

    from ai.tournament.cli import main

    out = tmp_path / "league.json"
    assert main(["--agents", "random", "--league", "--games", "2", "--max-rounds", "15", "--quiet",
                 "--json", str(out)]) == 0
    reports = json.loads(out.read_text())["league"]
    assert [r["config"]["agents"] for r in reports] == [["random", style] for style in LEAGUE]
    assert all(r["games"]["counted"] == 2 for r in reports)
    assert main(["--agents", "random,greedy", "--league", "--games", "2"]) == 2
    assert "exactly one --agents spec" in capsys.readouterr().err


def test_benchmark_league_records_go_to_a_folder_per_style_created_with_its_parents(tmp_path) -> None:
    from ai.tournament.cli import main

    records = tmp_path / "new" / "league"  # neither folder exists yet
    assert main(["--agents", "random", "--league", "--games", "2", "--max-rounds", "6", "--quiet",
                 "--records", str(records)]) == 0
    assert sorted(p.name for p in records.iterdir()) == sorted(LEAGUE)
    assert all(len(list((records / style).glob("*.json"))) == 2 for style in LEAGUE)
