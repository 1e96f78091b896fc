"""The demo board renders in both palettes; its screenshots are saved for people to look at."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.ui import demo


@pytest.mark.parametrize("palette", ["warm", "okabe_ito"])
def test_demo_screenshot(palette, tmp_path):
    surf = demo.render_demo(palette, inspector=palette == "okabe_ito")
    assert surf.get_size() == demo.CANVAS
    out_dir = Path(os.environ.get("MESA_SCREENSHOTS", tmp_path))
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / f"ui-demo-{palette}.png"
    pygame.image.save(surf, str(out))
    assert out.stat().st_size > 10_000
    # not a blank image: many distinct colours
    colours = {tuple(surf.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 720, 29)}
    assert len(colours) > 40


def test_demo_cli_writes_png(tmp_path):
    out = tmp_path / "d.png"
    assert demo.main([str(out), "--banner", "--frames", "20"]) == 0
    assert out.is_file()
