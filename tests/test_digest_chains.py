"""Code moves do not change games: every guarded game's per-action digest chain is as stored."""

from __future__ import annotations

import json

import pytest

from tests.digest_chains import FIXTURE, MAPS, cases, chain, key

STORED = json.loads(FIXTURE.read_text())


def test_the_fixture_covers_every_case() -> None:
    assert sorted(STORED) == sorted(key(c) for c in cases())


@pytest.mark.parametrize("name", MAPS)
def test_digest_chains_are_unchanged(name: str) -> None:
    differ = [key(c) for c in cases() if c[0] == name and chain(c) != STORED[key(c)]]
    assert differ == [], f"{len(differ)} games changed, first: {differ[:3]}"
