"""Records -> trajectories: one row per seat decision whose observation, mask and index are what the
environment shows and plays at that point, with each seat's final return; the subcommand writes them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ai.trajectories import Trajectories, add_record, export, record_files
from japanese_swords.app.cli import main
from japanese_swords.env import encoding, raw_env
from japanese_swords.env.codec import COMMIT_ADD, COMMIT_DONE
from japanese_swords.records import load_record
from tests.ai.records_fixture import write_records


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("records")
    return write_records(folder, [("greedy", "random"), ("random", "greedy"), ("random", "random")])


def test_rows_replay_the_game_through_the_environment(records: list[Path]) -> None:
    t = Trajectories()
    record = load_record(records[0])
    rows = add_record(t, record, "g0")
    a = t.arrays()
    assert rows == len(a["action"]) > 50 and a["observation"].shape == (rows, encoding.SIZE)
    assert (a["action_mask"][np.arange(rows), a["action"]]).all()  # every action was allowed by its mask
    assert any(COMMIT_ADD <= x <= COMMIT_DONE for x in a["action"])  # battles are in the steps
    # the environment seeded like the game deals the same cards (both draw chance from random.Random(seed));
    # stepping it with the exported indices shows exactly the exported observations and masks
    e = raw_env(map_name="classic-2p", max_rounds=30)
    e.reset(seed=record.seed)
    k = 0
    while not e.engine_state.is_terminal():
        obs = e.observe(e.agent_selection)
        assert np.array_equal(obs["observation"], a["observation"][k])
        assert np.array_equal(obs["action_mask"].astype(bool), a["action_mask"][k])
        e.step(int(a["action"][k]))
        k += 1
    assert e.engine_state.to_json() == record.replay().to_json()
    assert k == rows


def test_returns_follow_the_winner_and_the_loss_reward(records: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "t.npz"
    t = export(record_files([records[0].parent]), out, loss_reward=-0.5)
    d = np.load(out)
    meta = json.loads(str(d["meta"]))
    assert meta["format"] == "japanese-swords-trajectories" and meta["provenance"]["version"]
    assert len(d["game_file"]) == 3 == len(t.game_files)
    for g in range(3):
        rows = d["game"] == g
        winner = int(d["game_winner"][g])
        for seat in (0, 1):
            mine = d["return"][rows & (d["seat"] == seat)]
            expected = 0.0 if winner < 0 else 1.0 if winner == seat else -0.5
            assert mine.size and (mine == expected).all()
    assert list(d["game_agents"][0][:2]) == ["greedy", "random"]


def test_the_subcommand_writes_the_file_and_refuses_bad_input(records: list[Path], tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.npz"
    assert main(["export-trajectories", str(records[0]), str(records[1]), "--out", str(out)]) == 0
    assert "steps of 2 games" in capsys.readouterr().out and out.exists()
    assert main(["export-trajectories", str(tmp_path / "missing"), "--out", str(out)]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["export-trajectories", str(bad), "--out", str(out)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exc:
        main(["export-trajectories", str(records[0]), "--out", str(out), "--loss-reward", "nan"])
    assert exc.value.code == 2
    assert "--loss-reward" in capsys.readouterr().err


def _module_record(folder: Path) -> Path:
    """One short random game under the weather module, saved as a record."""
    from ai.agent import make_agent
    from ai.match import play_game
    from japanese_swords.game import Game, Rules
    from japanese_swords.maps import load_map
    from japanese_swords.records import save_record

    game = Game(load_map("classic-2p"), Rules(max_rounds=4, modules=("weather",)))
    result = play_game(game, [make_agent("random"), make_agent("random")], seed=3)
    path = folder / "weather.json"
    save_record(result.record, path)
    return path


def test_a_module_game_exports_its_own_observation_size_and_mixing_is_refused(
        records: list[Path], tmp_path: Path) -> None:
    from japanese_swords.errors import RecordError

    weather = _module_record(tmp_path)
    export([weather], tmp_path / "w.npz")
    d = np.load(tmp_path / "w.npz")
    size = json.loads(str(d["meta"]))["observation_size"]
    assert size == d["observation"].shape[1] > encoding.SIZE
    with pytest.raises(RecordError, match="mix rule modules"):
        export([records[0], weather], tmp_path / "mixed.npz")
    assert not (tmp_path / "mixed.npz").exists()
