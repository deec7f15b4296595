"""ai/heap.py: a searching process freezes what it holds after its first search; later garbage is still
collected."""

from __future__ import annotations

import gc
import subprocess
import sys
import weakref
from pathlib import Path

from ai import heap

ROOT = Path(__file__).resolve().parents[2]

FIRST_SEARCH = """
import gc, random
from ai import heap
from ai.agent import make_agent
from ai.match import play_game
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map
before = heap.settled(), gc.get_freeze_count()
game = Game(load_map("classic-2p"), Rules(max_rounds=2))
play_game(game, [make_agent("mcts:iterations=8"), make_agent("greedy")], 3)
print(before[0], before[1], heap.settled(), gc.get_freeze_count())
"""


def test_the_first_search_freezes_what_the_process_holds() -> None:
    out = subprocess.run([sys.executable, "-c", FIRST_SEARCH], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=600).stdout.split()
    assert out[:2] == ["False", "0"]  # nothing frozen at the start of a process
    assert out[2] == "True" and int(out[3]) > 10_000  # the modules, kernels and tables: frozen


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_garbage_made_after_settling_is_still_collected() -> None:
    heap.settle()
    frozen = gc.get_freeze_count()
    heap.settle()  # once a process: a second call freezes nothing more
    assert heap.settled() and gc.get_freeze_count() == frozen
    ref = weakref.ref(_Cycle())  # a reference cycle: only the collector frees it
    assert ref() is not None
    gc.collect()
    assert ref() is None
