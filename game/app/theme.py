"""The pygame_gui theme: ``assets/theme.json`` (warm wood, parchment and brass)
with every font size scaled by the text-size setting.

pygame_gui ships Noto Sans, which covers Spanish and Italian; the bundle leaves
out its CJK fonts.
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


def theme_dict(text_scale: float = 1.0) -> dict[str, Any]:
    """Return the theme with every font size multiplied by ``text_scale``."""
    data = copy.deepcopy(_base_theme())
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and "size" in font:
            try:
                font["size"] = str(max(8, round(int(font["size"]) * text_scale)))
            except (TypeError, ValueError):
                pass
    return data
