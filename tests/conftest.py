"""Test set-up: headless SDL, and user folders in a temporary directory."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# never touch the real user's saves, settings or mods
os.environ["MESA_HOME"] = tempfile.mkdtemp(prefix="mesa-test-home-")


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _english_by_default():
    """Every test starts in English: a test that switches language must not leak it to others."""
    from game.engine import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
