"""tools/fit_value.py --records: the value fitted on recorded games, its report, and its one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.agent import make_agent
from ai.value_fit import load_weights
from tests.ai.records_fixture import write_records

from .conftest import load_tool


@pytest.fixture(scope="module")
def tool():
    return load_tool("fit_value")


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> Path:
    """Eight short games of greedy and random, seats alternating."""
    folder = tmp_path_factory.mktemp("records")
    write_records(folder, [("greedy", "random") if i % 2 == 0 else ("random", "greedy") for i in range(8)],
                  max_rounds=25)
    return folder


def test_records_are_fitted_and_the_weights_play(tool, capsys, records, tmp_path) -> None:
    out = tmp_path / "w.json"
    assert tool.main(["--records", str(records), "--keep", "1", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    report = json.loads(text[:text.index("}") + 1])
    assert report["games"] == 8 and report["heldout_positions"] > 0  # games 0 and 4 held out
    model = load_weights(out)
    assert model.meta["records"] == [str(records)] and "--records" in model.meta["command"]
    assert any(w != 0 for w in model.weights)
    agent = make_agent(f"mcts:iterations=8:value_weights={out}")
    assert agent.value.model == model


@pytest.mark.parametrize("argv, says", [
    (["--records", "absent-folder"], "absent-folder: no such file or folder"),
    (["--records", "RECORDS", "--league"], "give one of them"),
    (["--records", "RECORDS", "--compare", "absent.json"], "--compare absent.json"),
])
def test_bad_arguments_are_one_line(tool, capsys, records, tmp_path, argv, says) -> None:
    argv = [str(records) if a == "RECORDS" else a for a in argv]
    assert tool.main([*argv, "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
