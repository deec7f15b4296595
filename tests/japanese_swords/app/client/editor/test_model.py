"""EditorModel without a window: painting, symmetry, undo/redo, header edits, checker problems, load/save."""

from __future__ import annotations

from pathlib import Path

import pytest

from japanese_swords.app.client.editor.model import (
    SYMMETRIES,
    EditorError,
    EditorModel,
    blank_snapshot,
)
from japanese_swords.board import NEIGHBOURS, square_index
from japanese_swords.mapcheck import check_text
from japanese_swords.maps import MAPS_DIR, load_map, parse_map


def sq(name: str) -> int:
    return square_index(name)


def test_loaded_map_round_trips_and_is_clean(map_copy: Path) -> None:
    """Opening a shipped map and writing it back gives the same board, comments kept, and no problems."""
    model = EditorModel.load(str(map_copy))
    assert parse_map(model.to_text(), "x") == load_map(str(map_copy))
    assert model.to_text().startswith("; Japanese Swords map.")
    assert model.problems() == [] and not model.dirty


def test_paint_changes_one_square_and_updates_problems(map_copy: Path) -> None:
    """Painting a seventh keep on the classic map (6 keeps) changes one square and adds the keep warning."""
    model = EditorModel.load(str(map_copy))
    assert model.paint(sq("a5"), "K")
    assert model.cell(sq("a5")) == "K" and model.dirty
    assert sum(c == "K" for c in model.cells) == 7
    assert any("7 keeps for 2 players" in p.message for p in model.problems())
    assert not model.paint(sq("a5"), "K")  # same brush again: nothing changes, no undo step
    assert len(model.undo_stack) == 1


def test_walling_in_a_fortress_marks_that_square_as_an_error(map_copy: Path) -> None:
    """Impassable on every neighbour of fortress 1 gives errors located at the fortress square."""
    model = EditorModel.load(str(map_copy))
    fort = model.fortress_square(0)
    assert fort is not None
    for n in NEIGHBOURS[fort]:
        model.paint(n, "#")
    marks = model.problem_squares()
    assert marks.get(fort) == "error"
    assert any(p.is_error and p.square == fort for p in model.problems())


@pytest.mark.parametrize(("mode", "images"), [
    ("none", {"c2"}),
    ("mirror-lr", {"c2", "h2"}),
    ("mirror-tb", {"c2", "c9"}),
    ("rotate180", {"c2", "h9"}),
    ("rotate90", {"c2", "i3", "h9", "b8"}),
])
def test_symmetry_paints_every_image(mode: str, images: set[str]) -> None:
    """Each symmetry paints the clicked square and exactly its images, nothing else."""
    model = EditorModel(blank_snapshot(4))
    before = model.cells
    model.set_symmetry(mode)
    model.paint(sq("c2"), "f")
    changed = {i for i in range(100) if model.cells[i] != before[i]}
    assert changed == {sq(n) for n in images}
    assert all(model.cell(i) == "f" for i in changed)


def test_fortress_brush_moves_fortresses_and_pairs_players_under_rotation() -> None:
    """Painting fortress 1 with a half-turn symmetry moves fortress 1 there and fortress 2 to the image."""
    model = EditorModel(blank_snapshot(2))
    model.set_symmetry("rotate180")
    model.paint(sq("d1"), "1")
    assert model.fortress_square(0) == sq("d1") and model.fortress_square(1) == sq("g10")
    assert sum(c in "12" for c in model.cells) == 2
    assert model.cell(sq("e1")) == "." and model.cell(sq("f10")) == "."


def test_quarter_turn_sends_each_player_round_the_board() -> None:
    """rotate90 with 4 players: fortress 1 at c1 puts 2, 3, 4 at its quarter-turn images (a1->j1->j10)."""
    model = EditorModel(blank_snapshot(4))
    model.set_symmetry("rotate90")
    model.paint(sq("c1"), "1")
    assert [model.fortress_square(s) for s in range(4)] == [sq("c1"), sq("j3"), sq("h10"), sq("a8")]
    assert sum(c.isdigit() for c in model.cells) == 4


def test_undo_redo_and_strokes(map_copy: Path) -> None:
    """Undo/redo walk the history; a new paint clears redo; a stroke is one undo step."""
    model = EditorModel.load(str(map_copy))
    original = model.cells
    model.paint(sq("a5"), "~")
    after_one = model.cells
    model.paint(sq("b5"), "~")
    assert model.undo() and model.cells == after_one
    assert model.undo() and model.cells == original and not model.dirty
    assert not model.undo()
    assert model.redo() and model.cells == after_one
    model.paint(sq("j5"), ":")
    assert not model.redo()
    model.begin_stroke()
    for name in ("a6", "b6", "c6"):
        model.paint(sq(name), "#")
    model.end_stroke()
    stroked = model.cells
    assert model.undo() and all(model.cell(sq(n)) != "#" for n in ("a6", "b6"))
    assert model.redo() and model.cells == stroked


def test_header_edits_are_validated_and_undoable(map_copy: Path) -> None:
    """Name, players and flavour change the header (one undo step each); bad values are one-line errors."""
    model = EditorModel.load(str(map_copy))
    assert model.set_header(name="  River   Plain ", flavour="Misty\nmorning")
    assert "name: River Plain\n" in model.to_text() and "flavour: Misty morning\n" in model.to_text()
    with pytest.raises(EditorError, match="needs a name"):
        model.set_header(name="   ")
    with pytest.raises(EditorError, match="players must be 2, 3 or 4"):
        model.set_header(players=5)
    model.set_header(players=3)
    assert any("players is 3" in p.message for p in model.problems())
    model.undo()
    model.undo()
    assert model.current.name == "Classic" and model.current.players == 2


def test_start_square_dropped_when_painted_over_and_restored_by_undo() -> None:
    """A start square made impassable disappears from the header; undo brings it back."""
    model = EditorModel.load(str(MAPS_DIR / "kawanakajima-2p.map"))
    assert "start p1: f2" in model.to_text()
    model.paint(sq("f2"), "#")
    assert "start p1" not in model.to_text() and "start p2: f9" in model.to_text()
    model.undo()
    assert "start p1: f2" in model.to_text()


def test_save_writes_the_map_and_reload_matches(map_copy: Path, tmp_path: Path) -> None:
    """Save writes to the open file; Save as adds .map; both reload to the same map; dirty is cleared."""
    model = EditorModel.load(str(map_copy))
    model.paint(sq("a5"), "f")
    assert model.save() == str(map_copy) and not model.dirty
    again = EditorModel.load(str(map_copy))
    assert again.cells == model.cells and again.current == model.current
    target = model.save(str(tmp_path / "copy"))
    assert target.endswith("copy.map") and Path(target).read_text(encoding="utf-8") == model.to_text()
    assert check_text(model.to_text(), "x") == check_text(Path(target).read_text(encoding="utf-8"), "x")


def test_save_problems_are_one_line_errors(tmp_path: Path) -> None:
    """No file name yet, a missing folder, a folder as target: EditorError with one line, nothing written."""
    model = EditorModel()
    with pytest.raises(EditorError, match="Save as"):
        model.save()
    with pytest.raises(EditorError, match="cannot write map") as info:
        model.save(str(tmp_path / "no" / "such" / "dir" / "x.map"))
    assert "\n" not in str(info.value)
    (tmp_path / "d.map").mkdir()
    with pytest.raises(EditorError, match="is a directory"):
        model.save(str(tmp_path / "d.map"))


def test_lenient_load_opens_broken_maps_and_repairs_malformed_ones(tmp_path: Path) -> None:
    """A map with two fortresses for player 1 opens (and shows the error); a short grid opens repaired,
    with the repair listed and the map counted unsaved (issue 32: broken maps can be fixed in the editor)."""
    text = (MAPS_DIR / "classic-2p.map").read_text(encoding="utf-8").replace("..:.....f.", "..:..1..f.")
    broken = tmp_path / "broken.map"
    broken.write_text(text, encoding="utf-8")
    model = EditorModel.load(str(broken))
    assert model.problems()[0].is_error and "second fortress" in model.problems()[0].message
    short = tmp_path / "short.map"
    short.write_text("\n".join(text.splitlines()[:-1]) + "\n", encoding="utf-8")
    repaired = EditorModel.load(str(short))
    assert repaired.dirty and len(repaired.repairs) == 1 and "9 grid rows" in repaired.repairs[0]
    assert repaired.cells[:10] == tuple("." * 10)  # the missing bottom row: clear ground
    with pytest.raises(EditorError, match="no such map file"):
        EditorModel.load(str(tmp_path / "missing.map"))


def test_generate_is_seeded_clean_and_undoable() -> None:
    """Generate replaces the map with the generator's (same seed, same map) and passes the strict check."""
    model = EditorModel()
    blank = model.cells
    model.generate(3, 11)
    first = model.cells
    assert model.problems() == [] and model.current.players == 3
    other = EditorModel()
    other.generate(3, 11)
    assert other.cells == first
    model.undo()
    assert model.cells == blank


def test_symmetry_names_are_checked() -> None:
    """Only the listed modes are accepted."""
    assert set(SYMMETRIES) == {"none", "mirror-lr", "mirror-tb", "rotate180", "rotate90"}
    with pytest.raises(EditorError, match="unknown symmetry"):
        EditorModel().set_symmetry("spiral")
    with pytest.raises(EditorError, match="unknown brush"):
        EditorModel().paint(0, "x")


def test_repair_names_each_change_and_the_repaired_map_saves(tmp_path: Path) -> None:
    """Unknown characters, a short and a long row, an extra row and a bad start line: each repaired and
    named by its file line; saving writes the repaired map, which then opens without repairs."""
    lines = (MAPS_DIR / "classic-2p.map").read_text(encoding="utf-8").splitlines()
    grid = [i for i, line in enumerate(lines) if len(line) == 10 and not line.startswith(("name", ";"))]
    lines[grid[1]] = lines[grid[1]][:7]  # a short row
    lines[grid[2]] = lines[grid[2]] + "::"  # a long row
    lines[grid[3]] = "?" + lines[grid[3]][1:]  # an unknown character
    lines.insert(grid[0], "start p1: z99")  # a start naming no square
    lines.append("..........")  # an eleventh row
    path = tmp_path / "bad.map"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    model = EditorModel.load(str(path))
    notes = " | ".join(model.repairs)
    assert len(model.repairs) == 5, notes
    for part in ("names no square", "a row of 7 squares", "a row of 12 squares", "unknown terrain '?'",
                 "more than 10 grid rows"):
        assert part in notes
    assert all(note.startswith("bad.map:") for note in model.repairs)
    model.save()
    again = EditorModel.load(str(path))
    assert again.repairs == [] and not again.dirty and again.cells == model.cells
