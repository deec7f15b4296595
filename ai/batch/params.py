"""What the compiled kernels read besides the lanes: each seat's policy knobs and the rules as two arrays
(a row per seat), and the map's look-up tables as one tuple (cached per board and ``field_decay``)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ai.batch.policy import RolloutPolicy
from ai.batch.tables import INF, MapTables, map_tables
from japanese_swords.board import MOVE_COST, NUM_SQUARES, Terrain
from japanese_swords.cards import NUM_TYPES, Card
from japanese_swords.game import Game, Rules
from japanese_swords.modules import (
    bidding,
    castles,
    params_of,
    retreat_siege,
    ronin,
    sites,
    support,
    teams,
    terrain_arms,
    weather,
)

# indices into the int parameters
ARMY_CAP, RAISE_RESERVE, MAX_DRAWS, HAND_TARGET, DRAW_RESERVE, HONOR_RESERVE, INTRIGUE_MIN = range(7)
MAX_ROUNDS, HONOR_TO_WIN, ARMY_COST, UPKEEP, HONOR_BUYS, BATTLE_DRAW = range(7, 13)
WIN_LIMIT, LOSE_LIMIT, DIP_LIMIT, NINJA_COST, TREACHERY_COST = range(13, 18)
WIN_HONOR, LOSE_HONOR, WIN_EXP, PROSPERITY_GOLD, MUCH_HONOR, INTRIGUE_HONOR, INTRIGUE_CARDS = range(18, 25)
HONOR_PRICE, HONOR_GAIN, FREE_DRAWS, DRAW_PRICE, COMMIT_CARDS, COMMIT_SOLDIERS, COMMIT_DAIMYO = range(25, 32)
COMMIT_NINJA = 32
# the rule modules' numbers (docs/batch-simulator.md, "Rule modules"): 0 where the module is not played
SITE_HONOR, ARMS, PASS_CARDS, MARSH_PENALTY, RIDGE_MARGIN, PLAIN_CARDS, TEAMS = range(33, 40)
WEATHER_ON, FACE_CLEAR, FACE_RAIN, FACE_STORM, RAIN_PENALTY, STORM_PENALTY, RETREAT, WALL_DEFENCE = range(40, 48)
BIDDING, RONIN_ON, RONIN_FORCE, SUPPORT_ON, SUPPORT_FEE, SUPPORT_INTEREST = range(48, 54)
# the policy's economy under the modules (after the module numbers)
BID_PERCENT, BID_RESERVE, WALL_THREAT, WALL_RESERVE, WALL_COST, WALL_LEVELS = range(54, 60)
RONIN_CAP, RONIN_RESERVE, RONIN_COST, RONIN_MOST = range(60, 64)
# indices into the float parameters
ATTACK_MARGIN, ATTACK_NOISE, AVG_FORCE, DIP_MARGIN, MOVE_NOISE, W_KEEP, W_FORTRESS, W_HOME, W_ARMY = range(9)
# positions in the tables tuple (:func:`kernel_tables`)
(ATTRACT, REACH_N, REACH_DST, PATH_N, VIA, NEIGH, DEFENSE, HOLDING, KEEP, FORTRESS, PASSABLE, HOME_OF, HOLD_SQ,
 HOME, FORT_SQ, HOLD_REVENUE, SITE_KIND, SITE_SQ, ARMS_ATTACK, ARMS_DEFEND, STORM_REACH_N, STORM_REACH_DST,
 STORM_PATH_N, STORM_VIA) = range(24)
#: The sites module's kinds as the kernels number them (``SITE_KIND``; -1 for a square without a site).
SITE_KINDS = tuple(sites.KINDS)
S_PASS, S_FORD, S_MARSH, S_RIDGE, S_PLAIN = (SITE_KINDS.index(k) for k in ("pass", "ford", "marsh", "ridge", "plain"))


def int_params(policies: tuple[RolloutPolicy, ...], rules: Rules) -> np.ndarray:
    """Each seat's integer knobs and every number of the rules the kernels use (``max_rounds`` None is
    -1): one row per seat. The kernels hold no rule number of their own."""
    r = rules
    rows = [[p.army_cap, p.raise_reserve, p.max_draws, p.hand_target, p.draw_reserve, p.honor_reserve,
             p.intrigue_cards_min,
             -1 if r.max_rounds is None else r.max_rounds, r.honor_to_win, r.army_cost, r.upkeep,
             r.honor_buys_per_phase, r.battle_draw, r.winner_hand_limit, r.loser_hand_limit,
             r.diplomacy_hand_limit, r.ninja_honor_cost, r.treachery_honor_cost,
             r.winner_honor, r.loser_honor, r.winner_experience, r.prosperity_gold, r.much_honor,
             r.intrigue_honor, r.intrigue_cards, r.honor_price, r.honor_per_buy, r.free_draws, r.draw_price,
             r.commit_cards, r.commit_soldiers, r.commit_daimyo, r.commit_ninja, *_module_ints(r),
             p.bid_percent, p.bid_reserve, p.wall_threat, p.wall_reserve, *_wall_ints(r),
             p.ronin_cap, p.ronin_reserve, *_ronin_ints(r)]
            for p in policies]
    return np.array(rows, dtype=np.int64)


def _module_ints(rules: Rules) -> list[int]:
    """The rule modules' numbers in :data:`SITE_HONOR` .. :data:`SUPPORT_INTEREST` order (0 when not played;
    ``TEAMS`` is 1 in a team game: seats of one parity are partners; ``WEATHER_ON`` 1 with the weather
    module, whose die faces and attack penalties follow; ``RETREAT`` 1 with retreat-siege;
    ``WALL_DEFENCE`` the castles module's defence per level of walls; ``BIDDING`` 1 with the bidding
    module; ``RONIN_ON`` 1 with the ronin module, ``RONIN_FORCE`` the force of one ronin)."""
    site = params_of(rules.modules, sites.NAME) if rules.modules else None
    arms = params_of(rules.modules, terrain_arms.NAME) if rules.modules else None
    team = int(bool(rules.modules) and params_of(rules.modules, teams.NAME) is not None)
    sky = params_of(rules.modules, weather.NAME) if rules.modules else None
    skies = [0] * 6 if sky is None else [1, *weather.FACES, sky["rain"], sky["storm"]]
    retreat = int(bool(rules.modules) and params_of(rules.modules, retreat_siege.NAME) is not None)
    walls = params_of(rules.modules, castles.NAME) if rules.modules else None
    bids = int(bool(rules.modules) and params_of(rules.modules, bidding.NAME) is not None)
    hired = params_of(rules.modules, ronin.NAME) if rules.modules else None
    paid = params_of(rules.modules, support.NAME) if rules.modules else None
    rest = [team, *skies, retreat, 0 if walls is None else walls["defence"], bids, int(hired is not None),
            0 if hired is None else hired["force"],
            *([0, 0, 0] if paid is None else [1, paid["fee"], paid["interest"]])]
    if site is None:
        return [0, int(arms is not None), 0, 0, 0, 0, *rest]
    return [site["honor"], int(arms is not None), sites.PASS_CARDS, sites.MARSH_PENALTY, sites.RIDGE_MARGIN,
            sites.PLAIN_CARDS, *rest]


def _wall_ints(rules: Rules) -> list[int]:
    """The castles module's ``cost`` and ``levels`` (0 and 0 when it is not played)."""
    walls = params_of(rules.modules, castles.NAME) if rules.modules else None
    return [0, 0] if walls is None else [walls["cost"], walls["levels"]]


def _ronin_ints(rules: Rules) -> list[int]:
    """The ronin module's ``cost`` and ``most`` (0 and 0 when it is not played)."""
    hired = params_of(rules.modules, ronin.NAME) if rules.modules else None
    return [0, 0] if hired is None else [hired["cost"], hired["most"]]


def module_tables(game: Game, tables: MapTables) -> tuple[np.ndarray, ...]:
    """The rule modules' per-square arrays: ``site_kind [100]`` (an index of :data:`SITE_KINDS`, -1 where
    there is no site or the sites module is not played), ``site_sq`` (the site squares), and terrain and
    arms's table as ``arms_attack``/``arms_defend [100, 16]``: the change of each card's force for the
    attacker and the defender of a battle on that square (zero without the module)."""
    rules = game.rules
    kind = np.full(NUM_SQUARES, -1, np.int64)
    if rules.modules and params_of(rules.modules, sites.NAME) is not None:
        for sq, k in sites.sites_of(game.board).items():
            kind[sq] = SITE_KINDS.index(k)
    arms = params_of(rules.modules, terrain_arms.NAME) if rules.modules else None
    attack = np.zeros((NUM_SQUARES, NUM_TYPES), np.int64)
    defend = np.zeros((NUM_SQUARES, NUM_TYPES), np.int64)
    if arms is not None:
        for sq, t in enumerate(game.board.terrain):
            for c in Card:
                attack[sq, c] = terrain_arms.force_change((c,), "attack", t, arms)
                defend[sq, c] = terrain_arms.force_change((c,), "defend", t, arms)
    return kind, np.nonzero(kind >= 0)[0], attack, defend


def float_params(policies: tuple[RolloutPolicy, ...]) -> np.ndarray:
    """Each seat's real-valued knobs, one row per seat (``field_decay``, shared, is in the tables'
    attraction matrix)."""
    return np.array([[p.attack_margin, p.attack_noise, p.avg_force, p.diplomacy_margin, p.move_noise,
                      p.w_keep, p.w_fortress, p.w_home, p.w_army] for p in policies], dtype=np.float64)


def _reach_arrays(tables: MapTables) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``reach_n``, ``reach_dst``, ``path_n`` and ``via`` of :func:`kernel_tables` from the reach tables."""
    src = np.arange(NUM_SQUARES + 1)[:, None]
    dst, via = tables.reach_dst, tables.reach_via
    reach_n = (dst >= 0).sum(1).astype(np.int64)
    reach_dst = np.where(dst >= 0, dst, src)
    path_n = (via[:, :, :, 0] != -1).sum(2).astype(np.int64)
    path_n[via[:, :, 0, 0] == -2] = 0  # a step with no middle square: nothing can block it, nothing to read
    via = np.where(via >= 0, via, src[:, :, None, None])  # a step with no middle square crosses its own square
    return reach_n, reach_dst, path_n, via


@lru_cache(maxsize=64)
def kernel_tables(tables: MapTables, game: Game, decay: float) -> tuple:
    """The map's arrays in the order the kernels unpack them:

    ``attract [100, 100]`` exp(-decay * move-cost distance) [square, target]: each target's pull at a
    square (0 when unreachable), a square's row contiguous for summing the field there;
    ``reach_n [101]``, ``reach_dst [101, K]``: each square's destinations within the rules' movement
    points in ascending order; ``path_n [101, K]`` and ``via [101, K, M, L]``: the paths to each (every
    simple path within the points) as their middle squares, padded with the army's own square (``path_n``
    0 for a destination a path without middle squares reaches: never blocked);
    ``neigh [100, 4]`` (N, E, S, W, -1 off the
    board); ``defense``; ``holding``, ``keep``, ``fortress``, ``passable`` (bool); ``home_of`` (seat or -1);
    ``hold_sq`` (keep and fortress squares); ``home [P]`` (each seat's home fortress); ``fort_sq``
    (fortress squares); ``revenue [100]`` (what controlling the square yields each turn); then the rule
    modules' arrays (:func:`module_tables`) and the four reach arrays in a storm (the weather module; the
    same arrays as above without it)."""
    rules = game.rules
    dist = tables.dist.T.astype(np.float64)  # [target, square]: from the square to the target
    attract = np.where(dist >= INF, 0.0, np.exp(-decay * np.minimum(dist, 1000.0))).T  # [square, target]
    reach = _reach_arrays(tables)
    sky = params_of(rules.modules, weather.NAME) if rules.modules else None
    storm = reach  # the reach in a storm (the weather module): dearer Difficult and Covered terrain
    if sky is not None and sky["storm_cost"]:
        costs = tuple(None if c is None else c + sky["storm_cost"] * (t in weather.STORMY)
                      for t, c in zip(Terrain, MOVE_COST, strict=True))
        storm = _reach_arrays(map_tables(game.board, rules.move_points, costs))
    reach_n, reach_dst, path_n, via = reach
    passable = tables.terrain != int(Terrain.IMPASSABLE)
    revenue = np.where(tables.fortress, rules.fortress_revenue, np.where(tables.keep, rules.keep_revenue, 0))
    arrays = (attract, reach_n, reach_dst, path_n, via, tables.neigh, tables.defense, tables.holding, tables.keep,
              tables.fortress, passable, tables.home_of, np.nonzero(tables.holding)[0],
              np.array(game.board.fortresses), np.nonzero(tables.fortress)[0], revenue, *module_tables(game, tables),
              *storm)
    return tuple(np.ascontiguousarray(a, dtype=np.bool_ if a.dtype == bool else
                                      (np.float64 if a.dtype.kind == "f" else np.int64)) for a in arrays)
