"""The environment under the bidding, ronin and castles modules: their actions have indices (the codec's
extra blocks), masks are exactly the legal actions, and masked-random episodes bid, hire and build."""

from __future__ import annotations

from japanese_swords.actions import Bid, Fortify, HireRonin
from japanese_swords.env import raw_env
from japanese_swords.env.codec import MAX_BID, ActionCodec
from japanese_swords.game import Rules
from tests.japanese_swords.env.test_env import _play_random


def test_the_codec_gives_the_modules_actions_indices_only_in_their_games():
    classic, shogun = ActionCodec(Rules()), ActionCodec(Rules(modules=("bidding", "castles", "ronin")))
    assert shogun.size == classic.size + MAX_BID + 1 + 200 and ActionCodec(Rules(modules=("weather",))).size == 1943
    for action in (Bid(0), Bid(MAX_BID), HireRonin(37), Fortify(55)):
        i = shogun.encode(action, 0, 2)
        assert i >= classic.size and shogun.decode(i, 0, 2).action == action


def test_masked_random_episodes_play_the_modules():
    e = raw_env(map_name="kanto-3p", modules=("bidding", "ronin", "castles"), max_rounds=6)
    taken, _ = _play_random(e, 5, check_layout=True)
    bid = e.codec.bid
    assert any(bid <= i <= bid + MAX_BID for i in taken)  # bids
    assert any(bid + MAX_BID < i for i in taken)  # ronin or walls
    assert e.engine_state.is_terminal()
