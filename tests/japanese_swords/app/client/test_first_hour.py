"""Issue 32 item 6, the first hour's smaller stumbles, through the game view's handlers: no hover frame
under a dialog, the guide off the board, tooltips that keep off the movement costs and go when the
pointer leaves, the battle result saying who moves into a castle, a word when sound cannot play."""

from __future__ import annotations

from arcade import MOUSE_BUTTON_LEFT as LEFT

from japanese_swords.board import Terrain, square_index
from japanese_swords.cards import Card
from japanese_swords.core import BattleReport, Phase

from .test_views import _pump, _start, _to_my_phase


def _overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def test_no_hover_frame_or_hovered_card_under_an_open_dialog(ctx):
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view)
    f2 = square_index("f2")
    view.on_mouse_motion(*view.board.to_screen(*_centre_of(f2)), 0, 0)
    assert view.hover_square == f2
    state = c.session.state
    state.hands[0] = [0] * 16
    state.hands[0][Card.PEASANT] = 5
    state.deck[Card.PEASANT] -= 5
    state.discard_queue = [(0, 3)]
    view.on_update(0.016)
    assert view.dialogs.active and view.hover_square is None and view.table.dialog_open
    view.on_mouse_motion(*view.board.to_screen(*_centre_of(square_index("c3"))), 0, 0)  # the dialog takes it
    assert view.hover_square is None
    view.on_draw()
    assert view.tip_box is None  # no tooltip over the dialog


def _centre_of(sq: int):
    from japanese_swords.app.client.theme import square_centre

    return square_centre(sq)


def test_the_first_turn_guide_covers_no_part_of_the_board(ctx):
    ctx.prefs.tutorial_done = False
    view = _start(ctx)
    c = view.controller
    _pump(view, lambda: c.human_to_act() and view.window.current_view is view and c.session.state.turn_player == 0)
    view.on_update(0.0)
    view.on_draw()
    assert view.log.guide
    board = view.table.layout.board_view
    for key in ("tut0", "tut1"):
        text = view.table.texts._texts[key]
        assert text.visible and text.text
        assert text.x >= board[0] + board[2]  # right of the board (pixels = units at 1280x800)
    skip = next(b for b in view.buttons if b.key == "tutorial:skip")
    assert not _overlap(skip.rect, board)


def test_a_selected_armys_tooltip_keeps_off_its_movement_costs_and_goes_when_the_pointer_leaves(ctx):
    view = _start(ctx)
    _to_my_phase(view, Phase.TRAVEL)
    f2 = square_index("f2")
    view.on_mouse_press(*_centre_of(f2), LEFT, 0)
    assert view.presenter.selected == f2
    view.on_mouse_motion(*_centre_of(f2), 0, 0)
    view.on_draw()
    costs = [sq for sq, (kind, cost) in view.presenter.highlights().items() if kind == "move" and cost is not None]
    assert costs and view.tip_box is not None
    for sq in costs:
        assert not _overlap(view.tip_box, view.board.square_screen_rect(sq)), sq
    # the pointer leaves the board for the panel: no hovered square, no square tooltip
    panel = view.table.layout.panel_area
    view.on_mouse_motion(panel[0] + panel[2] - 5, 5, 0, 0)
    view.on_draw()
    assert view.hover_square is None
    assert not any(k.startswith("sqtip") and t.visible for k, t in view.table.tip_texts._texts.items())


def test_the_battle_result_says_the_winner_moves_into_the_keep(ctx):
    from japanese_swords.app.client.battle_view import _aftermath

    ctx.new_game()
    board = ctx.controller.session.game.board
    keep = next(sq for sq in range(100) if board.terrain[sq] == Terrain.KEEP)
    report = BattleReport(0, 1, keep - 1, keep, (Card.DAIMYO,), (), 3, 0, 0, 0, 1, 0, (3, -1))
    lines = _aftermath(report, 0, board)
    assert any("moves into the keep" in line and "takes it" in line for line in lines), lines
    from japanese_swords.app.client.rules_view import TURN

    assert any("moves in and takes it" in line for line in TURN)


def test_settings_say_when_sound_cannot_play(ctx, monkeypatch):
    from japanese_swords.app.client import sound
    from japanese_swords.app.client.settings_view import SettingsView

    ctx.mixer = None
    screen = SettingsView(ctx, ctx.window.current_view)
    assert "no effect" in screen.sound_note()
    monkeypatch.setattr(sound, "audio_device", lambda: False)
    monkeypatch.setattr(sound, "sound_dir", lambda: ctx.saves / "sounds")
    ctx.mixer = sound.Mixer()
    assert "no audio device" in ctx.mixer.problem
    assert "No audio device" in screen.sound_note()


def test_map_descriptions_stay_inside_the_menus_panel(ctx):
    from japanese_swords.app.client.library import maps_for
    from japanese_swords.app.client.theme import SCREEN

    ctx.show_menu()
    menu = ctx.window.current_view
    for players in (2, 3, 4):
        ctx.settings.opponents = players - 1
        for name in maps_for(players):
            ctx.settings.map_name = name
            menu.on_draw()
            lines = [t for k, t in menu.texts._texts.items() if k.startswith("flav") and t.text]
            assert lines, name
            for t in lines:  # pixels at this window's scale; the panel leaves 600 units for the text
                assert t.content_width <= 600 * SCREEN.scale + 1, (name, t.text)
