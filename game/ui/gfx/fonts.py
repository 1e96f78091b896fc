"""Fonts and text: the text-size setting, cached fonts and renders, wrapping, measuring, drawing and fitting text."""

from __future__ import annotations

import logging
from collections import OrderedDict
from functools import lru_cache

import pygame

from game.ui.gfx.colours import Colour, palette

log = logging.getLogger(__name__)


# ------------------------------------------------------------------------ fonts

_text_scale = 1.0
_font_cache: dict[tuple[int, bool], pygame.font.Font] = {}
_render_cache: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
_RENDER_CACHE_MAX = 768


def set_text_scale(scale: float) -> None:
    """Set the text-size setting (1.0 normal; clamped to 0.75..1.6) and drop cached fonts."""
    global _text_scale
    _text_scale = max(0.75, min(1.6, float(scale)))
    _font_cache.clear()
    _render_cache.clear()


def text_scale() -> float:
    """Return the text-size setting."""
    return _text_scale


@lru_cache(maxsize=4)
def _font_path(bold: bool) -> str | None:
    try:
        from importlib.resources import files

        p = files("pygame_gui.data") / ("NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf")
        if p.is_file():
            return str(p)
    except Exception:  # pragma: no cover - pygame_gui missing or odd packaging
        log.debug("NotoSans not found in pygame_gui.data", exc_info=True)
    return None


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return a cached NotoSans font of ``size`` logical px times the text scale (pygame's font as fallback)."""
    px = max(6, round(size * _text_scale))
    key = (px, bold)
    f = _font_cache.get(key)
    if f is not None:
        try:
            f.get_height()
        except pygame.error:  # pygame.quit() since it was made: every cached font is dead
            _font_cache.clear()
            f = None
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_path(bold)
        try:
            f = pygame.font.Font(path, px) if path else pygame.font.Font(None, px)
        except (OSError, pygame.error):  # pragma: no cover - broken font file
            log.warning("font %s unusable, using pygame's default", path)
            f = pygame.font.Font(None, px)
            f.set_bold(bold)
        _font_cache[key] = f
    return f


def render(s: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
    """Render one line of text, cached (a frame redraws the same strings)."""
    key = (s, size, tuple(colour), bold, _text_scale)
    surf = _render_cache.get(key)
    if surf is not None:
        _render_cache.move_to_end(key)
        return surf
    surf = font(size, bold).render(s, True, colour)
    if len(colour) == 4 and colour[3] < 255:
        surf.set_alpha(colour[3])
    _render_cache[key] = surf
    if len(_render_cache) > _RENDER_CACHE_MAX:
        _render_cache.popitem(last=False)
    return surf


def wrap(s: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split text into lines no wider than ``max_width`` px (words longer than a line are cut)."""
    f = font(size, bold)
    lines: list[str] = []
    for para in str(s).split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            cand = word if not line else f"{line} {word}"
            if not _too_wide(f, cand, max_width):
                line = cand
                continue
            if line:
                lines.append(line)
            # a single word wider than the line: cut it (binary search on a bounded piece: a long word costs
            # a few measurements per line it fills, not one per letter)
            while len(word) > 1 and _too_wide(f, word, max_width):
                cut = _longest_fitting(f, word, max_width)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _too_wide(f: pygame.font.Font, s: str, max_width: int) -> bool:
    """True when ``s`` is wider than ``max_width``, measuring only its beginning when that is already too wide."""
    probe = max(8, max_width)
    if len(s) > probe and f.size(s[:probe])[0] > max_width:
        return True
    return f.size(s)[0] > max_width


def _longest_fitting(f: pygame.font.Font, s: str, max_width: int) -> int:
    """The longest prefix of ``s`` (at least one letter) no wider than ``max_width``, by binary search."""
    lo, hi = 1, min(len(s), max(16, 2 * max_width))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(s[:mid])[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def line_height(size: int, bold: bool = False) -> int:
    """Return the line spacing of the font of ``size``."""
    return font(size, bold).get_linesize()


def text_size(s: str, size: int, bold: bool = False, max_width: int | None = None) -> tuple[int, int]:
    """Return the (w, h) the text would take when drawn by ``text``."""
    if max_width is None:
        lines = str(s).split("\n")
    else:
        lines = wrap(s, size, max_width, bold)
    f = font(size, bold)
    w = max((f.size(line)[0] for line in lines), default=0)
    return w, f.get_linesize() * len(lines)


def text(surface: pygame.Surface, s: str, pos: tuple[float, float], size: int = 18,
         colour: Colour | None = None, align: str = "topleft", max_width: int | None = None,
         bold: bool = False, shadow: Colour | None = None) -> pygame.Rect:
    """Draw text anchored at ``pos`` (align is a Rect anchor: topleft, center, midtop, ...).

    With ``max_width`` the text wraps and each line keeps the horizontal alignment.
    Returns the rect covered.
    """
    colour = colour if colour is not None else palette().ink
    lines = wrap(s, size, max_width, bold) if max_width else str(s).split("\n")
    surfs = [render(line, size, colour, bold) for line in lines]
    lh = line_height(size, bold)
    w = max((x.get_width() for x in surfs), default=0)
    block = pygame.Rect(0, 0, w, lh * len(surfs))
    setattr(block, align, (round(pos[0]), round(pos[1])))
    for i, srf in enumerate(surfs):
        r = srf.get_rect()
        r.top = block.top + i * lh
        if "left" in align:
            r.left = block.left
        elif "right" in align:
            r.right = block.right
        else:
            r.centerx = block.centerx
        if shadow is not None:
            sh = render(lines[i], size, shadow, bold)
            surface.blit(sh, r.move(1, 2))
        surface.blit(srf, r)
    return block


def fit_text_size(s: str, max_w: int, max_h: int, start: int = 32, minimum: int = 8, bold: bool = False) -> int:
    """Return the largest size (<= start) at which one line of ``s`` fits in max_w x max_h."""
    size = start
    while size > minimum:
        w, h = text_size(s, size, bold)
        if w <= max_w and h <= max_h:
            return size
        size -= 1
    return minimum
