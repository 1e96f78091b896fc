"""Cached static layers: a surface painted once and reused until what it shows changes.

Why a module of its own: boards draw a lot that only changes after a move (both
sides of a card table, the AP track's stops, a card face), and each scene kept
its own ``(key, surface)`` pair and remembered to add the palette and text size
to the key. ``LayerCache`` does it once: the key always includes the size, the
palette and the text-size setting, so changing a setting repaints by itself.

```python
layers = LayerCache()
layer = layers.get("track", rect.size, paint_track, extra=(lang,))   # paint(surface) on a miss
surface.blit(layer, rect.topleft)
```
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable

import pygame

from game.ui import gfx


def settings_key() -> tuple[str, float]:
    """What every cached picture depends on: the palette and the text-size setting."""
    return gfx.palette().name, gfx.text_scale()


class LayerCache:
    """Named surfaces keyed by (name, size, palette, text size, extra), least recently used dropped first."""

    def __init__(self, max_layers: int = 32) -> None:
        self.max_layers = max_layers
        self._layers: "OrderedDict[tuple, pygame.Surface]" = OrderedDict()
        self.paints = 0  # how many times a layer was painted (tests and bench read it)

    def key(self, name: str, size: tuple[int, int], extra: Any = ()) -> tuple:
        """The full key of a layer."""
        return (name, (int(size[0]), int(size[1])), settings_key(), extra)

    def get(self, name: str, size: tuple[int, int], paint: Callable[[pygame.Surface], Any],
            extra: Any = ()) -> pygame.Surface:
        """Return the layer ``name`` at ``size`` for ``extra``, painting it with ``paint(surface)`` on a miss."""
        key = self.key(name, size, extra)
        surf = self._layers.get(key)
        if surf is not None:
            self._layers.move_to_end(key)
            return surf
        surf = pygame.Surface(key[1], pygame.SRCALPHA)
        paint(surf)
        self.paints += 1
        for old in [k for k in self._layers if k[0] == name]:  # one live version per name
            del self._layers[old]
        self._layers[key] = surf
        while len(self._layers) > self.max_layers:
            self._layers.popitem(last=False)
        return surf

    def invalidate(self, name: str | None = None) -> None:
        """Forget the layer ``name`` (every layer when None)."""
        if name is None:
            self._layers.clear()
        else:
            for k in [k for k in self._layers if k[0] == name]:
                del self._layers[k]

    def __contains__(self, name: str) -> bool:
        return any(k[0] == name for k in self._layers)

    def __len__(self) -> int:
        return len(self._layers)
