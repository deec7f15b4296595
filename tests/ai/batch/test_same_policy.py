"""The batch simulator and the scalar reference play the same policy: from the same starting positions
(with different random streams), they choose the same kinds of action at the same rates.

The counts are random, so each kind may differ by 3.5 standard deviations of a count difference
(``3.5 * sqrt(a + b)``) or 3%, whichever is larger. Dealt cards (every draw and every battle) are counted in
the thousands, so a policy that attacks a little more or less, or draws differently, shows there."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import japanese_swords.engine as engine
from ai.batch.export import Recorder
from ai.batch.state import BatchState
from ai.batch.turn import TurnRunner
from ai.rollout_policy import RolloutAgent, finish_turn, play_turn
from japanese_swords.engine import initial_state
from japanese_swords.game import Game, Rules
from japanese_swords.maps import load_map

#: Games and rounds per map (the scalar reference plays them all: about 10 s in all).
SIZES = {"classic-2p": (300, 8), "onin-4p": (100, 6)}


def kind(text: str) -> str:
    """An action's kind: its verb, with the card for plays and the answer for Intrigue."""
    words = text.split()
    if words[0] in ("play", "lose"):
        return " ".join(words[:2])
    return words[0]


def close(a: int, b: int) -> bool:
    """Counts ``a`` and ``b`` agree within random variation (see the module docstring)."""
    return abs(a - b) <= max(0.03 * b, 3.5 * (a + b) ** 0.5)


@pytest.mark.parametrize("map_name", sorted(SIZES))
def test_batch_and_scalar_choose_alike(map_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    games, rounds = SIZES[map_name]
    game = Game(load_map(map_name), Rules(max_rounds=150))
    turns = rounds * game.num_players
    starts = []
    for i in range(games):
        s = initial_state(game)
        finish_turn(s, random.Random(f"same:{i}"))
        starts.append(s)
    batch = BatchState.from_states(starts)
    rec = Recorder()
    runner = TurnRunner(batch, np.random.default_rng(7), recorder=rec)
    for _ in range(turns):
        runner.run_turn()
    in_batch = Counter(kind(a) for lane in range(games) for t in rec.lane_turns(lane) for a in t)

    in_scalar: Counter[str] = Counter()
    apply = engine.apply

    def counting_apply(state, action, events=None):  # noqa: ANN001, ANN202 (a thin spy on the engine)
        in_scalar[kind(str(action))] += 1
        apply(state, action, events)

    monkeypatch.setattr(engine, "apply", counting_apply)
    rng = random.Random(8)
    for start in starts:
        s = start.clone()
        agent = RolloutAgent()
        for _ in range(turns):
            if s.is_terminal():
                break
            play_turn(s, rng, agent)
    monkeypatch.undo()

    assert in_batch["end"] == pytest.approx(in_scalar["end"], rel=0.02)  # the same number of turns
    assert in_batch["deal"] > 5000
    for k in ("deal", "draw", "move", "honor", "raise", "attack", "commit", "discard", "play MH", "play IN",
              "play PR", "lose cards", "lose honor"):
        assert in_batch[k] > 50, k
        assert close(in_batch[k], in_scalar[k]), (k, in_batch[k], in_scalar[k])
