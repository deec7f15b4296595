"""Command-line settings for ``play``: the map and the number of opponents must agree."""

from __future__ import annotations

import argparse

import pytest

from japanese_swords.app.client.app import settings_from_args
from japanese_swords.errors import JapaneseSwordsError


def _args(**kw) -> argparse.Namespace:
    base = {"map": "classic-2p", "opponents": 1, "difficulty": "hard", "seed": 5, "autoplay": False}
    base.update(kw)
    return argparse.Namespace(**base)


def test_map_decides_when_opponents_left_at_default():
    s = settings_from_args(_args(map="kanto-3p"))
    assert (s.map_name, s.opponents, s.difficulty, s.seed) == ("kanto-3p", 2, "hard", 5)


def test_default_map_follows_the_opponents():
    s = settings_from_args(_args(opponents=3))
    assert s.opponents == 3 and s.map_name.endswith("4p")


def test_contradiction_is_a_one_line_error():
    with pytest.raises(JapaneseSwordsError) as err:
        settings_from_args(_args(map="onin-4p", opponents=2))
    assert "--opponents 3" in str(err.value) and "\n" not in str(err.value)


def test_unknown_map_is_a_one_line_error():
    with pytest.raises(JapaneseSwordsError) as err:
        settings_from_args(_args(map="no-such-map"))
    assert "no-such-map" in str(err.value) and "\n" not in str(err.value)
