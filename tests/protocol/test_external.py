"""``cmd:`` agents: programs play whole games, and every failure of a program is one line that costs no
finished game (the runner stops the program; tournaments and self-play keep the other results)."""

from __future__ import annotations

import json
import random
import shlex
import sys
from pathlib import Path

import pytest

from ai.agent import SpecError, make_agent
from ai.external import ExternalAgent, ExternalPlayerError, parse_cmd
from ai.match import play_game
from ai.tournament.cli import main as bench
from japanese_swords.app.cli import main as cli
from japanese_swords.game import Game
from japanese_swords.maps import load_map
from japanese_swords.observation import observation
from tests.protocol.test_messages import _states

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(ROOT / 'examples' / 'protocol_player.py'))}"

#: A scripted player: answers hello, then behaves as BEHAVIOUR says at its first choose.
SCRIPT = '''
import json, sys, time
BEHAVIOUR = sys.argv[1]
games = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "scripted"}), flush=True)
    elif msg["type"] == "new_game":
        games += 1
        if BEHAVIOUR == "die-in-game-2" and games == 2:
            sys.exit(4)
    elif msg["type"] == "choose":
        if BEHAVIOUR == "sleep":
            time.sleep(60)
        elif BEHAVIOUR == "crash":
            print("Traceback (most recent call last):", file=sys.stderr)
            print("ZeroDivisionError: division by zero", file=sys.stderr, flush=True)
            sys.exit(3)
        elif BEHAVIOUR == "garbage":
            print("thinking...", flush=True)
        elif BEHAVIOUR == "wrong-id":
            print(json.dumps({"type": "action", "id": -1, "action": msg["legal"][0]}), flush=True)
        elif BEHAVIOUR == "illegal":
            print(json.dumps({"type": "action", "id": msg["id"], "action": "move j10 a1"}), flush=True)
        elif BEHAVIOUR == "error":
            print(json.dumps({"type": "error", "message": "out of ideas"}), flush=True)
        else:
            print(json.dumps({"type": "action", "id": msg["id"], "action": msg["legal"][-1]}), flush=True)
    elif msg["type"] == "trade":
        print(json.dumps({"type": "reply", "id": msg["id"], "accept": False}), flush=True)
'''


@pytest.fixture(scope="module")
def script(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("player") / "player.py"
    path.write_text(SCRIPT, encoding="utf-8")
    return f"{shlex.quote(sys.executable)} {shlex.quote(str(path))}"


def _first_decision():
    (game, state), *_ = _states(1, "classic-2p", 10)
    seat = state.current_player()
    return game, observation(state, seat), state.legal_actions()


def test_the_example_player_plays_whole_games_on_two_and_four_player_maps() -> None:
    for map_name, agents in (("classic-2p", ["greedy", EXAMPLE]), ("onin-4p", [EXAMPLE, "random", EXAMPLE, "greedy"])):
        players = [make_agent(a) for a in agents]
        result = play_game(Game(load_map(map_name)), players, seed=3)
        assert result.state.is_terminal() and len(result.record.actions) > 50
        for p in players:
            if isinstance(p, ExternalAgent):
                assert p.player_name == "protocol_player.py"
                p.close()


@pytest.mark.parametrize(("behaviour", "expected"), [
    ("sleep", "no answer to choose within 0.5 s (the program was stopped)"),
    ("crash", "exited with status 3 instead of answering choose; its last stderr line: "
              "'ZeroDivisionError: division by zero'"),
    ("garbage", "its output line 2: not JSON (Expecting value): 'thinking...'"),
    ("wrong-id", "its output line 2: action id -1 does not answer id 1"),
    ("illegal", "its output line 2: 'move j10 a1' is not legal"),
    ("error", "its output line 2: the player reports an error: 'out of ideas'"),
])
def test_a_failing_program_is_one_line_and_is_stopped(script: str, behaviour: str, expected: str) -> None:
    game, obs, legal = _first_decision()
    spec = f"cmd:timeout=0.5:{script} {behaviour}"
    agent = make_agent(spec)
    with pytest.raises(ExternalPlayerError) as exc:
        agent.choose(obs, legal, random.Random(0))
    text = str(exc.value)
    assert text.startswith(f"{spec}: {expected}") and "\n" not in text
    assert agent._proc is None  # stopped: no program left behind
    # the next game starts the program again
    ok = make_agent(f"cmd:{script} fine")
    assert str(ok.choose(obs, legal, random.Random(0))) == str(legal[-1])
    ok.close()


def test_a_program_that_cannot_start_is_one_line() -> None:
    game, obs, legal = _first_decision()
    with pytest.raises(ExternalPlayerError, match=r"^cmd:/no/such/program --x: cannot start '/no/such/program': "):
        make_agent("cmd:/no/such/program --x").choose(obs, legal, random.Random(0))


@pytest.mark.parametrize(("spec", "expected"), [
    ("cmd:", "cmd: give the program to run"),
    ("cmd:timeout=0:prog", "cmd: timeout must be in (0, 86400] seconds, got 0"),
    ("cmd:prog 'open", "cmd: cannot split the command line"),
])
def test_bad_cmd_specs_are_spec_errors(spec: str, expected: str) -> None:
    with pytest.raises(SpecError, match=f"^{expected}".replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        make_agent(spec)


def test_cmd_options_come_before_the_program() -> None:
    assert parse_cmd("cmd:timeout=2.5:start=9:python -m my.bot --depth=3:4") == (
        ["python", "-m", "my.bot", "--depth=3:4"], 2.5, 9.0)


def test_bench_plays_the_example_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.json"
    code = bench(["--agents", f"greedy,{EXAMPLE}", "--games", "4", "--quiet", "--json", str(out)])
    assert code == 0, capsys.readouterr().err
    summary = json.loads(out.read_text())
    assert summary["games"]["finished"] == 4 and summary["games"]["failed"] == 0


def test_bench_counts_a_crashing_program_as_failed_games_and_keeps_the_others(
        script: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b.json"
    bench(["--agents", f"greedy,random,cmd:{script} crash", "--games", "2", "--quiet", "--json", str(out)])
    summary = json.loads(out.read_text())
    assert summary["games"]["failed"] == 4 and summary["games"]["counted"] == 2  # greedy vs random counts
    assert all("exited with status 3" in e["error"] and "\n" not in e["error"] for e in summary["errors"])


def test_selfplay_keeps_the_finished_game_when_a_program_dies(script: str, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    code = cli(["selfplay", "--agents", f"greedy,cmd:{script} die-in-game-2", "--games", "3", "--max-rounds", "5",
                "--json", "--record-dir", str(tmp_path)])
    captured = capsys.readouterr()
    assert code == 1
    result = json.loads(captured.out)
    assert len(result["games"]) == 1 and result["games"][0]["rounds"] == 5
    assert result["error"].startswith("game 2 seed 1 failed: cmd:")
    (err,) = captured.err.splitlines()
    assert err.startswith("japanese-swords: error: game 2 seed 1 failed: ") and "exited with status 4" in err
    assert [p.name for p in tmp_path.iterdir()] == ["game-000000.json"]
