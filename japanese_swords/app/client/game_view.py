"""The main game screen: board, side panel (players, phase tracker, buttons, log) and the hand.

Everything drawn comes from the human's observation (other hands are face-down counts). Clicks go to
the :class:`~japanese_swords.app.client.presenter.Presenter`. Discard, Intrigue and trade choices are modal
dialogs drawn over the screen; battles open the battle screen. The AI runs on the controller's worker
thread, so the board can be hovered, panned and zoomed and the log scrolled while it thinks.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import arcade

from japanese_swords.actions import End
from japanese_swords.board import COLUMNS, NUM_SQUARES, SIZE, Terrain, square_name
from japanese_swords.cards import Card
from japanese_swords.core import Phase

from . import textures
from .art import SHORT_EFFECTS, SHORT_NAMES
from .controller import Controller
from .dialogs import DialogLayer
from .framecache import FrameCache
from .presenter import Presenter
from .session import LogLine
from .shapes import ShapeBatch, box_minus
from .theme import (
    ACCENT,
    BAD,
    BG,
    BOARD_PX,
    BOARD_X,
    BOARD_Y,
    CELL,
    DIM,
    GOLD,
    GOOD,
    HAND_H,
    HAND_Y,
    INK,
    PANEL_BG,
    PANEL_EDGE,
    PANEL_X,
    PLAYER_COLOURS,
    PLAYER_LIGHT,
    SCREEN,
    SERIF,
    SPEEDS,
    WINDOW_H,
    possessive,
    seat_label,
    square_centre,
)
from .tutorial import tip_for
from .widgets import Button, TextCache, fit_size, inside, tooltip, wrap

if TYPE_CHECKING:
    from .context import ClientContext

TRACK = (
    ("Revenue", (Phase.REVENUE,)),
    ("Expense", (Phase.EXPENSE,)),
    ("Draw", (Phase.DRAW,)),
    ("Honor", (Phase.HONOR,)),
    ("Travel", (Phase.TRAVEL,)),
    ("Battle", (Phase.BATTLE,)),
    ("F. March", (Phase.MARCH_TRAVEL, Phase.MARCH_BATTLE)),
)
NOTICE_SECONDS = 8.0  # an error or warning line stays this long unless the game moves on first
HL_COLOURS = {
    "move": (250, 240, 200, 90),
    "attack": (230, 60, 50, 110),
    "raise": (120, 230, 120, 110),
    "select": (250, 210, 90, 0),
    "march": (110, 160, 250, 110),
    "disband": (230, 60, 50, 110),
    "actor": (250, 210, 90, 0),
}
HAND_RECT = (10, HAND_Y, PANEL_X - 22, HAND_H)
HAND_FILL = (40, 34, 30)
CARD_W, CARD_H = 78, 107
BOARD_VIEW = (BOARD_X - 26, BOARD_Y - 22, BOARD_PX + 34, BOARD_PX + 22)


class GameView(arcade.View):
    """The board screen of a game in progress."""

    def __init__(self, context: ClientContext, controller: Controller) -> None:
        super().__init__()
        self.context = context
        self.controller = controller
        self.presenter = Presenter(controller)
        self.texts = TextCache(batched=True)  # side panel and hand labels
        self.board_texts = TextCache(batched=True, pixels=False)  # move costs, experience (board camera)
        self.card_texts = TextCache()  # hand cards overlap, so their texts are drawn in order
        self.live_texts = TextCache(batched=True)  # the thinking indicator (changes every frame)
        self.live_board_texts = TextCache(batched=True, pixels=False)  # a sliding army's experience
        self.use_cache = True  # draw the static layer through the frame cache (False: every frame)
        self.cache: FrameCache | None = None
        self.base_cache: FrameCache | None = None  # the board's terrain and castles, under the cache
        self.tip_texts = TextCache(batched=True)  # tooltips, over everything (flushed after each)
        self.shapes = ShapeBatch()  # the static layer's boxes (coordinate strips, panel, hand, guide): one call
        self.base_shapes = ShapeBatch()  # the base layer's boxes (side panel, log, hand strip)
        self._counters: list[tuple[int, float, float]] = []  # players' counters, drawn over their rows
        self._wrapped_log: tuple[tuple | None, list[tuple[str, int | None]]] = (None, [])
        self.mouse = (0.0, 0.0)
        self.hover_square: int | None = None
        self.hover_card: Card | None = None
        self.log_scroll = 0  # lines scrolled up from the newest
        self.log_unread = 0  # lines added below while scrolled up
        self._log_count = len(controller.session.log)
        self._heard = (len(controller.session.record.actions), controller.session.battles)
        self._tutorial_started = False
        self._notice: tuple[str, float, int] = ("", 0.0, 0)  # (text, since, session version)
        self.elapsed = 0.0
        self.dialogs = DialogLayer(self)
        self._terrain_sprites = arcade.SpriteList()
        self._castle_key: tuple | None = None
        self._castle_sprites = arcade.SpriteList()
        self._buttons: list[Button] = []
        self._player_rects: list[tuple[int, tuple[float, float, float, float]]] = []
        self._autosaved_turn: tuple[int, int] | None = None
        self.final_board = False  # shown from the game-over screen: stay until Results is pressed
        self._drag: tuple[float, float] | None = None
        self._dragged = False
        self.camera = arcade.Camera2D(
            viewport=arcade.LBWH(*BOARD_VIEW),
            position=(BOARD_VIEW[0] + BOARD_VIEW[2] / 2, BOARD_VIEW[1] + BOARD_VIEW[3] / 2),
        )
        self._home = tuple(self.camera.position)
        self._build_terrain()

    # ----- setup --------------------------------------------------------------------------------------
    @property
    def session(self):
        """The game being played."""
        return self.controller.session

    @property
    def seat(self) -> int:
        """The seat whose view is drawn: the human's (seat 0 when AIs play every seat)."""
        return self.session.human if self.session.human is not None else 0

    def _build_terrain(self) -> None:
        """One sprite per square with its terrain picture."""
        board = self.session.game.board
        self._terrain_sprites = arcade.SpriteList()
        for sq in range(NUM_SQUARES):
            t = board.terrain[sq]
            sprite = arcade.Sprite(textures.terrain(t, (sq * 7 + sq // SIZE) % 3))
            sprite.width = sprite.height = CELL
            sprite.position = square_centre(sq)
            self._terrain_sprites.append(sprite)

    def _refresh_castles(self) -> None:
        """Castle sprites in their controllers' colours (rebuilt when control changes)."""
        board, control = self.session.game.board, self.session.state.control
        key = tuple(
            control[sq] for sq in range(NUM_SQUARES) if board.terrain[sq] in (Terrain.FORTRESS, Terrain.KEEP)
        )
        if key == self._castle_key:
            return
        self._castle_key = key
        self._castle_sprites = arcade.SpriteList()
        for sq in range(NUM_SQUARES):
            t = board.terrain[sq]
            if t in (Terrain.FORTRESS, Terrain.KEEP):
                sprite = arcade.Sprite(textures.castle(t, control[sq]))
                sprite.width = sprite.height = CELL
                sprite.position = square_centre(sq)
                self._castle_sprites.append(sprite)

    def on_show_view(self) -> None:
        """Set the background when the screen is shown."""
        self.window.background_color = BG

    # ----- frame -------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Advance the game (and this screen) by one frame."""
        self.elapsed += delta_time
        c = self.controller
        c.update(delta_time)
        st = self.session.state
        if self.window.current_view is not self:
            return
        if c.reveal is not None or (
            st.battle is not None and self.session.human in (st.battle.attacker_seat, st.battle.defender_seat)
        ):
            if not self.context.autoplay:
                self.context.show_battle()
                return
        if st.is_terminal() and not c.busy and not self.context.autoplay and not self.final_board:
            self.context.show_game_over()
            return
        self._autosave()
        self.tutorial_tip()  # notices the end of the first turn
        self._sounds()
        self._auto_end()
        self._sync_log()
        self._expire_notice()
        self.dialogs.sync()

    def tutorial_tip(self) -> str | None:
        """The guided first turn's tip for now, or None (done, skipped, autoplay, or not your turn)."""
        prefs, s = self.context.prefs, self.session
        if prefs.tutorial_done or self.context.autoplay or s.human is None or s.state.order is None:
            return None
        if s.state.turn_player != s.human:
            if self._tutorial_started:  # the first turn is over: the guide is done
                prefs.tutorial_done = True
                self.context.apply_prefs()
            return None
        self._tutorial_started = True
        return tip_for(s.state.phase)

    def _draw_tutorial(self) -> None:
        """The tip banner over the top of the board, with a Skip button."""
        tip = self.tutorial_tip()
        left, top, width = BOARD_X, BOARD_Y + BOARD_PX - 4, BOARD_PX
        if tip is None:
            for i in range(3):
                self.texts.draw(f"tut{i}", "", left, top, INK, 11)
            return
        lines = wrap(tip, 82)[:3]
        height = 30 + 17 * len(lines)
        self.shapes.panel(left + 4, top - height, width - 8, height, fill=(40, 34, 30, 235), edge=GOLD)
        self.texts.draw("tut0", "First turn guide", left + 14, top - 18, GOLD, 11, bold=True)
        for i in range(3):
            text = lines[i] if i < len(lines) else ""
            self.texts.draw(f"tut{i + 1}", text, left + 14, top - 36 - 17 * i, INK, 10.5)
        skip = Button("tutorial:skip", "Skip guide", (left + width - 104, top - 26, 92, 20), True,
                      "Hide the guide (Settings can show it again).", accent=(84, 70, 58))
        self._buttons.append(skip)
        skip.draw(self.texts, skip.contains(*self.mouse), size=9, shapes=self.shapes)

    def _auto_end(self) -> None:
        """With auto-end on, a phase in which the human can do nothing but end it is ended for them."""
        if not self.context.prefs.auto_end or self.dialogs.active or self.session.human is None:
            return
        p = self.presenter
        if p.my_decision() != "main" or p.mode is not None:
            return
        legal = p.legal()
        if legal and all(isinstance(a, End) for a in legal):
            phase = self.session.state.phase.title.lower()
            if p.submit(End()):
                self.session.log.append(LogLine(f"(Auto-end: nothing to do in the {phase} phase.)", self.seat))

    def _sounds(self) -> None:
        """A sound for each new action, battle, turn start and the game's end."""
        s = self.session
        n, battles = len(s.record.actions), s.battles
        last_n, last_b = self._heard
        self._heard = (n, battles)
        if n <= last_n:
            return
        if battles > last_b:
            self.context.play("battle")
        verbs = {str(a).split(" ", 1)[0] for a in s.record.actions[last_n:n]}
        for verb, sound in (("move", "move"), ("raise", "raise"), ("play", "card")):
            if verb in verbs:
                self.context.play(sound)
                break
        if s.state.is_terminal():
            self.context.play("win" if s.state.winner == s.human else "lose")
        elif self.controller.human_to_act() and s.state.turn_player == s.human and "end" in verbs:
            self.context.play("turn")

    # ----- log and notices -------------------------------------------------------------------------------
    def log_chars(self) -> int:
        """Characters per log line: the log wraps to the side panel's (resizable) width."""
        return max(40, int(SCREEN.panel_w / 7.1))

    def _sync_log(self) -> None:
        """New log entries: at the bottom the log follows them; scrolled up, it stays put and counts
        them as unread (a marker says how many and jumps down when clicked)."""
        n = len(self.session.log)
        if n < self._log_count:  # undo or a new session: start over at the bottom
            self._log_count, self.log_scroll, self.log_unread = n, 0, 0
            return
        if n == self._log_count:
            return
        added = sum(len(wrap(e.text, self.log_chars())) for e in self.session.log[self._log_count :])
        self._log_count = n
        if self.log_scroll > 0:
            self.log_scroll += added
            self.log_unread += added

    def scroll_log(self, lines: int) -> None:
        """Scroll the log up (positive) or down (negative); reaching the bottom follows new lines again."""
        self.log_scroll = max(0, self.log_scroll + lines)
        if self.log_scroll == 0:
            self.log_unread = 0

    def notice_text(self) -> str:
        """The one-line notice under the prompt: the latest error or warning, if still fresh."""
        return self.presenter.notice or self.controller.message or self.context.notice

    def _expire_notice(self) -> None:
        """A notice goes away once the game moves on (any action) or after NOTICE_SECONDS."""
        text, version = self.notice_text(), self.session.version
        if text != self._notice[0]:
            self._notice = (text, self.elapsed, version)
            return
        if text and (version != self._notice[2] or self.elapsed - self._notice[1] > NOTICE_SECONDS):
            self.presenter.notice = ""
            self.controller.message = ""
            self.context.notice = ""
            self._notice = ("", self.elapsed, version)

    def _autosave(self) -> None:
        """Autosave at the start of each human turn (once per turn)."""
        s = self.session
        if s.human is None or not self.controller.human_to_act() or s.state.turn_player != s.human:
            return
        turn = (s.state.round, s.state.turn_index)
        if turn == self._autosaved_turn:
            return
        self._autosaved_turn = turn
        self.context.autosave()

    def on_draw(self) -> None:
        """Draw the screen: the slow-changing layer from its cache (redrawn only when its key changes),
        then the live layer (animations, the hovered card, tooltips)."""
        self._refresh_castles()
        self._fit_board_camera()
        if self.use_cache:  # the copied layer covers the whole window: no clear needed
            if self.cache is None:
                self.cache = FrameCache(self.window)
            # layered, the static layer starts with the copied base layer, which covers the window
            background = None if self._layered() else self.window.background_color
            self.cache.show(self.static_key(), self._draw_static, background)
        else:
            self.clear()
            self._draw_static()
        self._draw_live()

    def _layered(self) -> bool:
        """Whether the board's base (terrain, castles) is kept in a cache of its own under the static
        layer: with the flipped-blit cache only, whose layers are drawn on the window in order."""
        return self.use_cache and self.cache is not None and self.cache.mode == "flip"

    def _draw_static(self) -> None:
        """Board, panel, hand and dialogs: everything that changes only with the game or the pointer's
        target, never with time."""
        if self._layered():
            if self.base_cache is None or self.base_cache.mode != self.cache.mode:
                self.base_cache = FrameCache(self.window, self.cache.mode)
            self.base_cache.show(self.base_key(), self._draw_base, self.window.background_color)
        else:
            self._draw_base()
        with self.camera.activate():
            self._draw_board()
            self.board_texts.flush()
        # the boxes of the coordinate strips, panel, hand and guide are queued and drawn together (in
        # the order queued), then what lies on them: none of these boxes overlaps a texture or shape
        # drawn before them in this layer other than the board, or one drawn after them other than
        # the players' counters and the hand's cards (on them); the text of the layer comes last
        self.shapes.discard()
        self._draw_board_labels_hint()
        self._draw_panel()
        self._draw_hand_background()
        self._draw_tutorial()
        self.shapes.draw()
        self._draw_counters()
        self._draw_hand()
        self.texts.flush()
        self.dialogs.draw()

    def _draw_live(self) -> None:
        """What moves or follows the pointer: the selection pulse, the hovered square, a sliding army,
        the thinking indicator, the enlarged hand card and tooltips."""
        with self.camera.activate():
            self._draw_board_live()
        self._draw_thinking()
        self.live_texts.flush()
        if not self.dialogs.active:
            self._draw_hover_card()
            self._draw_tooltips()

    def base_key(self) -> tuple:
        """Everything the base layer shows: the board's terrain and castles where the camera puts them,
        and the panel's backgrounds (their size follows the window and the number of players)."""
        return (
            id(self.session.game.board),
            self.session.state.num_players,
            SCREEN.w,
            self._castle_key,
            self._hand_in_base(),
            tuple(self.camera.position),
            self.camera.zoom,
            self.camera.viewport.lbwh_int,
            tuple(self.window.background_color),
            tuple(self.window.get_framebuffer_size()),
        )

    def static_key(self) -> tuple:
        """Everything the static layer shows: when this is unchanged, the cached layer is still right."""
        c, p, s = self.controller, self.presenter, self.session
        trade = p.trade
        mouse_btn = next((b.key for b in self._buttons if b.contains(*self.mouse)), None)
        dlg_btn = next((b.key for b, _ in self.dialogs.buttons if b.contains(*self.dialogs.mouse)), None)
        intrigue_hover = (
            next((seat for seat, r in self._player_rects if inside(*self.mouse, r)), None)
            if p.mode == "intrigue"
            else None
        )
        return (
            id(s),
            s.version,
            len(s.log),
            p.selected,
            p.mode,
            p.notice,
            tuple(p.pick),
            repr(trade) if trade is not None else None,
            c.message,
            self.context.notice,
            c.speed,
            c.busy,
            c.thinking is not None,
            c.human_to_act(),
            c.slide.army if c.slide is not None else None,
            id(c.summary) if c.summary else None,
            len(c.trails),
            tuple(c.trails[-1]) if c.trails else None,
            self.log_scroll,
            self.log_unread,
            mouse_btn,
            intrigue_hover,
            self.hover_card,
            tuple(self.camera.position),
            self.camera.zoom,
            self.final_board,
            self.context.prefs.tutorial_done,
            self.dialogs.kind,
            dlg_btn,
            self.dialogs.mouse if self.dialogs.kind and dlg_btn else None,
            SCREEN.w,
            SCREEN.scale,
            tuple(self.window.get_framebuffer_size()),
        )

    def frame_key(self) -> tuple:
        """The whole frame's key (the window skips drawing when it repeats): the static key plus the
        animations' clocks, ticking only while something animates."""
        c = self.controller
        tick = None  # frames per second each animation needs: a slide 30, the pulse 15, the spinner 10
        if c.slide is not None:
            tick = int(self.elapsed * 30)
        elif self.presenter.selected is not None:
            tick = int(self.elapsed * 15)
        elif c.thinking is not None:
            tick = int(self.elapsed * 10)
        return (self.static_key(), tick, self.hover_square)

    def _fit_board_camera(self) -> None:
        """The board camera's viewport follows the logical screen's place in the window (resizes)."""
        rect = SCREEN.pixel_rect(BOARD_VIEW)
        if self.camera.viewport.lbwh_int != rect:
            self.camera.viewport = arcade.LBWH(*rect)
            half_w, half_h = BOARD_VIEW[2] / 2, BOARD_VIEW[3] / 2
            self.camera.projection = arcade.LRBT(-half_w, half_w, -half_h, half_h)

    # ----- board -------------------------------------------------------------------------------------
    def _army_pos(self, aid: int, square: int) -> tuple[float, float]:
        """Where to draw an army: its square, or part way along a slide."""
        slide = self.controller.slide
        if slide is not None and slide.army == aid:
            (x0, y0), (x1, y1) = square_centre(slide.src), square_centre(slide.dst)
            p = 1 - (1 - slide.progress) ** 2
            return x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
        return square_centre(square)

    def _draw_base(self) -> None:
        """The board's frame, terrain and castles and the side panel's and log's backgrounds: what
        changes only with the camera, a castle's owner or the window (the fill-heaviest part of the
        screen under software GL), and the hand strip's box (see ``_hand_in_base``). Nothing drawn
        before them in the frame overlaps the backgrounds."""
        with self.camera.activate():
            arcade.draw_lbwh_rectangle_filled(
                BOARD_X - 6, BOARD_Y - 6, BOARD_PX + 12, BOARD_PX + 12, (70, 52, 36)
            )
            self._terrain_sprites.draw(pixelated=False)
            self._castle_sprites.draw()
        self.base_shapes.panel(PANEL_X - 8, 6, SCREEN.panel_w + 14, WINDOW_H - 12, PANEL_BG, PANEL_EDGE)
        left, bottom, w, h = self.log_rect()
        self.base_shapes.panel(left, bottom, w - 6, h, (34, 30, 27), PANEL_EDGE)
        if self._hand_in_base():
            self.base_shapes.panel(*HAND_RECT, HAND_FILL, PANEL_EDGE)
        self.base_shapes.draw()

    def _hand_in_base(self) -> bool:
        """Whether the hand strip's box is in the base layer: when layered and the board is at its home
        view. The box overlaps the bottom of the board's view by 2.5 units (its edge included), where
        the static layer draws the coordinate strip and, once the board is panned or zoomed, squares
        and armies: at home nothing of the board reaches there and the strip is drawn around the box
        (``_draw_coordinates``), so the picture is the one with the box drawn over them."""
        return self._layered() and tuple(self.camera.position) == self._home and self.camera.zoom == 1.0

    def _draw_board(self) -> None:
        """Highlights, other players' trails and army counters, over the base (in the board camera)."""
        obs_state = self.session.state
        # highlights
        hl = self.presenter.highlights()
        for sq, (kind, cost) in hl.items():
            x, y = square_centre(sq)
            left, bottom = x - CELL / 2, y - CELL / 2
            fill = HL_COLOURS[kind]
            if fill[3]:
                arcade.draw_lbwh_rectangle_filled(left + 2, bottom + 2, CELL - 4, CELL - 4, fill)
            if kind == "actor":
                arcade.draw_lbwh_rectangle_outline(
                    left + 3, bottom + 3, CELL - 6, CELL - 6, (250, 210, 90, 160), 2
                )
            elif kind == "attack":
                arcade.draw_lbwh_rectangle_outline(left + 2, bottom + 2, CELL - 4, CELL - 4, BAD, 3)
            elif kind == "move" and cost is not None:
                self.board_texts.draw(
                    f"cost{sq}",
                    str(cost),
                    left + CELL - 8,
                    bottom + 6,
                    (40, 30, 20),
                    11,
                    anchor_x="right",
                    bold=True,
                )
        # where the other players moved since your last action
        for seat, src, dst in self.controller.trails[-12:]:
            (x0, y0), (x1, y1) = square_centre(src), square_centre(dst)
            colour = (*PLAYER_LIGHT[seat], 170)
            arcade.draw_line(x0, y0, x1, y1, colour, 3)
            arcade.draw_circle_outline(x0, y0, 7, colour, 2)
        # armies
        sliding = self.controller.slide.army if self.controller.slide is not None else None
        for aid, army in sorted(obs_state.armies.items()):
            if aid != sliding:
                self._draw_army(aid, army)

    def _draw_board_live(self) -> None:
        """The board's moving parts, over the cached layer: selection pulse, hover frame, sliding army."""
        sel = self.presenter.selected
        if sel is not None:
            x, y = square_centre(sel)
            pulse = 2 + math.sin(self.elapsed * 6)
            arcade.draw_lbwh_rectangle_outline(x - CELL / 2 + 1, y - CELL / 2 + 1, CELL - 2, CELL - 2, GOLD, 2 + pulse)
        if self.hover_square is not None:
            x, y = square_centre(self.hover_square)
            arcade.draw_lbwh_rectangle_outline(
                x - CELL / 2, y - CELL / 2, CELL, CELL, (255, 255, 255, 200), 2
            )
        slide = self.controller.slide
        if slide is not None:
            army = self.session.state.armies.get(slide.army)
            if army is not None:
                self._draw_army(slide.army, army, self.live_board_texts)
        self.live_board_texts.flush()

    def _draw_army(self, aid: int, army, texts: TextCache | None = None) -> None:
        """One army counter with its experience pips (faded once it has acted this phase)."""
        texts = texts or self.board_texts
        obs_state = self.session.state
        mine_done = obs_state.moved | obs_state.attacked if self.controller.human_to_act() else set()
        x, y = self._army_pos(aid, army.square)
        size = CELL * 0.62
        y -= 5
        if obs_state.game.board.terrain[army.square] in (Terrain.FORTRESS, Terrain.KEEP) and (
            x,
            y + 5,
        ) == square_centre(army.square):
            size, x, y = CELL * 0.5, x + CELL * 0.2, y - CELL * 0.12  # keep the castle roof in view
        faded = army.owner == self.seat and aid in mine_done  # already moved / attacked this phase
        arcade.draw_texture_rect(
            textures.counter(army.owner), arcade.XYWH(x, y + 2, size, size), alpha=130 if faded else 255
        )
        if aid in obs_state.marched:
            arcade.draw_circle_outline(x, y + 2, size / 2 + 2, (120, 170, 255), 2)
        for k in range(min(army.experience, 6)):  # experience pips
            px = x - (min(army.experience, 6) - 1) * 4.5 + k * 9
            arcade.draw_circle_filled(px, y - size / 2 + 1, 4, GOLD)
            arcade.draw_circle_outline(px, y - size / 2 + 1, 4, (60, 40, 10), 1)
        if army.experience > 6:
            texts.draw(f"xp{aid}", f"+{army.experience}", x + size / 2, y - size / 2, GOLD, 9)

    def _board_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        """A board (world) point to logical screen units, through the camera's pan and zoom."""
        cx, cy = self.camera.position
        z = self.camera.zoom
        vx, vy = BOARD_VIEW[0] + BOARD_VIEW[2] / 2, BOARD_VIEW[1] + BOARD_VIEW[3] / 2
        return vx + (wx - cx) * z, vy + (wy - cy) * z

    def _draw_coordinates(self) -> None:
        """Column letters under the board and row numbers left of it, following pan and zoom, always
        on screen (on their own strips, drawn over the board)."""
        left, bottom, w, h = BOARD_VIEW
        strip = (*BG, 235)
        if self._hand_in_base():  # the strips around the hand's box (and its edge), which is under them
            hole = (HAND_RECT[0] - 0.5, HAND_RECT[1] - 0.5, HAND_RECT[2] + 1, HAND_RECT[3] + 1)
            for box in (*box_minus((left, bottom, w, 16), hole), *box_minus((left, bottom, 18, h), hole)):
                self.shapes.filled(*box, strip)
        else:
            self.shapes.filled(left, bottom, w, 16, strip)
            self.shapes.filled(left, bottom, 18, h, strip)
        for i in range(SIZE):
            x, _ = self._board_to_screen(BOARD_X + i * CELL + CELL / 2, 0)
            _, y = self._board_to_screen(0, BOARD_Y + i * CELL + CELL / 2)
            show_x = left + 18 <= x <= left + w - 4
            show_y = bottom + 16 <= y <= bottom + h - 4
            self.texts.draw(
                f"col{i}", COLUMNS[i] if show_x else "", x, bottom + 4, DIM, 10, anchor_x="center"
            )
            self.texts.draw(
                f"row{i}", str(i + 1) if show_y else "", left + 9, y, DIM, 10, anchor_x="center", anchor_y="center"
            )

    def _draw_board_labels_hint(self) -> None:
        """Board coordinates, and a hint to reset the view when the board is panned or zoomed."""
        self._draw_coordinates()
        if tuple(self.camera.position) != self._home or self.camera.zoom != 1.0:
            self.texts.draw("panhint", "Home: reset board view", BOARD_X, BOARD_Y + BOARD_PX + 8, DIM, 9)

    # ----- side panel ---------------------------------------------------------------------------------
    def _draw_panel(self) -> None:
        """Players, phase tracker, prompt, buttons, log and thinking indicator."""
        st = self.session.state
        human = self.session.human
        x0 = PANEL_X  # the panel's background is in the base layer (_draw_base)
        title = "Japanese Swords"
        if st.order is not None:
            title = f"Round {st.round} - {possessive(st.turn_player, human)} turn"
        if st.is_terminal():
            title = "Game over"
        self.texts.draw("title", title, x0, WINDOW_H - 32, GOLD, 17, font=SERIF, bold=True)
        # players
        self._player_rects = []
        self._counters = []
        y = WINDOW_H - 52
        obs = self.session.observation(self.seat)
        target = st.game.rules.honor_to_win
        for seat in range(st.num_players):
            rect = (x0, y - 40, SCREEN.panel_w - 6, 38)
            self._player_rects.append((seat, rect))
            current = st.order is not None and seat == st.turn_player and not st.is_terminal()
            fill = (66, 56, 48) if current else (52, 46, 40)
            if self.presenter.mode == "intrigue" and seat != self.seat and st.alive[seat]:
                fill = (96, 60, 50) if inside(*self.mouse, rect) else (80, 54, 46)
            self.shapes.panel(*rect, fill=fill, edge=GOLD if current else (90, 76, 60))
            self._counters.append((seat, x0 + 18, y - 21))  # drawn over the row (_draw_counters)
            name = seat_label(seat, human)
            if human is None or seat != human:
                agent = self.controller.agents[seat]
                name += f"  ({agent.name.split(':')[0]})" if agent is not None else ""
            colour = PLAYER_LIGHT[seat] if st.alive[seat] else DIM
            self.texts.draw(
                f"pname{seat}",
                name + ("" if st.alive[seat] else "  - out"),
                x0 + 38,
                y - 17,
                colour,
                12,
                bold=True,
            )
            armies = len(st.armies_of(seat))
            info = (
                f"gold {st.gold[seat]}   cards {obs.hand_sizes[seat]}   armies {armies}   "
                f"income {st.revenue(seat)}"
            )
            self.texts.draw(f"pinfo{seat}", info, x0 + 38, y - 34, INK, 10)
            # honor bar
            bx, bw = x0 + SCREEN.panel_w - 180, 160
            frac = max(0.0, min(1.0, st.honor[seat] / target))
            self.shapes.filled(bx, y - 35, bw, 10, (30, 26, 24))
            self.shapes.filled(bx, y - 35, bw * frac, 10, PLAYER_COLOURS[seat])
            self.shapes.outline(bx, y - 35, bw, 10, (120, 100, 70), 1)
            self.texts.draw(
                f"phon{seat}", f"honor {st.honor[seat]}/{target}", bx + bw, y - 21, GOLD, 10, anchor_x="right"
            )
            y -= 42
        # phase tracker
        y -= 8
        pill_w = (SCREEN.panel_w - 6) / len(TRACK)
        for i, (label, phases) in enumerate(TRACK):
            lit = st.phase in phases
            left = x0 + i * pill_w
            self.shapes.filled(left + 1, y - 24, pill_w - 2, 22, ACCENT if lit else (58, 50, 44))
            self.shapes.outline(left + 1, y - 24, pill_w - 2, 22, GOLD if lit else (90, 80, 70), 1)
            self.texts.draw(
                f"track{i}",
                label,
                left + pill_w / 2,
                y - 13,
                INK if lit else DIM,
                10,
                anchor_x="center",
                anchor_y="center",
                bold=lit,
            )
        y -= 34
        # prompt and notice
        prompt = self.presenter.prompt()
        for i, line in enumerate(wrap(prompt, 74)[:2]):
            self.texts.draw(f"prompt{i}", line, x0, y - 14 - 16 * i, INK, 11)
        for i in range(len(wrap(prompt, 74)[:2]), 2):
            self.texts.draw(f"prompt{i}", "", x0, y - 14 - 16 * i, INK, 11)
        notice = self.notice_text()
        asking = self.presenter.pending_attack is not None  # a question, not an error
        self.texts.draw("notice", (notice[:90] if notice else ""), x0, y - 48, GOLD if asking else BAD, 10)
        y -= 58
        # phase buttons
        self._buttons = []
        bw, bh = (SCREEN.panel_w - 18) / 3, 28
        for i, b in enumerate(self.presenter.buttons()):
            col, row = i % 3, i // 3
            rect = (x0 + col * (bw + 6), y - (row + 1) * (bh + 6), bw, bh)
            self._buttons.append(Button(b.key, b.label, rect, b.enabled, b.tooltip))
        y -= 2 * (bh + 6) + 4
        utils = [
            (
                "undo",
                "Undo",
                self.session.can_undo() and not self.controller.busy,
                "Take back your last action (not past a card draw, a battle or another player's move)."
                if self.session.can_undo()
                else "Nothing to undo since the last card draw, battle or other player's move.",
            ),
            ("save", "Save", True, f"Save the game into {self.context.saves}"),
            ("rules", "Rules (F1)", True, "Cards, terrain and the turn sequence."),
            ("settings", "Settings", True, "Sound, AI speed, auto-end of empty phases, window mode."),
            ("menu", "Menu", True, "Back to the menu (autosave keeps this game)."),
            (
                "speed",
                f"AI: {SPEEDS[self.controller.speed][0]}",
                True,
                "How fast AI turns are shown (+/- keys). Click to change.",
            ),
            (
                "skip",
                "Skip AI (S)",
                self.controller.busy or not self.controller.human_to_act(),
                "Skip to the end of the AI's turn.",
            ),
        ]
        if self.session.state.is_terminal():
            utils[-1] = ("results", "Results", True, "Back to the game-over screen.")
        uw = (SCREEN.panel_w - 6 * (len(utils) - 1) - 6) / len(utils)
        for i, (key, label, enabled, tip) in enumerate(utils):
            rect = (x0 + i * (uw + 6), y - bh + 4, uw, bh - 6)
            self._buttons.append(Button(key, label, rect, enabled, tip, accent=(84, 70, 58)))
        for b in self._buttons:
            b.draw(
                self.texts,
                b.contains(*self.mouse) and not self.dialogs.active,
                size=10 if b.rect[3] < 26 else 11,
                shapes=self.shapes,
            )
        self._draw_log()
        self._draw_footer()

    def _log_lines(self) -> list[tuple[str, int | None]]:
        """The log wrapped to the panel's width, with the seat each line is about (wrapped again only when
        the entries or the width change: 300 entries took a redrawn frame 0.3 ms)."""
        chars = self.log_chars()
        key = (chars, tuple((e.text, e.seat) for e in self.session.log[-300:]))
        if self._wrapped_log[0] != key:
            lines: list[tuple[str, int | None]] = []
            for text, seat in key[1]:
                for piece in wrap(text, chars):
                    lines.append((piece, seat))
            self._wrapped_log = (key, lines)
        return self._wrapped_log[1]

    def log_rect(self) -> tuple[float, float, float, float]:
        """The log's rectangle: it fills the panel below the buttons, whose rows are laid out from the
        top by ``_draw_panel`` (title 52, 42 a player, tracker 42, prompt 58, buttons 76, utilities 32)."""
        left, bottom, w = PANEL_X, 150, SCREEN.panel_w
        top = WINDOW_H - 256 - 42 * self.session.state.num_players
        return left, bottom, w, max(120.0, top - bottom)

    def _draw_log(self) -> None:
        """The scrollable game log."""
        left, bottom, w, h = self.log_rect()  # its background is in the base layer (_draw_base)
        self.texts.draw("logtitle", "Game log  (mouse wheel to scroll)", left + 6, bottom + h - 14, DIM, 9)
        lines = self._log_lines()
        rows = int((h - 22) // 15)
        self.log_scroll = max(0, min(self.log_scroll, max(0, len(lines) - rows)))
        end = len(lines) - self.log_scroll
        shown = lines[max(0, end - rows) : end]
        for i in range(rows):
            text, seat = shown[i] if i < len(shown) else ("", None)
            colour = PLAYER_LIGHT[seat] if seat is not None and seat >= 0 else INK
            if text.startswith("--"):
                colour = GOLD
            self.texts.draw(f"log{i}", text, left + 6, bottom + h - 32 - 15 * i, colour, 9.5)
        marker = ""
        if self.log_scroll > 0:
            marker = (
                f"v {self.log_unread} new line{'s' if self.log_unread != 1 else ''} below - click to follow"
                if self.log_unread
                else "v scrolled up - click to follow the newest lines"
            )
            self.shapes.filled(left + 1, bottom + 1, w - 8, 16, (90, 60, 30))
        self.texts.draw("logmarker", marker, left + (w - 6) / 2, bottom + 4, GOLD, 9, anchor_x="center", bold=True)

    def log_marker_rect(self) -> tuple[float, float, float, float] | None:
        """Where the 'new lines below' marker is (None while the log follows the newest lines)."""
        if self.log_scroll <= 0:
            return None
        left, bottom, w, _h = self.log_rect()
        return left, bottom, w - 6, 18

    def _draw_footer(self) -> None:
        """The last battle in one line and the keyboard shortcuts, under the thinking indicator."""
        report = self.session.state.last_battle
        human = self.session.human
        if report is not None:
            who = "nobody (Diplomacy)" if report.winner is None else seat_label(report.winner, human)
            text = (
                f"Last battle at {square_name(report.defender_square)}: {report.attacker_force} vs "
                f"{report.defender_force}, won by {who}"
            )
        else:
            text = "No battle yet."
        self.texts.draw("lastbattle", text, PANEL_X, 84, DIM, 10)
        self.texts.draw(
            "keys",
            "Enter end phase   D draw   S skip AI   +/- AI speed   U undo   Ctrl+S save   F1 rules",
            PANEL_X,
            20,
            DIM,
            9,
        )
        self.texts.draw(
            "keys2", "Right-drag or arrows pan the board, wheel zooms, Home resets", PANEL_X, 36, DIM, 9
        )

    def _draw_thinking(self) -> None:
        """Which AI is thinking, for how long, and a progress bar."""
        c = self.controller
        left, bottom = PANEL_X, 118
        seat = c.thinking
        if seat is None:
            return
        t = c.think_time()
        name = seat_label(seat, self.session.human)
        self.live_texts.draw("think", f"{name} is thinking... {t:4.1f} s", left + 30, bottom + 12, INK, 11)
        cx, cy = left + 12, bottom + 16
        for k in range(8):  # spinner
            a = self.elapsed * 5 + k * math.pi / 4
            alpha = int(60 + 195 * k / 7)
            arcade.draw_circle_filled(cx + 9 * math.cos(a), cy + 9 * math.sin(a), 2.5, (*GOLD, alpha))
        p = c.think_progress()
        bw = 220
        bx = left + SCREEN.panel_w - bw - 10
        arcade.draw_lbwh_rectangle_outline(bx, bottom + 8, bw, 10, (120, 100, 70), 1)
        frac = p if p is not None else (0.5 + 0.5 * math.sin(self.elapsed * 3)) * 0.999
        if p is not None:
            arcade.draw_lbwh_rectangle_filled(bx, bottom + 8, bw * max(0.0, min(1.0, frac)), 10, GOLD)
        else:
            arcade.draw_lbwh_rectangle_filled(bx + (bw - 40) * frac, bottom + 8, 40, 10, GOLD)

    # ----- hand ---------------------------------------------------------------------------------------
    def _hand_layout(self) -> list[tuple[Card, int, bool, str, tuple[float, float, float, float]]]:
        """Where each hand card goes (overlapping when the hand is large)."""
        left, bottom, w, h = HAND_RECT
        cards = self.presenter.hand_view()
        n = len(cards)
        stride = CARD_W + 6 if n * (CARD_W + 6) <= w - 100 else (w - 100 - CARD_W) / max(1, n - 1)
        out = []
        for i, cv in enumerate(cards):
            rect = (left + 96 + i * stride, bottom + 8, CARD_W, CARD_H)
            out.append((cv.card, cv.count, cv.playable, cv.note, rect))
        return out

    def _card_at(self, x: float, y: float) -> Card | None:
        """The hand card under a point, or None."""
        hit = None
        for card, _n, _p, _note, rect in self._hand_layout():
            if inside(x, y, rect):
                hit = card  # later cards are drawn on top
        return hit

    def _draw_counters(self) -> None:
        """The players' counters, on their rows of the panel (whose boxes are drawn before them)."""
        for seat, x, y in self._counters:
            arcade.draw_texture_rect(textures.counter(seat), arcade.XYWH(x, y, 30, 30))

    def _draw_hand_background(self) -> None:
        """The hand strip's box (queued with the panel's, unless in the base layer) and its counts."""
        left, bottom, w, h = HAND_RECT
        if not self._hand_in_base():
            self.shapes.panel(left, bottom, w, h, fill=HAND_FILL, edge=PANEL_EDGE)
        total = sum(self.session.state.hands[self.seat])
        self.texts.draw(
            "handtitle",
            "Your hand" if self.session.human is not None else "Hand (p1)",
            left + 8,
            bottom + h - 20,
            GOLD,
            12,
            bold=True,
        )
        self.texts.draw(
            "handcount", f"{total} card{'s' if total != 1 else ''}", left + 8, bottom + h - 38, INK, 10
        )
        st = self.session.state
        self.texts.draw("deckcount", f"deck {sum(st.deck)}", left + 8, bottom + h - 54, DIM, 10)
        self.texts.draw("discount", f"discard {sum(st.discard)}", left + 8, bottom + h - 68, DIM, 10)

    def _draw_hand(self) -> None:
        """The hand's cards, over the strip's box (the hovered card is drawn later, enlarged)."""
        left, bottom, w, h = HAND_RECT
        layout = self._hand_layout()
        for i, (card, count, playable, _note, rect) in enumerate(layout):
            if card == self.hover_card:
                continue
            visible = layout[i + 1][4][0] - rect[0] if i + 1 < len(layout) else rect[2]
            self._draw_card(card, count, playable, rect, f"hand{int(card)}", visible=visible)
        if not layout:
            self.texts.draw(
                "handempty", "No cards. Draw in your draw phase.", left + 110, bottom + h / 2, DIM, 11
            )

    def _draw_hover_card(self) -> None:
        """The hand card under the pointer, enlarged and on top, with what it does."""
        for card, count, playable, note, rect in self._hand_layout():
            if card == self.hover_card:
                cx = rect[0] + CARD_W / 2
                big = (max(4, cx - CARD_W * 0.9), HAND_RECT[1] + 4, CARD_W * 1.8, CARD_H * 1.8)
                self._draw_card(card, count, playable, big, "handbig", note=note, scale=1.8)

    def _draw_card(
        self,
        card: Card,
        count: int,
        playable: bool,
        rect: tuple[float, float, float, float],
        key: str,
        note: str = "",
        scale: float = 1.0,
        visible: float = 0.0,
    ) -> None:
        """One hand card: face, name, force, count, and what it does; ``visible`` is the width left
        uncovered when cards overlap (name and count stay inside it)."""
        left, bottom, w, h = rect
        if playable:
            arcade.draw_lbwh_rectangle_filled(left - 3, bottom - 3, w + 6, h + 6, (*GOOD, 160))
        arcade.draw_texture_rect(textures.card(card), arcade.LBWH(left, bottom, w, h))
        name = card.title if scale > 1 else SHORT_NAMES[card]
        shown_w = min(w, visible) if visible else w  # the part not covered by the next card
        font = fit_size(name, shown_w - 8 * scale, 8 * min(scale, 1.4), bold=True, smallest=5.5)
        covered = shown_w < w - 1
        self.card_texts.draw(
            f"{key}:n",
            name,
            left + 4 if covered else left + w / 2,
            bottom + h - 12 * scale,
            INK,
            font,
            anchor_x="left" if covered else "center",
            anchor_y="center",
            bold=True,
        )
        if card.force:
            arcade.draw_circle_filled(left + 13 * scale, bottom + h - 32 * scale, 10 * scale, (40, 30, 24))
            self.card_texts.draw(
                f"{key}:f",
                str(card.force),
                left + 13 * scale,
                bottom + h - 32 * scale,
                GOLD,
                10 * scale,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            )
        if count > 1:
            bx = left + min(w, shown_w) - 12 * scale
            by = bottom + h - (32 if not covered else 56) * scale
            if covered:
                bx = left + 13 * scale
            arcade.draw_circle_filled(bx, by, 10 * scale, ACCENT)
            self.card_texts.draw(
                f"{key}:c",
                f"x{count}",
                bx,
                by,
                INK,
                9 * scale,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            )
        text = note or card.code
        if scale > 1:
            for i, line in enumerate(wrap(text, 19)[:6]):
                self.card_texts.draw(
                    f"{key}:e{i}", line, left + 8, bottom + h * 0.52 - 14 * i, (50, 36, 26), 9
                )
            for i in range(len(wrap(text, 19)[:6]), 6):
                self.card_texts.draw(f"{key}:e{i}", "", left + 8, bottom, INK, 9)
        else:
            effect = SHORT_EFFECTS[card]
            self.card_texts.draw(
                f"{key}:code",
                effect,
                left + 4 if covered else left + w / 2,
                bottom + 8,
                (70, 50, 36),
                fit_size(effect, shown_w - 8, 7.5, bold=True, smallest=5.5),
                anchor_x="left" if covered else "center",
                bold=True,
            )

    # ----- tooltips ------------------------------------------------------------------------------------
    def _draw_tooltips(self) -> None:
        """The tooltip of the button or square under the pointer."""
        x, y = self.mouse
        if self.dialogs.active:
            return
        for b in self._buttons:
            if b.contains(x, y) and b.tooltip:
                tooltip(self.tip_texts, wrap(b.tooltip, 52), x, y, SCREEN.w, WINDOW_H, "btntip")
                self.tip_texts.flush()
                return
        if self.hover_square is not None:
            tooltip(
                self.tip_texts,
                self.presenter.hover_lines(self.hover_square),
                x,
                y,
                SCREEN.w,
                WINDOW_H,
                "sqtip",
            )
            self.tip_texts.flush()

    # ----- input ---------------------------------------------------------------------------------------
    def board_square(self, x: float, y: float) -> int | None:
        """The square under a screen point, through the board camera (pan and zoom)."""
        if not inside(x, y, BOARD_VIEW):
            return None
        self._fit_board_camera()
        wx, wy, *_ = self.camera.unproject(SCREEN.to_pixels(x, y))
        from .theme import square_at

        return square_at(wx, wy)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Remember the pointer for hover effects."""
        self.mouse = (x, y)
        self.hover_square = self.board_square(x, y)
        self.hover_card = self._card_at(x, y) if not self.dialogs.active else None
        self.dialogs.on_mouse_motion(x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        """Pan the board with the right or middle button."""
        self.mouse = (x, y)
        if buttons & (arcade.MOUSE_BUTTON_RIGHT | arcade.MOUSE_BUTTON_MIDDLE) and self._drag is not None:
            self._dragged = True
            px, py = self.camera.position
            self.camera.position = (px - dx / self.camera.zoom, py - dy / self.camera.zoom)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        """Scroll the log or zoom the board."""
        if inside(x, y, self.log_rect()):
            step = int(round(scroll_y * 3)) or (1 if scroll_y > 0 else -1)
            self.scroll_log(step)
        elif inside(x, y, BOARD_VIEW):
            self.camera.zoom = max(1.0, min(2.5, self.camera.zoom * (1.1 if scroll_y > 0 else 1 / 1.1)))
            if self.camera.zoom == 1.0:
                self.camera.position = self._home

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Handle a click."""
        self.mouse = (x, y)
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            self._drag = (x, y)
            self._dragged = False
            return
        if self.dialogs.active:
            self.dialogs.on_click(x, y, button)
            return
        for b in self._buttons:
            if b.contains(x, y):
                self.press(b.key)
                return
        marker = self.log_marker_rect()
        if marker is not None and inside(x, y, marker):
            self.scroll_log(-self.log_scroll)
            return
        for seat, rect in self._player_rects:
            if inside(x, y, rect):
                self.presenter.click_player(seat)
                return
        card = self._card_at(x, y)
        if card is not None:
            self.presenter.click_card(card)
            return
        sq = self.board_square(x, y)
        if sq is not None:
            self.presenter.click_square(sq)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Finish a drag, or treat a short right click as cancel."""
        if button in (arcade.MOUSE_BUTTON_RIGHT, arcade.MOUSE_BUTTON_MIDDLE):
            if not self._dragged and button == arcade.MOUSE_BUTTON_RIGHT:
                if self.dialogs.active:
                    self.dialogs.on_click(x, y, button)
                else:
                    self.presenter.cancel()
            self._drag = None

    def press(self, key: str) -> None:
        """A button of the side panel (also used by keyboard shortcuts and tests)."""
        if key == "undo":
            if not self.controller.undo():
                self.presenter.notice = "Nothing to undo."
            self.presenter.cancel()
        elif key == "save":
            path = self.context.save()
            if path is not None:
                self.presenter.notice = ""
                self.context.notice = ""
                self.session.log.append(LogLine(f"Saved to {path}."))
        elif key == "rules":
            self.context.show_rules(self)
        elif key == "settings":
            self.context.show_settings(self)
        elif key == "tutorial:skip":
            self.context.prefs.tutorial_done = True
            self.context.apply_prefs()
        elif key == "menu":
            self.context.show_menu()
        elif key == "speed":
            self.controller.set_speed((self.controller.speed + 1) % len(SPEEDS))
        elif key == "skip":
            self.controller.skip()
        elif key == "results":
            self.final_board = False
            self.context.show_game_over()
        else:
            self.presenter.press(key)
            if key == "trade" and self.presenter.trade is not None:
                self.dialogs.open_trade()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Keyboard shortcuts."""
        if self.dialogs.active and self.dialogs.on_key(symbol, modifiers):
            return
        k = arcade.key
        if symbol == k.F1:
            self.context.show_rules(self)
        elif symbol in (k.S, k.TAB) and not modifiers & k.MOD_CTRL:
            self.controller.skip()
        elif symbol == k.S and modifiers & k.MOD_CTRL:
            self.press("save")
        elif symbol == k.Z and modifiers & k.MOD_CTRL or symbol == k.U:
            self.press("undo")
        elif symbol in (k.PLUS, k.EQUAL, k.NUM_ADD):
            self.controller.set_speed(self.controller.speed + 1)
        elif symbol in (k.MINUS, k.NUM_SUBTRACT):
            self.controller.set_speed(self.controller.speed - 1)
        elif symbol == k.ESCAPE:
            self.presenter.cancel()
        elif symbol in (k.ENTER, k.RETURN, k.E):
            self.presenter.press("end")
        elif symbol == k.D:
            self.presenter.press("draw")
        elif symbol == k.HOME:
            self.camera.position = self._home
            self.camera.zoom = 1.0
        elif symbol in (k.LEFT, k.RIGHT, k.UP, k.DOWN):
            dx = {k.LEFT: -40, k.RIGHT: 40}.get(symbol, 0)
            dy = {k.DOWN: -40, k.UP: 40}.get(symbol, 0)
            px, py = self.camera.position
            self.camera.position = (px + dx, py + dy)
