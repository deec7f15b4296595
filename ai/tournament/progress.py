"""A live progress line for tournaments: games done, the leading score, the SPRT's LLR and the ETA.

On a terminal the line is redrawn in place (carriage return); otherwise a plain line is printed each
time another tenth of the games is done, so logs stay readable.
"""

from __future__ import annotations

import sys
from typing import TextIO

from ai.tournament.runner import Progress


def _clock(seconds: float | None) -> str:
    """``m:ss`` or ``h:mm:ss``; ``--:--`` when unknown."""
    if seconds is None:
        return "--:--"
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def progress_text(p: Progress, width: int = 24) -> str:
    """One line: bar, games, score of the two agents (or the leader), LLR, errors, elapsed and ETA."""
    frac = p.done / p.total if p.total else 1.0
    fill = int(frac * width)
    bar = "#" * fill + "." * (width - fill)
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
    return (f"[{bar}] {p.done}/{p.total} games  {score}{extra}{errs}  "
            f"elapsed {_clock(p.elapsed)}  ETA {_clock(p.eta)}")


class ProgressPrinter:
    """Callable progress display for :func:`ai.tournament.runner.run_tournament`."""

    def __init__(self, stream: TextIO | None = None, live: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.live = self.stream.isatty() if live is None else live
        self.last_tenth = -1
        self.shown = False

    def __call__(self, p: Progress) -> None:
        if self.live:
            self.stream.write("\r" + progress_text(p) + "\x1b[K")
            self.stream.flush()
            self.shown = True
            return
        tenth = (10 * p.done) // p.total if p.total else 10
        if tenth > self.last_tenth:
            self.last_tenth = tenth
            self.stream.write(progress_text(p) + "\n")
            self.stream.flush()

    def close(self) -> None:
        """End the live line so later output starts on a fresh line."""
        if self.live and self.shown:
            self.stream.write("\n")
            self.stream.flush()
