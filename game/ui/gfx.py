"""Drawing basics shared by every scene: palettes, seat colours and symbols,
fonts and text, cached SVG/PNG loading and rounded panels.

Why a module of its own: scenes must look like one program (one warm tabletop
look, one colour-blind-safe alternative), text must honour the text-size
setting, and images must be rasterized once and cached, not every frame.
Colour is never the only cue: every seat also has a SYMBOL drawn by code
(the bundled Noto font has no geometric glyphs, so symbols are polygons).
"""

from __future__ import annotations

import logging
import math
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

import pygame

from game.engine.paths import assets_dir

log = logging.getLogger(__name__)

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# --------------------------------------------------------------------- palettes


@dataclass(frozen=True)
class Palette:
    """Named colour roles; scenes use roles, never raw colours, so palettes swap."""

    name: str
    table: Colour            # the tabletop behind everything
    table_dark: Colour       # vignette / tray floor
    felt: Colour             # play areas (dice tray, boards)
    panel: Colour            # parchment panels
    panel_dark: Colour       # panel headers, inactive buttons
    edge: Colour             # panel outlines
    ink: Colour              # main text on panels
    ink_soft: Colour         # secondary text
    ink_light: Colour        # text on dark backgrounds
    accent: Colour           # gold: focus, titles
    legal: Colour            # hover/drag highlight of a legal target
    illegal: Colour          # refusal
    good: Colour             # healing, success
    bad: Colour              # damage, failure
    shadow: Colour           # drop shadows (with alpha)
    die_body: Colour         # dice
    die_pip: Colour
    seats: tuple[Colour, ...] = field(default_factory=tuple)


WARM = Palette(
    name="warm",
    table=(92, 58, 38), table_dark=(58, 36, 24), felt=(38, 84, 62),
    panel=(240, 226, 196), panel_dark=(200, 178, 138), edge=(122, 86, 52),
    ink=(48, 32, 22), ink_soft=(110, 86, 64), ink_light=(248, 238, 218),
    accent=(226, 170, 60), legal=(120, 220, 120), illegal=(214, 72, 56),
    good=(64, 150, 80), bad=(196, 52, 40), shadow=(0, 0, 0, 90),
    die_body=(250, 246, 236), die_pip=(40, 30, 26),
    seats=((196, 60, 48), (52, 110, 186), (56, 146, 82), (214, 160, 40),
           (138, 72, 160), (38, 150, 160), (200, 100, 40), (90, 90, 90)),
)

# Okabe & Ito (2008) colour-universal-design palette; legal/illegal become
# blue/orange (distinguishable for deuteranopes), and shapes back every colour.
OKABE_ITO = Palette(
    name="okabe_ito",
    table=(70, 62, 56), table_dark=(44, 40, 36), felt=(40, 62, 80),
    panel=(246, 240, 228), panel_dark=(196, 188, 172), edge=(90, 80, 70),
    ink=(20, 20, 20), ink_soft=(80, 80, 80), ink_light=(250, 250, 245),
    accent=(240, 228, 66), legal=(86, 180, 233), illegal=(213, 94, 0),
    good=(0, 158, 115), bad=(213, 94, 0), shadow=(0, 0, 0, 100),
    die_body=(250, 250, 245), die_pip=(10, 10, 10),
    seats=((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66),
           (0, 114, 178), (213, 94, 0), (204, 121, 167), (30, 30, 30)),
)

PALETTES: dict[str, Palette] = {p.name: p for p in (WARM, OKABE_ITO)}
_palette: Palette = WARM

SYMBOLS = ("circle", "triangle", "square", "diamond", "star", "hexagon", "cross", "ring")


def set_palette(name: str) -> Palette:
    """Make the palette called ``name`` current ("warm" or "okabe_ito"); unknown names keep warm."""
    global _palette
    _palette = PALETTES.get(name, WARM)
    return _palette


def palette() -> Palette:
    """Return the current palette."""
    return _palette


def seat_colour(i: int) -> Colour:
    """Return the colour of seat ``i`` in the current palette."""
    seats = _palette.seats
    return seats[i % len(seats)] if i >= 0 else _palette.ink_soft


def seat_symbol(i: int) -> str:
    """Return the symbol name of seat ``i`` (circle, triangle, square, diamond, ...)."""
    return SYMBOLS[i % len(SYMBOLS)] if i >= 0 else "ring"


def symbol_points(name: str, center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """Return the polygon of a symbol (circle-like symbols give a 24-gon)."""
    cx, cy = center
    r = radius

    def ring(n: int, rad: float, start: float) -> list[tuple[float, float]]:
        return [(cx + rad * math.cos(start + k * 2 * math.pi / n), cy + rad * math.sin(start + k * 2 * math.pi / n))
                for k in range(n)]

    if name == "triangle":
        return ring(3, r * 1.1, -math.pi / 2)
    if name == "square":
        return ring(4, r * 1.05, math.pi / 4)
    if name == "diamond":
        return ring(4, r * 1.1, -math.pi / 2)
    if name == "hexagon":
        return ring(6, r, 0.0)
    if name == "star":
        outer = ring(5, r * 1.15, -math.pi / 2)
        inner = ring(5, r * 0.5, -math.pi / 2 + math.pi / 5)
        return [p for pair in zip(outer, inner) for p in pair]
    if name == "cross":
        a, b = r * 0.36, r
        pts = [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a), (-b, a), (-b, -a), (-a, -a)]
        return [(cx + x, cy + y) for x, y in pts]
    return ring(24, r, 0.0)


def draw_symbol(surface: pygame.Surface, name: str, center: tuple[float, float], radius: float,
                colour: Colour, outline: Colour | None = None, width: int = 0) -> pygame.Rect:
    """Draw a seat symbol (filled, with an optional outline) and return its bounding rect."""
    pts = symbol_points(name, center, radius)
    if name == "ring":
        rect = pygame.draw.circle(surface, colour, (round(center[0]), round(center[1])), round(radius),
                                  max(2, round(radius / 3)))
        if outline:
            pygame.draw.circle(surface, outline, (round(center[0]), round(center[1])), round(radius), 1)
        return rect
    rect = pygame.draw.polygon(surface, colour, pts, width)
    if outline:
        pygame.draw.polygon(surface, outline, pts, max(1, round(radius / 8)))
    return rect


def draw_seat_badge(surface: pygame.Surface, seat: int, center: tuple[float, float], radius: float) -> pygame.Rect:
    """Draw seat ``seat``'s symbol in its colour with a dark outline (colour plus shape)."""
    return draw_symbol(surface, seat_symbol(seat), center, radius, seat_colour(seat), outline=_palette.ink)


def seat_ink(i: int, max_luminance: float = 105.0) -> Colour:
    """Return seat ``i``'s colour darkened enough to read as text on a light panel."""
    c = seat_colour(i)
    for k in range(11):
        cand = lerp_colour(c, _palette.ink, k / 10)
        r, g, b = cand[:3]
        if 0.2126 * r + 0.7152 * g + 0.0722 * b <= max_luminance:
            return cand  # type: ignore[return-value]
    return _palette.ink


def lerp_colour(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, ...]:
    """Blend two colours (t=0 gives a, t=1 gives b)."""
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def with_alpha(c: Sequence[int], alpha: int) -> tuple[int, int, int, int]:
    """Return the colour with the given alpha."""
    return (c[0], c[1], c[2], max(0, min(255, int(alpha))))


def readable_ink(background: Sequence[int]) -> Colour:
    """Return dark or light ink, whichever reads better on ``background``."""
    r, g, b = background[:3]
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return _palette.ink if lum > 140 else _palette.ink_light


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
            if f.size(cand)[0] <= max_width:
                line = cand
                continue
            if line:
                lines.append(line)
            # a single word wider than the line: cut it
            while f.size(word)[0] > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and f.size(word[:cut])[0] > max_width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


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
    colour = colour if colour is not None else _palette.ink
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


# ----------------------------------------------------------------------- panels


def rounded_rect(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, radius: int = 10,
                 width: int = 0) -> None:
    """Draw a rounded rectangle (alpha colours are blended, not overwritten)."""
    if len(colour) == 4 and colour[3] < 255:
        tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, colour, tmp.get_rect(), width, border_radius=radius)
        surface.blit(tmp, rect.topleft)
    else:
        pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


class SurfaceCache:
    """A least-recently-used cache of surfaces bounded by their pixel bytes (not by count).

    Counting entries is no bound for surfaces: one 900x560 shadow weighs as much as
    two hundred card-sized ones. The newest entry is always kept, however big.
    """

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: "OrderedDict[object, pygame.Surface]" = OrderedDict()

    @staticmethod
    def weight(surf: pygame.Surface) -> int:
        """Return the bytes of a surface's pixels."""
        return surf.get_width() * surf.get_height() * surf.get_bytesize()

    def get(self, key: object) -> pygame.Surface | None:
        """Return the cached surface (marking it recently used) or None."""
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: object, surf: pygame.Surface) -> None:
        """Cache a surface, dropping the least recently used ones beyond the byte budget."""
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= self.weight(old)
        self._items[key] = surf
        self.bytes += self.weight(surf)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self.bytes -= self.weight(dropped)

    def clear(self) -> None:
        """Forget every surface."""
        self._items.clear()
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items


#: shadows are rect-sized (a dialog's is 2 MB): a scene draws a few MB of them every frame, the rest go
SHADOW_CACHE_BYTES = 8 * 1024 * 1024
_shadow_cache = SurfaceCache(SHADOW_CACHE_BYTES)


def _shadow_surface(w: int, h: int, radius: int, alpha: int, blur: int) -> pygame.Surface:
    key = (w, h, radius, alpha, blur)
    surf = _shadow_cache.get(key)
    if surf is not None:
        return surf
    surf = pygame.Surface((w + 2 * blur, h + 2 * blur), pygame.SRCALPHA)
    steps = max(1, blur)
    for k in range(steps):
        a = round(alpha * (k + 1) / steps / steps * 1.6)
        r = pygame.Rect(k, k, w + 2 * (blur - k), h + 2 * (blur - k))
        pygame.draw.rect(surf, (0, 0, 0, min(255, a)), r, border_radius=radius + blur - k)
    _shadow_cache.put(key, surf)
    return surf


def shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int = 10, offset: tuple[int, int] = (3, 5),
           alpha: int | None = None, blur: int = 6) -> None:
    """Draw a soft drop shadow under ``rect`` (cached per size)."""
    a = alpha if alpha is not None else (_palette.shadow[3] if len(_palette.shadow) == 4 else 90)
    srf = _shadow_surface(rect.w, rect.h, radius, a, blur)
    surface.blit(srf, (rect.x - blur + offset[0], rect.y - blur + offset[1]))


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour | None = None, edge: Colour | None = None,
          radius: int = 10, with_shadow: bool = True, edge_width: int = 2) -> pygame.Rect:
    """Draw a parchment panel with a rounded outline and a soft shadow; return the inner rect."""
    rect = pygame.Rect(rect)
    if with_shadow:
        shadow(surface, rect, radius)
    rounded_rect(surface, rect, colour if colour is not None else _palette.panel, radius)
    if edge_width:
        rounded_rect(surface, rect, edge if edge is not None else _palette.edge, radius, edge_width)
    return rect.inflate(-2 * (edge_width + 6), -2 * (edge_width + 4))


def highlight(surface: pygame.Surface, rect: pygame.Rect, colour: Colour | None = None, width: int = 3,
              radius: int = 8, glow: bool = True) -> None:
    """Outline a rect as a hover/legal-target highlight (with a faint outer glow)."""
    colour = colour if colour is not None else _palette.legal
    rect = pygame.Rect(rect)
    if glow:
        rounded_rect(surface, rect.inflate(8, 8), with_alpha(colour, 70), radius + 4, 4)
    rounded_rect(surface, rect, colour, radius, width)


def vignette_background(size: tuple[int, int]) -> pygame.Surface:
    """Return a tabletop background (wood tone with darker edges and faint grain) of ``size``."""
    return _background(tuple(size), _palette.name)


@lru_cache(maxsize=4)
def _background(size: tuple[int, int], _pal: str) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(_palette.table)
    grain = lerp_colour(_palette.table, _palette.table_dark, 0.35)
    for y in range(0, h, 7):
        wobble = int(3 * math.sin(y * 0.05))
        pygame.draw.line(surf, grain, (0, y + wobble), (w, y - wobble), 1)
    edge = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(24):
        a = round(120 * (1 - k / 24) ** 2)
        pygame.draw.rect(edge, (0, 0, 0, a), pygame.Rect(k * 3, k * 3, w - 6 * k, h - 6 * k), 3)
    surf.blit(edge, (0, 0))
    return surf


# ----------------------------------------------------------------------- images

_cache_stats = {"hits": 0, "misses": 0}
MAX_IMAGE_SIDE = 4096
#: bytes of rasterised images kept; the least recently used go first (images of scenes no longer shown)
IMAGE_CACHE_BYTES = 24 * 1024 * 1024
_image_cache = SurfaceCache(IMAGE_CACHE_BYTES)


def _remember(key: tuple[str, tuple[int, int] | None], surf: pygame.Surface) -> None:
    """Cache a surface, dropping the least recently used ones beyond IMAGE_CACHE_BYTES."""
    _image_cache.put(key, surf)


def _resolve(path: str | Path) -> Path:
    p = Path(path)
    if not p.is_absolute():
        p = assets_dir() / p
    return p


def placeholder(size: tuple[int, int], label: str = "?") -> pygame.Surface:
    """Return a neutral stand-in surface for a missing or broken image."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rounded_rect(surf, surf.get_rect(), _palette.panel_dark, 6)
    rounded_rect(surf, surf.get_rect(), _palette.edge, 6, 2)
    if min(w, h) >= 12:
        text(surf, label, (w / 2, h / 2), max(8, min(w, h) // 2), _palette.ink_soft, "center")
    return surf


def _clamp_size(size: tuple[int, int] | None) -> tuple[int, int] | None:
    if size is None:
        return None
    return (max(1, min(MAX_IMAGE_SIDE, int(size[0]))), max(1, min(MAX_IMAGE_SIDE, int(size[1]))))


def load_svg(path: str | Path, size: tuple[int, int]) -> pygame.Surface:
    """Rasterize an SVG (relative paths are under assets/) at ``size``, cached; a placeholder if it fails.

    nanosvg ignores ``<text>``: draw labels with ``text`` on top.
    """
    size = _clamp_size(size) or (64, 64)
    p = _resolve(path)
    key = (str(p), size)
    hit = _image_cache.get(key)
    if hit is not None:
        _cache_stats["hits"] += 1
        return hit
    _cache_stats["misses"] += 1
    try:
        if hasattr(pygame.image, "load_sized_svg"):
            surf = pygame.image.load_sized_svg(str(p), size)
            if surf.get_size() != size:
                surf = pygame.transform.smoothscale(surf.convert_alpha() if pygame.display.get_init()
                                                    and pygame.display.get_surface() else surf, size)
        else:  # pragma: no cover - older pygame-ce
            surf = pygame.transform.smoothscale(pygame.image.load(str(p)), size)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
    except (pygame.error, OSError, ValueError, FileNotFoundError) as exc:
        log.warning("cannot load SVG %s: %s", p, exc)
        surf = placeholder(size)
    _remember(key, surf)
    return surf


def load_image(path: str | Path, size: tuple[int, int] | None = None) -> pygame.Surface:
    """Load a PNG/JPG (or SVG) under assets/, optionally scaled to ``size``, cached; a placeholder if it fails."""
    p = _resolve(path)
    if p.suffix.lower() == ".svg":
        return load_svg(p, size or (128, 128))
    size = _clamp_size(size)
    key = (str(p), size)
    hit = _image_cache.get(key)
    if hit is not None:
        _cache_stats["hits"] += 1
        return hit
    _cache_stats["misses"] += 1
    try:
        from game.engine.levels import image_dimensions

        dims = image_dimensions(p) if p.suffix.lower() == ".png" else None
        if dims is not None and max(dims) > MAX_IMAGE_SIDE:
            raise ValueError(f"image header claims {dims[0]}x{dims[1]} px (over {MAX_IMAGE_SIDE})")
        surf = pygame.image.load(str(p))
        if max(surf.get_size()) > MAX_IMAGE_SIDE:
            raise ValueError(f"image larger than {MAX_IMAGE_SIDE} px")
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        if size is not None and surf.get_size() != size:
            surf = pygame.transform.smoothscale(surf, size)
    except (pygame.error, OSError, ValueError) as exc:
        log.warning("cannot load image %s: %s", p, exc)
        surf = placeholder(size or (64, 64))
    _remember(key, surf)
    return surf


def image_cache_stats() -> dict[str, int]:
    """Return cache hits/misses/size (entries), bytes of the image and shadow caches (tests and bench)."""
    return {**_cache_stats, "size": len(_image_cache), "bytes": _image_cache.bytes,
            "shadow_bytes": _shadow_cache.bytes}


def clear_image_cache() -> None:
    """Forget every cached image and shadow (after a palette or display change)."""
    _image_cache.clear()
    _shadow_cache.clear()


def tinted(surface: pygame.Surface, colour: Colour) -> pygame.Surface:
    """Return a copy of ``surface`` multiplied by ``colour``."""
    out = surface.copy()
    out.fill(colour[:3] + (255,) if len(colour) == 3 else colour, special_flags=pygame.BLEND_RGBA_MULT)
    return out


def bars(surface: pygame.Surface, rect: pygame.Rect, value: float, maximum: float, colour: Colour,
         back: Colour | None = None) -> None:
    """Draw a horizontal meter (health, progress) with rounded ends."""
    rect = pygame.Rect(rect)
    rounded_rect(surface, rect, back if back is not None else _palette.panel_dark, rect.h // 2)
    frac = 0.0 if maximum <= 0 else max(0.0, min(1.0, value / maximum))
    if frac > 0:
        inner = rect.inflate(-4, -4)
        inner.w = max(inner.h, round(inner.w * frac))
        rounded_rect(surface, inner, colour, inner.h // 2)


def iter_points_on_circle(center: tuple[float, float], radius: float, n: int, start: float = 0.0
                          ) -> Iterable[tuple[float, float]]:
    """Yield ``n`` points evenly spaced on a circle."""
    for k in range(n):
        a = start + 2 * math.pi * k / max(1, n)
        yield center[0] + radius * math.cos(a), center[1] + radius * math.sin(a)


def draw_prop(surface: pygame.Surface, prop: object, front: pygame.Surface,
              back: pygame.Surface | None = None, shadow_px: int = 0) -> pygame.Rect:
    """Draw an ``anim.Prop``: its face (``back`` while face down), flipped, scaled, rotated, faded.

    Returns the rect covered (empty when fully transparent or edge-on).
    """
    img = front if (getattr(prop, "face_up", True) or back is None) else back
    flip = abs(float(getattr(prop, "flip", 1.0)))
    scale = float(getattr(prop, "scale", 1.0))
    angle = float(getattr(prop, "angle", 0.0))
    alpha = float(getattr(prop, "alpha", 255.0))
    x, y = getattr(prop, "screen_pos", getattr(prop, "pos", (0, 0)))
    w = max(0, round(img.get_width() * scale * flip))
    h = max(0, round(img.get_height() * scale))
    if w < 1 or h < 1 or alpha <= 0:
        return pygame.Rect(round(x), round(y), 0, 0)
    if (w, h) != img.get_size():
        img = pygame.transform.smoothscale(img, (w, h))
    if abs(angle) > 0.2:
        img = pygame.transform.rotate(img, angle)
    if alpha < 255:
        img = img.copy() if img is front or img is back else img
        img.set_alpha(max(0, min(255, round(alpha))))
    r = img.get_rect(center=(round(x), round(y)))
    if shadow_px:
        shadow(surface, r, 8, (shadow_px // 2, shadow_px), blur=4)
    surface.blit(img, r)
    return r
