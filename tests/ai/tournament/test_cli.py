"""The benchmark command line: a full run writing every output, sweeps, SPRT, and one-line errors."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ai.agent import register
from ai.tournament.cli import main
from japanese_swords.actions import Action, End
from japanese_swords.observation import Observation

ROOT = Path(__file__).resolve().parents[3]


@register("t-lazy")
class LazyAgent:
    """Ends its phase with probability ``p`` when it may, otherwise plays randomly."""

    def __init__(self, p: float = 1.0) -> None:
        self.name, self.p = "t-lazy", p

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if End() in legal and rng.random() < self.p:
            return End()
        return legal[rng.randrange(len(legal))]


def test_full_run_writes_table_json_and_csv(tmp_path, capsys) -> None:
    out, table = tmp_path / "out.json", tmp_path / "out.csv"
    code = main(["--agents", "random,t-lazy", "--games", "4", "--seed", "3", "--jobs", "2", "--max-rounds", "6",
                 "--json", str(out), "--csv", str(table), "--quiet"])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert "random vs t-lazy" in captured.out and "rating list" in captured.out
    data = json.loads(out.read_text())
    assert data["status"] == "complete" and data["config"]["seed"] == 3 and data["config"]["max_rounds"] == 6
    pair = data["pairs"][0]
    assert pair["games"] == 4 and pair["wins"] + pair["draws"] + pair["losses"] == 4
    assert {"score", "elo", "elo_low", "elo_high", "los", "pentanomial"} <= set(pair)
    assert {r["agent"] for r in data["ratings"]} == {"random", "t-lazy"}
    assert all({"elo", "elo_low", "elo_high"} <= set(r) for r in data["ratings"])
    assert table.read_text().startswith("kind,agent,opponent")


def test_same_output_for_any_jobs(tmp_path) -> None:
    outs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"j{jobs}.json"
        assert main(["--agents", "random,t-lazy:p=0.5", "--games", "6", "--seed", "8", "--jobs", jobs,
                     "--max-rounds", "6", "--json", str(path), "--quiet"]) == 0
        data = json.loads(path.read_text())
        data.pop("run")
        outs.append(data)
    assert outs[0] == outs[1]


def test_sweep_adds_one_agent_per_value(tmp_path, capsys) -> None:
    out = tmp_path / "sweep.json"
    assert main(["--agents", "random", "--sweep", "t-lazy:p=0,0.5,1", "--games", "2", "--max-rounds", "5",
                 "--json", str(out), "--quiet"]) == 0
    data = json.loads(out.read_text())
    assert data["config"]["agents"] == ["random", "t-lazy:p=0", "t-lazy:p=0.5", "t-lazy:p=1"]
    assert len(data["pairs"]) == 6
    assert [p["value"] for p in data["sweep"]["points"]] == [0.0, 0.5, 1.0] and data["sweep"]["key"] == "p"
    assert "sweep over p" in capsys.readouterr().out


def test_sprt_run_reports_the_test(capsys) -> None:
    code = main(["--agents", "random,t-lazy", "--games", "60", "--max-rounds", "5", "--quiet",
                 "--sprt", "elo0=-500,elo1=-400,alpha=0.2,beta=0.2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "stopped by SPRT" in out and "H1 accepted: random is stronger than t-lazy" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--agents", "random,nobody"], "unknown agent 'nobody'"),
    (["--agents", "random"], "at least 2 agents"),
    (["--agents", "random,t-lazy", "--map", "nowhere"], "nowhere"),
    (["--agents", "random,t-lazy", "--games", "0"], "expected a number >= 1"),
    (["--agents", "random,t-lazy", "--game-timeout", "-1"], "positive number of seconds"),
    (["--agents", "random,t-lazy", "--sprt", "elo0=5,elo1=1"], "elo0 < elo1"),
    (["--agents", "random,t-lazy,t-lazy:p=0.5", "--sprt", "elo1=5"], "exactly 2 agents"),
    (["--agents", "random,t-lazy", "--json", "/no/such/folder/x.json"], "does not exist"),
    (["--sweep", "t-lazy:p=1"], "--sweep"),
    ([], "give agents"),
    (["--agents", "random,t-lazy", "--address", "auto"], "--address needs --backend ray"),
])
def test_bad_arguments_give_one_line(args: list[str], message: str, capsys) -> None:
    if "--games" in args or "--game-timeout" in args:  # rejected by the argument parser itself
        with pytest.raises(SystemExit) as exc:
            main([*args, "--quiet", "--max-rounds", "3"])
        code = exc.value.code
    else:
        code = main([*args, "--quiet", "--max-rounds", "3"])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_plot_without_matplotlib_fails_before_playing(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code = main(["--agents", "random,t-lazy", "--games", "2", "--plot", str(tmp_path / "p.png"),
                 "--json", str(tmp_path / "o.json"), "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "matplotlib" in err and err.count("\n") == 1
    assert not (tmp_path / "o.json").exists()


def test_backend_ray_without_ray_fails_before_playing(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    code = main(["--agents", "random,t-lazy", "--games", "2", "--backend", "ray", "--json", str(tmp_path / "o.json"),
                 "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and "pip install 'japanese-swords[ray]'" in err and err.count("\n") == 1
    assert not (tmp_path / "o.json").exists()


def test_script_is_a_thin_wrapper(tmp_path) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "benchmark_ai.py"), "--agents", "random,random",
                           "--games", "2"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "benchmark_ai: error: agent 'random' is listed twice; give each agent once"


def test_a_map_s_default_modules_are_played_unless_rules_are_given(tmp_path) -> None:
    """A tournament on a map with a ``modules:`` line plays those modules; ``--rules`` replaces them."""
    from ai.tournament.cli import main as bench_main
    from japanese_swords.maps import load_map
    from japanese_swords.records import load_record

    defaults = load_map("nomura-2p").modules
    assert defaults, "the shipped nomura-2p map names default modules"
    quick = ["--agents", "random,greedy", "--games", "2", "--max-rounds", "3", "--quiet", "--map", "nomura-2p"]
    for extra, expected in (([], defaults), (["--rules", "classic"], ())):
        records = tmp_path / f"records{len(extra)}"
        assert bench_main([*quick, *extra, "--records", str(records)]) == 0
        played = {tuple(load_record(p).game.rules.modules) for p in records.glob("*.json")}
        assert played == {tuple(expected)}
