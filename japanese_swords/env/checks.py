"""Input checks of the PettingZoo environment: what a caller may pass to the constructor, ``reset`` and
``step``, refused with one line of a documented type (:class:`EnvInputError`) instead of a Python error
from deep inside (``int(nan)``, ``KeyError`` after the game, a silently truncated ``1.5``).

Needs only numpy, so the checks can be tested without PettingZoo. See docs/env.md, "Errors".
"""

from __future__ import annotations

import math
import operator
from typing import Any

import numpy as np

from japanese_swords.errors import JapaneseSwordsError
from japanese_swords.game import Rules


class EnvInputError(JapaneseSwordsError, ValueError):
    """A call the environment cannot take (a bad option, seed or action, a step before ``reset`` or after
    the game); the message is one line."""


class IllegalEnvAction(EnvInputError):
    """An action that is not an integer, lies outside the action space, or is not allowed by the mask."""


def _short(value: object) -> str:
    """``repr(value)`` on one line, cut to 40 characters."""
    text = " ".join(repr(value).split())
    return text if len(text) <= 40 else text[:37] + "..."


def as_index(value: object) -> int | None:
    """``value`` as a Python int if it is an integer (Python or numpy, a 0-d integer array), else None;
    ``True``/``False`` and floats (even ``2.0``) are not integers."""
    if isinstance(value, bool | np.bool_):
        return None
    if isinstance(value, np.ndarray):
        if value.ndim != 0 or value.dtype.kind not in "iu":
            return None
        return int(value)
    if isinstance(value, int | np.integer):
        return operator.index(value)
    return None


def check_action(action: object, size: int, agent: str) -> int:
    """The action as an int in ``0..size-1``; IllegalEnvAction (one line) for anything else."""
    index = as_index(action)
    if index is None:
        raise IllegalEnvAction(f"action {_short(action)} for {agent} is not a whole number "
                               f"(give an index 0..{size - 1} the action_mask allows)")
    if not 0 <= index < size:
        raise IllegalEnvAction(f"action {index if abs(index) < 10**12 else _short(index)} for {agent} is outside "
                               f"the action space 0..{size - 1}")
    return index


def check_seed(seed: object) -> int | None:
    """A ``reset`` seed: None or any integer (Python or numpy); EnvInputError for floats, text and the rest
    (``random.Random`` would hash a float or a string quietly, and a numpy integer makes it raise)."""
    if seed is None:
        return None
    index = as_index(seed)
    if index is None:
        raise EnvInputError(f"seed must be a whole number or None, got {_short(seed)}")
    return index


def check_options(map_name: object, max_rounds: object, loss_reward: object, render_mode: object,
                  modes: list[str], rules: object) -> tuple[int | None, float, Rules]:
    """Constructor options checked the way a record's are (``max_rounds`` 1..1,000,000 or None, every rules
    option in ``RULES_RANGES``, ``loss_reward`` a finite number); returns (max_rounds, loss_reward, rules)."""
    if not isinstance(map_name, str) or not map_name:
        raise EnvInputError(f"map_name must be a shipped map name or a map file path, got {_short(map_name)}")
    if render_mode is not None and render_mode not in modes:
        raise EnvInputError(f"render_mode must be one of {modes} or None, got {_short(render_mode)}")
    if max_rounds is not None:
        rounds = as_index(max_rounds)
        if rounds is None or not 1 <= rounds <= 1_000_000:
            raise EnvInputError(f"max_rounds must be a whole number 1..1000000 or None, got {_short(max_rounds)}")
        max_rounds = rounds
    try:
        reward = float(loss_reward)  # type: ignore[arg-type]
    except (TypeError, ValueError, OverflowError):
        reward = math.nan
    if isinstance(loss_reward, bool) or not math.isfinite(reward):
        raise EnvInputError(f"loss_reward must be a finite number, got {_short(loss_reward)}")
    if rules is not None and not isinstance(rules, Rules):
        raise EnvInputError(f"rules must be a japanese_swords.Rules, got {_short(rules)}")
    base: dict[str, Any] = (rules or Rules()).to_json()
    base["max_rounds"] = max_rounds
    try:
        checked = Rules.from_json(base)
    except JapaneseSwordsError as exc:
        raise EnvInputError(str(exc)) from None
    return max_rounds, reward, checked  # type: ignore[return-value]


def check_modules(rules: Rules, modules: object) -> Rules:
    """``rules`` with the rule modules added (docs/variants.md), checked the way a record's are; the
    player count is checked when the Game is made."""
    if isinstance(modules, str) or not isinstance(modules, (tuple, list)):
        raise EnvInputError(f"modules must be a tuple of module names, got {_short(modules)}")
    data: dict[str, Any] = rules.to_json()
    data["modules"] = [*rules.modules, *modules]
    try:
        return Rules.from_json(data)
    except JapaneseSwordsError as exc:
        raise EnvInputError(str(exc)) from None
