"""Map checker tests: one case per error and per warning, with the exact file:line:col of flagged squares."""

from __future__ import annotations

from dataclasses import replace

import pytest

from japanese_swords.board import Board, Terrain, square_index
from japanese_swords.mapcheck import (
    ERROR,
    WARNING,
    Problem,
    check_map,
    check_text,
    is_clean,
    keep_distances,
    keep_shares,
    travel_distances,
)
from japanese_swords.maps import available_maps, load_map, map_text, parse_map

HEADER = ["; checker test map", "name: Test", "players: 2"]
GRID = [
    "##f..2.ff.",  # row 10, file line 4
    "#ff...:.K.",
    ".K..f.....",
    "~~~...::..",
    "..~~.K..~~",
    "~~..K.~~~.",
    "..::...~~~",
    ".f....Kff.",
    ".K.ff...f#",
    ".ff..1..##",  # row 1, file line 13
]


def line_of(row: int) -> int:
    """File line of grid row ``row`` in maps built by :func:`make`."""
    return len(HEADER) + 1 + (10 - row)


def make(changes: dict[str, str] | None = None, grid: list[str] = GRID, header: list[str] = HEADER) -> str:
    """Map text from the base grid with some squares (by name) replaced by new characters."""
    rows = [list(r) for r in grid]
    for name, ch in (changes or {}).items():
        sq = square_index(name)
        rows[9 - sq // 10][sq % 10] = ch
    return "\n".join(header + ["".join(r) for r in rows]) + "\n"


def find(problems: list[Problem], fragment: str) -> Problem:
    """The single problem whose message contains ``fragment``."""
    hits = [p for p in problems if fragment in p.message]
    assert len(hits) == 1, [str(p) for p in problems]
    return hits[0]


def test_base_map_is_clean() -> None:
    """The base map used by these tests passes the strict check, so each case below isolates one change."""
    assert check_text(make(), "base.map") == []


@pytest.mark.parametrize("name", ["classic-2p", "kawanakajima-2p", "nagashino-2p", "sekigahara-3p",
                                  "kanto-3p", "shikoku-4p", "onin-4p"])
def test_shipped_maps_pass_strict(name: str) -> None:
    """Every shipped map has neither errors nor warnings."""
    assert name in available_maps()
    assert check_map(load_map(name), name) == []


def test_problem_string_format_and_fields() -> None:
    """``str(problem)`` is ``file:line:col: severity: message``."""
    p = Problem("m.map", 7, 3, WARNING, "something odd", 42)
    assert str(p) == "m.map:7:3: warning: something odd"
    assert not p.is_error and Problem("m.map", 1, 1, ERROR, "x").is_error
    assert is_clean([p]) and not is_clean([p], strict=True) and is_clean([], strict=True)


# ---- errors -----------------------------------------------------------------------------------------


def test_parse_error_becomes_a_problem_at_the_loaders_position() -> None:
    """A typo ``x`` at c4 is an error at c4's line, column 3."""
    problems = check_text(make({"c4": "x"}), "typo.map")
    assert len(problems) == 1
    p = problems[0]
    assert (p.filename, p.line, p.col, p.severity) == ("typo.map", line_of(4), 3, ERROR)
    assert str(p).startswith(f"typo.map:{line_of(4)}:3: error: unknown terrain 'x'")


def test_wrong_size_is_an_error() -> None:
    """Nine rows is an error from the parser, reported through check_text."""
    text = "\n".join(HEADER + GRID[:9]) + "\n"
    (p,) = check_text(text, "short.map")
    assert p.severity == ERROR and p.line == len(HEADER) + 9 and "10 rows" in p.message


def test_fortress_count_differs_from_players() -> None:
    """A header saying 3 players over 2 fortresses, and a Board with 3 players but 2 fortresses."""
    (p,) = check_text(make(header=["name: T", "players: 3"]), "count.map")
    assert (p.line, p.col, p.severity) == (2, 1, ERROR) and "players is 3" in p.message
    board = parse_map(make(), "count.map")
    bad = replace(board, players=3)
    p = find(check_map(bad, "count.map"), "fortresses for 3 players")
    assert p.severity == ERROR and p.square is None and (p.line, p.col) == (line_of(10), 1)


def test_unowned_fortress_square_is_flagged_where_it_is() -> None:
    """A fortress square owned by no seat counts as an extra fortress, flagged at its square."""
    board = parse_map(make(), "extra.map")
    terrain = list(board.terrain)
    terrain[square_index("e5")] = Terrain.FORTRESS
    p = find(check_map(replace(board, terrain=tuple(terrain)), "extra.map"), "3 fortresses for 2 players")
    assert (p.line, p.col, p.square, p.severity) == (line_of(5), 5, square_index("e5"), ERROR)


def test_board_without_source_locates_squares_like_map_text() -> None:
    """Without source text, positions follow map_text's layout (flavour and start lines included)."""
    board = replace(parse_map(make({"f1": ".", "f3": "1", "f2": "."}), "x.map"), source="",
                    flavour="A line.", starts=(square_index("f4"), None))
    p = find(check_map(board, "x.map"), "is not near a side")
    written = map_text(board).splitlines()
    assert written[p.line - 1][p.col - 1] == "1"
    assert (p.line, p.col) == (4 + 1 + 7, 6)  # name, players, flavour, start p1; row 3 is grid line 8
    terrain = list(board.terrain)
    terrain[square_index("e5")] = Terrain.FORTRESS  # an unowned fortress: map_text could not write it
    p = find(check_map(replace(board, terrain=tuple(terrain)), "x.map"), "3 fortresses for 2 players")
    assert (p.line, p.col) == (4 + 1 + 5, 5)


def test_fortress_without_a_free_neighbour() -> None:
    """Player 2's fortress f10 boxed in by mountains is an error at f10 (line of row 10, column 6)."""
    problems = check_text(make({"e10": "#", "g10": "#", "f9": "#"}), "boxed.map")
    p = find(problems, "has no free passable square")
    assert (p.line, p.col, p.severity, p.square) == (line_of(10), 6, ERROR, square_index("f10"))
    assert str(p).startswith(f"boxed.map:{line_of(10)}:6: error: player 2's fortress f10")
    unreachable = find(problems, "cannot be reached")
    assert unreachable.message == "player 2's fortress f10 cannot be reached from player 1's fortress f1"
    assert unreachable.severity == ERROR


def test_fortress_next_only_to_a_fortress_and_mountains() -> None:
    """A neighbouring fortress is not a free square: fortress 3 at a1 between b1 (fortress 1) and a2 (#)."""
    header = ["name: T", "players: 3"]
    text = make({"a1": "3", "b1": "1", "f1": ".", "a2": "#"}, header=header)
    problems = check_text(text, "corner.map")
    errors = [p for p in problems if p.is_error]
    assert len(errors) == 1
    assert str(errors[0]) == (f"corner.map:{len(header) + 10}:1: error: player 3's fortress a1 has no free "
                              f"passable square beside it for the second army")
    assert errors[0].square == square_index("a1")


def test_unreachable_keep_is_flagged_at_the_keep() -> None:
    """A keep at j5 walled in by mountains cannot be reached: error at j5 (row 5, column 10)."""
    problems = check_text(make({"j5": "K", "j6": "#", "j4": "#", "i5": "#"}), "walled.map")
    p = find(problems, "cannot be reached")
    assert p.message == "keep j5 cannot be reached from player 1's fortress f1"
    assert (p.line, p.col, p.severity, p.square) == (line_of(5), 10, ERROR, square_index("j5"))


def test_mountain_wall_splitting_the_map() -> None:
    """A full row of mountains cuts the map in two: the smaller half's fortress and keeps are flagged."""
    grid = list(GRID)
    grid[5] = "##########"  # row 5
    problems = check_text(make(grid=grid), "wall.map")
    errors = {p.square for p in problems if p.is_error}
    north = {square_index(s) for s in ("f10", "i9", "b8", "f6")}
    south = {square_index(s) for s in ("f1", "b2", "g3")}
    assert errors == south  # the north holds as many fortresses and more keeps, so it is the main region
    assert not north & errors


# ---- warnings ---------------------------------------------------------------------------------------


def test_fortress_not_near_a_side() -> None:
    """Player 1's fortress moved to f3 (two squares in) gets a warning at f3."""
    problems = check_text(make({"f1": ".", "f3": "1", "f2": "."}), "inland.map")
    p = find(problems, "is not near a side")
    assert (p.line, p.col, p.severity, p.square) == (line_of(3), 6, WARNING, square_index("f3"))
    assert not any(q.is_error for q in problems)


def test_fortresses_too_close() -> None:
    """f1 and f9 are 8 squares apart (2 players need 9): warning at the second fortress f9."""
    problems = check_text(make({"f10": ".", "f9": "2", "g9": "."}), "close.map")
    p = find(problems, "squares apart")
    assert p.message == "fortresses f1 and f9 are only 8 squares apart (at least 9 for 2 players)"
    assert (p.line, p.col, p.severity) == (line_of(9), 6, WARNING)
    assert not [q for q in problems if "opposite sides" in q.message]


def test_two_fortresses_on_one_edge_are_not_on_opposite_sides() -> None:
    """a1 and j1 are far apart but only 90 degrees apart around the centre: warning at j1."""
    problems = check_text(make({"f1": ".", "f10": ".", "a1": "1", "j1": "2", "i1": "."}), "edge.map")
    p = find(problems, "opposite sides")
    assert p.message == ("fortresses a1 and j1 are not on opposite sides: 90 degrees apart around the "
                         "centre (at least 135 for 2 players)")
    assert (p.line, p.col, p.severity) == (line_of(1), 10, WARNING)


def _board(players: int, forts: list[str], keeps: list[str]) -> Board:
    """An open board with one of each terrain near the west and east edges, given fortresses and keeps."""
    terrain = [Terrain.CLEAR] * 100
    for name, t in (("a5", Terrain.DIFFICULT), ("j6", Terrain.DIFFICULT), ("a3", Terrain.COVERED),
                    ("j8", Terrain.COVERED), ("a7", Terrain.TREACHEROUS), ("j4", Terrain.TREACHEROUS),
                    ("a9", Terrain.IMPASSABLE), ("j2", Terrain.IMPASSABLE)):
        terrain[square_index(name)] = t
    for name in forts:
        terrain[square_index(name)] = Terrain.FORTRESS
    for name in keeps:
        terrain[square_index(name)] = Terrain.KEEP
    return Board("t", players, tuple(terrain), tuple(square_index(f) for f in forts))


@pytest.mark.parametrize(("forts", "bad"), [
    (["a1", "d1", "j10"], True),  # two fortresses in one corner region
    (["a1", "j1", "e10"], False),  # bottom corners and top middle: gaps 90, 129, 141 degrees
    (["a1", "e1", "j10", "a10"], True),
    (["a1", "j1", "j10", "a10"], False),  # four corners
    (["a5", "f1", "j6", "e10"], False),  # four sides
])
def test_opposite_sides_for_three_and_four_players(forts: list[str], bad: bool) -> None:
    """3 and 4 players: fortresses must spread round the centre (gaps of at least 3/4 of 360/N)."""
    problems = check_map(_board(len(forts), forts, []), "t.map")
    assert any("not on opposite sides" in p.message for p in problems) == bad


def test_missing_terrain_type() -> None:
    """No difficult squares: a map-wide warning at column 1 of the first grid row."""
    text = make(grid=[row.replace(":", ".") for row in GRID])
    problems = check_text(text, "plain.map")
    assert len(problems) == 1
    p = problems[0]
    assert p.message == "the map has no Difficult terrain (include every terrain type)"
    assert (p.line, p.col, p.severity, p.square) == (line_of(10), 1, WARNING, None)


@pytest.mark.parametrize(("changes", "count"), [
    ({"i9": ".", "b8": ".", "f6": "."}, 3),
    ({"a1": "K"}, 7),
])
def test_keep_count_outside_two_to_three_per_player(changes: dict[str, str], count: int) -> None:
    """Fewer than 2 or more than 3 keeps per player is a warning."""
    p = find(check_text(make(changes), "keeps.map"), "keeps for 2 players")
    assert p.message == f"{count} keeps for 2 players (there should be 4-6, 2 or 3 per player)"
    assert p.severity == WARNING


def test_keeps_nearer_one_player_warn_on_reach() -> None:
    """Player 1's two nearest keeps are 3 and 3 away, player 2's 2 and 6: warning at player 2's fortress."""
    board = _board(2, ["e1", "f10"], ["c2", "g2", "e4", "d5", "h6", "f8"])
    assert keep_distances(board) == [[3, 3, 3, 5, 8, 8], [2, 6, 7, 7, 9, 11]]
    problems = check_map(board, "reach.map")
    assert len(problems) == 1
    p = problems[0]
    # a board without source text is located as map_text writes it: name, players, then row 10 on line 3
    assert map_text(board).splitlines()[2][5] == "2"
    assert (p.line, p.col, p.square) == (3, 6, square_index("f10"))
    assert str(p) == ("reach.map:3:6: warning: keeps are not spread evenly: player 2's 2nd nearest keep is "
                      "6 movement points away, player 1's is 3 (tolerance 2)")


def test_keeps_nearer_one_player_warn_on_share() -> None:
    """Equal reach but player 1 is nearest to 4.5 of 6 keeps: both players are warned."""
    board = _board(2, ["e1", "f10"], ["b3", "h3", "e5", "f5", "c4", "g7"])
    assert keep_shares(board) == [4.5, 1.5]
    problems = check_map(board, "share.map")
    assert [str(p) for p in problems] == [
        "share.map:3:6: warning: keeps are not spread evenly: player 2 is nearest to 1.5 of 6 keeps, "
        "a fair share is 3 (tolerance 1)",
        "share.map:12:5: warning: keeps are not spread evenly: player 1 is nearest to 4.5 of 6 keeps, "
        "a fair share is 3 (tolerance 1)",
    ]


def test_travel_distance_uses_move_costs_and_avoids_mountains() -> None:
    """Entering covered costs 2, impassable is never entered, and cut-off squares are infinitely far."""
    board = parse_map(make(), "d.map")
    dist = travel_distances(board, square_index("f1"))
    assert dist[square_index("f1")] == 0
    assert dist[square_index("f2")] == 1
    assert dist[square_index("c1")] == 4  # e1 (1) d1 (1) c1 covered (2)
    assert dist[square_index("j1")] == float("inf")  # i1, j1 mountains: j1 unreachable
    assert dist[square_index("i1")] == float("inf")


def test_source_text_positions_follow_comments_inside_the_grid() -> None:
    """Comment and blank lines between grid rows shift the reported line, as the loader reads them."""
    text = make({"f1": ".", "f3": "1", "f2": "."})
    lines = text.splitlines()
    lines.insert(len(HEADER) + 4, "; a comment between row 7 and row 6")
    lines.insert(len(HEADER) + 5, "")
    p = find(check_text("\n".join(lines) + "\n", "c.map"), "is not near a side")
    assert (p.line, p.col) == (line_of(3) + 2, 6)
