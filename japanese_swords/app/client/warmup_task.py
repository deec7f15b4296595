"""The AI's compiled code prepared on a background thread while the menu shows (no arcade).

On a fresh install the batch simulator's kernels compile on first use (40-80 s); :class:`WarmUp` runs
:func:`ai.warmup.prepare` on a daemon thread as soon as the menu opens, so the first AI turn is as fast
as later ones, and reports its step and progress for the menu's "Preparing the AI (first start only)"
line (and the game's thinking line, if a game is started before it finishes). A warm cache loads in
about a second and shows nothing.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

Prepare = Callable[[Callable[[str, float], None]], object]


def _prepare(report: Callable[[str, float], None]) -> object:
    from ai.warmup import prepare

    return prepare(report)


def _compiled() -> bool:
    from ai.warmup import is_compiled

    return is_compiled()


class WarmUp:
    """One background preparation of the AI; its state is read by the views each frame."""

    def __init__(self, prepare: Prepare = _prepare, compiled: Callable[[], bool] = _compiled) -> None:
        self._prepare = prepare
        self._compiled = compiled
        self._lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.compiling = False  # True once the cache was found cold: the line is shown
        self.step = ""
        self.fraction = 0.0
        self.done = False
        self.error = ""
        self.seconds = 0.0
        self._began = 0.0  # when compiling began (perf_counter)

    def start(self) -> None:
        """Start the preparation once (later calls do nothing)."""
        with self._lock:
            if self.thread is not None:
                return
            self.thread = threading.Thread(target=self._run, name="ai-warmup", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        t0 = time.perf_counter()
        try:
            if not self._compiled():
                self._began = time.perf_counter()
                self.compiling = True
                self._prepare(self._report)
        except Exception as exc:  # noqa: BLE001 - the AI then compiles on first use, as before; say why
            self.error = f"{type(exc).__name__}: {exc}".splitlines()[0][:120]
        self.seconds = time.perf_counter() - t0
        self.fraction = 1.0
        self.done = True

    def _report(self, step: str, fraction: float) -> None:
        self.step, self.fraction = step, max(self.fraction, fraction)

    def progress(self) -> float:
        """0 to 1 for the bar: the reported fraction, or, while numba compiles (it reports no finer
        progress), the share of a typical 70 s compile, held below 95% until it is done."""
        if self.done:
            return 1.0
        guess = 0.1 + 0.85 * (time.perf_counter() - self._began) / 70 if self.compiling else 0.0
        return max(self.fraction, min(0.95, guess))

    @property
    def running(self) -> bool:
        """Started and not finished."""
        return self.thread is not None and not self.done

    def line(self) -> str:
        """What the menu says: the step and progress while compiling, the time it took once done, a
        failure in one line; nothing when the cache was warm."""
        if self.error:
            return f"Preparing the AI failed ({self.error}); its first turn will be slow."
        if not self.compiling:
            return ""
        if self.done:
            return f"The AI is ready (prepared in {self.seconds:.0f} s; later starts skip this)."
        return f"Preparing the AI (first start only): {self.progress():.0%} - {self.step}"

    def frame_key(self) -> tuple:
        """Changes whenever :meth:`line` or the progress bar would."""
        return (self.compiling, self.done, self.error, self.step, round(self.progress(), 2))
