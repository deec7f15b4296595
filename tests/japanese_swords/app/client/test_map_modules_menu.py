"""The new-game screens and a map's default modules (docs/maps.md): picking a map on the menu sets the
table's rule modules to the map's, the table screen edits them from there, and the game plays them."""

from __future__ import annotations

from pathlib import Path

from japanese_swords.modules import PRESETS, validate
from tests.japanese_swords.test_map_modules import with_header

SHOGUN = validate(PRESETS["shogun"], 2)


def test_picking_a_map_on_the_menu_starts_the_table_from_its_modules(ctx, tmp_path: Path) -> None:
    path = tmp_path / "shogun.map"
    path.write_text(with_header("modules: shogun"), encoding="utf-8")
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.press(f"map:{path}")
    assert ctx.settings.modules == SHOGUN
    menu.on_draw()
    assert "rules: bidding, castles, ronin" in menu._table_line()
    ctx.show_table(menu)
    table = ctx.window.current_view
    table.on_draw()
    table.press("module:weather")  # the table screen edits the map's defaults
    assert ctx.settings.modules == validate([*SHOGUN, "weather"], 2)
    session = ctx.new_session()
    assert session.state.game.rules.modules == ctx.settings.modules
    menu.press("map:classic-2p")
    assert ctx.settings.modules == ()


def test_the_menu_names_a_shipped_maps_default_rules(ctx) -> None:
    ctx.show_menu()
    menu = ctx.window.current_view
    menu.press("map:nomura-2p")
    assert ctx.settings.modules == validate(PRESETS["battlefields"], 2)
    menu.on_draw()
    shown = " ".join(" ".join(t.text for t in menu.texts._texts.values()).split())  # the wrapped lines, joined
    assert "Default rules: battlefields." in shown
