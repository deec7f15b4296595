"""The hand strip: the human's cards (overlapping when many), deck and discard counts, the hovered
card enlarged with what it does, and clicks on cards (the presenter decides what a click means)."""

from __future__ import annotations

import arcade

from japanese_swords.cards import Card

from . import textures
from .art import SHORT_EFFECTS, SHORT_NAMES
from .layout import Layout, Rect
from .table import Part, Table
from .theme import ACCENT, DIM, GOLD, GOOD, INK, PANEL_EDGE
from .widgets import fit_size, inside, wrap

HAND_FILL = (40, 34, 30)
CARD_W, CARD_H = 78, 107
Slot = tuple[Card, int, bool, str, Rect]  # card, count, playable, note, rectangle


class HandSection(Part):
    """The hand area of the game screen."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "hand")
        self.hover_card: Card | None = None

    @staticmethod
    def area(layout: Layout) -> Rect:
        """The strip along the bottom left."""
        return layout.hand_area

    @property
    def strip(self) -> Rect:
        """The hand strip's box."""
        return self.table.layout.hand

    def slots(self) -> list[Slot]:
        """Where each hand card goes (overlapping when the hand is large)."""
        left, bottom, w, _h = self.strip
        cards = self.table.presenter.hand_view()
        n = len(cards)
        stride = CARD_W + 6 if n * (CARD_W + 6) <= w - 100 else (w - 100 - CARD_W) / max(1, n - 1)
        return [
            (cv.card, cv.count, cv.playable, cv.note, (left + 96 + i * stride, bottom + 8, CARD_W, CARD_H))
            for i, cv in enumerate(cards)
        ]

    def card_at(self, x: float, y: float) -> Card | None:
        """The card under a point (the later of two overlapping ones, drawn on top), or None."""
        hit = None
        for card, _n, _p, _note, rect in self.slots():
            if inside(x, y, rect):
                hit = card
        return hit

    # ----- drawing -----------------------------------------------------------------------------------
    def draw_background(self, in_base: bool) -> None:
        """The strip's box (queued with the panel's boxes unless it is in the base layer) and counts."""
        t = self.table
        left, bottom, w, h = self.strip
        if not in_base:
            t.shapes.panel(left, bottom, w, h, fill=HAND_FILL, edge=PANEL_EDGE)
        st = t.session.state
        total = sum(st.hands[t.seat])
        title = "Your hand" if t.session.human is not None else "Hand (p1)"
        t.texts.draw("handtitle", title, left + 8, bottom + h - 20, GOLD, 12, bold=True)
        t.texts.draw("handcount", f"{total} card{'s' if total != 1 else ''}", left + 8, bottom + h - 38, INK, 10)
        t.texts.draw("deckcount", f"deck {sum(st.deck)}", left + 8, bottom + h - 54, DIM, 10)
        t.texts.draw("discount", f"discard {sum(st.discard)}", left + 8, bottom + h - 68, DIM, 10)

    def draw_cards(self) -> None:
        """The cards, over the strip (the hovered card is drawn later, enlarged)."""
        left, bottom, _w, h = self.strip
        slots = self.slots()
        for i, (card, count, playable, _note, rect) in enumerate(slots):
            if card == self.hover_card:
                continue
            visible = slots[i + 1][4][0] - rect[0] if i + 1 < len(slots) else rect[2]
            self._draw_card(card, count, playable, rect, f"hand{int(card)}", visible=visible)
        if not slots:
            empty = "No cards. Draw in your draw phase."
            self.table.texts.draw("handempty", empty, left + 110, bottom + h / 2, DIM, 11)

    def draw_hover_card(self) -> None:
        """The hovered card, enlarged and on top, with what it does."""
        for card, count, playable, note, rect in self.slots():
            if card == self.hover_card:
                cx = rect[0] + CARD_W / 2
                big = (max(4, cx - CARD_W * 0.9), self.strip[1] + 4, CARD_W * 1.8, CARD_H * 1.8)
                self._draw_card(card, count, playable, big, "handbig", note=note, scale=1.8)

    def _draw_card(
        self, card: Card, count: int, playable: bool, rect: Rect, key: str,
        note: str = "", scale: float = 1.0, visible: float = 0.0,
    ) -> None:
        """One card: face, name, force, count and what it does; ``visible`` is the width left uncovered
        when cards overlap (name and count stay inside it)."""
        texts = self.table.card_texts
        left, bottom, w, h = rect
        if playable:
            arcade.draw_lbwh_rectangle_filled(left - 3, bottom - 3, w + 6, h + 6, (*GOOD, 160))
        arcade.draw_texture_rect(textures.card(card), arcade.LBWH(left, bottom, w, h))
        name = card.title if scale > 1 else SHORT_NAMES[card]
        shown_w = min(w, visible) if visible else w  # the part not covered by the next card
        font = fit_size(name, shown_w - 8 * scale, 8 * min(scale, 1.4), bold=True, smallest=5.5)
        covered = shown_w < w - 1
        x_name = left + 4 if covered else left + w / 2
        anchor = "left" if covered else "center"
        texts.draw(f"{key}:n", name, x_name, bottom + h - 12 * scale, INK, font, anchor_x=anchor,
                   anchor_y="center", bold=True)
        if card.force:
            arcade.draw_circle_filled(left + 13 * scale, bottom + h - 32 * scale, 10 * scale, (40, 30, 24))
            texts.draw(f"{key}:f", str(card.force), left + 13 * scale, bottom + h - 32 * scale, GOLD, 10 * scale,
                       anchor_x="center", anchor_y="center", bold=True)
        if count > 1:
            bx = left + 13 * scale if covered else left + min(w, shown_w) - 12 * scale
            by = bottom + h - (32 if not covered else 56) * scale
            arcade.draw_circle_filled(bx, by, 10 * scale, ACCENT)
            texts.draw(f"{key}:c", f"x{count}", bx, by, INK, 9 * scale, anchor_x="center", anchor_y="center",
                       bold=True)
        text = note or card.code
        if scale > 1:
            lines = wrap(text, 19)[:6]
            for i in range(6):
                if i < len(lines):
                    texts.draw(f"{key}:e{i}", lines[i], left + 8, bottom + h * 0.52 - 14 * i, (50, 36, 26), 9)
                else:
                    texts.draw(f"{key}:e{i}", "", left + 8, bottom, INK, 9)
        else:
            effect = SHORT_EFFECTS[card]
            texts.draw(f"{key}:code", effect, x_name, bottom + 8, (70, 50, 36),
                       fit_size(effect, shown_w - 8, 7.5, bold=True, smallest=5.5), anchor_x=anchor, bold=True)

    # ----- input -------------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        """The hovered card (drawn enlarged)."""
        super().on_mouse_motion(x, y, dx, dy)
        self.hover_card = self.card_at(x, y)

    def on_mouse_leave(self, x: float, y: float) -> None:
        """Off the hand: no card enlarged."""
        super().on_mouse_leave(x, y)
        self.hover_card = None

    def click(self, x: float, y: float) -> None:
        """A click on a card goes to the presenter (play it, discard it, pick it for a battle)."""
        card = self.card_at(x, y)
        if card is not None:
            self.table.presenter.click_card(card)
