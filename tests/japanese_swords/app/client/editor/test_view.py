"""The editor view driven through its handlers in a headless window: paint, drag, undo, save, screenshot.

In headless mode window events do not reach views, so the tests call ``on_mouse_press`` and friends
directly, exactly as the window would.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import arcade
import pytest

from japanese_swords.app.client.editor.app import render_frames
from japanese_swords.app.client.editor.model import EditorModel
from japanese_swords.app.client.editor.view import (
    BAD,
    BG,
    CELL,
    GRID_X,
    GRID_Y,
    PLAYER_COLOURS,
    TERRAIN_FILL,
    WINDOW_H,
    WINDOW_W,
    square_at,
)
from japanese_swords.board import NEIGHBOURS, square_index
from japanese_swords.maps import MAPS_DIR, load_map

LEFT, RIGHT = arcade.MOUSE_BUTTON_LEFT, arcade.MOUSE_BUTTON_RIGHT
CTRL = arcade.key.MOD_CTRL
REPO = Path(__file__).resolve().parents[5]


def centre(name: str) -> tuple[int, int]:
    """Window point at the middle of a square."""
    row, col = divmod(square_index(name), 10)
    return GRID_X + col * CELL + CELL // 2, GRID_Y + row * CELL + CELL // 2


def click(view, x: float, y: float, button: int = LEFT) -> None:
    view.on_mouse_press(x, y, button, 0)
    view.on_mouse_release(x, y, button, 0)


def chip_centre(view, kind: str, value: str) -> tuple[float, float]:
    chip = next(c for c in view.chips if c.kind == kind and c.value == value)
    return chip.left + chip.width / 2, chip.bottom + chip.height / 2


def test_square_at_inverts_square_centres() -> None:
    """Every square's centre maps back to that square; points off the grid map to None."""
    for i in range(100):
        name = f"{'abcdefghij'[i % 10]}{i // 10 + 1}"
        assert square_at(*centre(name)) == i
    assert square_at(GRID_X - 1, GRID_Y) is None and square_at(GRID_X, GRID_Y + 10 * CELL) is None


def test_click_palette_then_square_paints_it(editor) -> None:
    """Choosing Treacherous in the palette and clicking c3 paints c3, nothing else; right-click picks."""
    _window, view = editor
    before = view.model.cells
    click(view, *chip_centre(view, "brush", "~"))
    assert view.brush == "~"
    click(view, *centre("c3"))
    assert view.model.cell(square_index("c3")) == "~"
    assert sum(a != b for a, b in zip(before, view.model.cells, strict=True)) == 1
    click(view, *centre("b1"), button=RIGHT)
    assert view.brush == "f" and view.model.cell(square_index("b1")) == "f"


def test_drag_paints_a_line_as_one_undo_step(editor) -> None:
    """Press on a6, drag through b6..e6, release: five squares painted; Ctrl+Z restores all, Ctrl+Y redoes."""
    _window, view = editor
    before = view.model.cells
    view.on_key_press(arcade.key.I, 0)  # Impassable brush
    x, y = centre("a6")
    view.on_mouse_press(x, y, LEFT, 0)
    for name in ("b6", "c6", "d6", "e6"):
        nx, ny = centre(name)
        view.on_mouse_drag(nx, ny, nx - x, 0, LEFT, 0)
        x = nx
    view.on_mouse_release(x, y, LEFT, 0)
    painted = {f"{c}6" for c in "abcde"}
    assert all(view.model.cell(square_index(n)) == "#" for n in painted)
    assert len(view.model.undo_stack) == 1
    view.on_key_press(arcade.key.Z, CTRL)
    assert view.model.cells == before and not view.model.dirty
    view.on_key_press(arcade.key.Y, CTRL)
    assert all(view.model.cell(square_index(n)) == "#" for n in painted)


def test_symmetry_chip_mirrors_the_paint(editor) -> None:
    """With 'Mirror left-right' chosen, painting a4 also paints j4."""
    _window, view = editor
    click(view, *chip_centre(view, "symmetry", "mirror-lr"))
    assert view.model.symmetry == "mirror-lr"
    view.on_key_press(arcade.key.K, 0)
    click(view, *centre("a4"))
    assert view.model.cell(square_index("a4")) == "K" and view.model.cell(square_index("j4")) == "K"


def test_ctrl_s_saves_and_the_file_reloads_equal(editor, map_copy: Path) -> None:
    """Paint, Ctrl+S: the file on disk reloads to exactly the edited map, and the title loses its dot."""
    _window, view = editor
    view.on_key_press(arcade.key.D, 0)
    click(view, *centre("e3"))
    assert view.model.dirty and view.title.text.endswith("•")
    view.on_key_press(arcade.key.S, CTRL)
    assert not view.model.dirty and "Saved" in view.status
    reloaded = EditorModel.load(str(map_copy))
    assert reloaded.cells == view.model.cells and reloaded.current == view.model.current
    assert reloaded.cell(square_index("e3")) == ":"


def test_save_as_field_and_header_fields(editor, tmp_path: Path) -> None:
    """Type a name and a new file name in the fields; Enter in the file field saves there."""
    _window, view = editor
    name_field, file_field = view.fields["name"], view.fields["file"]
    click(view, name_field.left + 5, name_field.bottom + 5)
    assert name_field.active
    for _ in range(len(name_field.value)):
        view.on_key_press(arcade.key.BACKSPACE, 0)
    view.on_text("Twin Rivers")
    click(view, file_field.left + 5, file_field.bottom + 5)  # leaving the name field applies it
    assert view.model.current.name == "Twin Rivers" and file_field.active
    file_field.value = ""
    target = tmp_path / "twin"
    view.on_text(str(target))
    view.on_key_press(arcade.key.ENTER, 0)
    saved = tmp_path / "twin.map"
    assert saved.is_file() and view.model.path == str(saved)
    assert "name: Twin Rivers" in saved.read_text(encoding="utf-8")


def test_generate_and_new_buttons(editor) -> None:
    """Generate with a seed makes a clean map; New makes a blank one; both undo back."""
    _window, view = editor
    original = view.model.cells
    view.fields["seed"].value = "7"
    view.buttons["generate"].click()
    assert view.model.problems() == [] and view.model.cells != original
    generated = view.model.cells
    view.buttons["new"].click()
    assert set(view.model.cells) <= {".", "1", "2"} and view.model.path is None
    view.buttons["undo"].click()
    assert view.model.cells == generated
    view.fields["seed"].value = "x"
    view.buttons["generate"].click()
    assert "Seed must be a whole number" in view.status


def test_screenshot_shows_grid_terrain_and_problem_marks(editor) -> None:
    """The rendered picture is not blank; the grid is where the layout says (square colours match the
    map); a square with an error carries a red mark; outside the grid is background."""
    window, view = editor
    fort = view.model.fortress_square(0)
    assert fort is not None
    view.on_key_press(arcade.key.I, 0)
    for n in NEIGHBOURS[fort]:
        click(view, GRID_X + (n % 10) * CELL + 30, GRID_Y + (n // 10) * CELL + 30)
    assert view.model.problem_squares().get(fort) == "error"
    render_frames(window, 2)
    image = arcade.get_image(0, 0, WINDOW_W, WINDOW_H).convert("RGB")
    assert len(set(image.resize((64, 40)).getdata())) > 20  # not blank

    def pixel(x: float, y: float) -> tuple[int, int, int]:
        return image.getpixel((int(x), WINDOW_H - 1 - int(y)))

    def near(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        return all(abs(p - q) <= 3 for p, q in zip(a, b, strict=True))

    # Squares sampled off-centre (away from glyphs and marks): colour = terrain fill.
    for name, fill in (("c1", TERRAIN_FILL["."]), ("a1", TERRAIN_FILL["#"]), ("b1", TERRAIN_FILL["f"]),
                       ("d4", TERRAIN_FILL["."]), ("f10", TERRAIN_FILL["."])):
        x, y = centre(name)
        assert near(pixel(x - 20, y - 22), fill), name
    fx, fy = centre("f1")
    assert near(pixel(fx - 20, fy - 22), PLAYER_COLOURS[0])
    left, bottom = GRID_X + (fort % 10) * CELL, GRID_Y + (fort // 10) * CELL
    assert near(pixel(left + 4, bottom + CELL // 2), BAD)  # the error outline on the walled-in fortress
    assert near(pixel(GRID_X + 5 * CELL, GRID_Y - 40), BG)


def test_cli_screenshot_mode(tmp_path: Path) -> None:
    """``map_editor.py FILE --screenshot OUT.png --frames 2`` under ARCADE_HEADLESS=1 writes a PNG, exit 0."""
    out = tmp_path / "shot.png"
    env = dict(os.environ, ARCADE_HEADLESS="1")
    command = [sys.executable, str(REPO / "tools" / "map_editor.py"), str(MAPS_DIR / "onin-4p.map"),
               "--screenshot", str(out), "--frames", "2"]
    result = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)
    if result.returncode == 2 and "no display" in result.stderr and os.environ.get("JS_REQUIRE_GL") != "1":
        pytest.skip(f"no GL context: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]  # no temporary file left behind


def test_fast_drag_leaves_no_gaps(editor) -> None:
    """One drag event jumping from a9 to f9 (dx = 5 squares) paints a9 through f9."""
    _window, view = editor
    view.on_key_press(arcade.key.F, 0)
    x0, y0 = centre("a9")
    x1, y1 = centre("f9")
    view.on_mouse_press(x0, y0, LEFT, 0)
    view.on_mouse_drag(x1, y1, x1 - x0, y1 - y0, LEFT, 0)
    view.on_mouse_release(x1, y1, LEFT, 0)
    assert [view.model.cell(square_index(f"{c}9")) for c in "abcdefg"] == ["f"] * 6 + ["."]
    assert len(view.model.undo_stack) == 1


def test_saving_a_walled_fortress_warns_that_the_map_is_unplayable(editor, map_copy: Path) -> None:
    """Wall in fortress 1 with impassable squares and Ctrl+S: the file is written, but the status bar says
    the checker calls the map unplayable instead of a plain green "Saved"."""
    _window, view = editor
    view.model.set_symmetry("none")
    fortress = load_map(str(map_copy)).fortresses[0]
    view.on_key_press(arcade.key.I, 0)  # the impassable brush
    for sq in NEIGHBOURS[fortress]:
        row, col = divmod(sq, 10)
        click(view, GRID_X + col * CELL + CELL // 2, GRID_Y + row * CELL + CELL // 2)
    view.on_key_press(arcade.key.S, CTRL)
    assert not view.model.dirty, view.status
    assert "NOT playable" in view.status and view.status_colour == BAD


def test_a_long_name_shows_its_beginning_when_not_being_typed(editor) -> None:
    """The Name field at rest shows the start of a long name (with "..."), not its clipped tail."""
    _window, view = editor
    field = view.fields["name"]
    field.value = "The Very Long Name Of A Contested Province In The North"
    field.active = False
    view.on_draw()
    assert field.shown.startswith("The Very") and field.shown.endswith("...")
    field.active = True
    view.on_draw()
    assert field.shown.endswith("North")
