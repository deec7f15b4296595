"""The tournament's progress bar, drawn by ``tqdm``: games done, the leading score, the SPRT's LLR,
failures, elapsed time and ETA.

On a terminal a tqdm bar is redrawn in place; in a log (not a terminal) the same text is printed as a plain
line each time another tenth of the games is done, so logs stay readable. Both backends (local processes,
Ray) report through the same callable.
"""

from __future__ import annotations

import sys
from typing import TextIO

from tqdm import tqdm

from ai.tournament.runner import Progress

BAR_FORMAT = "[{bar:%d}] {n_fmt}/{total_fmt} games  {desc}  elapsed {elapsed}  ETA {remaining}"


def status_text(p: Progress) -> str:
    """Score of the two agents (or the leader), LLR under an SPRT, and the number of failed games."""
    t = p.tally
    names = t.schedule.agents
    if len(names) == 2:
        a, b = t.agents
        score = f"{names[0]} {a.points:g} - {b.points:g} {names[1]}"
    else:
        played = [x for x in t.agents if x.games]
        if played:
            lead = max(played, key=lambda x: (x.points / x.games, -x.agent))
            score = f"leader {names[lead.agent]} {100 * lead.points / lead.games:.0f}%"
        else:
            score = "no games yet"
    extra = f"  LLR {p.sprt.llr:+.2f}" if p.sprt is not None else ""
    errs = f"  {len(t.errors)} failed" if t.errors else ""
    return score + extra + errs


def progress_text(p: Progress, width: int = 24) -> str:
    """One plain line (ASCII bar), as printed in logs."""
    return tqdm.format_meter(p.done, p.total, p.elapsed, prefix=status_text(p), ascii=".#",
                             bar_format=BAR_FORMAT % width)


class ProgressPrinter:
    """Callable progress display for :func:`ai.tournament.runner.run_tournament`."""

    def __init__(self, stream: TextIO | None = None, live: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.last_tenth = -1
        self.bar: tqdm | None = None

    def __call__(self, p: Progress) -> None:
        if self.live:
            if self.bar is None:
                self.bar = tqdm(total=p.total, file=self.stream, bar_format=BAR_FORMAT % 24, smoothing=0,
                                ascii=".#", leave=True)
            self.bar.start_t = self.bar._time() - p.elapsed  # the run's clock, not the bar's
            self.bar.n = p.done
            self.bar.set_description_str(status_text(p), refresh=False)
            self.bar.refresh()
            return
        tenth = (10 * p.done) // p.total if p.total else 10
        if tenth > self.last_tenth:
            self.last_tenth = tenth
            self.stream.write(progress_text(p) + "\n")
            self.stream.flush()

    def close(self) -> None:
        """End the live bar so later output starts on a fresh line."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
