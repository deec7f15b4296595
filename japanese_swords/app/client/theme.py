"""Colours, clan names and screen layout shared by every view (plain data, no arcade import)."""

from __future__ import annotations

from japanese_swords.board import SIZE

RGB = tuple[int, int, int]

WINDOW_W, WINDOW_H = 1280, 800  # the design size: layouts are made for a logical screen 800 units high
TITLE = "Japanese Swords"
MAX_ASPECT = 2.4  # wider windows get side bands rather than an ever wider side panel


class Screen:
    """The logical screen every view lays out in: always WINDOW_H (800) units high and at least
    WINDOW_W (1280) wide; a wider window makes it wider (the side panel and dialogs get the room).
    ``scale`` pixels per unit and the offset (ox, oy) map it onto the window."""

    def __init__(self) -> None:
        self.w: float = WINDOW_W
        self.h: float = WINDOW_H
        self.scale = 1.0
        self.ox = 0.0
        self.oy = 0.0
        self.text_scale = 1.0  # the UI scale preference: every text is set this much larger

    def fit(self, width: int, height: int) -> None:
        """Lay the logical screen onto a window of ``width`` x ``height`` pixels."""
        width, height = max(1, width), max(1, height)
        aspect = width / height
        if aspect >= WINDOW_W / WINDOW_H:
            self.h = WINDOW_H
            self.w = round(WINDOW_H * min(aspect, MAX_ASPECT))
            self.scale = height / WINDOW_H
        else:
            self.w, self.h = WINDOW_W, WINDOW_H
            self.scale = width / WINDOW_W
        self.ox = (width - self.w * self.scale) / 2
        self.oy = (height - self.h * self.scale) / 2

    @property
    def panel_w(self) -> float:
        """Width of the game screen's side panel."""
        return self.w - PANEL_X - 10

    def to_logical(self, x: float, y: float) -> tuple[float, float]:
        """Window pixels to logical units."""
        return (x - self.ox) / self.scale, (y - self.oy) / self.scale

    def to_pixels(self, x: float, y: float) -> tuple[float, float]:
        """Logical units to window pixels."""
        return self.ox + x * self.scale, self.oy + y * self.scale

    def pixel_rect(self, rect: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
        """A logical (left, bottom, width, height) rectangle in whole window pixels."""
        left, bottom = self.to_pixels(rect[0], rect[1])
        return round(left), round(bottom), max(1, round(rect[2] * self.scale)), max(1, round(rect[3] * self.scale))


SCREEN = Screen()

# Board: 10x10 squares of CELL pixels, bottom-left corner at (BOARD_X, BOARD_Y).
CELL = 62
BOARD_X, BOARD_Y = 34, 158
BOARD_PX = CELL * SIZE
# Hand strip along the bottom, side panel on the right.
HAND_Y, HAND_H = 6, 132
PANEL_X = BOARD_X + BOARD_PX + 22
PANEL_W = WINDOW_W - PANEL_X - 10  # at the design size; views use SCREEN.panel_w

PLAYER_COLOURS: tuple[RGB, ...] = ((196, 40, 48), (40, 86, 176), (214, 160, 26), (44, 140, 80))
PLAYER_LIGHT: tuple[RGB, ...] = ((240, 150, 150), (150, 180, 240), (250, 220, 130), (150, 220, 170))
NEUTRAL: RGB = (150, 150, 150)
CLANS = ("Oda", "Takeda", "Uesugi", "Mori")

BG: RGB = (28, 24, 22)
PANEL_BG: RGB = (44, 38, 34)
PANEL_EDGE: RGB = (120, 96, 60)
INK: RGB = (236, 226, 206)
DIM: RGB = (150, 140, 124)
GOLD: RGB = (232, 190, 70)
ACCENT: RGB = (200, 60, 50)
GOOD: RGB = (110, 200, 120)
BAD: RGB = (230, 90, 80)

FONT = ("DejaVu Sans", "Arial", "calibri")
SERIF = ("DejaVu Serif", "Georgia", "Times New Roman")

# Animation pacing: (seconds an army slides, pause after each AI action); index = speed setting.
SPEEDS: tuple[tuple[str, float, float], ...] = (
    ("slow", 0.9, 0.7),
    ("normal", 0.45, 0.3),
    ("fast", 0.18, 0.08),
    ("instant", 0.0, 0.0),
)


def seat_label(seat: int, human: int | None) -> str:
    """How the log and panels name a seat: 'You' for the human, else the clan name."""
    if human is not None and seat == human:
        return "You"
    return CLANS[seat % len(CLANS)]


def verb(seat: int, human: int | None, base: str) -> str:
    """A verb agreeing with the seat's label: 'You pay', 'Takeda pays'."""
    if human is not None and seat == human:
        return base
    return base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")


def possessive(seat: int, human: int | None) -> str:
    """'Your' for the human, else "Takeda's"."""
    return "Your" if human is not None and seat == human else f"{seat_label(seat, human)}'s"


def square_rect(square: int) -> tuple[float, float, float, float]:
    """Screen rectangle (left, bottom, width, height) of a board square."""
    row, col = divmod(square, SIZE)
    return BOARD_X + col * CELL, BOARD_Y + row * CELL, CELL, CELL


def square_centre(square: int) -> tuple[float, float]:
    """Screen centre of a board square."""
    left, bottom, w, h = square_rect(square)
    return left + w / 2, bottom + h / 2


def square_at(x: float, y: float) -> int | None:
    """The board square under a screen point, or None off the board."""
    col = int((x - BOARD_X) // CELL)
    row = int((y - BOARD_Y) // CELL)
    if x < BOARD_X or y < BOARD_Y or not (0 <= col < SIZE and 0 <= row < SIZE):
        return None
    return row * SIZE + col
