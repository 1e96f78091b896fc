"""Palettes, seat symbols, text wrapping and cached SVG/PNG loading."""

from __future__ import annotations

import pygame
import pytest

from game.ui import gfx

SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
<rect x="0" y="0" width="10" height="10" fill="#ff0000"/></svg>"""


def test_svg_load_is_cached(tmp_path):
    p = tmp_path / "red.svg"
    p.write_text(SVG)
    before = gfx.image_cache_stats()
    a = gfx.load_svg(p, (32, 32))
    b = gfx.load_svg(p, (32, 32))
    after = gfx.image_cache_stats()
    assert a is b
    assert after["misses"] == before["misses"] + 1 and after["hits"] == before["hits"] + 1
    assert a.get_size() == (32, 32)
    assert a.get_at((16, 16))[:3] == (255, 0, 0)
    c = gfx.load_svg(p, (64, 48))  # another size is another raster
    assert c.get_size() == (64, 48) and c is not a


def test_shipped_ui_svgs_load_from_assets():
    for name in ("heart", "coin", "star", "flame", "shield", "bag"):
        surf = gfx.load_svg(f"ui/{name}.svg", (48, 48))
        assert surf.get_size() == (48, 48)
        # drawn, not a placeholder: the centre is opaque and not the placeholder grey
        assert surf.get_at((24, 30))[3] > 0
    assert (gfx.assets_dir() / "ui" / "heart.svg").is_file()


def test_missing_or_broken_images_give_a_placeholder(tmp_path, caplog):
    bad = tmp_path / "bad.svg"
    bad.write_text("<svg this is not")
    surf = gfx.load_svg(tmp_path / "nope.svg", (20, 30))
    assert surf.get_size() == (20, 30)
    png = gfx.load_image(tmp_path / "nope.png", (40, 40))
    assert png.get_size() == (40, 40)
    assert gfx.load_svg(bad, (10, 10)).get_size() == (10, 10)


def test_png_load_and_scale(tmp_path):
    src = pygame.Surface((8, 4))
    src.fill((0, 255, 0))
    p = tmp_path / "g.png"
    pygame.image.save(src, str(p))
    img = gfx.load_image(p, (16, 8))
    assert img.get_size() == (16, 8) and img.get_at((3, 3))[:3] == (0, 255, 0)
    assert gfx.load_image(p) is gfx.load_image(p)


def test_palettes_and_seat_cues():
    assert gfx.set_palette("okabe_ito").name == "okabe_ito"
    assert gfx.seat_colour(0) == (230, 159, 0)
    assert gfx.set_palette("nonsense").name == "warm"
    symbols = [gfx.seat_symbol(i) for i in range(8)]
    assert len(set(symbols)) == 8  # a distinct shape per seat: colour is never the only cue
    assert len({gfx.seat_colour(i) for i in range(8)}) == 8
    for pal in gfx.PALETTES.values():
        assert pal.legal != pal.illegal and len(pal.seats) >= 4


@pytest.mark.parametrize("name", gfx.SYMBOLS)
def test_symbols_draw_inside_their_radius(name):
    surf = pygame.Surface((100, 100))
    r = gfx.draw_symbol(surf, name, (50, 50), 20, (255, 255, 255))
    assert r.w > 10 and pygame.Rect(20, 20, 60, 60).contains(r)
    assert surf.get_at((50, 50))[:3] == (255, 255, 255) or name in ("ring",)


def test_wrap_respects_width_and_keeps_words():
    text = "Nyx places the Sword of Embers on floor one, space three, next to the sleeping golem."
    lines = gfx.wrap(text, 18, 200)
    assert len(lines) > 1
    assert " ".join(lines) == text
    assert all(gfx.font(18).size(line)[0] <= 200 for line in lines)
    cut = gfx.wrap("Supercalifragilisticexpialidocious", 18, 60)
    assert "".join(cut) == "Supercalifragilisticexpialidocious" and len(cut) > 2
    assert gfx.wrap("a\nb", 18, 300) == ["a", "b"]


def test_text_alignment_and_fit():
    surf = pygame.Surface((400, 200))
    r = gfx.text(surf, "Hello", (200, 100), 24, (255, 255, 255), "center")
    assert r.center == (200, 100) or abs(r.centerx - 200) <= 1
    r2 = gfx.text(surf, "Right aligned", (390, 10), 16, (255, 255, 255), "topright")
    assert r2.right == 390
    size = gfx.fit_text_size("A long label here", 80, 30, 40)
    assert gfx.text_size("A long label here", size)[0] <= 80
    assert gfx.render("x", 20, (1, 2, 3)) is gfx.render("x", 20, (1, 2, 3))  # cached


def test_panels_and_background():
    surf = pygame.Surface((300, 200))
    inner = gfx.panel(surf, pygame.Rect(20, 20, 200, 120))
    assert pygame.Rect(20, 20, 200, 120).contains(inner)
    gfx.highlight(surf, pygame.Rect(10, 10, 50, 50))
    gfx.bars(surf, pygame.Rect(10, 170, 200, 16), 3, 10, (255, 0, 0))
    bg = gfx.vignette_background((320, 180))
    assert bg.get_size() == (320, 180)
    assert bg.get_at((160, 90)) != bg.get_at((0, 0))  # darker edges


def test_font_falls_back_to_pygames_default(monkeypatch):
    monkeypatch.setattr(gfx.fonts, "_font_path", lambda bold: None)  # fonts live in gfx.fonts
    gfx.set_text_scale(1.0)  # drop cached fonts
    f = gfx.font(20)
    assert f.size("Hola")[0] > 0
    surf = pygame.Surface((100, 40))
    assert gfx.text(surf, "Hola", (0, 0), 20, (255, 255, 255)).w > 0
    gfx.set_text_scale(1.0)


def test_bundled_noto_font_is_used_when_present():
    path = gfx._font_path(False)
    assert path is not None and path.endswith("NotoSans-Regular.ttf")


@pytest.mark.parametrize("palette", sorted(gfx.PALETTES))
def test_seat_ink_is_dark_enough_to_read_on_panels(palette):
    gfx.set_palette(palette)
    for i in range(8):
        r, g, b = gfx.seat_ink(i)[:3]
        assert 0.2126 * r + 0.7152 * g + 0.0722 * b <= 105
    assert len({gfx.seat_ink(i) for i in range(8)}) >= 6  # still tell seats apart
