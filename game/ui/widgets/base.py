"""The repaint cache the log panel and the phase tracker share: paint once, blit while nothing changed."""

from __future__ import annotations

from typing import Any, Callable

import pygame

# ---------------------------------------------------------------------- caching


class _Cached:
    """Mixin: paint a widget once into a surface and blit it while nothing it shows has changed.

    ``paint`` draws with ``self.rect`` temporarily moved to the cache surface's
    coordinates, so widget code stays written in canvas coordinates.
    """

    CACHE_MARGIN = 16
    _cache: tuple[Any, pygame.Surface] | None = None
    rect: pygame.Rect

    def _cached(self, surface: pygame.Surface, key: Any, paint: Callable[[pygame.Surface], Any]) -> None:
        m = self.CACHE_MARGIN
        if self._cache is None or self._cache[0] != key:
            saved = self.rect
            surf = pygame.Surface((saved.w + 2 * m, saved.h + 2 * m), pygame.SRCALPHA)
            self.rect = pygame.Rect(m, m, saved.w, saved.h)
            try:
                paint(surf)
            finally:
                self.rect = saved
            self._cache = (key, surf)
        surface.blit(self._cache[1], (self.rect.x - m, self.rect.y - m))

    def invalidate(self) -> None:
        """Force a repaint on the next draw."""
        self._cache = None
