"""The settings screen: volume and mute, music, AI speed, auto-end of empty phases, the turn summary,
window mode and the guided first turn. Every change applies at once and is saved."""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from .prefs import UI_SCALES
from .theme import BAD, DIM, GOLD, INK, SCREEN, SERIF, SPEEDS, WINDOW_H
from .widgets import Button, ButtonScreen, fit_size, panel, tooltip, wrap

if TYPE_CHECKING:
    from .navigation import GameHost

ON, OFF = (150, 52, 44), (84, 70, 58)


class SettingsView(ButtonScreen, arcade.View):
    """Preferences; Back (Esc) returns to the screen it was opened from."""

    def __init__(self, context: GameHost, back: arcade.View) -> None:
        super().__init__()
        self.context = context
        self.back = back

    def frame_key(self) -> int:
        """Nothing here moves by itself: the window redraws this screen only after input or a resize."""
        return 0

    def on_update(self, delta_time: float) -> None:
        """A game behind this screen keeps running (the AI plays on)."""
        if self.context.controller is not None and hasattr(self.back, "controller"):
            self.context.controller.update(delta_time)

    def sound_note(self) -> str:
        """Why volume and music do nothing here ('' when sound works)."""
        mixer = self.context.mixer
        if mixer is None:
            return "No sound in this mode (headless or demo): volume has no effect."
        if mixer.problem:
            return f"{mixer.problem[0].upper()}{mixer.problem[1:]}: volume has no effect."
        return ""

    def on_draw(self) -> None:
        """Draw the screen."""
        self.clear()
        prefs = self.context.prefs
        cx = SCREEN.w / 2
        left = cx - 330
        self.texts.draw("t", "Settings", cx, WINDOW_H - 90, GOLD, 34, anchor_x="center", font=SERIF, bold=True)
        panel(left - 30, 150, 720, 520, fill=(44, 38, 34))
        self.buttons = []
        rows = [
            ("Volume", [("vol:-", "-", False), ("vol:show", f"{prefs.volume}%", False), ("vol:+", "+", False),
                        ("mute", "Muted" if prefs.muted else "Mute", prefs.muted)]),
            ("Music", [("music:on", "On", prefs.music), ("music:off", "Off", not prefs.music)]),
            ("AI speed", [(f"speed:{i}", name, prefs.ai_speed == i) for i, (name, _s, _p) in enumerate(SPEEDS)]),
            ("Auto-end empty phases", [("auto:on", "On", prefs.auto_end), ("auto:off", "Off", not prefs.auto_end)]),
            ("Opponents' turn summary", [("summary:on", "On", prefs.summary),
                                         ("summary:off", "Off", not prefs.summary)]),
            ("Window", [("window:windowed", "Windowed", not prefs.fullscreen),
                        ("window:fullscreen", "Fullscreen (F11)", prefs.fullscreen)]),
            ("Guided first turn", [("tutorial:on", "Show it", not prefs.tutorial_done),
                                   ("tutorial:off", "Done", prefs.tutorial_done)]),
            ("UI scale (all text)", [(f"scale:{v}", f"{v}%", prefs.ui_scale == v) for v in UI_SCALES]),
        ]
        y = 610
        for i, (label, choices) in enumerate(rows):
            self.texts.draw(f"row{i}", label, left, y + 10, INK, fit_size(label, 240, 14))
            x = left + 250
            for key, text, lit in choices:
                w = 44 if text in "+-" else max(90, 11 * len(text))
                self.buttons.append(Button(key, text, (x, y, w, 32), key != "vol:show", "", accent=ON if lit else OFF))
                x += w + 8
            y -= 54
        note = self.sound_note()  # under the volume row, which it is about
        self.texts.draw("soundnote", note, left + 250, 610 - 18, BAD, fit_size(note, 400, 10, smallest=7))
        self.texts.draw("note", "Settings are saved as you change them.", left, 172, DIM, 11)
        self.buttons.append(Button("back", "Back (Esc)", (cx + 170, 160, 160, 40)))
        for b in self.buttons:
            b.draw(self.texts, b.contains(*self.mouse), size=12)
        for b in self.buttons:
            if b.contains(*self.mouse) and b.tooltip:
                tooltip(self.texts, wrap(b.tooltip, 60), *self.mouse, SCREEN.w, WINDOW_H)

    def press(self, key: str) -> None:
        """Change one preference (or go back)."""
        prefs = self.context.prefs
        kind, _, value = key.partition(":")
        if kind == "back":
            self.window.show_view(self.back)
            return
        if kind == "vol":
            prefs.volume = max(0, min(100, prefs.volume + (10 if value == "+" else -10 if value == "-" else 0)))
        elif kind == "mute":
            prefs.muted = not prefs.muted
        elif kind == "music":
            prefs.music = value == "on"
        elif kind == "speed":
            prefs.ai_speed = int(value)
        elif kind == "auto":
            prefs.auto_end = value == "on"
        elif kind == "summary":
            prefs.summary = value == "on"
        elif kind == "window":
            prefs.fullscreen = value == "fullscreen"
        elif kind == "tutorial":
            prefs.tutorial_done = value == "off"
        elif kind == "scale":
            prefs.ui_scale = int(value)
        self.context.apply_prefs()
        self.context.play("click")

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        """Escape goes back."""
        if symbol == arcade.key.ESCAPE:
            self.press("back")
