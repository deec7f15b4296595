"""Map generator tests: every seed gives a strictly clean, symmetric, believable map, the same each time."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from japanese_swords.board import NEIGHBOURS, NUM_SQUARES, Board, Terrain
from japanese_swords.mapcheck import check_map, check_text
from japanese_swords.mapgen import (
    MIN_CLEAR,
    believable,
    generate_map,
    mirror_diagonal,
    rotate90,
    rotate180,
)
from japanese_swords.maps import map_text, parse_map

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def assert_symmetric(board: Board) -> None:
    """Terrain, fortresses and starts follow the player count's symmetry scheme."""
    terrain = board.terrain
    f, s = board.fortresses, board.starts
    if board.players == 2:
        assert all(terrain[sq] == terrain[rotate180(sq)] for sq in range(NUM_SQUARES))
        assert f[1] == rotate180(f[0]) and s[1] == rotate180(s[0])
    elif board.players == 4:
        assert all(terrain[sq] == terrain[rotate90(sq)] for sq in range(NUM_SQUARES))
        for seat in range(1, 4):
            assert f[seat] == rotate90(f[seat - 1]) and s[seat] == rotate90(s[seat - 1])
    else:
        assert all(terrain[sq] == terrain[mirror_diagonal(sq)] for sq in range(NUM_SQUARES))
        assert f[1] == mirror_diagonal(f[0]) and s[1] == mirror_diagonal(s[0])
        assert mirror_diagonal(f[2]) == f[2]  # player 3 sits on the mirror line


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=SEEDS)
def test_generated_maps_pass_strict_and_are_symmetric(players: int, seed: int) -> None:
    """Any seed: no errors, no warnings, the symmetry holds, and the text form re-checks clean."""
    board = generate_map(players, random.Random(seed))
    assert board.players == players and len(board.fortresses) == players
    assert check_map(board, "gen.map") == []
    assert_symmetric(board)
    text = map_text(board)
    assert check_text(text, "gen.map") == []
    assert parse_map(text, "gen.map") == board


@settings(max_examples=30, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=SEEDS)
def test_generated_terrain_forms_features_not_noise(players: int, seed: int) -> None:
    """Rivers, forests and difficult ground come in connected patches; mountains stay a minority."""
    board = generate_map(players, random.Random(seed))
    assert believable(board)
    for terrain in (Terrain.TREACHEROUS, Terrain.COVERED, Terrain.DIFFICULT):
        cells = [sq for sq in range(NUM_SQUARES) if board.terrain[sq] == terrain]
        assert cells, terrain
        assert all(any(board.terrain[n] == terrain for n in NEIGHBOURS[sq]) for sq in cells)
    mountains = sum(t == Terrain.IMPASSABLE for t in board.terrain)
    assert 1 <= mountains <= 24
    assert sum(t == Terrain.CLEAR for t in board.terrain) >= MIN_CLEAR


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_map_and_seeds_differ(players: int) -> None:
    """Generation is a pure function of the seed; different seeds give different maps."""
    first = map_text(generate_map(players, random.Random(1234)))
    assert map_text(generate_map(players, random.Random(1234))) == first
    others = {map_text(generate_map(players, random.Random(seed))) for seed in range(5)}
    assert len(others) == 5


def test_name_is_used_and_bad_player_counts_are_rejected() -> None:
    """The given name is kept; 1 or 5 players is a ValueError."""
    assert generate_map(2, random.Random(0), name="Hakone Pass").name == "Hakone Pass"
    assert generate_map(3, random.Random(0)).name == "Generated 3-player map"
    for players in (1, 5):
        with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
            generate_map(players, random.Random(0))


def test_symmetry_maps_are_permutations_of_the_right_order() -> None:
    """rotate90 has order 4, rotate180 and mirror_diagonal order 2, all permuting the 100 squares."""
    squares = list(range(NUM_SQUARES))
    for fn, order in ((rotate90, 4), (rotate180, 2), (mirror_diagonal, 2)):
        assert sorted(fn(sq) for sq in squares) == squares
        for sq in squares:
            image = sq
            for _ in range(order):
                image = fn(image)
            assert image == sq
    assert rotate90(0) == 9 and rotate90(9) == 99  # a1 -> j1 -> j10
