"""Arcade textures made from the procedural art, built once per process and cached."""

from __future__ import annotations

from functools import cache

import arcade
from PIL import Image

from japanese_swords.board import Terrain
from japanese_swords.cards import Card

from . import art
from .theme import NEUTRAL, PLAYER_COLOURS


def _tex(image: Image.Image, name: str) -> arcade.Texture:
    """An arcade texture from a Pillow image, with a stable name."""
    return arcade.Texture(
        image.convert("RGBA"), hash=f"js:{name}", hit_box_algorithm=arcade.hitbox.algo_bounding_box
    )


@cache
def terrain(t: Terrain, variant: int) -> arcade.Texture:
    """A terrain tile texture."""
    return _tex(art.terrain_image(t, variant % art.VARIANTS), f"terrain:{int(t)}:{variant % art.VARIANTS}")


@cache
def castle(kind: Terrain, seat: int) -> arcade.Texture:
    """Fortress or keep picture with the controller's colour (seat -1: neutral grey)."""
    colour = NEUTRAL if seat < 0 else PLAYER_COLOURS[seat]
    return _tex(art.castle_image(kind, colour), f"castle:{int(kind)}:{seat}")


@cache
def counter(seat: int) -> arcade.Texture:
    """The army counter of a seat: its colour and its outline shape (``art.MARKS``)."""
    shape = art.MARKS[seat % len(art.MARKS)]
    return _tex(art.counter_image(PLAYER_COLOURS[seat], 96, shape), f"counter:{seat}:{shape}")


@cache
def card(c: Card) -> arcade.Texture:
    """A card face (text is drawn over it)."""
    return _tex(art.card_image(c), f"card:{int(c)}")


@cache
def card_back() -> arcade.Texture:
    """The card back."""
    return _tex(art.card_back_image(), "card:back")


@cache
def thumbnail(map_name: str) -> arcade.Texture | None:
    """The menu's picture of a shipped map (None if it cannot be loaded)."""
    from japanese_swords.errors import MapError
    from japanese_swords.maps import load_map

    try:
        board = load_map(map_name)
    except MapError:
        return None
    return _tex(art.map_thumbnail(board.terrain, board.fortresses, PLAYER_COLOURS), f"thumb:{map_name}")


@cache
def thumbnail_of_text(map_text: str) -> arcade.Texture | None:
    """The picture of a map given as map-file text (a save's own map; None if it cannot be parsed)."""
    from japanese_swords.errors import MapError
    from japanese_swords.maps import parse_map

    try:
        board = parse_map(map_text)
    except MapError:
        return None
    return _tex(art.map_thumbnail(board.terrain, board.fortresses, PLAYER_COLOURS), f"thumbtext:{hash(map_text)}")
