"""Images judged by what they are (issue 16, item 15): the gate reads the real format from the magic bytes
before anything is decoded, so a BMP declaring 30000x30000 pixels, named .png, with an ``<svg width="1"
height="1">`` in its first bytes is refused by the loader's gate and never reaches the decoder."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.engine.levels import image_dimensions
from game.engine.levelassets import image_format, read_image_header
from tests.robustness.test_hostile_levels import _asset_refused, level, pack, png  # noqa: F401 - fixtures

ROOT = Path(__file__).resolve().parents[2]


def hostile_bmp(w: int = 30000, h: int = 30000) -> bytes:
    """A 1.1 KB BMP header declaring w x h pixels at 32 bits, an SVG root tag in its first bytes."""
    svg = b'<svg width="1" height="1" xmlns="http://www.w3.org/2000/svg"></svg>'
    header = struct.pack("<2sIHHI", b"BM", 54 + w * h * 4, 0, 0, 54 + len(svg))
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 32, 0, w * h * 4, 2835, 2835, 0, 0)
    return (header + info + svg).ljust(1100, b"\x00")


def test_seed_issue16_15_a_bmp_named_png_with_an_svg_tag_is_refused_by_the_gate(level: Any, pack: Path) -> None:
    data = hostile_bmp()
    assert len(data) == 1100 and b"<svg" in data[:200]
    (pack / "art.png").write_bytes(data)
    (pack / "art.svg").write_bytes(data)
    assert image_format(data) == "BMP"
    assert read_image_header(pack / "art.png") == ("BMP", None)
    assert image_dimensions(pack / "art.png") is None and image_dimensions(pack / "art.svg") is None
    msg = _asset_refused(level, "art.png", "a BMP file, named .png")
    assert "only real PNG and SVG images" in msg
    _asset_refused(level, "art.svg", "a BMP file, named .svg")


def test_formats_must_match_their_names(level: Any, pack: Path) -> None:
    svg = b'<?xml version="1.0"?>\n<!-- art -->\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"/>'
    (pack / "real.svg").write_bytes(svg)
    (pack / "svg-named.png").write_bytes(svg)
    (pack / "png-named.svg").write_bytes(png(16, 16))
    (pack / "text.svg").write_bytes(b"hello <svg width='1' height='1'/>")
    (pack / "huge.svg").write_bytes(b'<svg width="30000" height="1e400"/>')
    assert image_dimensions(pack / "real.svg") == (64, 32)
    _asset_refused(level, "svg-named.png", "an SVG file, named .png")
    _asset_refused(level, "png-named.svg", "a PNG file, named .svg")
    _asset_refused(level, "text.svg", "not an image this program reads")
    _asset_refused(level, "huge.svg", "too large")


DECODE = r"""
import os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
os.environ["SDL_VIDEODRIVER"] = "dummy"
import pygame
pygame.display.init(); pygame.display.set_mode((64, 64))
calls = []
real = pygame.image.load
pygame.image.load = lambda *a, **k: calls.append(a) or real(*a, **k)
from game.ui import gfx
s = gfx.load_image(sys.argv[1], (64, 64))
print(s.get_size(), len(calls))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_AS")
def test_the_decoder_never_sees_a_bmp_named_png(pack: Path) -> None:
    (pack / "art.png").write_bytes(hostile_bmp())
    proc = subprocess.run([sys.executable, "-c", DECODE, str(pack / "art.png")], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.returncode == 0, proc.stderr[-1500:]
    assert proc.stdout.split() == ["(64,", "64)", "0"], "a placeholder, and pygame never decoded it"
