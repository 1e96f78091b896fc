"""Synthesized sound effects: dice rattle, die clack, card swish, chip clack, hit
thump, UI click, a refusal buzz for illegal clicks and a victory chime, with volume and mute.

Why: a handful of short sounds make the table feel alive, and generating them
from code (sample buffers built with the ``array`` module) means no audio files
to license, ship or lose in the frozen bundle. Sounds are built lazily on first
use. When the mixer cannot start (no audio device, a broken driver) every call
silently does nothing: sound must never stop the game.
"""

from __future__ import annotations

import array
import logging
import math
import random
from typing import Callable

import pygame

log = logging.getLogger(__name__)

NAMES = ("dice", "clack", "card", "chip", "hit", "click", "illegal", "victory")
TWO_PI = 2 * math.pi


# ---------------------------------------------------------------- synthesis (mono floats)


def _env(n: int, attack: int, decay_rate: float) -> list[float]:
    """Linear attack then exponential decay over n samples."""
    out = []
    for i in range(n):
        a = i / attack if i < attack else math.exp(-(i - attack) * decay_rate)
        out.append(a)
    return out


def _noise_burst(rate: int, rng: random.Random, length: float, decay: float, lowpass: float = 0.5) -> list[float]:
    n = max(1, int(rate * length))
    env = _env(n, max(1, int(rate * 0.001)), decay / rate)
    y, out = 0.0, []
    for i in range(n):
        y += lowpass * (rng.uniform(-1, 1) - y)
        out.append(y * env[i])
    return out


def _tone(rate: int, freq: float, length: float, decay: float, amp: float = 1.0, sweep_to: float | None = None
          ) -> list[float]:
    n = max(1, int(rate * length))
    out = []
    phase = 0.0
    step = TWO_PI * freq / rate
    sweep = 1.0 if sweep_to is None else (sweep_to / freq) ** (1 / n)
    env = amp
    fall = math.exp(-decay / rate)
    attack = rate * 0.002 + 1
    sin = math.sin
    for i in range(n):
        phase += step
        step *= sweep
        out.append(env * sin(phase) * (i / attack if i < attack else 1.0))
        env *= fall
    return out


def _mix_into(dst: list[float], src: list[float], start: int, gain: float = 1.0) -> None:
    need = start + len(src)
    if need > len(dst):
        dst.extend([0.0] * (need - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain


def synth_clack(rate: int, rng: random.Random) -> list[float]:
    """One die hitting wood: a short bright click with a woody knock."""
    out = _noise_burst(rate, rng, 0.03, 160, 0.7)
    _mix_into(out, _tone(rate, rng.uniform(1400, 1900), 0.05, 90, 0.5), 0)
    _mix_into(out, _tone(rate, rng.uniform(380, 460), 0.06, 60, 0.35), 0)
    return out


def synth_dice(rate: int, rng: random.Random) -> list[float]:
    """A handful of dice rattling: clacks at irregular, slowing intervals."""
    out: list[float] = []
    t = 0.0
    for k in range(9):
        _mix_into(out, synth_clack(rate, rng), int(t * rate), 0.9 * (1 - k / 12))
        t += rng.uniform(0.025, 0.06) * (1 + k * 0.18)
    return out


def synth_card(rate: int, rng: random.Random) -> list[float]:
    """A card sliding: a band of noise swelling and fading with a rising brightness."""
    n = int(rate * 0.2)
    y1 = y2 = 0.0
    out = []
    for i in range(n):
        p = i / n
        env = math.sin(math.pi * p) ** 1.5
        cut = 0.08 + 0.35 * p
        x = rng.uniform(-1, 1)
        y1 += cut * (x - y1)
        y2 += cut * 0.5 * (y1 - y2)
        out.append((y1 - y2) * env * 2.2)
    return out


def synth_chip(rate: int, rng: random.Random) -> list[float]:
    """A clay chip clacking on another: two high inharmonic partials, very short."""
    out = _tone(rate, 2350, 0.09, 55, 0.45)
    _mix_into(out, _tone(rate, 3180, 0.07, 70, 0.3), 0)
    _mix_into(out, _noise_burst(rate, rng, 0.015, 250, 0.9), 0, 0.5)
    return out


def synth_hit(rate: int, rng: random.Random) -> list[float]:
    """A blow landing: a falling low thump with a little grit."""
    out = _tone(rate, 150, 0.32, 12, 1.0, sweep_to=45)
    _mix_into(out, _noise_burst(rate, rng, 0.08, 40, 0.15), 0, 0.6)
    return out


def synth_click(rate: int, rng: random.Random) -> list[float]:
    """A soft UI click."""
    out = _tone(rate, 1100, 0.035, 140, 0.5)
    _mix_into(out, _noise_burst(rate, rng, 0.006, 600, 0.5), 0, 0.3)
    return out


def synth_illegal(rate: int, rng: random.Random) -> list[float]:
    """A refusal: two short, low, slightly sour buzzes falling in pitch (soft, never alarming)."""
    out: list[float] = []
    for k, f in enumerate((330.0, 262.0)):
        buzz = _tone(rate, f, 0.09, 30, 0.55, sweep_to=f * 0.94)
        _mix_into(buzz, _tone(rate, f * 1.5, 0.09, 40, 0.2), 0)  # a fifth above: a muted, reedy colour
        _mix_into(buzz, _noise_burst(rate, rng, 0.01, 400, 0.3), 0, 0.15)
        _mix_into(out, buzz, int(k * 0.1 * rate))
    return out


def synth_victory(rate: int, rng: random.Random) -> list[float]:
    """A bright rising arpeggio of bell tones ending on a chord."""
    out: list[float] = []
    notes = (523.25, 659.25, 783.99, 1046.5)
    for k, f in enumerate(notes):
        bell = _tone(rate, f, 1.1, 3.2, 0.5)
        _mix_into(bell, _tone(rate, f * 2.01, 0.6, 6.0, 0.18), 0)
        _mix_into(bell, _tone(rate, f * 3.0, 0.3, 10.0, 0.08), 0)
        _mix_into(out, bell, int(k * 0.13 * rate))
    return out


SYNTHS: dict[str, Callable[[int, random.Random], list[float]]] = {
    "dice": synth_dice, "clack": synth_clack, "card": synth_card, "chip": synth_chip,
    "hit": synth_hit, "click": synth_click, "illegal": synth_illegal, "victory": synth_victory,
}


def to_buffer(samples: list[float], fmt: int, channels: int, repeat: int = 1) -> bytes:
    """Convert mono floats (normalized here) to the mixer's sample format, each sample held ``repeat`` times;
    raise ValueError if the format is unsupported."""
    peak = max((abs(v) for v in samples), default=0.0) or 1.0
    norm = 0.85 / peak
    if fmt in (-16, 16):
        data = array.array("h", (int(max(-1.0, min(1.0, v * norm)) * 32767) for v in samples))
    elif fmt == -8:
        data = array.array("b", (int(max(-1.0, min(1.0, v * norm)) * 127) for v in samples))
    elif fmt == 8:
        data = array.array("B", (int(128 + max(-1.0, min(1.0, v * norm)) * 127) for v in samples))
    elif fmt in (32, -32):  # float32 (SDL AUDIO_F32)
        data = array.array("f", (max(-1.0, min(1.0, v * norm)) for v in samples))
    else:
        raise ValueError(f"unsupported mixer format {fmt}")
    if repeat > 1:  # synthesized at a lower rate: hold each sample
        held = array.array(data.typecode, bytes(data.itemsize * len(data) * repeat))
        for k in range(repeat):
            held[k::repeat] = data
        data = held
    if channels > 1:
        inter = array.array(data.typecode, bytes(data.itemsize * len(data) * channels))
        for k in range(channels):
            inter[k::channels] = data
        data = inter
    if fmt == 16 and data.typecode == "h" and array.array("h", [1]).tobytes()[0] == 0:  # pragma: no cover
        data.byteswap()
    return data.tobytes()


class Sounds:
    """The sound player: ``play(name, volume)``; ``volume`` (0..1) and ``muted`` settings.

    Never raises: without a working mixer it is silent (``available`` False).
    """

    def __init__(self, volume: float = 0.7, muted: bool = False, seed: int = 7) -> None:
        self.volume = max(0.0, min(1.0, volume))
        self.muted = muted
        self.seed = seed
        self.available: bool | None = None  # None: not tried yet
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None

    def start(self) -> bool:
        """Start the mixer if needed; return True when sound can play."""
        if self.available is not None:
            return self.available
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(44100, -16, 2, 512)
                pygame.mixer.init()
            init = pygame.mixer.get_init()
            if not init:
                raise pygame.error("mixer did not start")
            self._format = (int(init[0]), int(init[1]), int(init[2]))
            self.available = True
        except (pygame.error, OSError, ValueError) as exc:
            log.info("sound disabled: %s", exc)
            self.available = False
        return self.available

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """Return the (lazily built) Sound called ``name``; None when unavailable or unknown."""
        if not self.start():
            return None
        snd = self._sounds.get(name)
        if snd is not None:
            return snd
        synth = SYNTHS.get(name)
        if synth is None:
            log.warning("unknown sound %r", name)
            return None
        try:
            assert self._format is not None
            rate, fmt, channels = self._format
            # synthesize at half rate on 44.1/48 kHz mixers (these effects have little above 10 kHz)
            repeat = 2 if rate >= 32000 else 1
            samples = synth(rate // repeat, random.Random(f"{self.seed}:{name}"))
            snd = pygame.mixer.Sound(buffer=to_buffer(samples, fmt, channels, repeat))
        except (pygame.error, ValueError, OSError) as exc:
            log.info("cannot build sound %s: %s", name, exc)
            self.available = False
            return None
        self._sounds[name] = snd
        return snd

    def preload(self, names: tuple[str, ...] = NAMES) -> None:
        """Build sounds now (e.g. behind a loading screen) instead of on first play."""
        for n in names:
            self.sound(n)

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play a sound at ``volume`` times the setting; return True if it started."""
        if self.muted or self.volume <= 0:
            return False
        try:
            snd = self.sound(name)
            if snd is None:
                return False
            ch = snd.play()
            if ch is None:
                return False
            ch.set_volume(max(0.0, min(1.0, self.volume * volume)))
            return True
        except (pygame.error, OSError) as exc:
            log.info("sound %s failed: %s", name, exc)
            return False

    def set_volume(self, volume: float) -> None:
        """Set the volume setting (0..1)."""
        self.volume = max(0.0, min(1.0, float(volume)))

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute (stops sounds playing now when muting)."""
        self.muted = bool(muted)
        if self.muted and self.available:
            try:
                pygame.mixer.stop()
            except pygame.error:  # pragma: no cover
                pass


class NullSounds:
    """A silent stand-in with the same interface (headless tools, tests)."""

    available = False
    volume = 0.0
    muted = True

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Do nothing."""
        return False

    def preload(self, names: tuple[str, ...] = NAMES) -> None:
        """Do nothing."""

    def set_volume(self, volume: float) -> None:
        """Do nothing."""

    def set_muted(self, muted: bool) -> None:
        """Do nothing."""
