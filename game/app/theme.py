"""The pygame_gui theme: ``assets/theme.json`` (warm wood, parchment and brass)
with every font size scaled by the text-size setting.

pygame_gui ships Noto Sans, which covers Spanish and Italian; the bundle leaves
out its CJK fonts. The theme's fonts name those files by path (font name
``mesa_noto``): pygame_gui loads a font it knows only as a package resource by
reading the whole file into memory once per size and style (0.6 MB each, a dozen
sizes per text size), while a path is opened as a file (docs/PERFORMANCE.md,
finding 2).
"""

from __future__ import annotations

import copy
import json
import logging
from functools import lru_cache
from typing import Any

from game.engine import paths

log = logging.getLogger(__name__)

#: colours the app draws with by hand (board backgrounds, panels), matching the theme
WOOD_DARK = (42, 29, 21)
WOOD = (90, 58, 36)
WOOD_LIGHT = (122, 82, 50)
PARCHMENT = (239, 226, 192)
INK = (43, 29, 18)
BRASS = (184, 137, 59)
BRASS_LIGHT = (240, 201, 106)
TEXT = (243, 230, 200)
TEXT_MUTED = (201, 180, 140)
FELT = (38, 70, 52)
FELT_DARK = (24, 48, 36)
RED = (190, 70, 55)
GREEN = (110, 170, 100)


@lru_cache(maxsize=1)
def _base_theme() -> dict[str, Any]:
    path = paths.assets_dir() / "theme.json"
    try:
        with path.open(encoding="utf-8") as fh:
            data = json.load(fh)
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        return data
    except (OSError, ValueError) as exc:
        log.error("theme %s unusable (%s): using pygame_gui defaults", path, exc)
        return {}


#: the theme's font name when its files are given by path (pygame_gui's own "noto_sans" is a package resource)
FONT_NAME = "mesa_noto"
_FONT_FILES = {"regular_path": "NotoSans-Regular.ttf", "bold_path": "NotoSans-Bold.ttf",
               "italic_path": "NotoSans-Italic.ttf", "bold_italic_path": "NotoSans-BoldItalic.ttf"}


@lru_cache(maxsize=1)
def font_paths() -> dict[str, str]:
    """Return pygame_gui's Noto Sans files as theme ``*_path`` entries (empty when not found as files)."""
    from game.app.fonts import _font_dir

    folder = _font_dir()
    if folder is None:
        return {}
    found = {key: str(folder / name) for key, name in _FONT_FILES.items()}
    return found if all((folder / name).is_file() for name in _FONT_FILES.values()) else {}


def theme_dict(text_scale: float = 1.0) -> dict[str, Any]:
    """Return the theme with every font size multiplied by ``text_scale`` and Noto Sans given by file path."""
    data = copy.deepcopy(_base_theme())
    by_path = font_paths()
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if not isinstance(font, dict):
            continue
        if "size" in font:
            try:
                font["size"] = str(max(8, round(int(font["size"]) * text_scale)))
            except (TypeError, ValueError):
                pass
        if by_path and font.get("name", "noto_sans") == "noto_sans" and not any(k in font for k in _FONT_FILES):
            font["name"] = FONT_NAME
            font.update(by_path)
    return data
