"""The main game screen: four sections (board, hand, log, side panel) and the modal dialogs.

The view owns the game's per-frame upkeep (autosave, sounds, auto-end, the first-turn guide, notices),
the keyboard shortcuts and the layering of the picture: the slow-changing layer is kept in a frame
cache and redrawn only when its key changes, so the view calls each section's drawing in a fixed
order instead of arcade's per-section ``on_draw``. Mouse input reaches the sections through arcade's
section manager; clicks become engine actions in the
:class:`~japanese_swords.app.client.presenter.Presenter`. The AI runs on the controller's worker
thread, so the board can be hovered, panned and zoomed and the log scrolled while it thinks.
"""

from __future__ import annotations

import arcade

from japanese_swords.actions import End
from japanese_swords.cards import Card

from .board_section import BoardSection
from .controller import Controller
from .dialogs import DialogLayer
from .framecache import FrameCache
from .hand_section import HandSection
from .log_section import LogSection
from .navigation import GameHost
from .panel_section import PanelSection
from .presenter import Presenter
from .session import LogLine
from .table import Table
from .theme import BG, PANEL_BG, PANEL_EDGE, SCREEN, SPEEDS, WINDOW_H
from .tutorial import tip_for
from .widgets import Button, tooltip, wrap

NOTICE_SECONDS = 8.0  # an error or warning line stays this long unless the game moves on first


class GameView(arcade.View):
    """The board screen of a game in progress."""

    def __init__(self, context: GameHost, controller: Controller) -> None:
        super().__init__()
        self.context = context
        self.controller = controller
        self.presenter = Presenter(controller)
        self.table = Table(context, controller, self.presenter, self.press)
        self.dialogs = DialogLayer(self.presenter, controller, self.table.tip_texts)
        self.log = LogSection(self.table)
        self.panel = PanelSection(self.table, self.notice_text)
        self.board = BoardSection(self.table)
        self.hand = HandSection(self.table)
        self.section_manager = arcade.SectionManager(self)  # fed by the view's mouse handlers (below)
        self._routing = False
        for section in (self.dialogs, self.log, self.panel, self.board, self.hand):  # event order
            self.section_manager.add_section(section)
        self.use_cache = True  # draw the static layer through the frame cache (False: every frame)
        self.cache: FrameCache | None = None
        self.base_cache: FrameCache | None = None  # the board's terrain and castles, under the cache
        self._heard = (len(controller.session.record.actions), controller.session.battles)
        self._tutorial_started = False
        self._notice: tuple[str, float, int] = ("", 0.0, 0)  # (text, since, session version)
        self._autosaved_turn: tuple[int, int] | None = None
        self.final_board = False  # shown from the game-over screen: stay until Results is pressed
        self.tip_box: tuple[float, float, float, float] | None = None  # the tooltip drawn last frame

    # ----- the parts, for the sections' callers and tests -----------------------------------------
    @property
    def session(self):
        """The game being played."""
        return self.controller.session

    @property
    def seat(self) -> int:
        """The seat whose view is drawn: the human's (seat 0 when AIs play every seat)."""
        return self.table.seat

    @property
    def elapsed(self) -> float:
        """Seconds this screen has run."""
        return self.table.elapsed

    @property
    def mouse(self) -> tuple[float, float]:
        """The pointer in logical units."""
        return self.table.mouse

    @property
    def buttons(self) -> list[Button]:
        """The clickable buttons of the panel and the guide."""
        return self.table.buttons

    @property
    def camera(self) -> arcade.Camera2D:
        """The board's pan-and-zoom camera."""
        return self.board.camera

    # ----- showing and hiding --------------------------------------------------------------------------
    def on_show_view(self) -> None:
        """Set the background when the screen is shown."""
        self.window.background_color = BG

    def relayout(self) -> None:
        """Every section follows the layout of the current window size."""
        for section in (self.log, self.panel, self.board, self.hand):
            section.relayout()

    def on_resize(self, width: int, height: int) -> None:
        """The window changed size: the sections take their new places."""
        self.relayout()

    # ----- frame -------------------------------------------------------------------------------------
    def on_update(self, delta_time: float) -> None:
        """Advance the game (and this screen) by one frame."""
        self.table.elapsed += delta_time
        c = self.controller
        c.update(delta_time)
        st = self.session.state
        if self.window.current_view is not self:
            return
        if c.handover is not None and not self.context.autoplay:
            self.presenter.cancel()
            self.context.show_handover()
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
        self.log.guide = self.tutorial_tip()  # notices the end of the first turn
        self._sounds()
        self._auto_end()
        self.log.sync()
        self._expire_notice()
        self.dialogs.sync()
        self._sync_dialog_state()

    def _sync_dialog_state(self) -> None:
        """Under an open dialog the board and hand show no hover (the dialog takes the pointer)."""
        self.table.dialog_open = self.dialogs.active
        if self.dialogs.active:
            self.board.hover_square = None
            self.hand.hover_card = None

    def tutorial_tip(self) -> str | None:
        """The tutorial's step, else the guided first turn's tip for now, or None (done, skipped, autoplay,
        or not your turn)."""
        prefs, s = self.context.prefs, self.session
        lesson = self.controller.gate
        if lesson is not None and hasattr(lesson, "text"):
            self.log.guide_title = lesson.title()
            self.log.guide_buttons = (("lesson:skip", "Skip tutorial", "Leave the tutorial for the menu."),
                                      ("lesson:restart", "Restart", "Start the tutorial again."))
            return lesson.text()
        if prefs.tutorial_done or self.context.autoplay or s.human is None or s.state.order is None:
            return None
        if s.state.turn_player != s.human:
            if self._tutorial_started:  # the first turn is over: the guide is done
                prefs.tutorial_done = True
                self.context.apply_prefs()
            return None
        self._tutorial_started = True
        return tip_for(s.state.phase)

    def _auto_end(self) -> None:
        """With auto-end on, a phase the human enters with nothing to do but end it is ended for them.
        Not a phase they have acted in (having bought honor with the last gold they press End
        themselves: ending it for them made their next Enter end travel), not under an open dialog,
        and not while the summary of what the opponents did is unread."""
        if not self.context.prefs.auto_end or self.dialogs.active or self.session.human is None:
            return
        p = self.presenter
        if p.my_decision() != "main" or p.mode is not None or self.controller.summary or p.acted_this_phase():
            return
        st = self.session.state
        legal = p.legal()
        if legal and all(isinstance(a, End) for a in legal):
            phase = st.phase.title.lower()
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

    def notice_text(self) -> str:
        """The one-line notice under the prompt: the latest error or warning, if still fresh."""
        return self.presenter.notice or self.controller.message or self.context.notice

    def _expire_notice(self) -> None:
        """A notice goes away once the game moves on (any action) or after NOTICE_SECONDS."""
        text, version, now = self.notice_text(), self.session.version, self.elapsed
        if text != self._notice[0]:
            self._notice = (text, now, version)
            return
        if text and (version != self._notice[2] or now - self._notice[1] > NOTICE_SECONDS):
            self.presenter.notice = ""
            self.controller.message = ""
            self.context.notice = ""
            self._notice = ("", now, version)

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

    # ----- drawing: layers -----------------------------------------------------------------------------
    def on_draw(self) -> None:
        """Draw the screen: the slow-changing layer from its cache (redrawn only when its key changes),
        then the live layer (animations, the hovered card, tooltips)."""
        self.relayout()
        self.board.refresh_castles()
        self.board.fit_camera()
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

    def _hand_in_base(self) -> bool:
        """Whether the hand strip's box is in the base layer: when layered and the board is at its home
        view. The box overlaps the bottom of the board's view by 2.5 units (its edge included), where
        the static layer draws the coordinate strip and, once the board is panned or zoomed, squares
        and armies: at home nothing of the board reaches there and the strip is drawn around the box
        (``BoardSection.draw_labels``), so the picture is the one with the box drawn over them."""
        return self._layered() and self.board.at_home

    def _draw_base(self) -> None:
        """The board's frame, terrain and castles, the side panel's and log's backgrounds and (see
        ``_hand_in_base``) the hand strip's box: what changes only with the camera, a castle's owner or
        the window (the fill-heaviest part of the screen under software GL)."""
        self.board.draw_base()
        t, lay = self.table, self.table.layout
        t.base_shapes.panel(lay.panel_x - 8, 6, lay.panel_w + 14, WINDOW_H - 12, PANEL_BG, PANEL_EDGE)
        self.log.draw_base()
        if self._hand_in_base():
            t.base_shapes.panel(*self.hand.strip, (40, 34, 30), PANEL_EDGE)
        t.base_shapes.draw()

    def _draw_static(self) -> None:
        """Board, panel, log, hand and dialogs: everything that changes only with the game or the
        pointer's target, never with time."""
        if self._layered():
            if self.base_cache is None or self.base_cache.mode != self.cache.mode:
                self.base_cache = FrameCache(self.window, self.cache.mode)
            self.base_cache.show(self.base_key(), self._draw_base, self.window.background_color)
        else:
            self._draw_base()
        self.board.draw_static()
        # the boxes of the coordinate strips, panel, log and hand are queued and drawn together (in the
        # order queued), then what lies on them: none of these boxes overlaps a texture or shape drawn
        # before them in this layer other than the board, or one drawn after them other than the
        # players' counters and the hand's cards (on them); the text of the layer comes last
        t = self.table
        t.shapes.discard()
        self.board.draw_labels(self._hand_in_base(), self.hand.strip)
        self.panel.draw()
        self.log.draw()
        self.hand.draw_background(self._hand_in_base())
        t.shapes.draw()
        self.panel.draw_counters()
        self.hand.draw_cards()
        t.texts.flush()
        self.dialogs.draw()

    def _draw_live(self) -> None:
        """What moves or follows the pointer: the selection pulse, the hovered square, a sliding army,
        the thinking indicator, the enlarged hand card and tooltips."""
        self.board.draw_live()
        self.panel.draw_thinking()
        self.table.live_texts.flush()
        if not self.dialogs.active:
            self.hand.draw_hover_card()
            self._draw_tooltips()

    def base_key(self) -> tuple:
        """Everything the base layer shows: the board where the camera puts it, its castles, and the
        panel's backgrounds (their size follows the window and the number of players)."""
        return (
            id(self.session.game.board),
            self.session.state.num_players,
            SCREEN.w,
            self.board.castle_key,
            self._hand_in_base(),
            self.board.camera_key(),
            tuple(self.window.background_color),
            tuple(self.window.get_framebuffer_size()),
        )

    def static_key(self) -> tuple:
        """Everything the static layer shows: when this is unchanged, the cached layer is still right."""
        c, p, s, t = self.controller, self.presenter, self.session, self.table
        trade = p.trade
        mouse_btn = next((b.key for b in t.buttons if b.contains(*t.mouse)), None)
        dlg_btn = next((b.key for b, _ in self.dialogs.buttons if b.contains(*self.dialogs.mouse)), None)
        intrigue_hover = (
            next((seat for seat, r in self.panel.player_rects if r[0] <= t.mouse[0] <= r[0] + r[2]
                  and r[1] <= t.mouse[1] <= r[1] + r[3]), None)
            if p.mode == "intrigue" else None
        )
        return (
            id(s), s.version, len(s.log), p.selected, p.mode, p.notice, tuple(p.pick),
            repr(trade) if trade is not None else None, tuple(p.discards.cards),
            c.message, self.context.notice, c.speed, c.busy, c.thinking is not None, c.human_to_act(),
            c.slide.army if c.slide is not None else None,
            id(c.summary) if c.summary else None, len(c.trails), tuple(c.trails[-1]) if c.trails else None,
            self.log.scroll, self.log.unread, self.log.guide, mouse_btn, intrigue_hover, self.hand.hover_card,
            self.board.camera_key(), self.final_board, self.context.prefs.tutorial_done,
            self.dialogs.kind, dlg_btn, self.dialogs.mouse if self.dialogs.kind and dlg_btn else None,
            SCREEN.w, SCREEN.scale, SCREEN.text_scale, tuple(self.window.get_framebuffer_size()),
            p.hint_key(self.elapsed),
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
        return (self.static_key(), tick, self.board.hover_square, self.table.mouse)

    def _draw_tooltips(self) -> None:
        """The tooltip of the button or square under the pointer; a square's tooltip keeps off the
        highlighted squares (their movement costs stay readable)."""
        t = self.table
        x, y = t.mouse
        b = t.button_at(x, y)
        self.tip_box = None
        if b is not None and b.tooltip:
            self.tip_box = tooltip(t.tip_texts, wrap(b.tooltip, 52), x, y, SCREEN.w, WINDOW_H, "btntip")
        elif self.board.hover_square is not None:
            lines = self.presenter.hover_lines(self.board.hover_square)
            self.tip_box = tooltip(t.tip_texts, lines, x, y, SCREEN.w, WINDOW_H, "sqtip", avoid=self._highlight_box())
        t.tip_texts.flush()

    def _highlight_box(self) -> tuple[float, float, float, float] | None:
        """The screen box around the hovered square and the highlighted ones (None without any)."""
        squares = [*self.presenter.highlights(), self.board.hover_square]
        rects = [self.board.square_screen_rect(sq) for sq in squares if sq is not None]
        if len(rects) < 2:
            return None
        left, bottom = min(r[0] for r in rects), min(r[1] for r in rects)
        right, top = max(r[0] + r[2] for r in rects), max(r[1] + r[3] for r in rects)
        return left, bottom, right - left, top - bottom

    # ----- compatibility accessors (tests and tools) ---------------------------------------------------
    @property
    def hover_square(self) -> int | None:
        """The hovered board square."""
        return self.board.hover_square

    @property
    def hover_card(self) -> Card | None:
        """The hovered hand card."""
        return self.hand.hover_card

    def log_rect(self) -> tuple[float, float, float, float]:
        """The log's box."""
        return self.log.box

    # ----- input ---------------------------------------------------------------------------------------
    # The mouse reaches the sections through the view's handlers, which hand each event to the section
    # manager (it finds the sections under the pointer and sends enter and leave events); the manager
    # is not pushed onto the window, so there is one way in for the window, tools and tests alike.
    def _route(self, event: str, *args) -> None:
        """Send a mouse event to the sections under the pointer (the manager calls the view back for a
        point no section covers: that call ends here)."""
        if self._routing:
            return
        self._routing = True
        try:
            getattr(self.section_manager, event)(*args)
        finally:
            self._routing = False

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        """Hover: to the sections."""
        self._route("on_mouse_motion", x, y, dx, dy)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A click: to the open dialog, else the section under the pointer."""
        self._route("on_mouse_press", x, y, button, modifiers)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A release (a right click that was not a drag cancels the selection)."""
        self._route("on_mouse_release", x, y, button, modifiers)

    def on_mouse_drag(self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int) -> None:
        """A drag (the board pans)."""
        self._route("on_mouse_drag", x, y, dx, dy, buttons, modifiers)

    def on_mouse_scroll(self, x: float, y: float, scroll_x: float, scroll_y: float) -> None:
        """The wheel (the log scrolls, the board zooms)."""
        self._route("on_mouse_scroll", x, y, scroll_x, scroll_y)

    def on_mouse_leave(self, x: float, y: float) -> None:
        """The pointer left the window: no hover anywhere."""
        self._route("on_mouse_leave", x, y)

    def press(self, key: str) -> None:
        """A button of the side panel (also used by keyboard shortcuts and tests)."""
        c, p, host = self.controller, self.presenter, self.context
        if key == "undo":
            if not c.undo():
                p.notice = "Nothing to undo."
            p.cancel()
        elif key == "save":
            path = host.save()
            if path is not None:
                p.notice = ""
                host.notice = ""
                self.session.log.append(LogLine(f"Saved to {path}."))
        elif key == "rules":
            host.show_rules(self)
        elif key == "settings":
            host.show_settings(self)
        elif key == "tutorial:skip":
            host.prefs.tutorial_done = True
            host.apply_prefs()
            self.log.guide = None
        elif key == "lesson:skip":
            host.leave_tutorial()
        elif key == "lesson:restart":
            host.start_tutorial()
        elif key == "menu":
            host.show_menu()
        elif key == "speed":
            c.set_speed((c.speed + 1) % len(SPEEDS))
        elif key == "skip":
            c.skip()
        elif key == "hint":
            p.ask_hint()
        elif key == "results":
            self.final_board = False
            host.show_game_over()
        else:
            p.press(key)
            if key == "trade" and p.trade is not None:
                self.dialogs.open_trade()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Keyboard shortcuts (an open dialog takes its keys first)."""
        if self.dialogs.active and self.dialogs.on_key(symbol, modifiers):
            return
        k = arcade.key
        ctrl = modifiers & k.MOD_CTRL
        if symbol == k.F1:
            self.context.show_rules(self)
        elif symbol in (k.S, k.TAB) and not ctrl:
            self.controller.skip()
        elif symbol == k.S and ctrl:
            self.press("save")
        elif symbol == k.Z and ctrl or symbol == k.U:
            self.press("undo")
        elif symbol in (k.PLUS, k.EQUAL, k.NUM_ADD):
            self.controller.set_speed(self.controller.speed + 1)
        elif symbol in (k.MINUS, k.NUM_SUBTRACT):
            self.controller.set_speed(self.controller.speed - 1)
        elif symbol == k.ESCAPE:
            self.presenter.cancel()
        elif symbol in (k.ENTER, k.RETURN, k.E):
            if not self.dialogs.active:
                self.presenter.press("end")
        elif symbol == k.D:
            self.presenter.press("draw")
        elif symbol == k.H:
            self.press("hint")
        elif symbol == k.HOME:
            self.board.reset_view()
        elif symbol in (k.LEFT, k.RIGHT, k.UP, k.DOWN):
            self.board.pan({k.LEFT: -40, k.RIGHT: 40}.get(symbol, 0), {k.DOWN: -40, k.UP: 40}.get(symbol, 0))
