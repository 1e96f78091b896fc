"""Synthesized sounds work with the dummy audio driver and stay silent when the mixer cannot start."""

from __future__ import annotations

import array
import random

import pygame
import pytest

from game.ui import sound
from game.ui.sound import NAMES, SYNTHS, NullSounds, Sounds, to_buffer


@pytest.mark.parametrize("name", NAMES)
def test_each_effect_is_a_short_non_silent_buffer(name):
    samples = SYNTHS[name](22050, random.Random(1))
    assert 0.005 * 22050 < len(samples) < 2.0 * 22050
    assert max(abs(s) for s in samples) > 0.05


def test_to_buffer_formats():
    s = [0.0, 0.5, -0.5, 1.0]
    assert len(to_buffer(s, -16, 2)) == 4 * 2 * 2
    assert len(to_buffer(s, -16, 1)) == 4 * 2
    held = array.array("h", to_buffer([0.5, -0.5], -16, 1, repeat=2))
    assert held[0] == held[1] > 0 > held[2] == held[3]  # each sample held twice
    assert len(to_buffer(s, 32, 1)) == 4 * 4
    assert len(to_buffer(s, 8, 1)) == 4
    with pytest.raises(ValueError):
        to_buffer(s, 99, 1)


def test_sounds_play_with_the_dummy_driver():
    snd = Sounds(volume=0.5)
    assert snd.start() is True
    assert snd.play("click") is True
    assert snd.play("dice", 0.3) is True
    assert snd.sound("click") is snd.sound("click")  # built once
    assert snd.play("no-such-sound") is False
    snd.set_muted(True)
    assert snd.play("click") is False
    snd.set_muted(False)
    snd.set_volume(0)
    assert snd.play("click") is False
    snd.set_volume(3)
    assert snd.volume == 1.0


def test_sounds_are_silent_when_the_mixer_cannot_start(monkeypatch):
    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    snd = Sounds()
    assert snd.start() is False
    assert snd.play("dice") is False
    snd.preload()
    null = NullSounds()
    assert null.play("dice") is False


def test_preload_builds_everything():
    snd = Sounds()
    snd.preload()
    assert set(snd._sounds) == set(NAMES)
    assert sound.NAMES == tuple(SYNTHS)
