"""Session hooks for the whole suite."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` (about a minute each) run first, in their usual order, the rest after them in
    theirs: under ``-n auto`` the workers then share out the long tests at the start instead of one worker
    finishing them alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
