"""Compile the batch simulator's numba kernels ahead of the first search, with progress reports.

The kernels are cached on disk (:mod:`ai.batch.jit`), so only the first start after an install or an
update pays the compile (40-80 s); :func:`prepare` runs one small MCTS decision to compile everything a
search uses and :func:`announce` does so with one progress line when the cache is cold. The
``japanese-swords warmup`` command and the first MCTS use of the command line call them.
"""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import TextIO

Report = Callable[[str, float], None]

#: Agents whose play calls the compiled kernels (MCTS's batch rollouts; the rollout policy's helpers).
KERNEL_AGENTS = frozenset({"mcts", "rollout"})

#: The kernels Python calls directly; the kernels they call are compiled and cached with them.
_ENTRY_POINTS = (("ai.batch.kernel", "run_lanes"),
                 ("ai.batch.value", "_rivals"), ("ai.batch.value", "_features"), ("ai.batch.value", "_shares"),
                 ("ai.batch.state", "_gather"), ("ai.batch.state", "_put_cards"), ("ai.mcts.deal", "_deal"))


def is_compiled() -> bool:
    """Whether every entry kernel has a valid on-disk cache (numba's index of it matches its source).

    Reads numba's cache index through its private FunctionCache API; if that API changes, the answer is
    False, which only costs a redundant (fast) :func:`prepare` and an announcement line."""
    import importlib

    try:
        for module, name in _ENTRY_POINTS:
            dispatcher = getattr(importlib.import_module(module), name)
            if not dispatcher._cache._cache_file._load_index():
                return False
    except Exception:  # noqa: BLE001 - numba internals: any change means "do not know"
        return False
    return True


def _decision_state(seed: int):  # -> State at the first player decision of a classic-2p game
    from ai.match import sample_chance
    from japanese_swords.core import CHANCE
    from japanese_swords.engine import initial_state
    from japanese_swords.game import Game
    from japanese_swords.maps import load_map

    state = initial_state(Game(load_map("classic-2p")))
    rng = random.Random(seed)
    while state.current_player() == CHANCE:
        state.play(sample_chance(state, rng))
    return state


def prepare(report: Report | None = None) -> float:
    """Compile (or load from the cache) every kernel a search uses; returns the seconds it took.

    ``report(step, fraction)`` is called as each step starts (fraction of the work done, 0 to 1) and about
    once a second while the kernels compile (numba reports no finer progress, so the step then names the
    seconds spent), finally with 1.0.
    """
    say: Report = report or (lambda _step, _fraction: None)
    start = time.perf_counter()
    say("loading numba", 0.0)
    import numpy as np

    import ai.batch  # noqa: F401 - imports numba and checks the cache's freshness (ai.batch.jit)
    from ai.agent import make_agent
    from ai.batch.state import BatchState, LaneTable
    from ai.mcts.deal import deal_many
    from ai.mcts.hand_prior import shipped_weights
    from japanese_swords.observation import observation

    state = _decision_state(0)
    bot = make_agent("mcts:iterations=4:rollouts=batch")

    def evaluate() -> None:  # a leaf evaluation as the search makes it: modelled opponents, fitted value
        obs = observation(state, state.current_player())
        bot._model_opponents(obs)
        bot.evaluator.evaluate([state, state.clone()], random.Random(0))
        lanes = BatchState.from_states([state]).take(np.zeros(2, np.int64))  # public leaves' gather
        hands, deck = deal_many([1, 2**40], obs.unseen, obs.hand_sizes, obs.seat, shipped_weights())  # worlds
        table = LaneTable()  # a search's lane leaves: gathered from their table with a world's cards
        table.add(state)
        others = np.arange(state.num_players) != obs.seat
        leaves = table.gather(np.zeros(2, np.int64), np.arange(2, dtype=np.int64), 1, hands, deck, others)
        assert lanes.size == 2 and leaves.size == 2

    _with_heartbeat("compiling the rollout kernels", 0.1, evaluate, say)
    from ai import heap

    heap.settle()  # what the kernels loaded stays for the process: out of the collector's full passes
    took = time.perf_counter() - start
    say(f"done in {took:.0f} s", 1.0)
    return took


def _with_heartbeat(text: str, fraction: float, step: Callable[[], object], say: Report) -> None:
    """Run ``step``, reporting ``text`` with the seconds spent about once a second until it returns."""
    done = threading.Event()
    t0 = time.perf_counter()

    def beat() -> None:
        while not done.wait(1.0):
            say(f"{text}: {time.perf_counter() - t0:.0f} s (usually 40-80 s)", fraction)

    say(text, fraction)
    ticker = threading.Thread(target=beat, daemon=True)
    ticker.start()
    try:
        step()
    finally:
        done.set()
        ticker.join()


class LinePrinter:
    """A :data:`Report` that keeps one line on a terminal up to date (``\\r``) and, elsewhere (a log or
    a pipe), prints only the first and the last report, so the line is never repeated."""

    def __init__(self, prefix: str, stream: TextIO | None = None) -> None:
        self.prefix = prefix
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.started = False
        self.width = 0

    def __call__(self, step: str, fraction: float) -> None:
        line = f"{self.prefix}: {fraction * 100:3.0f}% {step}"
        if self.tty:
            self.stream.write("\r" + line.ljust(self.width) + ("\n" if fraction >= 1.0 else ""))
            self.width = len(line)
        elif not self.started:
            self.stream.write(f"{self.prefix}...")
        elif fraction >= 1.0:
            self.stream.write(f" {step}\n")
        self.started = True
        self.stream.flush()


def announce(stream: TextIO | None = None) -> bool:
    """Compile the kernels if the cache is cold, saying so in one line on ``stream`` (stderr); True if it
    compiled. A warm cache prints nothing (the kernels then load on first use in well under a second)."""
    if is_compiled():
        return False
    prepare(LinePrinter("compiling the AI's kernels (first start only, about a minute)", stream))
    return True


def uses_kernels(specs: Iterable[str]) -> bool:
    """Whether any of these agent specs plays through the compiled kernels (judged by the agent's name)."""
    return any(spec.strip().split(":", 1)[0] in KERNEL_AGENTS for spec in specs)


def announce_for(specs: Iterable[str], stream: TextIO | None = None) -> bool:
    """:func:`announce` if any of these agents uses the kernels: called before the first game, so a cold
    cache is compiled once, with its line, instead of silently inside the first move (or in every worker)."""
    return uses_kernels(specs) and announce(stream)
