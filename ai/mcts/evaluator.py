"""Leaf evaluation for MCTS: depth-limited playouts plus a heuristic value at the cut-off.

:class:`Evaluator` is the interface: ``evaluate(states, rng) -> list of per-seat values in [0, 1]``,
called with many leaves at once. Two implementations:

* :class:`BatchEvaluator` hands the whole list to the compiled batch simulator (``ai.batch.evaluate``), which
  plays every leaf forward together; numpy pays off only for big batches, so the search gathers leaves.
* :class:`ScalarEvaluator` plays each leaf forward through the rules engine with the greedy policy
  (fewer Monte Carlo samples) and scores the cut-off with :func:`heuristic_value`.

``make_evaluator("auto")`` picks the batch simulator when it is installed, else the scalar one.

The value at the cut-off is selectable (:func:`value_function`): ``material`` is the hand-tuned
:func:`heuristic_value`; ``fitted`` is a logistic regression fitted to self-play outcomes
(:mod:`ai.value_fit`, weights in ``value_weights.json``); ``learned`` is the network of :mod:`ai.learned`
(weights in ``ai/learned/value_net.npz``), at the playout cut-off through its compiled forward pass;
``blend`` is the mean of those two.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from ai.greedy import GreedyPolicy
from ai.material import VALUE_SCALE, heuristic_value  # noqa: F401  (the "material" value)
from ai.toolkit.view import View
from ai.value_fit import ValueModel, load_weights
from japanese_swords.actions import End
from japanese_swords.chance import sample_chance
from japanese_swords.core import CHANCE
from japanese_swords.engine import State
from japanese_swords.modules.teams import team_values

ValueFn = Callable[[State], list[float]]
VALUES = ("fitted", "material", "learned", "blend")  # names accepted by value_function (and mcts:value=)


@lru_cache(maxsize=1)
def _fitted_model() -> ValueModel:
    """The shipped fitted model, read once from ``ai/mcts/value_weights.json``."""
    return load_weights()


def fitted_value(state: State) -> list[float]:
    """Each seat's chance of winning from the logistic model fitted to game outcomes (see
    :mod:`ai.value_fit`); the terminal result if the game is over."""
    values = _fitted_model().value(state)
    return team_values(state, values) if state.game.rules.modules else values


class FittedValue:
    """The fitted value with weights read from another file (``mcts:value_weights=PATH``, a file written by
    ``tools/fit_value.py``): called like :func:`fitted_value`; ``model`` serves the batch simulator."""

    def __init__(self, model: ValueModel) -> None:
        self.model = model

    def __call__(self, state: State) -> list[float]:
        values = self.model.value(state)
        return team_values(state, values) if state.game.rules.modules else values


@lru_cache(maxsize=8)
def fitted_value_from(path: str) -> FittedValue:
    """The fitted value of the weights in ``path`` (each file read once a process); ValueError in one line
    naming the file if it cannot be read or is not a fitted value's weights."""
    try:
        return FittedValue(load_weights(Path(path)))
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise ValueError(f"{path}: not a fitted value's weights (missing or malformed {exc})") from None
    except ValueError as exc:  # bad JSON, a number that is not one, or features of another code
        text = " ".join(str(exc).split())
        raise ValueError(text if text.startswith(f"{path}:") else f"{path}: {text}") from None


def learned_value(state: State) -> list[float]:
    """Each seat's chance of winning under the learned network (:mod:`ai.learned.value`)."""
    from ai.learned.value import learned_value as value

    values = value(state)
    return team_values(state, values) if state.game.rules.modules else values


def blended_value(state: State) -> list[float]:
    """Each seat's chance of winning as the mean of :func:`fitted_value` and :func:`learned_value`."""
    return [(a + b) / 2 for a, b in zip(fitted_value(state), learned_value(state), strict=True)]


def value_function(name: str) -> ValueFn:
    """``"material"`` (:func:`heuristic_value`), ``"fitted"`` (:func:`fitted_value`), ``"learned"``
    (:func:`learned_value`) or ``"blend"`` (:func:`blended_value`); ValueError else."""
    if name == "material":
        return heuristic_value
    if name == "fitted":
        _fitted_model()  # fail early (at agent construction) if the weights file is missing or stale
        return fitted_value
    if name == "learned":
        from ai.learned.value import shipped

        shipped()  # fail early if the weights file is missing or malformed
        return learned_value
    if name == "blend":
        value_function("fitted")  # fail early, as each alone does
        value_function("learned")
        return blended_value
    raise ValueError(f"unknown value {name!r} (use {' or '.join(VALUES)})")


class Evaluator(Protocol):
    """Scores many leaf states at once: one list of per-seat values in [0, 1] per state."""

    name: str

    def evaluate(self, states: list[State], rng: random.Random, seeds: list[int] | None = None,
                 turns: list[int] | None = None) -> list[list[float]]: ...


class ScalarEvaluator:
    """Plays each leaf ``max_turns`` turns forward through the engine with a fast greedy policy."""

    name = "scalar"

    def __init__(self, max_turns: int = 2, samples: int = 4, max_steps: int = 400,
                 value: ValueFn = heuristic_value, style: str = "greedy") -> None:
        self.max_turns = max_turns
        self.value = value
        self.max_steps = max_steps
        self.policy = GreedyPolicy.styled(style, samples=samples)

    def playout(self, state: State, rng: random.Random, max_turns: int | None = None) -> list[float]:
        """Play forward (mutating ``state``) and return the value where the playout stops."""
        limit = self.max_turns if max_turns is None else max_turns
        if limit <= 0:
            return self.value(state)
        turns = 0
        last = (state.round, state.turn_index)
        for _ in range(self.max_steps):
            if state.is_terminal():
                break
            seat = state.current_player()
            if seat == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            action = self.policy.act(View.of_state(state, seat), rng)
            if state.why_illegal(action) is not None:
                legal = state.legal_actions()
                action = End() if End() in legal else legal[0]
            state.apply(action)
            now = (state.round, state.turn_index)
            if now != last:
                last = now
                turns += 1
                if turns >= limit:
                    break
        return self.value(state)

    def evaluate(self, states: list[State], rng: random.Random, seeds: list[int] | None = None,
                 turns: list[int] | None = None) -> list[list[float]]:
        """Play every leaf forward ``turns[i]`` turn changes (default ``max_turns``); ``seeds`` gives each
        playout its own stream (common random numbers)."""
        limits = turns if turns is not None else [self.max_turns] * len(states)
        if seeds is None:
            return [self.playout(s, rng, t) for s, t in zip(states, limits, strict=True)]
        return [self.playout(s, random.Random(seed), t)
                for s, seed, t in zip(states, seeds, limits, strict=True)]


class BatchEvaluator:
    """Evaluates all leaves in one call to the compiled batch simulator ``ai.batch.evaluate``, each leaf
    played ``lanes`` times; the cut-off is scored by the same value as the scalar playouts (the fitted
    model through :func:`ai.batch.value.fitted_values`, the learned one through
    :func:`ai.learned.value.learned_values`, ``blend`` their mean; ``material`` keeps the simulator's own formula)."""

    name = "batch"

    def __init__(self, max_turns: int = 2, value: ValueFn = heuristic_value, lanes: int = 1,
                 threads: int = 1, mix: float = 0.0) -> None:
        import numpy as np

        from ai.batch import evaluate  # raises ImportError when the simulator is missing
        from ai.batch.evaluate import lane_values
        from ai.batch.value import fitted_values

        self._evaluate = evaluate
        self._np = np
        self.policy = None  # the seats' rollout policies (ai.batch.policy.Policies); None: the default
        self.max_turns = max_turns
        self.lanes = lanes
        self.threads = threads  # the simulator's threads for one call (ai.batch.turn)
        self.mix = mix  # the share of a leaf's value taken from its own value before the playouts
        self.value = value
        model = _fitted_model() if value is fitted_value else getattr(value, "model", None)
        if isinstance(model, ValueModel):
            self._batch_value = lambda S: fitted_values(S, model)
        elif value is learned_value:
            from ai.learned.value import learned_values

            self._batch_value = learned_values
        elif value is blended_value:
            from ai.learned.value import learned_values

            fitted = _fitted_model()
            self._batch_value = lambda S: (fitted_values(S, fitted) + learned_values(S)) / 2
        else:
            self._batch_value = lane_values

    def evaluate(self, states: list[State], rng: random.Random, seeds: list[int] | None = None,
                 turns: list[int] | None = None) -> list[list[float]]:
        """One batch call per distinct horizon (``seeds`` is unused: the simulator draws from one generator).
        The simulator first finishes the current turn, so ``t`` turn changes are ``max_turns=t - 1``."""
        limits = turns if turns is not None else [self.max_turns] * len(states)
        out: list[list[float]] = [[] for _ in states]
        for limit in sorted(set(limits)):
            idx = [i for i, t in enumerate(limits) if t == limit]
            if limit <= 0:
                for i in idx:
                    out[i] = self.value(states[i])
                continue
            gen = self._np.random.default_rng(rng.getrandbits(63))
            values = self._evaluate([states[i] for i in idx], gen, max_turns=limit - 1, policy=self.policy,
                                    value=self._batch_value, lanes=self.lanes,
                                    threads=self.threads, mix=self.mix)
            for i, row in zip(idx, values.tolist(), strict=True):  # (Python floats, one conversion)
                out[i] = row
        return out


def batch_available() -> bool:
    """Whether the compiled batch simulator is installed (``ai.batch`` exporting ``evaluate``)."""
    try:
        from ai.batch import evaluate  # noqa: F401
    except ImportError:
        return False
    return True


def make_evaluator(kind: str = "auto", max_turns: int = 2, value: ValueFn = heuristic_value,
                   lanes: int = 1, style: str = "greedy", threads: int = 1, mix: float = 0.0) -> Evaluator:
    """``"batch"``, ``"scalar"`` or ``"auto"`` (batch when available); ValueError for anything else.
    ``value`` scores the cut-off; ``lanes`` is how many batch rollouts average each leaf; ``style`` is the
    greedy style of the scalar playouts (the batch simulator has its own policy); ``threads`` the batch
    simulator's threads; ``mix`` the share of a batch leaf's value taken from ``value`` of the leaf itself
    (ValueError for the scalar playouts)."""
    if kind == "auto":
        kind = "batch" if batch_available() else "scalar"
    if kind == "batch":
        if not batch_available():
            raise ValueError("rollouts=batch needs the compiled batch simulator (ai.batch), not installed")
        return BatchEvaluator(max_turns=max_turns, value=value, lanes=lanes, threads=threads, mix=mix)
    if kind == "scalar":
        if mix:
            raise ValueError("leaf_mix is read only with rollouts=batch")
        return ScalarEvaluator(max_turns=max_turns, value=value, style=style)
    raise ValueError(f"unknown rollouts {kind!r} (use auto, batch or scalar)")
