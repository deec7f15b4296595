"""The progress bar (tqdm): games done, score, LLR, failures and ETA; redrawn on a terminal, sparse in logs."""

from __future__ import annotations

import io

from ai.tournament.outcome import GameOutcome
from ai.tournament.progress import ProgressPrinter, progress_text
from ai.tournament.runner import Progress
from ai.tournament.schedule import make_schedule
from ai.tournament.sprt import SprtConfig, sprt_status
from ai.tournament.tally import Tally


def _progress(agents: tuple[str, ...], winners: list[int | None], total: int, error_at: int | None = None,
              elapsed: float = 30.0) -> Progress:
    s = make_schedule(agents, 2, total, 0)
    t = Tally.empty(s)
    for task, w in zip(s.tasks, winners, strict=False):
        err = "boom" if task.index == error_at else None
        t.add(GameOutcome(task.index, task.lineup, task.group, task.rotation, task.seed, task.seats,
                          winner=None if err else w, error=err))
    return Progress(len(winners), len(s.tasks), elapsed, t)


def test_two_agents_show_both_scores_and_eta() -> None:
    p = _progress(("random", "greedy"), [1, 0, None], 12)
    text = progress_text(p, width=12)
    assert text.startswith("[###.........] 3/12 games")
    assert "random 0.5 - 2.5 greedy" in text
    assert "elapsed 00:30" in text and "ETA 01:30" in text  # 10 s a game, 9 games to go


def test_many_agents_show_the_leader_llr_and_failures() -> None:
    p = _progress(("a", "b", "c"), [0, 1, 0, 1], 2, error_at=2)
    p.sprt = sprt_status(SprtConfig(), [0, 1, 0, 0, 0])
    text = progress_text(p)
    assert "leader a 100%" in text and "1 failed" in text and "LLR -" in text


def test_no_eta_before_the_first_game() -> None:
    assert "ETA ?" in progress_text(_progress(("a", "b"), [], 4, elapsed=0.0))


def test_live_printer_redraws_one_line() -> None:
    out = io.StringIO()
    printer = ProgressPrinter(out, live=True)
    printer(_progress(("a", "b"), [0], 4))
    printer(_progress(("a", "b"), [0, 1], 4))
    printer.close()
    text = out.getvalue()
    assert "\r" in text and text.endswith("\n") and text.count("\n") == 1  # redrawn in place, one line
    last = text.rstrip("\n").rsplit("\r", 1)[-1]
    assert "2/4 games  a 2 - 0 b" in last and "elapsed 00:30" in last


def test_log_printer_writes_at_each_tenth() -> None:
    out = io.StringIO()
    printer = ProgressPrinter(out, live=False)
    for done in range(0, 21):
        printer(_progress(("a", "b"), [0] * done, 20))
    lines = out.getvalue().splitlines()
    assert len(lines) == 11  # 0/20, then every 2 games
    assert lines[-1].startswith("[" + "#" * 24 + "] 20/20")
