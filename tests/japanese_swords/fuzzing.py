"""Shared pieces of the boundary fuzz tests: settings, the corpus counter, a memory bound, text mutations.

Every fuzz test builds its cases with hypothesis from valid inputs (records, maps, notation lines, command
lines), counts them in ``CORPUS`` and asserts its own minimum, so the suite as a whole runs at least
``sum(MINIMUM.values())`` (>= 1,000) cases. Runs are derandomized (the same cases every run, no example
database), each case has a deadline, and the whole test a memory bound. ``JS_FUZZ_SCALE=N`` in the
environment runs N times as many cases with fresh random seeds, for a longer search.
"""

from __future__ import annotations

import contextlib
import os
import resource
import signal
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import timedelta

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

CORPUS: Counter[str] = Counter()
"""Cases run so far in this session, by kind (records, maps, notation, cli, ...)."""

MINIMUM = {"records": 300, "maps": 300, "notation": 400, "cli": 250, "maptool": 60,
           "client_files": 320, "env": 150, "tournament": 80}
"""Cases each fuzz test must run; 1,860 in all (550 of them the client's files, the env and the tournament
tool)."""

SCALE = max(1, int(os.environ.get("JS_FUZZ_SCALE", "1") or 1))
"""Multiplier of every MINIMUM; above 1 the cases are random rather than the same every run."""

CASE_DEADLINE = timedelta(seconds=5)
"""No single case may take longer (a hang or a runaway replay fails the test)."""
MEMORY_GROWTH_LIMIT_MB = 512
"""The process's peak memory may not grow by more than this during one fuzz test."""


def fuzz_settings(kind: str) -> settings:
    """Hypothesis settings running MINIMUM[kind] * SCALE cases (derandomized at scale 1), each within
    CASE_DEADLINE."""
    return settings(max_examples=MINIMUM[kind] * SCALE, deadline=CASE_DEADLINE, derandomize=SCALE == 1,
                    database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run_bounded(kind: str, body: Callable[[], None]) -> None:
    """Run a hypothesis test ``body``; check it ran MINIMUM[kind] cases and kept memory bounded."""
    before_cases = CORPUS[kind]
    before_mb = peak_rss_mb()
    body()
    ran = CORPUS[kind] - before_cases
    assert ran >= MINIMUM[kind] * SCALE, f"only {ran} {kind} cases ran"
    grew = peak_rss_mb() - before_mb
    assert grew < MEMORY_GROWTH_LIMIT_MB, f"peak memory grew by {grew:.0f} MB"


class Hang(BaseException):
    """Raised by :func:`hang_guard` when its time is up (a BaseException, so no ``except Exception`` in the
    code under test can swallow it)."""


HANG_SECONDS = 20.0
"""What :func:`hang_guard` allows by default: far more than any case needs, far less than forever."""


@contextlib.contextmanager
def hang_guard(seconds: float = HANG_SECONDS) -> Iterator[None]:
    """Interrupt the block with :class:`Hang` after ``seconds`` (SIGALRM: a blocking ``open`` of a FIFO or a
    read of ``/dev/zero`` is interrupted too). A hang is a failure; speed is never asserted. Main thread
    only."""
    def expire(_signum: int, _frame: object) -> None:
        raise Hang(f"no answer within {seconds:g} s: a hang")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def one_line(message: str) -> str:
    """Assert ``message`` is a usable one-line error and return it."""
    assert message and "\n" not in message and "\r" not in message and "Traceback" not in message, message
    return message


NASTY_CHARS = ("[", "]", "{", "}", '"', "\\", ",", ":", ";", " ", "\t", "\n", "\r", "\x00", "\ufeff", "\u0661",
               "\u00b2", "\uff11", "\u212a", "\u0131", "\u2028", "\U0001f5e1", "\ud800", "0", "9", "-", "e", "#", "@")
"""Characters that broke loaders before: JSON structure, control characters, a BOM, non-ASCII digits
(Arabic-Indic one, superscript two, fullwidth one), letters that case-map to ASCII (Kelvin sign, dotless i),
a line separator, an emoji and a lone surrogate."""


@st.composite
def mutated_text(draw: st.DrawFn, text: str, alphabet: tuple[str, ...] = NASTY_CHARS) -> str:
    """``text`` after one random edit: replace, insert or delete a slice, truncate, prepend a BOM,
    lengthen a number to thousands of digits, or nest brackets deeply."""
    n = len(text)
    op = draw(st.sampled_from(["replace", "insert", "delete", "truncate", "bom", "long_number", "nest", "dup",
                               "digit", "digit"]))
    i = draw(st.integers(0, max(n - 1, 0)))
    j = draw(st.integers(i, min(n, i + 40)))
    piece = draw(st.text(st.sampled_from(alphabet), min_size=1, max_size=6))
    if op == "replace":
        return text[:i] + piece + text[j:]
    if op == "insert":
        return text[:i] + piece + text[i:]
    if op == "delete":
        return text[:i] + text[j:]
    if op == "truncate":
        return text[:i]
    if op == "bom":
        return "\ufeff" + text
    if op == "long_number":
        digits = draw(st.sampled_from(["9" * 30, "1" * 5000, "-" + "7" * 4400, "1e999", "NaN"]))
        return text[:i] + digits + text[i:]
    if op == "digit":  # an ASCII digit swapped for a look-alike that str.isdigit() and int() accept
        places = [k for k, ch in enumerate(text) if ch in "0123456789"] or [i]
        k = draw(st.sampled_from(places))
        return text[:k] + draw(st.sampled_from(["\u0661", "\u0663", "\uff12", "\u00b2", "\u09e8"])) + text[k + 1:]
    if op == "nest":
        depth = draw(st.sampled_from([50, 5000, 200_000]))
        return text[:i] + "[" * depth + text[i:]
    return text[:i] + text[i:j] + text[i:]  # dup: a slice repeated
