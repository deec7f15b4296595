"""The board: terrain, castles, highlights, trails and armies through a pan-and-zoom camera, the
coordinate strips, and the board's mouse input (hover, click a square, right-drag pan, wheel zoom).

Clicks become engine actions in the presenter (``click_square``); nothing here knows a rule.
"""

from __future__ import annotations

import math

import arcade

from japanese_swords.board import COLUMNS, NUM_SQUARES, SIZE, Terrain

from . import textures
from .layout import Layout, Rect
from .shapes import box_minus
from .table import Part, Table
from .theme import BAD, BG, BOARD_PX, BOARD_X, BOARD_Y, CELL, DIM, GOLD, PLAYER_LIGHT, SCREEN, square_at, square_centre
from .widgets import TextCache, inside

HL_COLOURS = {
    "move": (250, 240, 200, 90),
    "attack": (230, 60, 50, 110),
    "raise": (120, 230, 120, 110),
    "select": (250, 210, 90, 0),
    "march": (110, 160, 250, 110),
    "disband": (230, 60, 50, 110),
    "actor": (250, 210, 90, 0),
    "ronin": (200, 120, 230, 110),  # the ronin module's hire
    "fortify": (200, 170, 90, 110),  # the castles module's walls
}
BOARD_FRAME = (70, 52, 36)


class BoardSection(Part):
    """The board area of the game screen."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "board")
        view = table.layout.board_view
        self.camera = arcade.Camera2D(
            viewport=arcade.LBWH(*view), position=(view[0] + view[2] / 2, view[1] + view[3] / 2)
        )
        self.home = tuple(self.camera.position)
        self.hover_square: int | None = None
        self._drag: tuple[float, float] | None = None
        self._dragged = False
        self._terrain_sprites = arcade.SpriteList()
        self._castle_sprites = arcade.SpriteList()
        self.castle_key: tuple | None = None
        self._build_terrain()

    @staticmethod
    def area(layout: Layout) -> Rect:
        """The board's area: left of the panel, above the hand."""
        return layout.board_area

    @property
    def view_rect(self) -> Rect:
        """The camera's viewport in logical units."""
        return self.table.layout.board_view

    @property
    def at_home(self) -> bool:
        """Whether the board is neither panned nor zoomed."""
        return tuple(self.camera.position) == self.home and self.camera.zoom == 1.0

    # ----- sprites and camera -------------------------------------------------------------------------
    def _build_terrain(self) -> None:
        """One sprite per square with its terrain picture."""
        board = self.table.session.game.board
        for sq in range(NUM_SQUARES):
            sprite = arcade.Sprite(textures.terrain(board.terrain[sq], (sq * 7 + sq // SIZE) % 3))
            sprite.width = sprite.height = CELL
            sprite.position = square_centre(sq)
            self._terrain_sprites.append(sprite)

    def refresh_castles(self) -> None:
        """Castle sprites in their controllers' colours (rebuilt when control changes)."""
        board, control = self.table.session.game.board, self.table.session.state.control
        castles = [sq for sq in range(NUM_SQUARES) if board.terrain[sq] in (Terrain.FORTRESS, Terrain.KEEP)]
        key = tuple(control[sq] for sq in castles)
        if key == self.castle_key:
            return
        self.castle_key = key
        self._castle_sprites = arcade.SpriteList()
        for sq in castles:
            sprite = arcade.Sprite(textures.castle(board.terrain[sq], control[sq]))
            sprite.width = sprite.height = CELL
            sprite.position = square_centre(sq)
            self._castle_sprites.append(sprite)

    def fit_camera(self) -> None:
        """The camera's viewport follows the logical screen's place in the window (resizes)."""
        view = self.view_rect
        rect = SCREEN.pixel_rect(view)
        if self.camera.viewport.lbwh_int != rect:
            self.camera.viewport = arcade.LBWH(*rect)
            half_w, half_h = view[2] / 2, view[3] / 2
            self.camera.projection = arcade.LRBT(-half_w, half_w, -half_h, half_h)

    def reset_view(self) -> None:
        """Home: no pan, no zoom."""
        self.camera.position = self.home
        self.camera.zoom = 1.0

    def pan(self, dx: float, dy: float) -> None:
        """Move the board's view by (dx, dy) board units."""
        px, py = self.camera.position
        self.camera.position = (px + dx, py + dy)

    def camera_key(self) -> tuple:
        """Where the camera looks (part of the cached layers' keys)."""
        return tuple(self.camera.position), self.camera.zoom, self.camera.viewport.lbwh_int

    # ----- drawing -----------------------------------------------------------------------------------
    def draw_base(self) -> None:
        """The board's frame, terrain and castles (change only with the camera or a castle's owner)."""
        with self.camera.activate():
            arcade.draw_lbwh_rectangle_filled(BOARD_X - 6, BOARD_Y - 6, BOARD_PX + 12, BOARD_PX + 12, BOARD_FRAME)
            self._terrain_sprites.draw(pixelated=False)
            self._castle_sprites.draw()

    def draw_static(self) -> None:
        """Highlights, other players' trails and army counters (in the board camera)."""
        t = self.table
        with self.camera.activate():
            for sq, (kind, cost) in t.presenter.highlights().items():
                self._draw_highlight(sq, kind, cost)
            for seat, src, dst in t.controller.trails[-12:]:  # the other players' moves since your last
                (x0, y0), (x1, y1) = square_centre(src), square_centre(dst)
                colour = (*PLAYER_LIGHT[seat], 170)
                arcade.draw_line(x0, y0, x1, y1, colour, 3)
                arcade.draw_circle_outline(x0, y0, 7, colour, 2)
            self._draw_module_marks()
            sliding = t.controller.slide.army if t.controller.slide is not None else None
            for aid, army in sorted(t.session.state.armies.items()):
                if aid != sliding:
                    self._draw_army(aid, army, t.board_texts)
            t.board_texts.flush()

    def _draw_module_marks(self) -> None:
        """The rule modules' marks (docs/variants.md): a battlefield site's initial in a gold ring at the
        square's top left, and a red cross on a breached fortress's top right."""
        st = self.table.session.state
        if not st.game.rules.modules:
            return
        from japanese_swords.modules import sites

        for sq, kind in sorted(sites.sites_of(st.game.board).items()) if sites.params(st) is not None else ():
            x, y = square_centre(sq)
            cx, cy = x - CELL / 2 + 9, y + CELL / 2 - 9
            arcade.draw_circle_filled(cx, cy, 7, (60, 40, 10, 200))
            arcade.draw_circle_outline(cx, cy, 7, GOLD, 1.5)
            self.table.board_texts.draw(f"site{sq}", sites.SYMBOLS[kind], cx, cy, GOLD, 8, anchor_x="center",
                                        anchor_y="center", bold=True)
        for sq in sorted(st.breached):
            x, y = square_centre(sq)
            cx, cy = x + CELL / 2 - 9, y + CELL / 2 - 9
            arcade.draw_line(cx - 5, cy - 5, cx + 5, cy + 5, BAD, 3)
            arcade.draw_line(cx - 5, cy + 5, cx + 5, cy - 5, BAD, 3)

    def _draw_highlight(self, sq: int, kind: str, cost: int | None) -> None:
        """One highlighted square: its fill, frame and (for a move) its movement cost."""
        x, y = square_centre(sq)
        left, bottom = x - CELL / 2, y - CELL / 2
        fill = HL_COLOURS[kind]
        if fill[3]:
            arcade.draw_lbwh_rectangle_filled(left + 2, bottom + 2, CELL - 4, CELL - 4, fill)
        if kind == "actor":
            arcade.draw_lbwh_rectangle_outline(left + 3, bottom + 3, CELL - 6, CELL - 6, (250, 210, 90, 160), 2)
        elif kind == "attack":
            arcade.draw_lbwh_rectangle_outline(left + 2, bottom + 2, CELL - 4, CELL - 4, BAD, 3)
        elif kind == "move" and cost is not None:
            self.table.board_texts.draw(
                f"cost{sq}", str(cost), left + CELL - 8, bottom + 6, (40, 30, 20), 11, anchor_x="right", bold=True
            )

    def draw_live(self) -> None:
        """The moving parts over the cached layer: selection pulse, hover frame, a sliding army. Under
        an open dialog none of them is drawn (the dialog is on top)."""
        t = self.table
        if t.dialog_open:
            return
        with self.camera.activate():
            sel = t.presenter.selected
            if sel is not None:
                x, y = square_centre(sel)
                pulse = 2 + math.sin(t.elapsed * 6)
                arcade.draw_lbwh_rectangle_outline(
                    x - CELL / 2 + 1, y - CELL / 2 + 1, CELL - 2, CELL - 2, GOLD, 2 + pulse
                )
            if self.hover_square is not None:
                x, y = square_centre(self.hover_square)
                arcade.draw_lbwh_rectangle_outline(x - CELL / 2, y - CELL / 2, CELL, CELL, (255, 255, 255, 200), 2)
            slide = t.controller.slide
            if slide is not None:
                army = t.session.state.armies.get(slide.army)
                if army is not None:
                    self._draw_army(slide.army, army, t.live_board_texts)
            t.live_board_texts.flush()

    def _army_pos(self, aid: int, square: int) -> tuple[float, float]:
        """Where to draw an army: its square, or part way along a slide."""
        slide = self.table.controller.slide
        if slide is not None and slide.army == aid:
            (x0, y0), (x1, y1) = square_centre(slide.src), square_centre(slide.dst)
            p = 1 - (1 - slide.progress) ** 2
            return x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
        return square_centre(square)

    def _draw_army(self, aid: int, army, texts: TextCache) -> None:
        """One army counter with its experience pips (faded once it has acted this phase)."""
        t = self.table
        st = t.session.state
        mine_done = st.moved | st.attacked if t.controller.human_to_act() else set()
        x, y = self._army_pos(aid, army.square)
        size = CELL * 0.62
        y -= 5
        castle = st.game.board.terrain[army.square] in (Terrain.FORTRESS, Terrain.KEEP)
        if castle and (x, y + 5) == square_centre(army.square):
            size, x, y = CELL * 0.5, x + CELL * 0.2, y - CELL * 0.12  # keep the castle roof in view
        faded = army.owner == t.seat and aid in mine_done  # already moved / attacked this phase
        arcade.draw_texture_rect(
            textures.counter(army.owner), arcade.XYWH(x, y + 2, size, size), alpha=130 if faded else 255
        )
        if aid in st.marched:
            arcade.draw_circle_outline(x, y + 2, size / 2 + 2, (120, 170, 255), 2)
        for k in range(min(army.experience, 6)):  # experience pips
            px = x - (min(army.experience, 6) - 1) * 4.5 + k * 9
            arcade.draw_circle_filled(px, y - size / 2 + 1, 4, GOLD)
            arcade.draw_circle_outline(px, y - size / 2 + 1, 4, (60, 40, 10), 1)
        if army.experience > 6:
            texts.draw(f"xp{aid}", f"+{army.experience}", x + size / 2, y - size / 2, GOLD, 9)

    def to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        """A board (world) point to logical screen units, through the camera's pan and zoom."""
        cx, cy = self.camera.position
        z = self.camera.zoom
        left, bottom, w, h = self.view_rect
        return left + w / 2 + (wx - cx) * z, bottom + h / 2 + (wy - cy) * z

    def square_screen_rect(self, sq: int) -> Rect:
        """A square's rectangle in logical screen units (through pan and zoom)."""
        x, y = self.to_screen(*square_centre(sq))
        half = CELL * self.camera.zoom / 2
        return x - half, y - half, 2 * half, 2 * half

    def draw_labels(self, hand_in_base: bool, hand_rect: Rect) -> None:
        """Column letters under the board and row numbers left of it, following pan and zoom (on strips
        over the board), and a hint to reset the view when it is panned or zoomed. With the hand's box
        in the base layer the strips leave a hole for it (the box is under them there)."""
        t = self.table
        left, bottom, w, h = self.view_rect
        strip = (*BG, 235)
        if hand_in_base:
            hole = (hand_rect[0] - 0.5, hand_rect[1] - 0.5, hand_rect[2] + 1, hand_rect[3] + 1)
            for box in (*box_minus((left, bottom, w, 16), hole), *box_minus((left, bottom, 18, h), hole)):
                t.shapes.filled(*box, strip)
        else:
            t.shapes.filled(left, bottom, w, 16, strip)
            t.shapes.filled(left, bottom, 18, h, strip)
        for i in range(SIZE):
            x, _ = self.to_screen(BOARD_X + i * CELL + CELL / 2, 0)
            _, y = self.to_screen(0, BOARD_Y + i * CELL + CELL / 2)
            show_x = left + 18 <= x <= left + w - 4
            show_y = bottom + 16 <= y <= bottom + h - 4
            t.texts.draw(f"col{i}", COLUMNS[i] if show_x else "", x, bottom + 4, DIM, 10, anchor_x="center")
            t.texts.draw(
                f"row{i}", str(i + 1) if show_y else "", left + 9, y, DIM, 10, anchor_x="center", anchor_y="center"
            )
        if not self.at_home:
            t.texts.draw("panhint", "Home: reset board view", BOARD_X, BOARD_Y + BOARD_PX + 8, DIM, 9)

    # ----- input -------------------------------------------------------------------------------------
    def square_at(self, x: float, y: float) -> int | None:
        """The square under a logical screen point, through the camera (pan and zoom)."""
        if not inside(x, y, self.view_rect):
            return None
        self.fit_camera()
        wx, wy, *_ = self.camera.unproject(SCREEN.to_pixels(x, y))
        return square_at(wx, wy)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        """The hovered square (its frame and tooltip)."""
        super().on_mouse_motion(x, y, dx, dy)
        self.hover_square = self.square_at(x, y)

    def on_mouse_leave(self, x: float, y: float) -> None:
        """Off the board: no hovered square, no drag."""
        super().on_mouse_leave(x, y)
        self.hover_square = None
        self._drag = None

    def click(self, x: float, y: float) -> None:
        """A left click on a square goes to the presenter."""
        sq = self.square_at(x, y)
        if sq is not None:
            self.table.presenter.click_square(sq)

    def press_other(self, x: float, y: float, button: int) -> None:
        """The right or middle button starts a pan."""
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            self._drag = (x, y)
            self._dragged = False

    def release_other(self, x: float, y: float, button: int) -> None:
        """The pan ends."""
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            self._drag = None

    def dragged(self) -> bool:
        """Whether the right button's press became a pan."""
        return self._dragged

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        """Pan with the right or middle button."""
        self.table.mouse = (x, y)
        if buttons & (arcade.MOUSE_BUTTON_RIGHT | arcade.MOUSE_BUTTON_MIDDLE) and self._drag is not None:
            self._dragged = True
            self.pan(-dx / self.camera.zoom, -dy / self.camera.zoom)

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        """Zoom the board (back home at zoom 1)."""
        if inside(x, y, self.view_rect):
            self.camera.zoom = max(1.0, min(2.5, self.camera.zoom * (1.1 if scroll_y > 0 else 1 / 1.1)))
            if self.camera.zoom == 1.0:
                self.camera.position = self.home
