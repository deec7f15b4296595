"""Preferences (load/save, bad files) and the run-time synthesised sounds (no audio device needed)."""

from __future__ import annotations

import io
import wave

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from japanese_swords.app.client.prefs import Prefs, load_prefs, save_prefs
from japanese_swords.app.client.sound import RATE, effects, music, wav_bytes


def test_prefs_round_trip(tmp_path):
    path = tmp_path / "settings.json"
    prefs = Prefs(volume=30, muted=True, music=False, ai_speed=2, auto_end=True, summary=False)
    assert save_prefs(prefs, path) is None
    assert load_prefs(path) == prefs
    assert load_prefs(path).gain == 0.0  # muted


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200).map(str.encode)))
def test_any_settings_file_loads_to_valid_prefs(tmp_path_factory, raw):
    path = tmp_path_factory.mktemp("p") / "settings.json"
    path.write_bytes(raw)
    prefs = load_prefs(path)
    assert 0 <= prefs.volume <= 100 and 0 <= prefs.ai_speed <= 3
    assert isinstance(prefs.muted, bool) and isinstance(prefs.volume, int)


def test_wrong_types_fall_back_to_defaults(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text('{"volume": true, "muted": 1, "ai_speed": 99, "music": "yes"}', encoding="utf-8")
    prefs = load_prefs(path)
    assert prefs.volume == Prefs().volume and prefs.muted is False and prefs.ai_speed == 3 and prefs.music


def test_save_into_an_unwritable_place_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    problem = save_prefs(Prefs(), blocker / "settings.json")
    assert problem is not None and "\n" not in problem


def test_effects_are_distinct_short_and_in_range():
    fx = effects()
    assert {"click", "move", "battle", "win", "lose", "card", "raise", "turn"} <= set(fx)
    for name, samples in fx.items():
        assert 0.05 < len(samples) / RATE < 2.0, name
        assert np.all(np.isfinite(samples)) and np.max(np.abs(samples)) > 0.05, name
    assert not np.allclose(fx["win"][:2000], fx["lose"][:2000])


def test_music_is_a_seeded_loop_and_wav_encoding_is_valid():
    a, b = music(4.0, seed=1), music(4.0, seed=1)
    assert np.array_equal(a, b) and not np.array_equal(a, music(4.0, seed=2))
    data = wav_bytes(a)
    with wave.open(io.BytesIO(data)) as w:
        assert w.getframerate() == RATE and w.getnchannels() == 1 and w.getnframes() == len(a)


def test_every_card_type_has_its_own_picture():
    from japanese_swords.app.client.art import card_image
    from japanese_swords.cards import Card

    faces = {c: np.asarray(card_image(c).convert("L"), dtype=float) for c in Card}
    cards = list(faces)
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            # the emblem area alone differs, not just the band colour or the label drawn over it
            body_a, body_b = faces[a][35:, :], faces[b][35:, :]
            assert np.mean(np.abs(body_a - body_b)) > 1.0, (a, b)
