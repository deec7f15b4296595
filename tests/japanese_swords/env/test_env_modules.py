"""The observation's module blocks (docs/env.md, "Module blocks"): the public module state a seat may see,
and nothing another seat keeps secret."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from japanese_swords import events as E  # noqa: E402
from japanese_swords.actions import Bid, SetOrder, SetWeather  # noqa: E402
from japanese_swords.core import Battle  # noqa: E402
from japanese_swords.engine import initial_state  # noqa: E402
from japanese_swords.env import encoding as enc  # noqa: E402
from japanese_swords.env import env, raw_env  # noqa: E402
from japanese_swords.env import module_features as mf  # noqa: E402
from japanese_swords.game import Game, Rules  # noqa: E402
from japanese_swords.maps import load_map  # noqa: E402
from japanese_swords.modules import sites  # noqa: E402
from japanese_swords.observation import observation  # noqa: E402
from tests.positions import clear_armies, make_game, place, sq  # noqa: E402


def _block(vec: np.ndarray, name: str) -> np.ndarray:
    """The named module block of a full observation vector."""
    start = enc.SIZE
    for title, n in mf.FEATURES:
        if title.startswith(name):
            return vec[start:start + n]
        start += n
    raise KeyError(name)


def _vec(state, seat: int, revealed=None) -> np.ndarray:
    return enc.encode(observation(state, seat), (), revealed)


def test_a_classic_game_keeps_its_size_and_a_module_game_appends_the_blocks():
    assert enc.size(Rules()) == enc.SIZE == 2387
    assert enc.size(Rules(modules=("weather",))) == enc.SIZE + mf.SIZE
    assert raw_env().observation_space("player_0")["observation"].shape == (enc.SIZE,)
    e = raw_env(modules=("weather",))
    e.reset(seed=1)
    assert e.observation_space("player_0")["observation"].shape == (enc.SIZE + mf.SIZE,)
    vec = e.observe(e.agent_selection)["observation"]
    assert vec.shape == (enc.SIZE + mf.SIZE,)
    assert list(_block(vec, "modules chosen")) == [float(n == "weather") for n in mf.NAMES]


@pytest.mark.parametrize("weather", ["clear", "rain", "storm"])
def test_the_weather_of_the_round_is_shown_to_every_seat(weather):
    state = initial_state(make_game(modules=("weather",)))
    state.play(SetOrder((0, 1)))
    state.play(SetWeather(weather))
    for seat in (0, 1):
        assert list(_block(_vec(state, seat), "weather")) == [float(w == weather) for w in mf.WEATHERS]


def _bidding_state():
    state = initial_state(make_game(modules=("bidding",)))
    state.play(SetOrder((0, 1)))
    state.round, state.gold = 2, [9, 9]
    state.bids = [-1, -1]
    return state


def test_an_open_bid_shows_only_that_it_was_made_and_the_own_bid_its_amount():
    state = _bidding_state()
    state.play(Bid(4))  # p1 bids; p2 is still to bid
    theirs, mine = _block(_vec(state, 1), "bidding open"), _block(_vec(state, 0), "bidding open")
    assert theirs[0] == 1 and mine[0] == 0  # p2 bids now
    assert list(theirs[1:4]) == [1, 0, 0]  # p2's own slot: still to bid
    assert list(theirs[4:7]) == [0, 1, 0]  # p1 (slot 1 for p2): has bid, amount hidden
    assert list(mine[1:4]) == [0, 1, 4]  # p1 sees its own 4
    assert not _block(_vec(state, 1), "last revealed").any()


def test_revealed_bids_come_from_the_event_and_are_relative_to_the_seat():
    revealed = mf.last_bids([E.BidsRevealed(1, (0, 0), (0, 1)), E.BidsRevealed(2, (1, 3), (1, 0))], None)
    assert revealed == (1, 3) and mf.last_bids([], revealed) == (1, 3)
    state = _bidding_state()
    assert list(_block(_vec(state, 0, revealed), "last revealed")) == [1, 1, 3, 0, 0]
    assert list(_block(_vec(state, 1, revealed), "last revealed")) == [1, 3, 1, 0, 0]


def test_the_env_fills_the_revealed_bids_after_a_round_of_bidding():
    e = raw_env(map_name="kanto-3p", modules=("bidding",), max_rounds=6)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(max_iter=4000):
        if any(isinstance(ev, E.BidsRevealed) for ev in e.infos[agent]["events"]):
            bids = next(ev.bids for ev in e.infos[agent]["events"] if isinstance(ev, E.BidsRevealed))
            seat = int(agent.split("_")[1])
            shown = _block(e.observe(agent)["observation"], "last revealed")
            assert shown[0] == 1 and [shown[1 + (s - seat) % 3] for s in range(3)] == list(bids)
            return
        obs, _, done, trunc, _ = e.last()
        e.step(None if done or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    pytest.fail("no bids were revealed in 4000 steps")


def test_ronin_counts_are_public_and_their_armies_only_the_owners():
    state = initial_state(make_game(modules=("ronin",)))
    state.play(SetOrder((0, 1)))
    clear_armies(state)
    mine, theirs = place(state, 0, "c3"), place(state, 1, "f6")
    state.ronin = {mine: 2, theirs: 1}
    for seat, own_square, own, other in ((0, "c3", 2, 1), (1, "f6", 1, 2)):
        vec = _vec(state, seat)
        assert list(_block(vec, "ronin hired")[:2]) == [own, other]
        squares = _block(vec, "own ronin")
        assert squares[sq(own_square)] == own and squares.sum() == own  # the other seat's army: not shown


def test_walls_breaches_and_sites_are_shown_by_square():
    state = initial_state(make_game(modules=("castles", "retreat-siege", "sites")))
    state.play(SetOrder((0, 1)))
    state.walls = {sq("e5"): 2}
    fortress = state.game.board.fortresses[1]
    state.breached = {fortress}
    vec = _vec(state, 0)
    assert _block(vec, "wall levels")[sq("e5")] == 2 and _block(vec, "wall levels").sum() == 2
    assert _block(vec, "breached")[fortress] == 1 and _block(vec, "breached").sum() == 1
    site = _block(vec, "site kind").reshape(len(mf.SITE_KINDS), -1)
    placed = sites.sites_of(state.game.board)
    assert site.sum() == len(placed) and all(site[mf.SITE_KINDS.index(k), s] == 1 for s, k in placed.items())
    assert not _block(_vec(initial_state(make_game(modules=("castles",))), 0), "site kind").any()


def test_the_support_choices_so_far_and_whose_turn_it_is_to_choose():
    state = initial_state(make_game(modules=("support",)))
    state.play(SetOrder((0, 1)))
    clear_armies(state)
    att, dfn = place(state, 0, "c3"), place(state, 1, "c4")
    state.battle = Battle(att, dfn, 0, 1, support=(2,))
    assert list(_block(_vec(state, 1), "support")) == [1, 1, 2, 0, 0]  # the defender chooses now
    assert list(_block(_vec(state, 0), "support")) == [0, 1, 2, 0, 0]


def test_partners_are_marked_in_a_team_game_only():
    state = initial_state(Game(load_map("onin-4p"), Rules(modules=("teams",))))
    for seat in range(4):
        assert list(_block(_vec(state, seat), "partners")) == [1, 0, 1, 0]  # self and the seat opposite
    plain = initial_state(Game(load_map("onin-4p"), Rules(modules=("weather",))))
    assert not _block(_vec(plain, 0), "partners").any()


def test_pettingzoo_api_test_passes_with_every_module():
    api_test(env(map_name="onin-4p", modules=("bidding", "castles", "retreat-siege", "ronin", "sites",
                                               "support", "teams", "terrain-arms", "weather")), num_cycles=60)


def test_the_single_seat_env_carries_the_blocks_and_the_revealed_bids():
    from gymnasium.utils.env_checker import check_env

    from ai.agent import make_agent
    from japanese_swords.env.single import SingleSeatEnv

    e = SingleSeatEnv([make_agent("greedy")], map_name="classic-2p", max_rounds=8,
                      rules=Rules(modules=("bidding", "weather")))
    check_env(e, skip_render_check=True)
    obs, _ = e.reset(seed=5)
    assert e.observation_space["observation"].shape == obs["observation"].shape == (enc.SIZE + mf.SIZE,)
    rng = np.random.default_rng(1)
    for _ in range(3000):
        if _block(obs["observation"], "last revealed")[0]:
            return
        obs, _, done, _, _ = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if done:
            obs, _ = e.reset()
    pytest.fail("the learner never saw bids revealed")
