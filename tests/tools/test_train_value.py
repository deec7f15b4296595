"""tools/train_value.py: a tiny seeded run writes loadable weights with their command, a rerun resumes from
the checkpoint instead of starting over, and bad options fail in one line."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ai.learned import network
from tests.tools.conftest import load_tool

tool = load_tool("train_value")
TINY = ["--maps", "classic-2p", "--rollout-games", "48", "--batch-games", "16", "--keep", "0.3",
        "--engine-games", "2", "--matchups", "greedy,rusher", "--hidden", "8,4", "--batch", "64"]


def test_a_tiny_run_writes_weights_and_a_rerun_resumes(tmp_path: Path, capsys) -> None:
    out = tmp_path / "net.npz"
    args = TINY + ["--epochs", "1", "--work", str(tmp_path / "w"), "--out", str(out)]
    assert tool.main(args) == 0
    first = capsys.readouterr().out
    assert "epoch 1: train loss" in first and "log-loss learned" in first
    net = network.load(out)
    assert net.w1.shape[1] == 8
    assert "--rollout-games 48" in out.with_suffix(".txt").read_text()
    assert tool.main(TINY + ["--epochs", "2", "--work", str(tmp_path / "w"), "--out", str(out)]) == 0
    second = capsys.readouterr().out
    assert "resuming after epoch 1" in second and "epoch 2: train loss" in second and "epoch 1:" not in second
    assert not np.array_equal(network.load(out).w1, net.w1)


@pytest.mark.parametrize("bad, says", [(["--hidden", "8"], "--hidden"), (["--maps", "atlantis-2p"], "--maps"),
                                       (["--matchups", "greedy"], "--matchups"), (["--holdout", "1"], "--holdout"),
                                       (["--holdout", "nan"], "--holdout"), (["--lr", "inf"], "--lr"),
                                       (["--lr", "0"], "--lr"), (["--l2", "-1"], "--l2")])
def test_bad_options_fail_in_one_line(bad: list[str], says: str, capsys) -> None:
    with pytest.raises(SystemExit) as err:
        tool.main(bad)
    assert err.value.code == 2
    message = capsys.readouterr().err.strip().splitlines()[-1]
    assert says in message
