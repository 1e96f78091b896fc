"""Issue 15 item 8: illegal clicks play a sound (the log said ``unknown sound 'illegal'``), and every
sound a scene asks for by name exists."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui.sound import NAMES, Sounds

GAME = Path(__file__).resolve().parents[2] / "game"


def test_issue15_8_illegal_click_sound_exists_and_plays(caplog):
    snd = Sounds(volume=0.5)
    assert snd.start() is True
    with caplog.at_level("WARNING"):
        assert snd.play("illegal") is True
    assert "unknown sound" not in caplog.text


def test_issue15_8_every_sound_a_scene_names_is_synthesized():
    asked: set[str] = set()
    for path in GAME.rglob("*.py"):
        asked |= set(re.findall(r"play_sound\(\s*\"([a-z_]+)\"", path.read_text(encoding="utf-8")))
    assert "illegal" in asked
    assert asked <= set(NAMES), sorted(asked - set(NAMES))
