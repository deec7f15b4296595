"""Modal dialogs over the game screen: discard down, Intrigue reply, trade offer and trade reply, the
opponents' turn summary and the hint ("What would the AI do?").

Each dialog is rebuilt every frame from the presenter (so it always matches the engine) as a list of
buttons with callbacks; a click runs the callback of the button under the pointer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from japanese_swords.board import Terrain, square_name
from japanese_swords.cards import CARD_TYPES, Card

from . import textures
from .theme import BAD, DIM, GOLD, INK, PLAYER_LIGHT, SCREEN, SERIF, WINDOW_H, seat_label
from .widgets import Button, TextCache, card_labels, inside, panel, tooltip, wrap

if TYPE_CHECKING:
    from .controller import Controller
    from .presenter import Presenter

BOX = (150, 150, 980, 520)  # the trade dialog; the others are shorter
SMALL_BOX = (150, 330, 980, 300)


def bundle_lines(bundle) -> list[str]:
    """One side of a trade as lines with full card names: '2 gold', 'Spearmen x2', 'the army at c4'."""
    out = []
    if bundle.gold:
        out.append(f"{bundle.gold} gold")
    if bundle.honor:
        out.append(f"{bundle.honor} honor")
    for card in sorted(set(bundle.cards)):
        n = bundle.cards.count(card)
        out.append(card.title + (f" x{n}" if n > 1 else ""))
    out += [f"the army at {square_name(s)}" for s in bundle.armies]
    out += [f"the keep at {square_name(s)}" for s in bundle.keeps]
    return out or ["nothing"]


class DialogLayer(arcade.Section):
    """Which dialog is open (if any), its buttons, and their actions: a modal section of the game
    screen, enabled while a dialog is open, when it takes every mouse event (the screen is drawn by
    the game view's layers, so it draws in :meth:`draw`, not in ``on_draw``)."""

    def __init__(self, presenter: Presenter, controller: Controller, tip_texts: TextCache) -> None:
        super().__init__(0, 0, 1, 1, name="dialogs", modal=True, enabled=False, accept_keyboard_keys=False)
        self.presenter = presenter
        self.controller = controller
        self.tip_texts = tip_texts
        self._kind: str | None = None
        self.buttons: list[tuple[Button, Callable[[int], None]]] = []
        self.mouse = (0.0, 0.0)
        self.texts = TextCache(batched=True)

    @property
    def kind(self) -> str | None:
        """The open dialog: discard, intrigue, reply, trade, summary, hint or None."""
        return self._kind

    @kind.setter
    def kind(self, value: str | None) -> None:
        self._kind = value
        self.enabled = value is not None

    def should_receive_mouse_event(self, x: float, y: float) -> bool:
        """An open dialog takes the mouse everywhere on the screen."""
        return True

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The dialog's rectangle, centred on the (resizable) screen; trade and summary are taller."""
        left, bottom, w, h = BOX if self.kind in ("trade", "summary", "hint") else SMALL_BOX
        return (SCREEN.w - w) / 2, bottom, w, h

    @property
    def active(self) -> bool:
        """True while a dialog is open (it takes every click)."""
        return self.kind is not None

    def sync(self) -> None:
        """Open or close dialogs to match the pending decision."""
        p = self.presenter
        d = p.my_decision()
        if d == "discard":
            self.kind = "discard"
        elif d == "intrigue":
            st = p.state
            self.kind = "intrigue" if st.intrigue is not None and st.intrigue[1] < 0 else "discard"
        elif d == "reply":
            self.kind = "reply"
        elif d == "support":  # the support module (docs/variants.md)
            self.kind = "support"
        elif p.trade is not None and d == "main":
            self.kind = "trade"
        elif d == "main" and self.controller.summary:
            self.kind = "summary"
        elif d != "wait" and p.hint_open:
            self.kind = "hint"
        else:
            self.kind = None

    def open_trade(self) -> None:
        """Open the trade dialog."""
        self.kind = "trade"

    # ----- input -------------------------------------------------------------------------------------
    def on_mouse_motion(self, x: float, y: float, dx: float = 0, dy: float = 0) -> None:
        """Remember the pointer for hover effects."""
        self.mouse = (x, y)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        """A click (left or right) on the open dialog."""
        self.mouse = (x, y)
        self.on_click(x, y, button)

    def on_click(self, x: float, y: float, button: int) -> None:
        """Run the callback of the button under the pointer."""
        for b, fn in self.buttons:
            if b.contains(x, y):
                if b.enabled:
                    fn(button)
                else:
                    self.presenter.notice = b.tooltip
                return

    def on_key(self, symbol: int, modifiers: int) -> bool:
        """Escape closes the trade dialog; returns True if the key was used."""
        if symbol == arcade.key.ESCAPE and self.kind == "trade":
            self.presenter.trade = None
            self.kind = None
            return True
        if self.kind == "hint" and symbol in (arcade.key.ESCAPE, arcade.key.H):
            self.presenter.close_hint()
            self.kind = None
            return True
        if self.kind == "summary" and symbol in (
            arcade.key.ESCAPE, arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE
        ):
            self._close_summary()
            return True
        return False

    def _close_summary(self) -> None:
        """The human has read what the opponents did."""
        self.controller.dismiss_summary()
        self.kind = None

    def click(self, key: str, button: int = arcade.MOUSE_BUTTON_LEFT) -> bool:
        """Press a dialog button by key (for tests and keyboard use); False if there is none."""
        self.draw()
        for b, fn in self.buttons:
            if b.key == key and b.enabled:
                fn(button)
                return True
        return False

    def keys(self) -> list[str]:
        """The keys of the open dialog's buttons (for tests)."""
        self.draw()
        return [b.key for b, _ in self.buttons]

    # ----- drawing -----------------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw the open dialog over the game screen and rebuild its buttons."""
        self.buttons = []
        if self.kind is None:
            return
        arcade.draw_lbwh_rectangle_filled(0, 0, SCREEN.w, WINDOW_H, (0, 0, 0, 120))
        panel(*self.box, fill=(48, 40, 34), edge=GOLD)
        getattr(self, f"_draw_{self.kind}")()
        for b, _ in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse), size=10)
        notice = self.presenter.notice
        self.texts.draw(
            "dlg:notice", notice[:110] if notice else "", self.box[0] + 20, self.box[1] + 14, BAD, 10
        )
        self.texts.flush()
        for b, _ in self.buttons:
            if b.contains(*self.mouse) and b.tooltip:
                tooltip(self.tip_texts, wrap(b.tooltip, 50), *self.mouse, SCREEN.w, WINDOW_H, "dlgtip")
                self.tip_texts.flush()  # a batched cache: its texts appear at the flush

    def _title(self, text: str, sub: str = "") -> None:
        """The dialog's title and subtitle."""
        left, bottom, w, h = self.box
        self.texts.draw("dlg:title", text, left + 20, bottom + h - 36, GOLD, 18, font=SERIF, bold=True)
        self.texts.draw("dlg:sub", sub, left + 20, bottom + h - 60, INK, 11)

    def _add(
        self,
        key: str,
        label: str,
        rect,
        fn: Callable[[int], None],
        enabled: bool = True,
        tip: str = "",
        accent=(150, 52, 44),
    ) -> None:
        """Add a button with its callback."""
        self.buttons.append((Button(key, label, rect, enabled, tip, accent), fn))

    def _draw_discard(self) -> None:
        """Discard down (hand limit or Intrigue): click cards to choose them (again to un-choose, right
        click one less), then confirm; nothing is discarded before the confirmation."""
        p = self.presenter
        st = p.state
        pick = p.discards
        need = pick.needed()
        if st.intrigue is not None and st.intrigue[0] == p.human and st.intrigue[1] > 0:
            self._title("Intrigue: discard cards", f"Choose {need} card(s) to discard, then confirm.")
        elif st.discard_queue:
            held, limit = sum(st.hands[p.human]), st.discard_queue[0][1]
            self._title("Discard down", f"You hold {held} cards; the limit is {limit}. "
                        f"Choose {need} card(s) to discard, then confirm.")
        self._card_grid(lambda card: lambda b: pick.toggle(card, remove=b == arcade.MOUSE_BUTTON_RIGHT), "disc")
        left, bottom, w, _h = self.box
        chosen = ", ".join(f"{c.title} x{pick.chosen(c)}" if pick.chosen(c) > 1 else c.title
                           for c in sorted(set(pick.cards)))
        self.texts.draw("dlg:disc:chosen", f"To discard: {chosen or 'nothing yet'}", left + 20, bottom + 84, GOLD, 11)
        problem = pick.problem()
        self._add("disc:confirm", f"Discard {len(pick.cards)} of {need}", (left + w - 250, bottom + 30, 220, 40),
                  lambda _b: pick.confirm(), problem is None, problem or "Discard the chosen cards.")

    def _draw_hint(self) -> None:
        """"What would the AI do?": the search's choice and the options it weighed, each with the worlds
        it was played in and the chance of winning the search sees after it."""
        p = self.presenter
        hinter = self.controller.hinter
        version = p.session.version
        left, bottom, w, h = self.box
        hint = None if hinter is None else hinter.result(version)
        label = "" if hinter is None else hinter.label
        rows: list[tuple[str, str, float | None, bool]] = []
        if hint is None:
            if hinter is not None and hinter.error:
                sub = f"The search failed: {hinter.error}"
            else:
                sub = f"Thinking with {label}, on what you can see..."
        else:
            sub = (f"{label}: {hint.iterations} sampled worlds in {hint.seconds:.1f} s. It would: "
                   f"{hint.choice_text}.")
            for o in hint.options[:7]:
                chance = "dropped early" if o.chance is None else f"{o.chance:.0%} to win"
                rows.append((o.text, f"{chance}   ({o.visits} worlds)", o.chance, o.action == hint.choice))
            if not hint.options:
                rows.append((hint.choice_text, "the only sensible option it sees (nothing to weigh)", None, True))
        self._title("What would the AI do?", sub[:140])
        for i in range(7):
            y = bottom + h - 100 - 22 * i
            text, figure, chance, chosen = rows[i] if i < len(rows) else ("", "", None, False)
            mark = "> " if chosen else "   "
            self.texts.draw(f"dlg:hint{i}", (mark + text)[:80], left + 20, y, GOLD if chosen else INK, 11,
                            bold=chosen)
            self.texts.draw(f"dlg:hintv{i}", figure, left + w - 330, y, DIM, 10)
            if chance is not None:
                arcade.draw_lbwh_rectangle_filled(left + w - 110, y - 1, 90 * chance, 10, GOLD if chosen else DIM)
                arcade.draw_lbwh_rectangle_outline(left + w - 110, y - 1, 90, 10, (120, 100, 70), 1)
        self._add("hint:play", "Play its choice", (left + w - 420, bottom + 30, 180, 40), lambda _b: p.play_hint(),
                  hint is not None, "Play the move the search chose." if hint else "Still searching.")
        self._add("hint:close", "Close (H, Esc)", (left + w - 230, bottom + 30, 200, 40),
                  lambda _b: self._close_hint(), accent=(84, 70, 58))

    def _close_hint(self) -> None:
        """Close the hint dialog."""
        self.presenter.close_hint()
        self.kind = None

    def _card_grid(self, make_fn, prefix: str) -> None:
        """The human's hand as clickable cards (the ones chosen for a discard framed, with their count)."""
        p = self.presenter
        left, bottom, w, h = self.box
        cw, ch = 84, 116
        x, y = left + 24, bottom + h - 90 - ch
        for cv in p.hand_view():
            rect = (x, y, cw, ch)
            self.buttons.append(
                (Button(f"{prefix}:{cv.card.code}", "", rect, True, cv.note, hidden=True), make_fn(cv.card))
            )
            n = p.discards.chosen(cv.card) if prefix == "disc" else 0
            if n:
                arcade.draw_lbwh_rectangle_filled(x - 4, y - 4, cw + 8, ch + 8, BAD)
            arcade.draw_texture_rect(textures.card(cv.card), arcade.LBWH(*rect))
            footer = f"{cv.card.code}  F{cv.card.force}  x{cv.count}" + (f"  -{n}" if n else "")
            card_labels(self.texts, f"dlg:{prefix}:{cv.card.code}", cv.card, footer, rect)
            x += cw + 10
            if x + cw > left + w - 20:
                x = left + 24
                y -= ch + 12

    def _draw_intrigue(self) -> None:
        """Intrigue: lose 3 honor or 3 cards."""
        p = self.presenter
        st = p.state
        self._title(
            "Intrigue!",
            f"{seat_label(st.turn_player, p.session.human)} plays Intrigue against you. "
            f"You have {st.honor[p.human]} honor and {sum(st.hands[p.human])} cards.",
        )
        left, bottom, w, h = self.box
        for i, opt in enumerate(p.intrigue_options()):
            rect = (left + 40 + i * 260, bottom + h / 2 - 20, 230, 44)
            self._add(
                f"intrigue:{opt.key}",
                opt.label,
                rect,
                (lambda _b, c=opt.key == "cards": p.answer_intrigue(c)),
                opt.enabled,
                opt.tooltip,
            )

    def _draw_support(self) -> None:
        """The support module: pay for supporters next to the defended square, one battle card each."""
        from japanese_swords.actions import Support

        p = self.presenter
        st = p.state
        self._title(
            "Support the battle?",
            f"Each of your armies next to the defended square may support for 1 gold: one more battle card "
            f"each; if you win they earn 2 gold back. You have {st.gold[p.human]} gold.",
        )
        left, bottom, w, h = self.box
        choices = [a for a in p.legal() if isinstance(a, Support)]
        for i, a in enumerate(choices):
            label = "No support" if not a.count else f"{a.count} supporter{'s' if a.count > 1 else ''}"
            self._add(
                f"support:{a.count}",
                label,
                (left + 40 + i * 190, bottom + h / 2 - 20, 170, 44),
                (lambda _b, act=a: p.submit(act)),
            )

    def _draw_reply(self) -> None:
        """A trade offered to the human: accept or decline."""
        p = self.presenter
        st = p.state
        offer = st.offer
        human = p.session.human
        who = seat_label(st.turn_player, human)
        self._title(f"{who} offers you a trade", "Accept or decline: nothing changes hands unless you accept.")
        left, bottom, w, h = self.box
        if offer is not None:
            columns = ((f"{who} gives you", offer.give), (f"You give {who}", offer.get))
            for c, (header, bundle) in enumerate(columns):
                x = left + 20 + c * (w / 2)
                self.texts.draw(f"dlg:reply:h{c}", header, x, bottom + h - 92, GOLD, 13, bold=True)
                items = bundle_lines(bundle)
                for i in range(6):
                    text = items[i] if i < len(items) else ""
                    self.texts.draw(f"dlg:reply:{c}:{i}", text, x + 10, bottom + h - 114 - 17 * i, INK, 11)
            promise = f'Promise: "{offer.promise}"' if offer.promise else ""
            self.texts.draw("dlg:reply:promise", promise, left + 20, bottom + 112, DIM, 11)
        from japanese_swords.actions import Accept, Decline

        why = st.why_illegal(Accept())
        self._add(
            "reply:accept",
            "Accept",
            (self.box[0] + 40, self.box[1] + 60, 200, 40),
            lambda _b: p.submit(Accept()),
            why is None,
            why or "",
        )
        self._add(
            "reply:decline",
            "Decline",
            (self.box[0] + 280, self.box[1] + 60, 200, 40),
            lambda _b: p.submit(Decline()),
        )

    def _draw_summary(self) -> None:
        """What each opponent did while the human waited, side by side, on one screen."""
        summary = self.controller.summary or []
        human = self.presenter.session.human
        self._title("While you waited", "What your opponents did since your last action.")
        left, bottom, w, h = self.box
        n = max(1, len(summary))
        col_w = (w - 40) / n
        chars = max(24, int(col_w / 7.2))
        for i, entry in enumerate(summary):
            x = left + 20 + i * col_w
            y = bottom + h - 96
            colour = PLAYER_LIGHT[entry.seat]
            self.texts.draw(f"dlg:sum{i}:name", entry.name, x, y, colour, 15, bold=True, font=SERIF)
            changes = entry.changes()  # only what changed: a refused trade changes nothing
            stats = "no change in honor, gold, armies or cards" if changes == "no change" else changes
            for k, line in enumerate(wrap(stats, chars)[:2]):
                self.texts.draw(f"dlg:sum{i}:st{k}", line, x, y - 24 - 17 * k, GOLD, 11)
            rows: list[str] = []
            for event in entry.events:
                rows += wrap(event, chars)
            if entry.hidden:
                rows.append(f"... and {entry.hidden} more in the log")
            if not entry.events:
                rows.append("Nothing but routine: phases ended.")
            room = int((y - 70 - (bottom + 84)) // 17) + 1  # rows above the Continue button
            if len(rows) > room:
                rows = rows[: room - 1] + ["... more in the game log"]
            for k, text in enumerate(rows):
                self.texts.draw(f"dlg:sum{i}:ev{k}", text, x, y - 70 - 17 * k, INK, 10.5)
        _ = human
        self._add(
            "summary:ok",
            "Continue (Enter)",
            (left + w / 2 - 110, bottom + 30, 220, 40),
            lambda _b: self._close_summary(),
        )

    def _draw_trade(self) -> None:
        """The human's trade offer: target, both sides' gold, honor, cards, armies, keeps."""
        p = self.presenter
        t = p.trade
        if t is None:
            self.kind = None
            return
        st = p.state
        human = p.session.human
        me = p.human
        left, bottom, w, h = self.box
        texts = self.texts
        self._title("Offer a trade", "Left click adds, right click removes. The other side answers at once.")
        # target
        x = left + 20
        texts.draw("dlg:to", "To:", x, bottom + h - 92, INK, 12)
        x += 34
        for seat in range(st.num_players):
            if seat == me or not st.alive[seat]:
                continue
            accent = (150, 52, 44) if seat == t.to else (84, 70, 58)
            self._add(
                f"trade:to:{seat}",
                seat_label(seat, human),
                (x, bottom + h - 100, 110, 26),
                (lambda _b, s=seat: self._set_target(s)),
                accent=accent,
            )
            x += 118
        col_w = (w - 60) / 2
        for side, col_x, owner in (("give", left + 20, me), ("get", left + 40 + col_w, t.to)):
            header = "You give" if side == "give" else f"{seat_label(t.to, human)} gives"
            y = bottom + h - 130
            texts.draw(f"dlg:{side}:h", header, col_x, y, GOLD, 13, bold=True)
            y -= 30
            for what in ("gold", "honor"):
                value = getattr(t, f"{side}_{what}")
                texts.draw(f"dlg:{side}:{what}", f"{what.title()}: {value}", col_x, y + 6, INK, 11)
                self._add(
                    f"trade:{side}:{what}:-",
                    "-",
                    (col_x + 110, y, 28, 24),
                    (lambda _b, s=side, k=what: self._bump(s, k, -1)),
                    accent=(84, 70, 58),
                )
                self._add(
                    f"trade:{side}:{what}:+",
                    "+",
                    (col_x + 144, y, 28, 24),
                    (lambda _b, s=side, k=what: self._bump(s, k, 1)),
                    accent=(84, 70, 58),
                )
                y -= 30
            texts.draw(f"dlg:{side}:cards", "Cards:", col_x, y + 6, INK, 11)
            cards = [Card(i) for i, n in enumerate(st.hands[me]) if n] if side == "give" else list(CARD_TYPES)
            chosen = getattr(t, f"{side}_cards")
            cx, cy = col_x + 60, y
            for card in cards:
                n = chosen.count(card)
                label = f"{card.title}{' x' + str(n) if n else ''}"
                held = f" (you hold {st.hands[me][card]})" if side == "give" else ""
                self._add(
                    f"trade:{side}:card:{card.code}",
                    label,
                    (cx, cy, 124, 22),
                    (lambda b, s=side, c=card: self._toggle_card(s, c, b)),
                    accent=(150, 52, 44) if n else (84, 70, 58),
                    tip=f"{card.title}{held}: left click adds one, right click removes one.",
                )
                cx += 128
                if cx + 124 > col_x + col_w:
                    cx, cy = col_x + 60, cy - 26
            y = cy - 34
            armies = sorted(
                a.square
                for _, a in st.armies_of(owner)
                if st.game.board.terrain[a.square] != Terrain.FORTRESS
            )
            keeps = [sq for sq in st.game.board.keeps() if st.control[sq] == owner]
            rows = (("Armies:", "armies", "army", armies), ("Keeps:", "keeps", "keep", keeps))
            for label, kind, one, squares in rows:
                texts.draw(f"dlg:{side}:{kind}", label, col_x, y + 6, INK, 11)
                bx = col_x + 60
                for sq in squares[:8]:
                    on = sq in getattr(t, f"{side}_{kind}")
                    self._add(
                        f"trade:{side}:{one}:{square_name(sq)}",
                        square_name(sq),
                        (bx, y, 44, 22),
                        (lambda _b, s=side, k=kind, q=sq: self._toggle(s, k, q)),
                        accent=(150, 52, 44) if on else (84, 70, 58),
                    )
                    bx += 48
                y -= 30
            y += 30
        problem = p.trade_problem()
        texts.draw(
            "dlg:problem",
            (problem or "Ready to send.")[:100],
            left + 20,
            bottom + 44,
            BAD if problem else PLAYER_LIGHT[3],
            11,
        )
        self._add(
            "trade:send",
            "Send offer",
            (left + w - 300, bottom + 30, 130, 34),
            lambda _b: p.send_trade(),
            problem is None,
            problem or "Send the offer.",
        )
        self._add(
            "trade:cancel",
            "Cancel",
            (left + w - 160, bottom + 30, 130, 34),
            lambda _b: self._cancel_trade(),
            accent=(84, 70, 58),
        )
        _ = DIM, inside

    # ----- trade draft edits -----------------------------------------------------------------------------
    def _set_target(self, seat: int) -> None:
        """Offer to another player (their armies and keeps are cleared)."""
        t = self.presenter.trade
        if t is not None and t.to != seat:
            t.to = seat
            t.get_armies.clear()
            t.get_keeps.clear()

    def _bump(self, side: str, what: str, delta: int) -> None:
        """Change gold or honor on one side of the offer."""
        t = self.presenter.trade
        if t is not None:
            attr = f"{side}_{what}"
            setattr(t, attr, max(0, getattr(t, attr) + delta))

    def _toggle_card(self, side: str, card: Card, button: int) -> None:
        """Add a card to one side of the offer (right click removes one)."""
        t = self.presenter.trade
        if t is None:
            return
        chosen = getattr(t, f"{side}_cards")
        if button == arcade.MOUSE_BUTTON_RIGHT:
            if card in chosen:
                chosen.remove(card)
        else:
            chosen.append(card)

    def _toggle(self, side: str, what: str, square: int) -> None:
        """Add or remove an army or keep on one side of the offer."""
        t = self.presenter.trade
        if t is None:
            return
        items = getattr(t, f"{side}_{what}")
        if square in items:
            items.remove(square)
        else:
            items.append(square)

    def _cancel_trade(self) -> None:
        """Drop the draft offer and close the dialog."""
        self.presenter.trade = None
        self.presenter.notice = ""
        self.kind = None
