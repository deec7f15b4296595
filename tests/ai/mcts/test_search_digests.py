"""Speed-only changes to the search do not change its decisions: games of MCTS at 200 iterations a
decision give the stored per-action digest chains."""

from __future__ import annotations

import json

import pytest

from tests.digest_chains import chain
from tests.search_digests import CASES, FIXTURE, key

STORED = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_case() -> None:
    assert sorted(STORED) == sorted(key(c) for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=key)
def test_search_digests_are_unchanged(case: tuple[str, tuple[str, ...], int, int]) -> None:
    assert chain(case) == STORED[key(case)]
