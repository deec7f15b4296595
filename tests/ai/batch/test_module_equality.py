"""The batch simulator plays the rule modules it claims (``ai="compiled"`` in the registry): lanes of each
such module and preset, exported as engine actions plus chance outcomes, replay through the checked engine
(an illegal action raises) and the engine state equals the lane's state after every turn, as
tests/ai/batch/test_equality.py checks for the classic rules. A few dozen lanes per case keep CI small;
the replayed engine events show that each module's rules came up (a battle at every kind of site, a
mounted attack into cover, shooters on the walls, site honor, team wins, every weather, retreats,
breaches, battles behind walls: the lanes build no walls, so their start states get walls on most keeps;
supporters paid for by both sides and the winner's paid back; bids above 0, some rounds ordered without a
tie draw; walls built and ronin hired by policies that do).
Each lane's value after the last turn equals the scalar one, for each leaf value of the search (a team
game's values are the team's)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from ai import heuristic
from ai.batch.evaluate import lane_values
from ai.batch.export import Recorder, replay_lane
from ai.batch.policy import RolloutPolicy
from ai.batch.state import BatchState, resumable
from ai.batch.turn import TurnRunner
from ai.batch.value import fitted_values
from ai.learned.value import learned_values
from ai.mcts.evaluator import fitted_value, learned_value
from ai.rollout_policy import RolloutAgent, play_turn, to_batch_start
from ai.value_fit import load_weights
from japanese_swords import events as E
from japanese_swords.board import Terrain
from japanese_swords.cards import Card
from japanese_swords.core import Phase
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.modules import MODULES, PRESETS, needs_scalar_rollouts, params_of
from japanese_swords.modules.sites import sites_of
from tests.ai.batch.test_equality import resumed_states, start_states, step_to

#: An aggressive policy (attacks on an even chance, marches on armies) so battles come up often.
EAGER = RolloutPolicy(attack_margin=-3.0, w_army=2.0, honor_reserve=99)
#: A team game that lasts (no honor bought, marching on fortresses), so both enemy fortresses fall.
LONG_TEAMS = RolloutPolicy(attack_margin=-2.0, honor_reserve=99, w_home=6.0, army_cap=8)
#: Small hands (and, in its case, a battle draw of 1): battles of a few cards a side, so a plain's "3 cards
#: to win" comes up.
SMALL = RolloutPolicy(attack_margin=-6.0, w_army=2.0, honor_reserve=99, hand_target=2, max_draws=1)
#: Bids for the turn order (bidding): a share of the gold above a reserve, a different share per seat.
BIDDER = RolloutPolicy(attack_margin=-3.0, w_army=2.0, honor_reserve=99, bid_percent=30, bid_reserve=2)
#: Walls on a keep it holds when an enemy army is within 3 squares (castles).
WALLER = RolloutPolicy(attack_margin=-3.0, w_army=2.0, honor_reserve=99, wall_threat=3, wall_reserve=0)
#: Up to 2 ronin with each army next to an enemy army (ronin).
HIRER = RolloutPolicy(attack_margin=-3.0, w_army=2.0, honor_reserve=99, ronin_cap=2, ronin_reserve=0)
BIDDERS = (BIDDER, RolloutPolicy(attack_margin=-3.0, w_army=2.0, bid_percent=100, bid_reserve=8), WALLER,
           RolloutPolicy(attack_margin=-3.0, w_army=2.0, bid_percent=20, ronin_cap=1, wall_threat=2))
ROUNDS = 30

#: (case, map, modules, lanes, policy): each compiled module alone, and the presets whose modules are
#: compiled.
CASES = [
    ("sites-2p", "classic-2p", ("sites",), 32, EAGER),
    ("sites-3p", "kanto-3p", ("sites:honor=2",), 24, EAGER),
    ("sites-small-hands", "classic-2p", ("sites",), 64, SMALL),  # (battle_draw=1: see replay_case)
    ("terrain-arms-2p", "kawanakajima-2p", ("terrain-arms",), 32, EAGER),
    ("terrain-arms-4p", "shikoku-4p", ("terrain-arms:shooters=4",), 24, EAGER),
    ("battlefields-2p", "nagashino-2p", PRESETS["battlefields"], 32, EAGER),
    ("battlefields-4p", "onin-4p", PRESETS["battlefields"], 24, EAGER),
    ("weather-2p", "classic-2p", ("weather",), 32, EAGER),
    ("weather-3p", "sekigahara-3p", ("weather:rain=3:storm_cost=2",), 24, EAGER),
    ("weather-battlefields-4p", "shikoku-4p", ("sites", "terrain-arms", "weather"), 24, EAGER),
    ("retreat-siege-2p", "classic-2p", ("retreat-siege",), 32, EAGER),
    ("retreat-siege-weather-3p", "kanto-3p", ("retreat-siege", "weather"), 24, EAGER),
    ("castles-2p", "kawanakajima-2p", ("castles",), 32, EAGER),
    ("castles-retreat-4p", "onin-4p", ("castles:defence=2:levels=3", "retreat-siege", "weather"), 24, EAGER),
    ("bidding-3p", "sekigahara-3p", ("bidding",), 24, EAGER),
    ("bidding-castles-4p", "shikoku-4p", ("bidding", "castles", "weather"), 24, EAGER),
    ("ronin-2p", "nagashino-2p", ("ronin:force=20",), 48, EAGER),
    ("shogun-3p", "kanto-3p", PRESETS["shogun"], 24, EAGER),
    ("shogun-retreat-4p", "onin-4p", ("bidding", "castles", "retreat-siege", "ronin:force=5:most=2"), 24, EAGER),
    ("teams-onin", "onin-4p", PRESETS["teams"], 32, EAGER),
    ("teams-shikoku", "shikoku-4p", PRESETS["teams"], 24, LONG_TEAMS),
    ("teams-battlefields", "onin-4p", ("sites", "teams", "terrain-arms"), 24, EAGER),
    ("support-2p", "classic-2p", ("support",), 32, EAGER),
    ("support-3p", "kanto-3p", ("support:fee=2:interest=3",), 24, EAGER),
    ("support-free-sites-4p", "onin-4p", ("sites", "support:fee=0", "teams"), 24, EAGER),
    ("tokugawa-2p", "nagashino-2p", PRESETS["tokugawa"], 32, EAGER),
    ("tokugawa-4p", "shikoku-4p", PRESETS["tokugawa"], 24, EAGER),
    ("bids-3p", "kanto-3p", ("bidding",), 24, BIDDER),
    ("walls-2p", "kawanakajima-2p", ("castles:cost=2",), 32, WALLER),
    ("ronin-hire-2p", "nagashino-2p", ("ronin",), 32, HIRER),
    ("shogun-bids-4p", "onin-4p", PRESETS["shogun"], 24, BIDDERS),
]

_DONE: dict[str, tuple[Counter, Game]] = {}


def replay_case(case: str) -> tuple[Counter, Game]:
    """Simulate the case's lanes ROUNDS rounds with recording, replay every lane through the checked
    engine comparing states after every turn, and count what the replayed battles did (cached)."""
    if case in _DONE:
        return _DONE[case]
    _, map_name, modules, lanes, policy = next(c for c in CASES if c[0] == case)
    draw = 1 if policy is SMALL else Rules().battle_draw
    game = Game(load_map(map_name), Rules(max_rounds=40, modules=modules, battle_draw=draw))
    hired = params_of(game.rules.modules, "ronin") if game.rules.modules else None
    # ronin leave at their seat's next turn: start ronin cases inside later turns, armies in contact
    starts = (resumed_states if hired else start_states)(game, lanes, seed=len(case))
    for i, s in enumerate(starts):  # a turn played into a new round stops before its weather draw
        to_batch_start(s, random.Random(f"weather:{case}:{i}"))
    if hired is not None:  # the lanes hire none: start with ronin on every army of the waiting seats
        for i, s in enumerate(starts):
            if not s.is_terminal():
                waiting = [aid for aid, a in s.armies.items() if a.owner != s.turn_player]
                s.ronin = {aid: 1 + (i + aid) % hired["most"] for aid in waiting}
    walls = params_of(game.rules.modules, "castles") if game.rules.modules else None
    if walls is not None:  # the lanes build no walls: start with walls on most keeps (0 to the most levels)
        keeps = [sq for sq, t in enumerate(game.board.terrain) if t == Terrain.KEEP]
        for i, s in enumerate(starts):
            s.walls = {sq: (i + sq) % (walls["levels"] + 1) for sq in keeps if (i + sq) % (walls["levels"] + 1)}
    batch = BatchState.from_states(starts)
    rec = Recorder()
    runner = TurnRunner(batch, np.random.default_rng(sum(map(ord, case))), policy, rec)
    snapshots = []
    for _ in range(ROUNDS * game.num_players):
        runner.run_turn()
        snapshots.append(batch.copy())
    sites = sites_of(game.board) if any(m.startswith("sites") for m in game.rules.modules) else {}
    terrain = game.board.terrain
    stats: Counter = Counter()
    partners = any(m == "teams" for m in game.rules.modules)
    final = snapshots[-1]
    batch_values = {"material": lane_values(final), "fitted": fitted_values(final, load_weights()),
                    "learned": learned_values(final)}
    scalar_values = {"material": lambda s: s.returns() if s.is_terminal() else heuristic.value(s),
                     "fitted": fitted_value, "learned": learned_value}
    for lane in range(lanes):
        state = final.to_state(lane)
        for name, values in batch_values.items():
            want = scalar_values[name](state)
            assert values[lane] == pytest.approx(want, abs=1e-6), f"lane {lane}: batch {name} value != scalar"
        events: list = []
        stats["actions"] += replay_lane(starts[lane], rec.lane_turns(lane), [s.to_state(lane) for s in snapshots],
                                        events)
        sky = starts[lane].weather
        breached: set[int] = set()
        order = starts[lane].order
        battle_seats = (-1, -1)
        for ev in events:
            if isinstance(ev, E.WeatherDrawn):
                sky = ev.weather
                stats[f"weather {sky}"] += 1
            if isinstance(ev, E.ArmyMoved) and sky == "storm":
                stats["moves in a storm"] += 1
            if isinstance(ev, E.HonorChanged) and ev.reason == "sites":
                stats["site honor"] += 1
            if isinstance(ev, E.BidsRevealed):
                stats["bid rounds"] += 1
                stats["bid orders changed"] += ev.order != order
                stats["bid rounds without a tie"] += not ev.tied
                stats["bids above 0"] += sum(1 for x in ev.bids if x > 0)
                order = ev.order
            if isinstance(ev, E.PlayerEliminated):
                stats["eliminations"] += 1
                if ev.seat in breached:
                    stats["breached fortress falls"] += 1
            if isinstance(ev, E.ArmyRetreated):
                stats["retreats"] += 1
            if isinstance(ev, E.RoninFought):
                stats["ronin fought"] += 1
            if isinstance(ev, E.RoninHired):
                stats["ronin hired"] += 1
            if isinstance(ev, E.WallsBuilt):
                stats["walls built"] += 1
            if isinstance(ev, E.SupportPaid):
                stats["supports paid"] += 1
                stats["supporters"] += ev.count
                stats[f"supports by {'attacker' if ev.seat == battle_seats[0] else 'defender'}"] += 1
            if isinstance(ev, E.BattleStarted):
                battle_seats = (ev.attacker_seat, ev.defender_seat)
            if isinstance(ev, E.GoldChanged) and ev.reason == "support":
                stats["supporters paid back"] += 1
            if isinstance(ev, E.FortressBreached):
                stats["breaches"] += 1
                breached.add(ev.seat)
            if isinstance(ev, E.TeamWon):
                stats["team wins"] += 1
                final = snapshots[-1]
                if final.honor[lane].max() < game.rules.honor_to_win:
                    stats["team wins by fortresses"] += 1
                if not final.alive[lane, ev.seats].all():
                    stats["team wins with a partner out"] += 1

            if not isinstance(ev, E.BattleResolved):
                continue
            r = ev.report
            stats["battles"] += 1
            if r.attacker_modifier:
                stats[f"battles in {sky}"] += 1
            if r.defender_modifier and not any(isinstance(e, E.RoninFought) for e in events):
                stats["battles behind walls"] += 1
            kind = sites.get(r.defender_square)
            if kind is not None:
                stats[f"at {kind}"] += 1
                dip = Card.DIPLOMACY in r.attacker_cards + r.defender_cards
                if r.winner is None and not dip:
                    stats[f"nobody wins at {kind}"] += 1
            t = terrain[r.defender_square]
            if Card.MOUNTED in r.attacker_cards and t in (Terrain.COVERED, Terrain.TREACHEROUS):
                stats["mounted into cover"] += 1
            if (Card.ARCHERS in r.defender_cards or Card.MUSKETEERS in r.defender_cards) \
                    and t in (Terrain.KEEP, Terrain.FORTRESS):
                stats["shooters on walls"] += 1
    if partners:  # an army standing on its partner's keep or fortress, which stayed the partner's
        for snap in snapshots:
            held = (snap.owner >= 0) & (snap.control >= 0) & (snap.owner != snap.control)
            stats["on a partner's holding"] += int((held & (snap.owner % 2 == snap.control % 2)).sum())
    stats["finished"] = int(snapshots[-1].done.sum())
    _DONE[case] = (stats, game)
    return stats, game


@pytest.mark.parametrize("case", [c[0] for c in CASES])
def test_module_lanes_replay_through_the_engine(case: str) -> None:
    stats, game = replay_case(case)
    assert stats["actions"] > 1000
    assert stats["battles"] > 50, stats


def test_the_module_replays_covered_each_rule() -> None:
    """Together the replays fought at every kind of site (a pass, a ford, a marsh, a ridge and a plain,
    with nobody winning at a ridge and on a plain), gave site honor, met both lines of terrain and arms's
    table, in team games won by fortresses (one partner out too) and stood on a partner's holding, and drew
    every weather, moving in storms and fighting in rain and storms, and beaten defenders retreated, home
    fortresses were breached and fell to a second win, walled keeps were defended, and rounds were bid
    for (bids of 0, the order a fair draw, and bids above 0 by policies that bid, some without a tie) with
    the order changing, and ronin
    fought (the lanes hire none: their start states give ronin to the waiting seats' armies), and both
    attackers and defenders paid for supporters, whose winners were paid back."""
    total: Counter = Counter()
    for case, *_ in CASES:
        total.update(replay_case(case)[0])
    for key in ("at pass", "at ford", "at marsh", "at ridge", "at plain", "nobody wins at ridge",
                "nobody wins at plain", "site honor", "mounted into cover", "shooters on walls", "finished",
                "eliminations", "team wins", "team wins by fortresses", "team wins with a partner out",
                "on a partner's holding", "weather clear", "weather rain", "weather storm", "moves in a storm",
                "battles in rain", "battles in storm", "retreats", "breaches", "breached fortress falls",
                "battles behind walls", "bid rounds", "bid orders changed", "bid rounds without a tie",
                "bids above 0", "walls built", "ronin hired", "ronin fought", "supports paid",
                "supports by attacker", "supports by defender", "supporters paid back"):
        assert total[key] > 0, f"no {key} in {dict(total)}"


@pytest.mark.parametrize(("map_name", "modules", "policy", "verb"),
                         [("kawanakajima-2p", ("castles:cost=2",), WALLER, "fortify"),
                          ("nagashino-2p", ("ronin",), HIRER, "ronin")])
def test_lanes_resume_in_the_expense_phase_with_walls_and_ronin(map_name: str, modules: tuple,
                                                                policy: RolloutPolicy, verb: str) -> None:
    """A lane handed over at its expense phase builds walls or hires ronin there as from the phase's start
    (its upkeep paid once) and replays through the engine; one whose walls this turn are built is played on
    by the scalar policy instead (the lanes keep no such mark)."""
    game = Game(load_map(map_name), Rules(max_rounds=40, modules=modules))
    agent = RolloutAgent()
    starts, built = [], 0
    for i, s in enumerate(start_states(game, 40, seed=13)):
        rng = random.Random(f"expense:{map_name}:{i}")
        for _ in range(6 + i % 12):
            play_turn(s, rng, agent)
        if step_to(s, Phase.EXPENSE, rng, agent):
            assert resumable(s)
            starts.append(s)
            walls = [a for a in s.legal_actions() if str(a).startswith("fortify")]
            if walls:
                t = s.clone()
                t.apply(walls[0])
                assert not resumable(t)
                built += 1
    batch = BatchState.from_states(starts)
    rec = Recorder()
    TurnRunner(batch, np.random.default_rng(14), policy, recorder=rec).run_turn()
    hired = 0
    for lane, start in enumerate(starts):
        turn = rec.lane_turns(lane)[0]
        replay_lane(start, [turn], [batch.to_state(lane)])
        hired += sum(a.startswith(verb) for a in turn)
    assert hired > 0
    if verb == "fortify":
        assert built > 0


def test_compiled_modules_are_the_ones_with_equality_cases() -> None:
    """The registry marks as compiled exactly the modules these cases replay, so MCTS uses the batch
    simulator in their games and falls back to scalar playouts in the others."""
    replayed = {spec.split(":")[0] for _, _, modules, _, _ in CASES for spec in modules}
    compiled = {name for name, m in MODULES.items() if m.ai == "compiled"}
    assert compiled == replayed
    assert not any(needs_scalar_rollouts(modules) for modules in PRESETS.values())
