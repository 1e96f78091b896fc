"""Drawing basics shared by every scene: palettes, seat colours and symbols,
fonts and text, cached SVG/PNG loading and rounded panels.

Why a package of its own: scenes must look like one program (one warm tabletop
look, one colour-blind-safe alternative), text must honour the text-size
setting, and images must be rasterized once and cached, not every frame.
Colour is never the only cue: every seat also has a SYMBOL drawn by code
(the bundled Noto font has no geometric glyphs, so symbols are polygons).

One module per job; this package re-exports them all (``gfx.text``, ``gfx.palette()``):

- ``colours``: ``Palette``, ``set_palette`` / ``palette``, ``seat_colour``, ``seat_symbol``,
  ``draw_seat_badge``, ``seat_ink``, ``readable_ink``, ``lerp_colour``, ``with_alpha``.
- ``fonts``: ``set_text_scale`` / ``text_scale``, ``font``, ``render``, ``wrap``, ``text``,
  ``text_size``, ``line_height``, ``fit_text_size``.
- ``drawing``: ``rounded_rect``, ``SurfaceCache``, ``shadow``, ``panel``, ``highlight``,
  ``vignette_background``, ``tinted``, ``bars``, ``draw_prop``.
- ``images``: ``load_svg``, ``load_image``, ``placeholder``, ``image_cache_stats``,
  ``clear_image_cache``.
"""

from __future__ import annotations

from game.engine.paths import assets_dir  # noqa: F401 - tests and scenes read gfx.assets_dir
from game.ui.gfx.colours import (
    OKABE_ITO,
    PALETTES,
    SYMBOLS,
    WARM,
    Colour,
    Palette,
    draw_seat_badge,
    draw_symbol,
    lerp_colour,
    palette,
    readable_ink,
    seat_colour,
    seat_ink,
    seat_symbol,
    set_palette,
    symbol_points,
    with_alpha,
)
from game.ui.gfx.drawing import (
    SHADOW_CACHE_BYTES,
    SurfaceCache,
    _background,
    _shadow_surface,
    bars,
    draw_prop,
    highlight,
    iter_points_on_circle,
    panel,
    rounded_rect,
    shadow,
    tinted,
    vignette_background,
)
from game.ui.gfx.fonts import (
    _font_path,
    fit_text_size,
    font,
    line_height,
    render,
    set_text_scale,
    text,
    text_scale,
    text_size,
    wrap,
)
from game.ui.gfx.images import (
    IMAGE_CACHE_BYTES,
    MAX_IMAGE_SIDE,
    clear_image_cache,
    image_cache_stats,
    load_image,
    load_svg,
    placeholder,
)

__all__ = [
    "Colour",
    "OKABE_ITO",
    "PALETTES",
    "Palette",
    "SYMBOLS",
    "WARM",
    "draw_seat_badge",
    "draw_symbol",
    "lerp_colour",
    "palette",
    "readable_ink",
    "seat_colour",
    "seat_ink",
    "seat_symbol",
    "set_palette",
    "symbol_points",
    "with_alpha",
    "_font_path",
    "fit_text_size",
    "font",
    "line_height",
    "render",
    "set_text_scale",
    "text",
    "text_scale",
    "text_size",
    "wrap",
    "SHADOW_CACHE_BYTES",
    "SurfaceCache",
    "_background",
    "_shadow_surface",
    "bars",
    "draw_prop",
    "highlight",
    "iter_points_on_circle",
    "panel",
    "rounded_rect",
    "shadow",
    "tinted",
    "vignette_background",
    "IMAGE_CACHE_BYTES",
    "MAX_IMAGE_SIDE",
    "clear_image_cache",
    "image_cache_stats",
    "load_image",
    "load_svg",
    "placeholder",
]
