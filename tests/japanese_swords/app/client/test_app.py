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


def test_play_size_option_parses_and_rejects_in_one_line(capsys):
    import pytest

    from japanese_swords.app.cli import build_parser

    args = build_parser().parse_args(["play", "--size", "1366x768"])
    assert args.size == (1366, 768) and not args.fullscreen
    for bad in ("1366", "axb", "100x100", "1366x768x2"):
        with pytest.raises(SystemExit) as exc:
            build_parser().parse_args(["play", "--size", bad])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--size" in err
