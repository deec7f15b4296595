"""tools/train_policy.py: recorded games are fitted and the weights written with their command; bad options
fail in one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from ai.learned import policy
from ai.learned.policy import FAMILIES
from ai.learned.policy_features import WIDTH
from tests.ai.learned.test_learned_policy import synthetic
from tests.tools.conftest import load_tool

train_policy = load_tool("train_policy")


def recorded(tmp_path: Path, games: int, decisions: int, seed: int) -> Path:
    """A work folder holding ``games`` synthetic recorded games (as the tool's generation writes them)."""
    folder = tmp_path / "work" / "games"
    folder.mkdir(parents=True)
    for g in range(games):
        synthetic(decisions, seed + g, game0=g).save(folder / f"g{g:05d}.npz")
    return tmp_path / "work"


def test_the_tool_fits_recorded_games_and_writes_the_weights(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    work = recorded(tmp_path, 6, 8, 10)
    out = tmp_path / "p.npz"
    assert train_policy.main(["--games", "6", "--work", str(work), "--out", str(out),
                              "--holdout", "0.4", "--steps", "200"]) == 0
    text = capsys.readouterr().out
    assert "held-out decisions" in text and "greedy's" in text
    assert policy.load(out).w.shape == (len(FAMILIES), WIDTH)
    assert "--games 6" in out.with_suffix(".txt").read_text()


@pytest.mark.parametrize("argv, message", [(["--shard", "2/2"], "--shard"), (["--searcher", "greedy"], "--searcher"),
                                           (["--maps", "nowhere-9p"], "--maps"), (["--holdout", "1"], "--holdout"),
                                           (["--pick-weight", "nan"], "--pick-weight"), (["--l2", "-0.1"], "--l2")])
def test_the_tool_rejects_bad_options_in_one_line(argv: list[str], message: str,
                                                  capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit):
        train_policy.parse_args(argv)
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert message in err


def test_compare_reports_other_weights_on_the_same_held_out_decisions(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture) -> None:
    work = recorded(tmp_path, 6, 8, 20)
    uniform = tmp_path / "uniform.npz"
    policy.save(policy.PolicyNet.zeros(), uniform, "zeros")
    argv = ["--games", "6", "--work", str(work), "--out", str(tmp_path / "p.npz"), "--holdout", "0.4",
            "--steps", "200", "--compare", str(uniform), "--json"]
    assert train_policy.main(argv) == 0
    out = capsys.readouterr().out
    report = json.loads(out[out.index("{"):])
    compared = report["compare"]["families"]
    assert compared, "no family held out"
    for fam, row in compared.items():
        # the zero weights are the uniform choice: the comparison must report exactly its cross-entropy
        assert row["cross_entropy"] == pytest.approx(report[fam]["uniform_cross_entropy"])
        assert row["decisions"] == report[fam]["decisions"]
    assert report["compare"]["weights"] == str(uniform)


def test_compare_names_a_bad_weights_file_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    work = recorded(tmp_path, 3, 4, 30)
    bad = tmp_path / "bad.npz"
    bad.write_text("not weights")
    with pytest.raises(SystemExit) as exc:
        train_policy.main(["--games", "3", "--work", str(work), "--out", str(tmp_path / "p.npz"),
                           "--compare", str(bad)])
    assert str(bad) in str(exc.value) and "\n" not in str(exc.value)
    assert not (tmp_path / "p.npz").exists()
    # read before any game is played: a work folder without games stays without them
    empty = tmp_path / "empty"
    with pytest.raises(SystemExit):
        train_policy.main(["--games", "1", "--work", str(empty), "--out", str(tmp_path / "p.npz"),
                           "--compare", str(bad)])
    assert not list(empty.glob("games/*.npz"))


def test_earlier_rounds_games_are_fitted_beside_this_rounds(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    work = recorded(tmp_path / "now", 4, 6, 40)
    earlier = recorded(tmp_path / "before", 3, 5, 50)
    out = tmp_path / "p.npz"
    assert train_policy.main(["--games", "4", "--work", str(work), "--earlier", str(earlier), "--out", str(out),
                              "--holdout", "0.4", "--steps", "50"]) == 0
    text = capsys.readouterr().out
    assert "from 7 games" in text
    assert "--earlier" in out.with_suffix(".txt").read_text()


def test_earlier_and_recorded_files_fail_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    work = recorded(tmp_path / "now", 2, 4, 60)
    out = tmp_path / "p.npz"
    empty = tmp_path / "fresh"  # a bad --earlier fails before any game is played
    with pytest.raises(SystemExit):
        train_policy.main(["--games", "1", "--work", str(empty), "--earlier", str(tmp_path / "nowhere"),
                           "--out", str(out)])
    assert "nowhere" in capsys.readouterr().err.strip().splitlines()[-1]
    assert not list(empty.glob("games/*.npz"))
    (work / "games" / "g00001.npz").write_text("not decisions")
    with pytest.raises(SystemExit) as exc:
        train_policy.main(["--games", "2", "--work", str(work), "--out", str(out)])
    assert "g00001.npz" in str(exc.value) and "\n" not in str(exc.value)
    assert not out.exists()


def test_the_mean_label_fits_and_old_games_are_refused_in_one_line(tmp_path: Path) -> None:
    """``--label mean`` fits games recorded with the root's means; an earlier round's games recorded without
    them (release 0.17.5 or before) fail in one line before anything is written."""
    work = recorded(tmp_path / "now", 4, 6, 70)
    out = tmp_path / "p.npz"
    assert train_policy.main(["--games", "4", "--work", str(work), "--out", str(out), "--holdout", "0.4",
                              "--steps", "50", "--label", "mean"]) == 0
    assert "--label mean" in out.with_suffix(".txt").read_text()
    old = tmp_path / "before" / "games"
    old.mkdir(parents=True)
    d = synthetic(3, 80)
    np.savez_compressed(old / "g00000.npz", **{k: getattr(d, k) for k in (
        "family", "start", "count", "prior", "pick", "game", "rows", "visits")})
    out.unlink()
    with pytest.raises(SystemExit) as exc:
        train_policy.main(["--games", "4", "--work", str(work), "--earlier", str(tmp_path / "before"),
                           "--out", str(out), "--label", "mean"])
    assert "without the root's means" in str(exc.value) and "\n" not in str(exc.value)
    assert not out.exists()
