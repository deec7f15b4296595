"""Sound effects and music made at run time with numpy, played through arcade.

Each sound is synthesised from a fixed recipe (no randomness but a seeded generator for the drum's
noise), written once as a 16-bit WAV into a cache folder and loaded as an ``arcade.Sound``. Without an
audio device (headless, CI) the :class:`Mixer` stays silent and says why; the synthesis itself is plain
numpy and is tested without playing anything.
"""

from __future__ import annotations

import io
import os
import wave
from pathlib import Path

import numpy as np
import platformdirs

from japanese_swords.fileio import write_atomic

RATE = 22050
PENTATONIC = (0, 2, 5, 7, 9)  # a Japanese-flavoured in scale would be (0, 1, 5, 7, 8); this is softer


def _env(n: int, attack: float = 0.005, decay: float = 4.0) -> np.ndarray:
    """An attack-then-exponential-decay envelope of ``n`` samples."""
    t = np.arange(n) / RATE
    a = np.clip(t / max(attack, 1e-4), 0, 1)
    return a * np.exp(-decay * t)


def pluck(freq: float, seconds: float, decay: float = 5.0) -> np.ndarray:
    """A koto-like plucked string: a few harmonics with a fast decay."""
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    wave_ = sum(np.sin(2 * np.pi * freq * k * t) / k**1.3 for k in (1, 2, 3, 4))
    return wave_ * _env(n, 0.003, decay)


def drum(seconds: float = 0.35, rng: np.random.Generator | None = None) -> np.ndarray:
    """A taiko hit: a falling low sine plus a little filtered noise."""
    rng = rng or np.random.default_rng(7)
    n = int(RATE * seconds)
    t = np.arange(n) / RATE
    freq = 110 * np.exp(-6 * t) + 45
    body = np.sin(2 * np.pi * np.cumsum(freq) / RATE)
    noise = np.convolve(rng.standard_normal(n), np.ones(12) / 12, mode="same")
    return (body + 0.25 * noise) * _env(n, 0.002, 9.0)


def _note(semitones: int, base: float = 293.66) -> float:
    """Frequency ``semitones`` above ``base`` (D4)."""
    return base * 2 ** (semitones / 12)


def _seq(notes: list[tuple[int, float]], decay: float = 5.0) -> np.ndarray:
    """Plucked notes one after another: (semitones, seconds)."""
    return np.concatenate([pluck(_note(s), d, decay) for s, d in notes])


def effects() -> dict[str, np.ndarray]:
    """Every sound effect as float samples in -1..1."""
    return {
        "click": pluck(_note(12), 0.08, 40.0) * 0.5,
        "move": pluck(_note(7), 0.18, 18.0) * 0.6,
        "raise": _seq([(0, 0.09), (7, 0.2)], 12.0) * 0.6,
        "card": pluck(_note(19), 0.16, 20.0) * 0.5,
        "battle": np.concatenate([drum(0.25), drum(0.4)]),
        "win": _seq([(0, 0.14), (5, 0.14), (7, 0.14), (12, 0.5)], 3.5) * 0.7,
        "lose": _seq([(7, 0.2), (5, 0.2), (0, 0.6)], 3.0) * 0.7,
        "turn": pluck(_note(0), 0.4, 6.0) * 0.5,
    }


def music(seconds: float = 24.0, seed: int = 4) -> np.ndarray:
    """A quiet pentatonic loop: a seeded walk over the scale, soft drum every bar."""
    rng = np.random.default_rng(seed)
    out = np.zeros(int(RATE * seconds))
    beat = 0.5
    degree = 2
    for i in range(int(seconds / beat)):
        degree = int(np.clip(degree + rng.integers(-2, 3), 0, 9))
        octave, step = divmod(degree, 5)
        start = int(i * beat * RATE)
        if rng.random() < 0.8:
            note = pluck(_note(PENTATONIC[step] + 12 * octave - 12), beat * 2, 3.0) * 0.25
            end = min(len(out), start + len(note))
            out[start:end] += note[: end - start]
        if i % 8 == 0:
            hit = drum(0.4, rng) * 0.25
            end = min(len(out), start + len(hit))
            out[start:end] += hit[: end - start]
    return out


def wav_bytes(samples: np.ndarray) -> bytes:
    """16-bit mono WAV of float samples (normalised to avoid clipping)."""
    peak = float(np.max(np.abs(samples))) or 1.0
    pcm = (samples / max(peak, 1.0) * 32000).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def sound_dir() -> Path:
    """Where generated WAVs are cached: ``$JS_SOUND_DIR`` or ``sounds`` in the platform's user cache folder
    (``~/.cache/japanese-swords/sounds`` on Linux)."""
    env = os.environ.get("JS_SOUND_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("japanese-swords", appauthor=False)) / "sounds"


class Mixer:
    """Plays effects and the music loop at the preferences' volume; silent without an audio device."""

    def __init__(self, enabled: bool = True) -> None:
        self.sounds: dict = {}
        self.music_player = None
        self.music_sound = None
        self.problem = ""
        self.gain = 0.7
        self.music_on = True
        if not enabled:
            self.problem = "sound off (headless)"
            return
        try:
            import arcade

            folder = sound_dir()
            folder.mkdir(parents=True, exist_ok=True)
            for name, samples in {**effects(), "music": music()}.items():
                path = folder / f"{name}.wav"
                if not path.exists():
                    write_atomic(path, wav_bytes(samples))
                self.sounds[name] = arcade.Sound(str(path), streaming=False)
        except Exception as exc:  # no audio driver or device: play nothing, say why once
            self.sounds = {}
            self.problem = f"sound unavailable ({type(exc).__name__})"
            return
        if not audio_device():
            self.problem = "no audio device found: sound is off"

    def configure(self, gain: float, music_on: bool) -> None:
        """Apply volume and music preferences (starts or stops the loop)."""
        self.gain, self.music_on = gain, music_on
        if self.music_player is not None:
            try:
                self.music_player.volume = gain * 0.5
            except Exception:  # a driver that lost its device
                self.music_player = None
        if music_on and gain > 0:
            self.start_music()
        else:
            self.stop_music()

    def play(self, name: str) -> None:
        """Play an effect (nothing if muted or unavailable)."""
        sound = self.sounds.get(name)
        if sound is None or self.gain <= 0:
            return
        try:
            sound.play(volume=self.gain)
        except Exception:
            self.sounds = {}
            self.problem = "sound stopped working"

    def start_music(self) -> None:
        """Start the music loop if it is not playing."""
        sound = self.sounds.get("music")
        if sound is None or self.music_player is not None:
            return
        try:
            self.music_player = sound.play(volume=self.gain * 0.5, loop=True)
        except Exception:
            self.music_player = None

    def stop_music(self) -> None:
        """Stop the music loop."""
        if self.music_player is not None:
            try:
                self.music_player.pause()
            except Exception:
                pass
            self.music_player = None


def audio_device() -> bool:
    """Whether pyglet found a real audio device (without one it falls back to a silent driver)."""
    try:
        import pyglet

        driver = pyglet.media.get_audio_driver()
    except Exception:  # a driver that fails to load is no device either
        return False
    return driver is not None and "silent" not in type(driver).__name__.lower()
