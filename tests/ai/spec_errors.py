"""A helper for tests of agent options that name a file: the one-line SpecError a bad file gets."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.agent import SpecError, make_agent


def file_option_error(option: str, path: Path, content: str | None) -> str:
    """Write ``content`` to ``path`` (None: leave no file there), make ``mcts:OPTION=PATH`` and return the
    SpecError's message, checked to name the option and the file in one line."""
    if content is not None:
        path.write_text(content)
    with pytest.raises(SpecError, match=f"'{option}'") as err:
        make_agent(f"mcts:{option}={path}")
    message = str(err.value)
    assert str(path) in message and "\n" not in message
    return message
