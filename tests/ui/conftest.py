"""Shared fixtures of the UI tests: a headless pygame and the default speed/palette restored."""

from __future__ import annotations

import pygame
import pytest

from game.ui import anim, gfx


@pytest.fixture(autouse=True)
def _headless_pygame():
    """Initialise pygame (dummy drivers from tests/conftest.py) and reset UI settings after each test."""
    pygame.init()
    anim.set_speed(1.0)
    gfx.set_palette("warm")
    gfx.set_text_scale(1.0)
    yield
    anim.set_speed(1.0)
    gfx.set_palette("warm")
    gfx.set_text_scale(1.0)
