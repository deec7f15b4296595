"""The environment under the bidding, ronin and castles modules: their actions have indices (the codec's
extra blocks), masks are exactly the legal actions, and masked-random episodes bid, hire and build."""

from __future__ import annotations

from japanese_swords.actions import Bid, Fortify, HireRonin, Support
from japanese_swords.env import raw_env
from japanese_swords.env.codec import MAX_BID, MAX_SUPPORTERS, ActionCodec
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


def test_the_support_block_comes_before_the_shogun_blocks_when_both_are_chosen():
    classic = ActionCodec(Rules()).size
    both = ActionCodec(Rules(modules=("ronin", "support")))
    assert classic == 1943 and (both.support, both.bid, both.size) == (1943, 1947, 2211)
    assert (ActionCodec(Rules(modules=("support",))).bid, ActionCodec(Rules(modules=("bidding",))).support) == (-1, -1)
    for action, index in ((Support(0), 1943), (Support(MAX_SUPPORTERS), 1946), (Bid(0), 1947),
                          (HireRonin(0), 1947 + MAX_BID + 1), (Fortify(99), 2210)):
        assert both.encode(action, 1, 3) == index and both.decode(index, 1, 3).action == action


def test_masked_random_episodes_play_support_with_bidding_and_ronin():
    e = raw_env(map_name="kanto-3p", modules=("bidding", "ronin", "support"), max_rounds=6)
    taken, _ = _play_random(e, 7, check_layout=True)
    assert any(e.codec.bid <= i <= e.codec.bid + MAX_BID for i in taken)
    assert e.engine_state.is_terminal()
