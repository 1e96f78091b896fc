"""Fonts for text the app draws by hand (boards, table panels): pygame_gui's bundled
Noto Sans, cached per size and scaled by the text-size setting.

(The shared ui layer may offer its own font helpers; this one exists so the shell
works on its own and uses the very same font files as the widgets.)
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path

import pygame

log = logging.getLogger(__name__)
_scale = 1.0


def set_text_scale(scale: float) -> None:
    """Set the text-size factor every later ``font()`` call uses."""
    global _scale
    if scale != _scale:
        _scale = scale
        font.cache_clear()


def text_scale() -> float:
    """Return the current text-size factor."""
    return _scale


@lru_cache(maxsize=1)
def _font_dir() -> Path | None:
    import importlib.util

    try:  # find pygame_gui's data folder without importing pygame_gui (start-up time)
        spec = importlib.util.find_spec("pygame_gui")
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec else []:
        d = Path(folder) / "data"
        if (d / "NotoSans-Regular.ttf").exists():
            return d
    return None


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """Return Noto Sans at ``size`` (before text scaling), bold/italic as asked."""
    if not pygame.font.get_init():
        pygame.font.init()
    px = max(8, round(size * _scale))
    d = _font_dir()
    if d is not None:
        name = "NotoSans-" + ("BoldItalic" if bold and italic else "Bold" if bold else "Italic" if italic else "Regular")
        try:
            return pygame.font.Font(str(d / f"{name}.ttf"), px)
        except (OSError, pygame.error) as exc:  # pragma: no cover
            log.warning("font %s: %s", name, exc)
    f = pygame.font.Font(None, round(px * 1.3))
    f.set_bold(bold)
    f.set_italic(italic)
    return f


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels (paragraphs kept)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = f"{line} {w}" if line else w
            if fnt.size(cand)[0] <= width or not line:
                line = cand
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def render(text: str, size: int, colour: tuple[int, int, int], bold: bool = False,
           italic: bool = False) -> pygame.Surface:
    """Render one line of text with antialiasing."""
    return font(size, bold, italic).render(text, True, colour)


def fit(text: str, fnt: pygame.font.Font, width: int) -> str:
    """Return ``text`` shortened with an ellipsis so it fits ``width`` pixels."""
    from game.ui.text import shorten_for, too_wide_for  # binary search: the cost does not grow with the text

    if not too_wide_for(text, fnt, width):
        return text
    return shorten_for(text, fnt, width)
