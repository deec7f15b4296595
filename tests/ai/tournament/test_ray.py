"""Tournaments as Ray tasks on a local Ray instance (2 CPUs) started here: the same results as the local
process pool for the same seed, partial results when interrupted, and the command line's --backend ray.
One module, one Ray start (it takes seconds), few and short games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ai.tournament.cli import main
from ai.tournament.raypool import connect
from ai.tournament.report import summarize
from ai.tournament.runner import Progress, TournamentConfig, run_tournament

CONFIG = TournamentConfig(("random", "greedy"), games=6, seed=3, max_rounds=60)


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[object]:
    ray = connect(num_cpus=2)
    yield ray
    ray.shutdown()


def _comparable(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "run"}


def test_ray_gives_the_local_pools_results(ray_instance: object) -> None:
    seen: list[int] = []
    ray_result = run_tournament(CONFIG, jobs=None, backend="ray", progress=lambda p: seen.append(p.done))
    local = run_tournament(CONFIG, jobs=1)
    assert ray_result.status == "complete" and len(ray_result.outcomes) == 6
    assert ray_result.outcomes == local.outcomes  # every game: seed, seats, winner, rounds, honor, ranks
    assert _comparable(summarize(ray_result)) == _comparable(summarize(local))
    assert set(range(1, 7)) <= set(seen)  # the progress callback saw every game arrive
    assert summarize(ray_result)["run"]["backend"] == "ray"


def test_interrupted_ray_run_keeps_the_finished_games(ray_instance: object) -> None:
    def stop_after_two(p: Progress) -> None:
        if p.done >= 2:
            raise KeyboardInterrupt  # what Ctrl-C raises in the parent

    result = run_tournament(CONFIG, jobs=2, backend="ray", progress=stop_after_two)
    local = {o.index: o for o in run_tournament(CONFIG, jobs=1).outcomes}
    assert result.status == "interrupted" and len(result.outcomes) == 2
    assert [o.index for o in result.outcomes] == sorted(o.index for o in result.outcomes)
    assert all(o == local[o.index] for o in result.outcomes)


def test_command_line_backend_ray_writes_the_same_json(ray_instance: object, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--agents", "random,greedy", "--games", "4", "--seed", "5", "--max-rounds", "60", "--quiet"]
    assert main(args + ["--backend", "ray", "--json", str(tmp_path / "r.json")]) == 0
    assert main(args + ["--json", str(tmp_path / "l.json")]) == 0
    r, loc = (json.loads((tmp_path / f).read_text()) for f in ("r.json", "l.json"))
    assert _comparable(r) == _comparable(loc) and r["run"]["backend"] == "ray"
    assert "OpenSkill" in capsys.readouterr().out


def test_ray_plays_a_program_over_the_protocol(ray_instance: object) -> None:
    """A ``cmd:`` agent runs in the Ray workers (absolute paths: the workers' folder may differ)."""
    import shlex
    import sys

    example = Path(__file__).resolve().parents[3] / "examples" / "protocol_player.py"
    spec = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(example))}"
    config = TournamentConfig(("greedy", spec), games=2, seed=1, max_rounds=40)
    ray_result = run_tournament(config, jobs=None, backend="ray")
    local = run_tournament(config, jobs=1)
    assert ray_result.status == "complete" and all(o.ok for o in ray_result.outcomes)
    assert ray_result.outcomes == local.outcomes  # the program is seeded through new_game: same games
