"""The environments' default rule modules: a map's ``modules:`` line applies when neither ``rules`` nor
``modules`` is given, and either replaces it (docs/env.md, docs/maps.md)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from japanese_swords.env import raw_env  # noqa: E402
from japanese_swords.env.codec import ActionCodec  # noqa: E402
from japanese_swords.game import Rules  # noqa: E402
from japanese_swords.modules import PRESETS, validate  # noqa: E402

SHOGUN = validate(PRESETS["shogun"], 2)


def test_the_aec_env_plays_the_maps_modules_with_their_action_space(shogun_map: str) -> None:
    e = raw_env(map_name=shogun_map, max_rounds=4)
    assert e.game.rules.modules == SHOGUN
    assert e.action_space("player_0").n == ActionCodec(Rules(modules=SHOGUN)).size > ActionCodec(Rules()).size
    e.reset(seed=1)
    assert e.engine_state.game.rules.modules == SHOGUN


@pytest.mark.parametrize(("kwargs", "expected"), [
    ({"modules": ()}, ()),
    ({"modules": ("castles",)}, ("castles",)),
    ({"rules": Rules()}, ()),
    ({"rules": Rules(modules=("weather",))}, ("weather",)),
])
def test_explicit_rules_or_modules_replace_the_maps(shogun_map: str, kwargs: dict, expected: tuple) -> None:
    e = raw_env(map_name=shogun_map, **kwargs)
    assert e.game.rules.modules == expected
    assert e.action_space("player_0").n == ActionCodec(e.game.rules).size


def test_the_single_seat_env_plays_the_maps_modules_unless_given_rules(shogun_map: str) -> None:
    from ai.agent import make_agent
    from japanese_swords.env.single import SingleSeatEnv

    e = SingleSeatEnv([make_agent("random")], map_name=shogun_map, max_rounds=4)
    assert e.game.rules.modules == SHOGUN
    assert e.action_space.n == ActionCodec(Rules(modules=SHOGUN)).size
    e.reset(seed=2)
    classic = SingleSeatEnv([make_agent("random")], map_name=shogun_map, max_rounds=4, rules=Rules())
    assert classic.game.rules.modules == () and classic.action_space.n == ActionCodec(Rules()).size
