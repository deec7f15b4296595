"""Map loader tests: parsing, the map_text round trip, and every MapError with its file:line:col."""

from __future__ import annotations

import pytest

from japanese_swords.board import Terrain, square_index
from japanese_swords.errors import MapError
from japanese_swords.maps import available_maps, load_map, map_text, parse_map, resolve_map_path

GRID = [
    "##f..2.ff.",  # row 10
    "#ff...:.K.",
    ".K..f.....",
    "~~~...::..",
    "..~~.K..~~",
    "~~..K.~~~.",
    "..::...~~~",
    ".f....Kff.",
    ".K.ff...f#",
    ".ff..1..##",  # row 1
]
HEADER = ["; a test map", "name: Test", "players: 2", "flavour: Rivers and hills.", "start p1: f2"]


def text_of(header: list[str] = HEADER, grid: list[str] = GRID) -> str:
    """Join header and grid lines into map text."""
    return "\n".join(header + grid) + "\n"


def grid_line(row: int, header: list[str] = HEADER) -> int:
    """File line number of grid row ``row`` (10 = first grid line) when written by :func:`text_of`."""
    return len(header) + 1 + (10 - row)


def test_parse_reads_header_grid_and_squares() -> None:
    """Header keys, row order (row 10 first), fortresses, starts and terrain land where the names say."""
    board = parse_map(text_of(), "t.map")
    assert board.name == "Test"
    assert board.players == 2
    assert board.flavour == "Rivers and hills."
    assert board.fortresses == (square_index("f1"), square_index("f10"))
    assert board.starts == (square_index("f2"), None)
    assert board.start_square(1) == square_index("g10")  # no north of f10; east (g10) is free
    assert board.terrain[square_index("a10")] == Terrain.IMPASSABLE
    assert board.terrain[square_index("i9")] == Terrain.KEEP
    assert board.terrain[square_index("a7")] == Terrain.TREACHEROUS
    assert board.terrain[square_index("c4")] == Terrain.DIFFICULT
    assert board.terrain[square_index("b1")] == Terrain.COVERED
    assert board.terrain[square_index("a1")] == Terrain.CLEAR
    assert len(board.keeps()) == 6


def test_name_defaults_to_file_stem_and_comments_blank_lines_are_skipped() -> None:
    """Without ``name:`` the file stem names the map; ``;`` lines and blank lines anywhere are ignored."""
    grid = GRID[:5] + ["", "   ; a comment inside the grid"] + GRID[5:]
    board = parse_map(text_of(["players: 2"], grid), "maps/my-map.map")
    assert board.name == "my-map"
    assert board.terrain == parse_map(text_of(), "x").terrain


def test_round_trip_through_map_text() -> None:
    """map_text output parses back to an equal board, and serialising again is stable."""
    board = parse_map(text_of(), "t.map")
    again = parse_map(map_text(board), "t.map")
    assert again == board
    assert map_text(again) == map_text(board)


@pytest.mark.parametrize("name", ["classic-2p", "kawanakajima-2p", "nagashino-2p", "nomura-2p", "sekigahara-3p",
                                  "kanto-3p", "shikoku-4p", "onin-4p"])
def test_shipped_maps_load_and_round_trip(name: str) -> None:
    """Every shipped map loads by name, has a name and a flavour line, and round-trips."""
    assert name in available_maps()
    board = load_map(name)
    assert board.name and board.flavour
    assert board.players == int(name[-2])
    assert parse_map(map_text(board), name) == board


def test_unknown_map_name_is_a_map_error() -> None:
    """A name that is neither a file nor a shipped map raises MapError naming it."""
    with pytest.raises(MapError, match="no-such-map: no such map file"):
        resolve_map_path("no-such-map")


def _error(text: str) -> str:
    """The MapError message parse_map raises for ``text`` (file name ``bad.map``)."""
    with pytest.raises(MapError) as info:
        parse_map(text, "bad.map")
    return str(info.value)


def test_too_few_rows_points_at_last_line() -> None:
    """Nine grid rows: the error is on the last line of the file."""
    text = text_of(grid=GRID[:9])
    assert _error(text) == f"bad.map:{len(HEADER) + 9}:1: the map must have 10 rows of terrain, found 9"


def test_too_many_rows_points_at_the_eleventh_row() -> None:
    """An eleventh grid row is flagged at its own line."""
    text = text_of(grid=GRID + [".........."])
    assert _error(text) == f"bad.map:{len(HEADER) + 11}:1: the map must have 10 rows of terrain, found 11"


def test_long_and_short_rows_point_past_the_tenth_square() -> None:
    """A row of 11 squares is flagged at column 11; a row of 7 at column 8."""
    long_grid = GRID[:3] + [GRID[3] + "."] + GRID[4:]
    assert _error(text_of(grid=long_grid)) == \
        f"bad.map:{grid_line(7)}:11: a row must have 10 squares, found 11"
    short_grid = GRID[:3] + [GRID[3][:7]] + GRID[4:]
    assert _error(text_of(grid=short_grid)) == \
        f"bad.map:{grid_line(7)}:8: a row must have 10 squares, found 7"


def test_unknown_character_points_at_its_column() -> None:
    """A typo ``x`` at d5 is reported at d5's line and column 4."""
    grid = list(GRID)
    grid[5] = "~~.xK.~~~."
    message = _error(text_of(grid=grid))
    assert message.startswith(f"bad.map:{grid_line(5)}:4: unknown terrain 'x'")


def test_second_fortress_for_one_player() -> None:
    """Two ``1``s: the second is flagged, naming where the first is."""
    grid = list(GRID)
    grid[0] = "##f..1.ff."
    grid[9] = ".ff..2..##"
    grid[2] = ".K..f1...."
    message = _error(text_of(header=["players: 2"], grid=grid))
    line = grid_line(8, ["players: 2"])
    assert message == f"bad.map:{line}:6: player 1 has a second fortress (first at f10)"


def test_players_header_must_be_2_to_4_and_match_fortresses() -> None:
    """``players: 5`` and ``players: 3`` with two fortresses are flagged on the players line."""
    assert _error(text_of(header=["name: T", "players: 5"])) == "bad.map:2:1: players must be 2, 3 or 4"
    assert _error(text_of(header=["name: T", "players: 3"])) == \
        "bad.map:2:1: players is 3 but the map has 2 fortresses"


def test_fortresses_must_be_numbered_from_one() -> None:
    """Fortresses 1 and 3 (no 2) are flagged at the first grid row."""
    grid = list(GRID)
    grid[0] = "##f..3.ff."
    assert _error(text_of(header=["name: T"], grid=grid)) == \
        "bad.map:2:1: fortresses must be numbered 1..N for N = 2-4 players, found 13"


def test_start_line_errors() -> None:
    """A start for a missing player, a bad square name and a square not beside the fortress."""
    header = ["name: T", "start p3: c3"]
    assert _error(text_of(header=header)) == "bad.map:2:1: start for player 3 but only 2 players"
    header = ["name: T", "start p1: z9"]
    assert _error(text_of(header=header)).startswith("bad.map:2:1: bad square name 'z9'")
    header = ["name: T", "start p2: a5"]
    assert _error(text_of(header=header)) == \
        "bad.map:2:1: start a5 must be a passable square next to player 2's fortress"


def test_nomura_is_played_with_the_battlefields_preset_on_its_own_sites() -> None:
    """The shipped map that names default modules: the battlefields preset, on four sites paired by the
    half turn (each site's image has the same kind), so neither side owns the fords."""
    from japanese_swords.mapgen import rotate180
    from japanese_swords.modules import PRESETS, validate

    board = load_map("nomura-2p")
    assert board.modules == validate(PRESETS["battlefields"], 2)
    sites = dict(board.sites)
    assert len(sites) == 4 and all(sites[rotate180(sq)] == kind for sq, kind in sites.items())
    assert all(board.terrain[rotate180(sq)] == t for sq, t in enumerate(board.terrain))
