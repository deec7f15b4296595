"""Procedural art (Pillow images, generated at run time from fixed seeds, so no files to download).

Terrain tiles in a few variants each, castle and keep pictures in each player's colour, army counters
and card faces. Everything is deterministic: the same call always draws the same picture.
"""

from __future__ import annotations

import math
import random

from PIL import Image, ImageDraw, ImageFilter

from japanese_swords.board import Terrain
from japanese_swords.cards import Card

RGB = tuple[int, int, int]
TILE = 64
VARIANTS = 3
CARD_W, CARD_H = 96, 132

_BASE: dict[Terrain, RGB] = {
    Terrain.CLEAR: (158, 174, 96),
    Terrain.FORTRESS: (150, 164, 98),
    Terrain.KEEP: (154, 170, 98),
    Terrain.DIFFICULT: (214, 186, 128),
    Terrain.COVERED: (88, 124, 66),
    Terrain.TREACHEROUS: (74, 122, 138),
    Terrain.IMPASSABLE: (108, 100, 94),
}


def _jitter(rgb: RGB, rng: random.Random, amount: int) -> RGB:
    """A colour varied randomly by up to ``amount`` per channel."""
    return tuple(max(0, min(255, c + rng.randint(-amount, amount))) for c in rgb)  # type: ignore[return-value]


def _shade(rgb: RGB, f: float) -> RGB:
    """A colour scaled by ``f`` (darker below 1, lighter above)."""
    return tuple(max(0, min(255, int(c * f))) for c in rgb)  # type: ignore[return-value]


def _speckle(img: Image.Image, rng: random.Random, base: RGB, n: int, amount: int, size: int = 2) -> None:
    """Scatter small dots of varied colour over a tile (grain)."""
    d = ImageDraw.Draw(img)
    for _ in range(n):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        d.rectangle(
            (x, y, x + rng.randint(0, size), y + rng.randint(0, size)), fill=_jitter(base, rng, amount)
        )


def terrain_image(terrain: Terrain, variant: int = 0) -> Image.Image:
    """A TILE x TILE picture of a terrain; ``variant`` picks one of a few hand-seeded looks."""
    rng = random.Random(f"terrain:{int(terrain)}:{variant}")
    base = _BASE[terrain]
    img = Image.new("RGB", (TILE, TILE), base)
    d = ImageDraw.Draw(img)
    if terrain in (Terrain.CLEAR, Terrain.FORTRESS, Terrain.KEEP):
        _speckle(img, rng, base, 260, 18)
        for _ in range(14):  # grass tufts
            x, y = rng.randrange(4, TILE - 4), rng.randrange(6, TILE - 2)
            col = _shade(base, rng.uniform(0.7, 0.85))
            for dx in (-2, 0, 2):
                d.line((x, y, x + dx, y - rng.randint(3, 5)), fill=col)
        if terrain == Terrain.CLEAR and rng.random() < 0.6:  # a few flowers
            for _ in range(3):
                x, y = rng.randrange(4, TILE - 4), rng.randrange(4, TILE - 4)
                d.ellipse(
                    (x - 1, y - 1, x + 1, y + 1),
                    fill=rng.choice([(240, 220, 120), (240, 240, 240), (230, 150, 170)]),
                )
    elif terrain == Terrain.DIFFICULT:
        _speckle(img, rng, base, 300, 14, 1)
        for k in range(4):  # dunes
            y = 8 + k * 15 + rng.randint(-3, 3)
            pts = [(x, y + 4 * math.sin((x + rng.random() * 3) / 9 + k)) for x in range(0, TILE + 1, 4)]
            d.line(pts, fill=_shade(base, 0.82), width=2)
            d.line([(x, yy - 2) for x, yy in pts], fill=_shade(base, 1.08), width=1)
        for _ in range(2):  # scrub
            x, y = rng.randrange(8, TILE - 8), rng.randrange(8, TILE - 8)
            d.ellipse((x - 3, y - 2, x + 3, y + 2), fill=(120, 118, 70))
    elif terrain == Terrain.COVERED:
        _speckle(img, rng, base, 200, 16)
        trees = [(rng.randrange(6, TILE - 6), rng.randrange(8, TILE - 4)) for _ in range(9)]
        for x, y in sorted(trees, key=lambda p: p[1]):
            r = rng.randint(6, 9)
            d.rectangle((x - 1, y, x + 1, y + 4), fill=(82, 58, 36))
            d.ellipse((x - r, y - r - 2, x + r, y + r - 4), fill=_jitter((46, 92, 48), rng, 10))
            d.ellipse((x - r + 2, y - r - 1, x + r - 4, y + r - 8), fill=_jitter((70, 122, 62), rng, 10))
    elif terrain == Terrain.TREACHEROUS:
        for y in range(TILE):  # deeper in the middle
            f = 0.85 + 0.2 * math.sin(y / TILE * math.pi)
            d.line((0, y, TILE, y), fill=_shade(base, f))
        for k in range(6):
            y0 = 4 + k * 11 + rng.randint(-2, 2)
            phase = rng.random() * 6
            pts = [(x, y0 + 2 * math.sin(x / 6 + phase)) for x in range(0, TILE + 1, 3)]
            d.line(pts, fill=(150, 196, 206), width=1)
        for _ in range(5):  # reeds
            x, y = rng.randrange(2, TILE - 2), rng.randrange(10, TILE)
            d.line((x, y, x + rng.randint(-2, 2), y - rng.randint(6, 10)), fill=(96, 120, 62), width=2)
    elif terrain == Terrain.IMPASSABLE:
        _speckle(img, rng, base, 200, 14)
        peaks = [
            (rng.randint(12, 24), rng.randint(40, 50), rng.randint(30, 40)),
            (rng.randint(38, 52), rng.randint(44, 54), rng.randint(26, 36)),
            (rng.randint(24, 40), rng.randint(56, 62), rng.randint(20, 30)),
        ]
        for px, base_y, h in peaks:
            w = h * 0.85
            top = (px, base_y - h)
            d.polygon([top, (px - w, base_y), (px + w, base_y)], fill=(128, 122, 118))
            d.polygon([top, (px, base_y), (px + w, base_y)], fill=(92, 86, 84))
            cap = h * 0.3
            d.polygon(
                [top, (px - w * 0.3, base_y - h + cap), (px + w * 0.3, base_y - h + cap)],
                fill=(240, 242, 246),
            )
    img = img.filter(ImageFilter.SMOOTH)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, TILE - 1, TILE - 1), outline=_shade(base, 0.72))
    return img


def castle_image(kind: Terrain, roof: RGB) -> Image.Image:
    """A RGBA picture of a fortress (three-tier castle) or keep (one tower), roofs in ``roof``."""
    img = Image.new("RGBA", (TILE, TILE), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    stone, stone_dark, wall = (150, 146, 138, 255), (104, 100, 96, 255), (244, 240, 228, 255)
    dark_roof = (*_shade(roof, 0.6), 255)
    roof_a = (*roof, 255)
    if kind == Terrain.FORTRESS:
        d.polygon([(6, 62), (58, 62), (52, 44), (12, 44)], fill=stone)
        for y in range(46, 62, 5):
            d.line((10, y, 54, y), fill=stone_dark)
        tiers = [(14, 50, 30, 44), (19, 45, 20, 30), (24, 40, 12, 20)]
        for left, right, top, bottom in tiers:
            d.rectangle((left, top, right, bottom), fill=wall, outline=(90, 80, 70, 255))
            for wx in range(left + 4, right - 2, 7):
                d.rectangle((wx, top + 3, wx + 2, top + 6), fill=(60, 50, 46, 255))
            d.polygon(
                [(left - 6, top + 1), (right + 6, top + 1), (right - 1, top - 6), (left + 1, top - 6)],
                fill=roof_a,
                outline=dark_roof,
            )
        d.polygon([(28, 8), (36, 8), (32, 2)], fill=roof_a)
        d.line((29, 3, 27, 0), fill=(220, 190, 80, 255), width=2)
        d.line((35, 3, 37, 0), fill=(220, 190, 80, 255), width=2)
    else:
        d.polygon([(16, 62), (48, 62), (44, 48), (20, 48)], fill=stone)
        d.line((18, 55, 46, 55), fill=stone_dark)
        d.rectangle((22, 32, 42, 48), fill=wall, outline=(90, 80, 70, 255))
        d.rectangle((30, 40, 34, 48), fill=(70, 56, 46, 255))
        d.polygon([(14, 33), (50, 33), (42, 24), (22, 24)], fill=roof_a, outline=dark_roof)
        d.polygon([(24, 24), (40, 24), (32, 16)], fill=roof_a, outline=dark_roof)
    return img


MARKS = ("circle", "square", "diamond", "hexagon")
"""Each seat's counter outline (by seat), so clans differ by shape as well as by colour."""


def _mark(d: ImageDraw.ImageDraw, shape: str, box: tuple[float, float, float, float], **style) -> None:
    """Draw ``shape`` filling ``box`` (left, top, right, bottom) with PIL's ``fill``/``outline``/``width``."""
    x0, y0, x1, y1 = box
    cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
    if shape == "circle":
        d.ellipse(box, **style)
    elif shape == "square":
        d.rounded_rectangle((x0 + rx * 0.08, y0 + ry * 0.08, x1 - rx * 0.08, y1 - ry * 0.08),
                            radius=rx * 0.22, **style)
    elif shape == "diamond":
        d.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], **style)
    else:  # hexagon, flat top
        d.polygon([(x0 + rx * 0.5, y0 + ry * 0.1), (x1 - rx * 0.5, y0 + ry * 0.1), (x1, cy),
                   (x1 - rx * 0.5, y1 - ry * 0.1), (x0 + rx * 0.5, y1 - ry * 0.1), (x0, cy)], **style)


def counter_image(colour: RGB, size: int = 48, shape: str = "circle") -> Image.Image:
    """An army counter in a player's colour and outline shape (``MARKS``) with a crossed-katana emblem."""
    s = size * 2  # draw large, then shrink for smooth edges
    u = s / 96  # drawing unit
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    _mark(d, shape, (4 * u, 8 * u, s - 4 * u, s - 2 * u), fill=(0, 0, 0, 110))  # shadow
    _mark(d, shape, (2 * u, 2 * u, s - 6 * u, s - 6 * u), fill=(*_shade(colour, 0.55), 255))
    _mark(d, shape, (7 * u, 7 * u, s - 11 * u, s - 11 * u), fill=(*colour, 255))
    _mark(d, shape, (14 * u, 14 * u, s - 18 * u, s - 18 * u), outline=(*_shade(colour, 1.35), 255),
          width=int(3 * u))
    c = (s - 4 * u) / 2
    blade, hilt = (240, 240, 240, 255), (40, 30, 26, 255)
    for sign in (1, -1):
        d.line((c - 24 * u * sign, c + 24 * u, c + 24 * u * sign, c - 24 * u), fill=blade, width=int(5 * u))
        d.line((c - 24 * u * sign, c + 24 * u, c - 13 * u * sign, c + 13 * u), fill=hilt, width=int(7 * u))
        d.line(
            (c - 18 * u * sign, c + 9 * u, c - 9 * u * sign, c + 18 * u),
            fill=(220, 190, 80, 255),
            width=int(4 * u),
        )
    return img.resize((size, size), Image.LANCZOS)


SHORT_NAMES = (
    "Peasants",
    "Spearmen",
    "Monks",
    "Musketeers",
    "Swordsmen",
    "Archers",
    "Mounted",
    "Daimyo",
    "Ninja",
    "Tactics",
    "Forced March",
    "Prosperity",
    "Much Honor",
    "Diplomacy",
    "Intrigue",
    "Treachery",
)


SHORT_EFFECTS = (
    "Soldier",
    "Soldier",
    "Soldier",
    "Soldier",
    "Soldier",
    "Soldier",
    "Soldier",
    "General",
    "Kills Daimyo",
    "+7 in battle",
    "Move again",
    "+3 gold",
    "+4 honor",
    "No winner",
    "-3 cards/honor",
    "-7 honor",
)


CATEGORY_COLOUR: dict[str, RGB] = {
    "soldier": (164, 52, 44),
    "general": (176, 132, 40),
    "ninja": (52, 52, 64),
    "tactics": (60, 96, 150),
    "special": (70, 122, 80),
    "treachery": (96, 40, 90),
}


def card_category(card: Card) -> str:
    """Which colour family a card face uses."""
    if card.is_soldier:
        return "soldier"
    return {
        Card.DAIMYO: "general",
        Card.NINJA: "ninja",
        Card.TACTICS: "tactics",
        Card.TREACHERY: "treachery",
    }.get(card, "special")


def card_image(card: Card) -> Image.Image:
    """A card face: parchment with a coloured band by category and a mon (crest) watermark."""
    w, h = CARD_W * 2, CARD_H * 2
    rng = random.Random(f"card:{int(card)}")
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=14, fill=(238, 226, 196, 255), outline=(70, 50, 36, 255), width=4
    )
    for _ in range(500):
        x, y = rng.randrange(8, w - 8), rng.randrange(8, h - 8)
        d.point((x, y), fill=(*_jitter((226, 212, 178), rng, 14), 255))
    band = CATEGORY_COLOUR[card_category(card)]
    d.rounded_rectangle((8, 8, w - 9, 62), radius=10, fill=(*band, 255))
    cx, cy, r = w // 2, h // 2 + 30, 52
    faint = (*_shade(band, 1.0), 55)
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=faint, width=5)
    img.alpha_composite(layer)
    emblem = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    _EMBLEMS[card](ImageDraw.Draw(emblem), cx, cy, (*_shade(band, 0.8), 235))
    img.alpha_composite(emblem)
    return img.resize((CARD_W, CARD_H), Image.LANCZOS)


# One emblem per card type, drawn in the card's band colour inside the crest circle (2x scale).
def _e_peasant(d, cx, cy, c):  # a sickle
    d.arc((cx - 30, cy - 34, cx + 26, cy + 18), 200, 20, fill=c, width=8)
    d.line((cx - 22, cy + 6, cx - 34, cy + 36), fill=c, width=9)


def _e_spear(d, cx, cy, c):  # a spear
    d.line((cx, cy + 42, cx, cy - 22), fill=c, width=7)
    d.polygon([(cx, cy - 46), (cx - 11, cy - 20), (cx + 11, cy - 20)], fill=c)


def _e_monk(d, cx, cy, c):  # prayer beads
    for k in range(10):
        a = 2 * math.pi * k / 10
        x, y = cx + 30 * math.cos(a), cy + 30 * math.sin(a)
        d.ellipse((x - 7, y - 7, x + 7, y + 7), fill=c)


def _e_musket(d, cx, cy, c):  # a matchlock
    d.line((cx - 42, cy - 14, cx + 30, cy - 14), fill=c, width=8)
    d.polygon([(cx + 18, cy - 18), (cx + 44, cy - 10), (cx + 40, cy + 14), (cx + 20, cy - 4)], fill=c)


def _e_sword(d, cx, cy, c):  # a katana
    d.arc((cx - 90, cy - 40, cx + 40, cy + 140), 290, 340, fill=c, width=7)
    d.line((cx - 16, cy + 22, cx + 2, cy + 40), fill=c, width=12)
    d.line((cx - 20, cy + 36, cx + 4, cy + 14), fill=c, width=6)


def _e_archer(d, cx, cy, c):  # a bow and arrow
    d.arc((cx - 44, cy - 42, cx + 4, cy + 42), 270, 90, fill=c, width=7)
    d.line((cx - 20, cy - 40, cx - 20, cy + 40), fill=c, width=2)
    d.line((cx - 30, cy, cx + 40, cy), fill=c, width=4)
    d.polygon([(cx + 46, cy), (cx + 34, cy - 8), (cx + 34, cy + 8)], fill=c)


def _e_mounted(d, cx, cy, c):  # a horseshoe
    d.arc((cx - 32, cy - 34, cx + 32, cy + 34), 330, 210, fill=c, width=12)


def _e_daimyo(d, cx, cy, c):  # a helmet with its crescent crest
    d.pieslice((cx - 34, cy - 14, cx + 34, cy + 50), 180, 360, fill=c)
    d.rectangle((cx - 40, cy + 16, cx + 40, cy + 24), fill=c)
    d.arc((cx - 30, cy - 48, cx + 30, cy + 4), 200, 340, fill=c, width=7)


def _e_ninja(d, cx, cy, c):  # a shuriken
    pts = []
    for k in range(8):
        a = math.pi / 4 * k
        rad = 40 if k % 2 == 0 else 12
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    d.polygon(pts, fill=c)
    d.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=(238, 226, 196, 255))


def _e_tactics(d, cx, cy, c):  # a war fan
    d.pieslice((cx - 44, cy - 40, cx + 44, cy + 48), 200, 340, fill=c)
    for k in range(5):
        a = math.radians(200 + 35 * k)
        d.line((cx, cy + 4, cx + 40 * math.cos(a), cy + 4 + 40 * math.sin(a)), fill=(238, 226, 196, 255), width=2)
    d.line((cx, cy + 4, cx, cy + 40), fill=c, width=6)


def _e_march(d, cx, cy, c):  # chevrons: onward
    for k in range(3):
        x = cx - 30 + 22 * k
        d.line((x, cy - 24, x + 18, cy, x, cy + 24), fill=c, width=8, joint="curve")


def _e_prosperity(d, cx, cy, c):  # stacked coins with square holes
    for k in range(3):
        y = cy + 20 - 20 * k
        d.ellipse((cx - 28, y - 12, cx + 28, y + 12), fill=c, outline=(238, 226, 196, 255), width=2)
    d.rectangle((cx - 5, cy - 45, cx + 5, cy - 35), fill=(238, 226, 196, 255))


def _e_honor(d, cx, cy, c):  # a rising sun
    d.ellipse((cx - 18, cy - 18, cx + 18, cy + 18), fill=c)
    for k in range(12):
        a = 2 * math.pi * k / 12
        d.line((cx + 24 * math.cos(a), cy + 24 * math.sin(a), cx + 42 * math.cos(a), cy + 42 * math.sin(a)),
               fill=c, width=5)


def _e_diplomacy(d, cx, cy, c):  # a scroll
    d.rectangle((cx - 30, cy - 26, cx + 30, cy + 26), fill=c)
    d.ellipse((cx - 40, cy - 30, cx - 24, cy + 30), fill=c)
    d.ellipse((cx + 24, cy - 30, cx + 40, cy + 30), fill=c)
    for k in range(3):
        d.line((cx - 18, cy - 12 + 12 * k, cx + 18, cy - 12 + 12 * k), fill=(238, 226, 196, 255), width=3)


def _e_intrigue(d, cx, cy, c):  # a watching eye
    d.chord((cx - 44, cy - 40, cx + 44, cy + 20), 20, 160, fill=c)
    d.chord((cx - 44, cy - 20, cx + 44, cy + 40), 200, 340, fill=c)
    d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=(238, 226, 196, 255))
    d.ellipse((cx - 5, cy - 5, cx + 5, cy + 5), fill=c)


def _e_treachery(d, cx, cy, c):  # a broken blade
    d.line((cx - 34, cy + 34, cx - 4, cy + 4), fill=c, width=9)
    d.line((cx + 6, cy - 6, cx + 36, cy - 36), fill=c, width=9)
    d.line((cx - 40, cy + 22, cx - 22, cy + 40), fill=c, width=6)


_EMBLEMS = {
    Card.PEASANT: _e_peasant,
    Card.SPEARMEN: _e_spear,
    Card.MONKS: _e_monk,
    Card.MUSKETEERS: _e_musket,
    Card.SWORDSMEN: _e_sword,
    Card.ARCHERS: _e_archer,
    Card.MOUNTED: _e_mounted,
    Card.DAIMYO: _e_daimyo,
    Card.NINJA: _e_ninja,
    Card.TACTICS: _e_tactics,
    Card.FORCED_MARCH: _e_march,
    Card.PROSPERITY: _e_prosperity,
    Card.MUCH_HONOR: _e_honor,
    Card.DIPLOMACY: _e_diplomacy,
    Card.INTRIGUE: _e_intrigue,
    Card.TREACHERY: _e_treachery,
}


def card_back_image() -> Image.Image:
    """The common back of every card (opponents' hands are shown face down)."""
    w, h = CARD_W * 2, CARD_H * 2
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle(
        (0, 0, w - 1, h - 1), radius=14, fill=(120, 30, 34, 255), outline=(40, 16, 16, 255), width=4
    )
    for y in range(20, h - 10, 24):
        for x in range(20, w - 10, 24):
            d.ellipse((x - 8, y - 8, x + 8, y + 8), outline=(170, 60, 60, 255), width=3)
    d.ellipse((w // 2 - 40, h // 2 - 40, w // 2 + 40, h // 2 + 40), fill=(236, 200, 90, 255))
    d.ellipse((w // 2 - 28, h // 2 - 28, w // 2 + 28, h // 2 + 28), fill=(120, 30, 34, 255))
    return img.resize((CARD_W, CARD_H), Image.LANCZOS)


def map_thumbnail(
    terrain: tuple[Terrain, ...], fortresses: tuple[int, ...], colours: tuple[RGB, ...], cell: int = 14
) -> Image.Image:
    """A small picture of a whole map for the menu: one colour per terrain, fortresses in player colours."""
    size = 10
    img = Image.new("RGB", (cell * size, cell * size), (0, 0, 0))
    d = ImageDraw.Draw(img)
    for sq, t in enumerate(terrain):
        row, col = divmod(sq, size)
        x0, y0 = col * cell, (size - 1 - row) * cell
        colour = _BASE[t]
        if t == Terrain.KEEP:
            colour = (236, 232, 220)
        d.rectangle((x0, y0, x0 + cell - 1, y0 + cell - 1), fill=colour, outline=_shade(colour, 0.8))
        if sq in fortresses:
            seat = fortresses.index(sq)
            d.rectangle((x0 + 2, y0 + 2, x0 + cell - 3, y0 + cell - 3), fill=colours[seat % len(colours)])
    return img
