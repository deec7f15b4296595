"""tools/record_stats.py: replays records into one agent's economy against its opponents', one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.agent import make_agent
from ai.match import play_game
from japanese_swords import events as E
from japanese_swords.actions import Bundle, Offer
from japanese_swords.cards import cards_of
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
from japanese_swords.records import save_record

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("record_stats")


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> tuple[Path, list]:
    """Three short games of greedy against random, seats alternating, saved as records; their results."""
    folder = tmp_path_factory.mktemp("records")
    game = Game(load_map("classic-2p"), Rules(max_rounds=25))
    results = []
    for i in range(3):
        names = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        result = play_game(game, [make_agent(n) for n in names], seed=40 + i)
        save_record(result.record, folder / f"game-{i}.json")
        results.append(result)
    return folder, results


def _report(tool, capsys, *argv: str) -> dict:
    assert tool.main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_honor_by_reason_adds_up_to_the_final_honor(tool, capsys, records) -> None:
    folder, results = records
    report = _report(tool, capsys, str(folder), "--agent", "greedy")
    assert report["all"]["games"] == 3
    us, them = [], []
    for r in results:
        seat = r.record.seats.index("greedy")
        final = r.record.replay().honor
        us.append(final[seat])
        them.append(final[1 - seat])
    totals = report["all"]["totals"]
    honor = [sum(v[side] for k, v in totals.items() if k.startswith("honor ")) for side in (0, 1)]
    assert honor[0] == pytest.approx(sum(us) / 3, abs=0.02)
    assert honor[1] == pytest.approx(sum(them) / 3, abs=0.02)


def test_turn_start_snapshots_and_outcomes(tool, capsys, records) -> None:
    folder, results = records
    report = _report(tool, capsys, str(folder), "--agent", "greedy", "--rounds", "1,2")
    first = report["all"]["rounds"]["1"]
    assert first["games"] == 3 and first["armies"] == [2.0, 2.0] and first["honor"] == [0.0, 0.0]
    assert first["revenue"] == [3.0, 3.0]  # the fortress only: no keep is held before anyone moves
    won = sum(r.winner is not None and r.record.seats[r.winner] == "greedy" for r in results)
    lost = sum(r.winner is not None and r.record.seats[r.winner] != "greedy" for r in results)
    assert (report["won"]["games"], report["lost"]["games"]) == (won, lost)


def test_the_text_report_names_each_outcome(tool, capsys, records) -> None:
    folder, _ = records
    assert tool.main([str(folder), "--agent", "random", "--rounds", "5"]) == 0
    out = capsys.readouterr().out
    assert "all games of random (3): us / them" in out and "round   5" in out and "gold revenue" in out


@pytest.mark.parametrize("argv, says", [
    (["nowhere/"], "no such file or folder"),
    (["--agent", "mcts"], "matches 0 seats"),
    (["--rounds", "0"], "--rounds"),
    (["--rounds", "x"], "--rounds"),
])
def test_bad_input_is_one_line(tool, capsys, records, argv, says) -> None:
    folder, _ = records
    args = argv if argv[0] == "nowhere/" else [str(folder), *argv]
    if "--agent" not in args:
        args += ["--agent", "greedy"]
    assert tool.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and says in err


def test_an_empty_folder_is_refused(tool, capsys, tmp_path) -> None:
    assert tool.main([str(tmp_path), "--agent", "greedy"]) == 2
    assert "no game records" in capsys.readouterr().err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=4000), junk=st.binary(max_size=20))
def test_a_damaged_record_is_a_one_line_error(tool, capsys, records, tmp_path, cut, junk) -> None:
    folder, _ = records
    text = (folder / "game-0.json").read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_bytes(text[:cut] + junk + text[cut + len(junk):])
    code = tool.main([str(bad), "--agent", "greedy"])
    out, err = capsys.readouterr()
    if code == 0:
        assert "all games of greedy (1)" in out
    else:
        assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and str(bad) in err


def test_battle_counts_and_rates_agree_with_the_battles_fought(tool, capsys, records) -> None:
    folder, results = records
    report = _report(tool, capsys, str(folder), "--agent", "greedy")
    battles = []  # (greedy attacked, greedy's cards, the other's cards, winner is greedy, None after Diplomacy)
    for r in results:
        seat = r.record.seats.index("greedy")
        state = initial_state(r.record.game)
        for text in r.record.actions:
            for ev in state.play(text):
                if isinstance(ev, E.BattleResolved):
                    rep = ev.report
                    ours = rep.attacker_cards if rep.attacker_seat == seat else rep.defender_cards
                    theirs = rep.defender_cards if rep.attacker_seat == seat else rep.attacker_cards
                    battles.append((rep.attacker_seat == seat, len(ours), len(theirs),
                                    None if rep.winner is None else rep.winner == seat))
    assert battles, "the fixture's games should fight battles"
    totals, rates = report["all"]["totals"], report["all"]["battles"]
    ours = [b for b in battles if b[0]]
    assert totals["attacks"][0] == pytest.approx(len(ours) / 3, abs=0.01)
    won_attacks = sum(b[3] is True for b in ours)
    decided = sum(b[3] is not None for b in ours)
    assert decided > 0, "greedy should win or lose some of its attacks against random"
    assert rates["attacks won, of those decided"][0] == pytest.approx(won_attacks / decided, abs=1e-3)
    assert rates["cards per attack"][0] == pytest.approx(sum(b[1] for b in ours) / len(ours), abs=1e-3)
    theirs = [b for b in battles if not b[0]]
    assert rates["cards per attack"][1] == (pytest.approx(sum(b[2] for b in theirs) / len(theirs), abs=1e-3)
                                            if theirs else None)
    held = sum(b[3] is True for b in theirs)
    decided = sum(b[3] is not None for b in theirs)
    assert rates["defences held, of those decided"][0] == (pytest.approx(held / decided, abs=1e-3) if decided else None)
    diplomacy = sum(b[3] is None for b in battles)
    assert rates["battles ended by Diplomacy"][0] == pytest.approx(diplomacy / len(battles), abs=1e-3)
    for side in (0, 1):  # every battle won is an attack won or a defence held
        assert totals["battles won"][side] == pytest.approx(
            totals.get("attacks won", [0, 0])[side] + totals.get("defences held", [0, 0])[side], abs=0.02)


@pytest.mark.parametrize("counts, group", [
    ({}, "no decided battle"),
    ({"attacks": 1, "attacks ended by Diplomacy": 1, "defences": 1, "defences ended by Diplomacy": 1},
     "no decided battle"),
    ({"attacks": 2, "defences": 1, "battles won": 3}, "every decided battle won"),
    ({"attacks": 3, "attacks ended by Diplomacy": 1, "battles won": 2}, "every decided battle won"),
    ({"defences": 2}, "every decided battle lost"),
    ({"attacks": 1, "defences": 1, "battles won": 1}, "some won, some lost"),
])
def test_a_game_is_grouped_by_its_decided_battles(tool, counts, group) -> None:
    game = tool.GameStats(0, 2)
    game.totals[0].update(counts)
    game.totals[1].update({"attacks": 5, "battles won": 5})  # the other seat's battles do not count
    assert tool.battle_group(game) == group


def test_scores_by_battle_group_count_a_draw_half(tool, capsys, records) -> None:
    games = []
    for winner, won in ((0, 1), (1, 1), (None, 0), (1, 0)):
        game = tool.GameStats(0, 2)
        game.winner = winner
        game.totals[0].update({"attacks": 1, "battles won": won})
        games.append(game)
    assert tool.by_battles(games) == {"every decided battle won": {"games": 2, "score": 0.5},
                                      "every decided battle lost": {"games": 2, "score": 0.25}}
    folder, _results = records
    report = _report(tool, capsys, str(folder), "--agent", "greedy")
    assert sum(row["games"] for row in report["by_battles"].values()) == 3
    assert set(report["by_battles"]) <= set(tool.BATTLE_GROUPS)


class _HonorBuyer:
    """Greedy, except that each round it first offers cards of its hand for an honor point (one card on
    odd rounds, its three highest on even ones) and on even rounds one card for a gold: a game with honor
    asks and other offers, accepted and declined."""

    def __init__(self) -> None:
        self.name = "buyer"
        self.inner = make_agent("greedy")
        self.asked: set[tuple[int, str]] = set()

    def choose(self, obs, legal, rng):
        state, seat = obs.state, obs.seat
        held = cards_of(state.hands[seat])
        for kind, get in (("honor", Bundle(honor=1)), ("gold", Bundle(gold=1))):
            key = (state.round, kind)
            if held and key not in self.asked and (kind == "honor" or state.round % 2 == 0):
                give = tuple(held[-3:]) if kind == "honor" and state.round % 2 == 0 else (held[0],)
                offer = Offer(to=1 - seat, give=Bundle(cards=give), get=get)
                if state.why_illegal(offer) is None:
                    self.asked.add(key)
                    return offer
        return self.inner.choose(obs, legal, rng)

    def respond_to_trade(self, obs, offer, rng):
        return self.inner.respond_to_trade(obs, offer, rng)


def test_trade_offers_are_counted_by_maker_as_the_record_shows_them(tool, capsys, tmp_path) -> None:
    game = Game(load_map("classic-2p"), Rules(max_rounds=30))
    result = play_game(game, [_HonorBuyer(), make_agent("greedy")], seed=5)
    save_record(result.record, tmp_path / "game.json")
    acts = result.record.actions
    offers = [(a, acts[i + 1]) for i, a in enumerate(acts) if a.startswith("offer p2 ")]
    honor = [(a, b) for a, b in offers if a.endswith("1h")]
    bought = [a for a, b in honor if b == "accept"]
    assert bought and len(bought) < len(honor)  # the game has both answers to an honor ask
    totals = _report(tool, capsys, str(tmp_path / "game.json"), "--agent", "buyer")["all"]["totals"]
    assert totals["honor asks made"] == [len(honor), 0.0]
    assert totals["honor asks accepted"] == [len(bought), 0.0]
    paid = sum(len(a.split(" give ")[1].split(" get ")[0].split()) for a in bought)
    assert totals["cards paid for honor"] == [paid, 0.0]
    assert totals["other offers made"][0] == len(offers) - len(honor)
    assert totals["other offers accepted"][0] == sum(b == "accept" for a, b in offers if not a.endswith("1h"))
    assert totals["honor trade"] == [len(bought), -len(bought)]
