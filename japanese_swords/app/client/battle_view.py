"""The battle screen: both armies with their bonuses, the secret card choice, and the reveal.

Pick mode (the human must commit): click hand cards to add them (right click removes), with the limits,
the running force total and the estimated odds shown live; Commit sends the pick. Reveal mode: both
sides' cards turn over one by one, then the force breakdown (cards, Ninja kills, experience, terrain),
the winner, honor changes and experience gained. The AI keeps thinking on its thread meanwhile.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import arcade

from japanese_swords.actions import Commit
from japanese_swords.board import Terrain, square_name
from japanese_swords.cards import Card
from japanese_swords.core import BattleReport

from . import textures
from .controller import Controller
from .odds import Odds, chances
from .presenter import Presenter
from .theme import (
    BAD,
    BG,
    DIM,
    GOLD,
    GOOD,
    INK,
    PLAYER_LIGHT,
    SCREEN,
    SERIF,
    SPEEDS,
    WINDOW_H,
    possessive,
    seat_label,
    verb,
)
from .widgets import Button, TextCache, card_labels, fit_size, inside, panel, tooltip, wrap, wrap_width

if TYPE_CHECKING:
    from .navigation import GameHost

CW, CH = 84, 116
FLIP = 0.35  # seconds per revealed card at normal speed


class BattleView(arcade.View):
    """Shown while the human fights a battle, and for the reveal of any battle worth watching."""

    def __init__(self, context: GameHost, controller: Controller, presenter: Presenter | None = None) -> None:
        super().__init__()
        self.context = context
        self.controller = controller
        self.texts = TextCache()
        self.mouse = (0.0, 0.0)
        self.elapsed = 0.0
        self.reveal_t = 0.0
        self.buttons: list[Button] = []
        self._odds: Odds | None = None
        self._odds_key: tuple | None = None
        self._hand_rects: list[tuple[Card, tuple[float, float, float, float]]] = []
        self._pick_rects: list[tuple[Card, tuple[float, float, float, float]]] = []
        self._report: BattleReport | None = None
        self.presenter = presenter  # the game screen's (its battle pick); None only without a game screen
        self._sides = self._battle_sides()

    @property
    def session(self):
        """The game being played."""
        return self.controller.session

    def on_show_view(self) -> None:
        """Set the background when the screen is shown."""
        self.window.background_color = BG

    def _battle_sides(self) -> dict | None:
        """Who fights where (from the pending battle, or the report being revealed)."""
        st = self.session.state
        b = st.battle
        if b is not None:
            att, dfn = st.armies[b.attacker], st.armies[b.defender]
            return {
                "att_seat": b.attacker_seat,
                "def_seat": b.defender_seat,
                "att_sq": att.square,
                "def_sq": dfn.square,
                "att_xp": att.experience,
                "def_xp": dfn.experience,
                "terrain": st.game.board.terrain[dfn.square],
            }
        r = self.controller.reveal
        if r is not None:
            return {
                "att_seat": r.attacker_seat,
                "def_seat": r.defender_seat,
                "att_sq": r.attacker_square,
                "def_sq": r.defender_square,
                "att_xp": r.attacker_experience,
                "def_xp": r.defender_experience,
                "terrain": st.game.board.terrain[r.defender_square],
            }
        return None

    # ----- mode ---------------------------------------------------------------------------------------
    def mode(self) -> str:
        """'reveal', 'pick' (the human commits), 'wait' (battle pending) or 'done'."""
        if self.controller.reveal is not None:
            return "reveal"
        if self.presenter is not None and self.presenter.my_decision() == "commit":
            return "pick"
        if self.session.state.battle is not None:
            return "wait"
        return "done"

    def on_update(self, delta_time: float) -> None:
        """Advance the game (and this screen) by one frame."""
        self.elapsed += delta_time
        self.controller.update(delta_time)
        if self.controller.handover is not None:  # hot seat: the other human commits unseen
            if self.presenter is not None:
                self.presenter.pick = []
            self.context.show_handover()
            return
        m = self.mode()
        if m == "reveal":
            if self._report is not self.controller.reveal:
                self._report = self.controller.reveal
                self.reveal_t = 0.0
            self.reveal_t += delta_time
        elif m == "done":
            self.context.show_game()
            return
        sides = self._battle_sides()
        if sides is not None:
            self._sides = sides

    def reveal_duration(self) -> float:
        """Seconds the card-by-card reveal takes at the current speed."""
        r = self.controller.reveal
        if r is None:
            return 0.0
        n = len(r.attacker_cards) + len(r.defender_cards)
        return self._flip() * (n + 3)

    def _flip(self) -> float:
        """Seconds per revealed card at the current speed."""
        speed = SPEEDS[self.controller.speed][1]
        return FLIP * (speed / SPEEDS[1][1]) if speed > 0 else 0.05

    def finish_reveal(self) -> None:
        """Continue after the reveal (button, click or key)."""
        if self.controller.reveal is not None:
            if self.reveal_t < self.reveal_duration():
                self.reveal_t = self.reveal_duration()  # first press: show everything
                return
            self.controller.ack_reveal()

    # ----- drawing ------------------------------------------------------------------------------------
    def frame_key(self) -> tuple:
        """Everything the frame shows (the window skips drawing while it repeats; input always redraws):
        the game and the pick, the reveal's step, and a 10 fps tick only while the wait spinner turns."""
        c = self.controller
        m = self.mode()
        p = self.presenter
        step = None
        if m == "reveal":
            flip = self._flip()
            shown = int(self.reveal_t / flip) if flip > 0 else 99
            step = (id(c.reveal), shown, self.reveal_t >= self.reveal_duration())
        tick = int(self.elapsed * 10) if m not in ("pick", "reveal") else None
        return (
            m,
            self.session.version,
            step,
            tick,
            c.thinking,
            c.speed,
            None if p is None else (tuple(p.pick), p.notice, p.hint_key(self.elapsed)),
            self.mouse,
            SCREEN.scale,
            tuple(self.window.get_framebuffer_size()),
        )

    def on_draw(self) -> None:
        """Draw the screen."""
        self.clear()
        self.buttons = []
        sides = self._sides
        if sides is None:
            return
        t = sides["terrain"]
        self.texts.draw(
            "title",
            f"Battle at {square_name(sides['def_sq'])}",
            SCREEN.w / 2,
            WINDOW_H - 44,
            GOLD,
            26,
            anchor_x="center",
            font=SERIF,
            bold=True,
        )
        self.texts.draw(
            "terrain",
            f"{t.title} - defender {t.defense:+d} force",
            SCREEN.w / 2,
            WINDOW_H - 70,
            INK,
            12,
            anchor_x="center",
        )
        self._draw_side("att", sides["att_seat"], sides["att_xp"], 0, "Attacker", 40)
        self._draw_side("def", sides["def_seat"], sides["def_xp"], t.defense, "Defender", SCREEN.w - 360)
        # terrain picture between them
        arcade.draw_texture_rect(textures.terrain(t, 0), arcade.XYWH(SCREEN.w / 2, WINDOW_H - 150, 96, 96))
        if t.title in ("Fortress", "Keep"):
            arcade.draw_texture_rect(
                textures.castle(t, self.session.state.control[sides["def_sq"]]),
                arcade.XYWH(SCREEN.w / 2, WINDOW_H - 150, 96, 96),
            )
        self.texts.draw("vs", "vs", SCREEN.w / 2, WINDOW_H - 222, DIM, 16, anchor_x="center", font=SERIF)
        m = self.mode()
        if m == "reveal":
            self._draw_reveal()
        elif m == "pick":
            self._draw_pick()
        else:
            self._draw_wait()
        self._draw_lesson()
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse))
        for b in self.buttons:
            if b.contains(*self.mouse) and b.tooltip:
                tooltip(self.texts, wrap(b.tooltip, 50), *self.mouse, SCREEN.w, WINDOW_H)

    def _draw_lesson(self) -> None:
        """The tutorial's step, in a box at the bottom left of the screen (nothing outside the tutorial)."""
        lesson = self.controller.gate
        lines = wrap_width(lesson.text(), 560, 11)[:4] if lesson is not None and hasattr(lesson, "text") else []
        if lines:
            panel(30, 14, 600, 30 + 17 * len(lines), fill=(70, 58, 30), edge=GOLD)
            self.texts.draw("lesson:t", lesson.title(), 42, 24 + 17 * len(lines), GOLD, 11, bold=True)
        for i in range(4):
            self.texts.draw(f"lesson{i}", lines[i] if i < len(lines) else "", 42, 6 + 17 * (len(lines) - i), INK, 11)

    def _draw_side(self, key: str, seat: int, xp: int, terrain: int, role: str, left: float) -> None:
        """One army's panel: owner, experience, terrain bonus, commitment status."""
        human = self.session.human
        panel(left, WINDOW_H - 230, 320, 140, fill=(48, 40, 34))
        arcade.draw_texture_rect(textures.counter(seat), arcade.XYWH(left + 55, WINDOW_H - 160, 80, 80))
        self.texts.draw(
            f"{key}:name",
            seat_label(seat, human),
            left + 110,
            WINDOW_H - 142,
            PLAYER_LIGHT[seat],
            18,
            bold=True,
        )
        self.texts.draw(f"{key}:xp", f"Experience +{xp}", left + 110, WINDOW_H - 166, INK, 12)
        self.texts.draw(
            f"{key}:ter",
            f"Terrain {terrain:+d}" if key == "def" else "No terrain bonus",
            left + 110,
            WINDOW_H - 186,
            INK,
            12,
        )
        hand, status = side_status(self.session.state, key, seat)
        if hand:
            role = f"{role} ({hand})"
        room = 320 - 110 - 8  # the panel's width right of the counter: texts shrink to fit it
        self.texts.draw(f"{key}:role", role, left + 110, WINDOW_H - 118, DIM, fit_size(role, room, 11))
        self.texts.draw(f"{key}:status", status, left + 110, WINDOW_H - 208, GOLD, fit_size(status, room, 11))

    def _draw_wait(self) -> None:
        """The opponent is choosing (or cards are being dealt): a spinner."""
        c = self.controller
        seat = c.thinking
        who = seat_label(seat, self.session.human) if seat is not None else "..."
        text = (
            f"{who} is choosing cards... {c.think_time():.1f} s"
            if seat is not None
            else "Drawing battle cards..."
        )
        self.texts.draw("wait", text, SCREEN.w / 2, WINDOW_H / 2 - 40, INK, 16, anchor_x="center")
        for k in range(8):
            a = self.elapsed * 5 + k * math.pi / 4
            arcade.draw_circle_filled(
                SCREEN.w / 2 + 16 * math.cos(a),
                WINDOW_H / 2 + 10 + 16 * math.sin(a),
                4,
                (*GOLD, int(60 + 195 * k / 7)),
            )

    def _draw_pick(self) -> None:
        """The human's commitment, limits, force total, odds and the hand to pick from."""
        p = self.presenter
        st = self.session.state
        sides = self._sides
        me = p.human
        attacking = sides["att_seat"] == me
        # pick row
        self.texts.draw(
            "pick:h",
            "Your commitment (click a card to take it back)",
            40,
            WINDOW_H - 262,
            GOLD,
            13,
            bold=True,
        )
        self._pick_rects = []
        for i, card in enumerate(p.pick):
            rect = (40 + i * (CW + 8), WINDOW_H - 392, CW, CH)
            self._pick_rects.append((card, rect))
            self._card(card, rect, f"pick{i}")
        if not p.pick:
            self.texts.draw("pick:empty", "No cards chosen yet.", 40, WINDOW_H - 330, DIM, 12)
        # limits, force, odds
        lim = p.battle_limits()
        parts = [f"{name} {have}/{cap}" for name, (have, cap) in lim.items()]
        self.texts.draw("limits", "Limits: " + "   ".join(parts), 700, WINDOW_H - 290, INK, 12)
        xp = sides["att_xp"] if attacking else sides["def_xp"]
        ter = 0 if attacking else sides["terrain"].defense
        force = p.pick_force()
        total = force + xp + ter
        ninja_note = "" if Card.DAIMYO not in p.pick else "  (a Ninja against you would cancel your Daimyo)"
        self.texts.draw(
            "force",
            f"Your force: cards {force} + experience {xp}"
            + (f" + terrain {ter:+d}" if not attacking else "")
            + f" = {total}",
            700,
            WINDOW_H - 316,
            GOLD,
            13,
            bold=True,
        )
        self.texts.draw("ninja", ninja_note, 700, WINDOW_H - 336, DIM, 10)
        odds = self._current_odds()
        if odds is not None:
            text = f"Estimated win chance: {odds.win:.0%}" + ("" if p.pick else " with your strongest cards")
            if odds.void:
                text += f"   (Diplomacy voids {odds.void:.0%})"
            colour = GOOD if odds.win >= 0.6 else BAD if odds.win < 0.4 else GOLD
            self.texts.draw("odds", text, 700, WINDOW_H - 362, colour, 14, bold=True)
            basis = (
                "vs. their face-down cards, dealt at random from the unseen cards"
                if not attacking
                else "vs. their strongest reply from a random hand of the unseen cards"
            )
            self.texts.draw("oddsbasis", basis, 700, WINDOW_H - 380, DIM, 9)
        else:
            self.texts.draw("odds", "", 700, WINDOW_H - 362, DIM, 12)
            self.texts.draw("oddsbasis", "", 700, WINDOW_H - 380, DIM, 9)
        problem = p.commit_problem()
        self.buttons.append(
            Button(
                "commit",
                f"Commit {len(p.pick)} card(s)",
                (700, WINDOW_H - 440, 180, 40),
                problem is None,
                problem or "Reveal happens when both sides have committed.",
            )
        )
        self.buttons.append(
            Button(
                "clear",
                "Clear",
                (892, WINDOW_H - 440, 100, 40),
                bool(p.pick),
                "Take back every chosen card.",
                accent=(84, 70, 58),
            )
        )
        self._draw_hint()
        self.texts.draw("notice", p.notice[:100] if p.notice else "", 40, WINDOW_H - 420, BAD, 11)
        # hand
        self.texts.draw(
            "hand:h", "Your hand (click to add, right click to remove)", 40, 250, GOLD, 13, bold=True
        )
        self._hand_rects = []
        x = 40
        remaining = list(st.hands[me])
        for c in p.pick:
            remaining[c] -= 1
        for i, n in enumerate(st.hands[me]):
            if not n:
                continue
            card = Card(i)
            rect = (x, 110, CW, CH)
            self._hand_rects.append((card, rect))
            self._card(card, rect, f"hand{i}", count=remaining[i], dim=remaining[i] == 0)
            x += CW + 8 if len(self._hand_rects) < 13 else 0
        for card, rect in self._hand_rects:
            if inside(*self.mouse, rect):
                tip = [card.title, f"Force {card.force}"] + wrap(_effect(card), 46)
                tooltip(self.texts, tip, *self.mouse, SCREEN.w, WINDOW_H, "cardtip")

    def _draw_hint(self) -> None:
        """The Hint button and, once asked, the commitment the opponents' search would make and the others
        it weighed, with their chances (the game screen's hint, for the battle's commitment)."""
        p = self.presenter
        hinter = self.controller.hinter
        lines = ["", "", ""]
        if hinter is not None:
            self.buttons.append(Button("hint", "Hint (H)", (1004, WINDOW_H - 440, 110, 40), True,
                                       "What would the AI commit? The opponents' search weighs your options."))
            hint = hinter.result(self.session.version) if p.hint_open else None
            if p.hint_open and hint is None:
                lines[0] = f"Searching... {hinter.error}" if hinter.error else "The AI is weighing your commitment..."
            elif hint is not None:
                best = next((o for o in hint.options if o.action == hint.choice), None)
                odds = "" if best is None or best.chance is None else \
                    f" ({best.chance:.0%} to win, {best.visits} worlds)"
                lines[0] = f"The AI would: {hint.choice_text}{odds}"
                others = [f"{o.text[7:]} {o.chance:.0%}" for o in hint.options
                          if o.action != hint.choice and o.chance is not None][:3]
                lines[1] = ("It also weighed: " + "; ".join(others)) if others else ""
                self.buttons.append(Button("hint:use", "Use its pick", (1124, WINDOW_H - 440, 130, 40), True,
                                           "Put the AI's commitment in your pick (you still commit)."))
        for i, line in enumerate(lines):
            self.texts.draw(f"hint{i}", line[:110], 700, WINDOW_H - 466 - 16 * i, GOLD if i == 0 else DIM, 11 - (i > 0))

    def _current_odds(self) -> Odds | None:
        """The win estimate for the current pick (recomputed only when it changes)."""
        p = self.presenter
        key = (tuple(sorted(p.pick)), self.session.version)
        if key != self._odds_key:
            self._odds_key = key
            obs = self.session.observation(p.human)
            rng = random.Random(f"odds:{self.session.seed}:{len(self.session.record.actions)}")
            self._odds = chances(obs, rng, samples=150, pick=tuple(p.pick) if p.pick else None)
        return self._odds

    def _card(
        self, card: Card, rect, key: str, count: int | None = None, dim: bool = False, face_down: bool = False
    ) -> None:
        """One card face (or back) with its name and force."""
        left, bottom, w, h = rect
        if face_down:
            arcade.draw_texture_rect(textures.card_back(), arcade.LBWH(*rect))
            return
        arcade.draw_texture_rect(textures.card(card), arcade.LBWH(*rect), alpha=90 if dim else 255)
        card_labels(self.texts, key, card, f"{card.code}  force {card.force}", rect)
        if count is not None:
            arcade.draw_circle_filled(left + w - 12, bottom + h - 34, 11, (150, 52, 44))
            self.texts.draw(
                f"{key}:c",
                str(count),
                left + w - 12,
                bottom + h - 34,
                INK,
                10,
                anchor_x="center",
                anchor_y="center",
                bold=True,
            )

    def _draw_reveal(self) -> None:
        """Both commitments turning over, then the breakdown and the result."""
        r = self.controller.reveal
        assert r is not None
        human = self.session.human
        flip = self._flip()
        shown = int(self.reveal_t / flip) if flip > 0 else 99
        rows = ((r.attacker_cards, WINDOW_H - 400, "att"), (r.defender_cards, WINDOW_H - 560, "def"))
        k = 0
        for cards, y, key in rows:
            total = r.attacker_force if key == "att" else r.defender_force
            row_done = k + len(cards) <= shown
            self.texts.draw(
                f"rv:{key}:total",
                str(total) if row_done else "?",
                40 + 7 * (CW + 8) + 8,
                y + CH / 2,
                GOLD if row_done else DIM,
                40,
                anchor_y="center",
                font=SERIF,
                bold=True,
            )
            who = seat_label(r.attacker_seat if key == "att" else r.defender_seat, human)
            self.texts.draw(f"rv:{key}", who, 40, y + CH + 8, GOLD, 12, bold=True)
            if not cards:
                self.texts.draw(f"rv:{key}:none", "no cards", 40, y + CH / 2, DIM, 12)
            for i, card in enumerate(cards):
                rect = (40 + i * (CW + 8), y, CW, CH)
                self._card(card, rect, f"rv:{key}{i}", face_down=k >= shown)
                k += 1
        n = len(r.attacker_cards) + len(r.defender_cards)
        x0 = 800
        if shown >= n + 1:
            for i, line in enumerate(_breakdown(r, human)):
                self.texts.draw(f"bd{i}", line, x0, WINDOW_H - 290 - 22 * i, INK, 11)
        if shown >= n + 2:
            if r.winner is None:
                banner, colour = "Diplomacy: nobody wins", GOLD
            else:
                w = seat_label(r.winner, human)
                banner = "You win the battle!" if w == "You" else f"{w} wins the battle"
                colour = (
                    GOOD
                    if r.winner == human
                    else BAD
                    if human in (r.attacker_seat, r.defender_seat)
                    else GOLD
                )
            self.texts.draw("banner", banner, x0, WINDOW_H - 470, colour, 22, font=SERIF, bold=True)
            lines = _aftermath(r, human, self.session.game.board)
            for i, line in enumerate(lines):
                self.texts.draw(f"after{i}", line, x0, WINDOW_H - 500 - 20 * i, INK, 11)
        done = self.reveal_t >= self.reveal_duration()
        self.buttons.append(
            Button("continue", "Continue" if done else "Show all", (x0, 60, 180, 40), True, "Space / Enter")
        )

    # ----- input --------------------------------------------------------------------------------------
    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> None:
        """Remember the pointer for hover effects."""
        self.mouse = (x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        """Handle a click."""
        self.mouse = (x, y)
        for b in self.buttons:
            if b.contains(x, y):
                if b.enabled:
                    self.press(b.key)
                elif self.presenter is not None:
                    self.presenter.notice = b.tooltip
                return
        if self.mode() != "pick":
            return
        for card, rect in self._pick_rects:
            if inside(x, y, rect):
                self.presenter.toggle_pick(card, remove=True)
                return
        for card, rect in self._hand_rects:
            if inside(x, y, rect):
                self.presenter.toggle_pick(card, remove=button == arcade.MOUSE_BUTTON_RIGHT)
                return

    def press(self, key: str) -> None:
        """Buttons: commit, clear, continue."""
        if key == "commit" and self.presenter is not None:
            self.presenter.commit()
        elif key == "clear" and self.presenter is not None:
            self.presenter.pick = []
        elif key == "continue":
            self.finish_reveal()
        elif key == "hint" and self.presenter is not None:
            self.presenter.ask_hint()
        elif key == "hint:use" and self.presenter is not None:
            hinter = self.controller.hinter
            hint = hinter.result(self.session.version) if hinter is not None and self.presenter.hint_open else None
            if hint is not None and isinstance(hint.choice, Commit):
                self.presenter.pick = list(hint.choice.cards)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Keyboard shortcuts."""
        k = arcade.key
        if symbol in (k.SPACE, k.ENTER, k.RETURN):
            if self.mode() == "reveal":
                self.finish_reveal()
            elif self.mode() == "pick" and symbol != k.SPACE:
                self.press("commit")
        elif symbol == k.S:
            self.controller.skip()
            if self.mode() == "reveal":
                self.reveal_t = self.reveal_duration()
        elif symbol == k.F1:
            self.context.show_rules(self)
        elif symbol == k.H and self.mode() == "pick":
            self.press("hint")


def side_status(state, key: str, seat: int) -> tuple[str, str]:
    """Public facts about one side of the pending battle: its hand size and how many cards it has
    committed face down (both are open information); empty strings when there is no battle."""
    b = state.battle
    if b is None:
        return "", ""
    n = sum(state.hands[seat])
    hand = f"{n} card{'s' if n != 1 else ''} in hand"
    committed = b.attacker_cards if key == "att" else b.defender_cards
    status = "" if committed is None else f"committed {len(committed)} card(s) face down"
    return hand, status


def _effect(card: Card) -> str:
    """What a card does, in words."""
    from japanese_swords.cards import EFFECTS

    return EFFECTS[card]


def _breakdown(r: BattleReport, human: int | None) -> list[str]:
    """Force breakdown lines for the reveal."""
    out = []
    for side in ("attacker", "defender"):
        seat = getattr(r, f"{side}_seat")
        cards = getattr(r, f"{side}_cards")
        other = r.defender_cards if side == "attacker" else r.attacker_cards
        raw = sum(c.force for c in cards)
        kills = Card.DAIMYO in cards and Card.NINJA in other
        xp = getattr(r, f"{side}_experience")
        line = f"{seat_label(seat, human)}: cards {raw}"
        if kills:
            line += " - 10 (Ninja kills Daimyo)"
        line += f" + experience {xp}"
        if side == "defender":
            line += f" + terrain {r.terrain_defense:+d}"
        total = r.attacker_force if side == "attacker" else r.defender_force
        out.append(line + f" = {total}")
    out.append("The defender wins ties." if r.attacker_force == r.defender_force else "")
    return out


def _aftermath(r: BattleReport, human: int | None, board) -> list[str]:
    """Honor, experience, a castle changing hands and discard lines after a battle."""
    if r.winner is None:
        return [
            "No army is lost and nobody gains honor or experience.",
            "Both sides discard down to 5 cards.",
        ]
    loser = r.defender_seat if r.winner == r.attacker_seat else r.attacker_seat
    lines = [", ".join(f"{seat_label(s, human)} {d:+d} honor" for s, d in enumerate(r.honor_changes) if d)]
    lost = possessive(loser, human)
    lost = lost.lower() if loser == human else lost
    lines.append(f"{possessive(r.winner, human)} army gains 1 experience; {lost} army is destroyed.")
    lost_square = r.defender_square if loser == r.defender_seat else r.attacker_square
    castle = board.terrain[lost_square]
    if castle in (Terrain.KEEP, Terrain.FORTRESS):
        lines.append(f"{possessive(r.winner, human)} army moves into the {castle.name.lower()} at "
                     f"{square_name(lost_square)} and takes it.")
    for side in ("attacker", "defender"):
        cards = getattr(r, f"{side}_cards")
        seat = getattr(r, f"{side}_seat")
        pen = ["Treachery -7" for c in cards if c == Card.TREACHERY] + [
            "Ninja -1" for c in cards if c == Card.NINJA
        ]
        if pen:
            lines.append(f"{seat_label(seat, human)} {verb(seat, human, 'pay')} honor for {', '.join(pen)}.")
    lines.append("Winner discards down to 8 cards, loser down to 3.")
    return lines
