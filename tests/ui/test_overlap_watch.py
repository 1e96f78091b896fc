"""The overlap watch of the text sweep (tools/overlaps.py, ``cutsweep.py --overlaps``): from a finished frame's
pixels it tells a line partly hidden under a tile from one covered whole by a panel (an overlay) or left alone,
and two visible lines lying on each other, also when the text was painted on a layer blitted afterwards."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest

from game.ui import gfx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tools.overlaps import OverlapWatch  # noqa: E402


class FakeApp:
    """Just what the watch needs: a screen, a stack of scenes (none animating) and a ``draw``."""

    def __init__(self, paint: Any) -> None:
        self.screen = pygame.Surface((400, 200))
        self.stack: list[Any] = []
        self._fade = None
        self.paint = paint

    def draw(self) -> None:
        self.screen.fill((30, 30, 30))
        self.paint(self.screen)


@pytest.fixture()
def watched() -> Iterator[Any]:
    pygame.font.init()
    found: list[tuple[str, str]] = []
    made: list[OverlapWatch] = []

    def run(paint: Any) -> list[tuple[str, str]]:
        app = FakeApp(paint)
        watch = OverlapWatch(lambda kind, words: found.append((kind, words)))
        watch.install(app)
        made.append(watch)
        app.draw()
        assert watch.frames == 1
        return found

    yield run
    for w in made:
        w.uninstall()


def test_a_line_left_alone_is_no_finding(watched: Any) -> None:
    assert watched(lambda s: gfx.text(s, "Attachments 2/5", (10, 10), 20, (250, 240, 220), bold=True)) == []


def test_a_tile_over_the_foot_of_a_line_is_partly_hidden(watched: Any) -> None:
    def paint(s: pygame.Surface) -> None:
        r = gfx.text(s, "Attachments 2/5", (10, 10), 20, (250, 240, 220), bold=True)
        pygame.draw.rect(s, (90, 140, 90), (r.x, r.centery, r.w, 40))  # the first tile, too high

    assert [k for k, _ in watched(paint)] == ["partly hidden"]


def test_a_panel_over_the_whole_line_is_an_overlay_not_a_finding(watched: Any) -> None:
    def paint(s: pygame.Surface) -> None:
        r = gfx.text(s, "Attachments 2/5", (10, 10), 20, (250, 240, 220), bold=True)
        pygame.draw.rect(s, (200, 190, 160), r.inflate(10, 10))

    assert watched(paint) == []


def test_two_lines_on_each_other_are_text_on_text_also_from_a_layer(watched: Any) -> None:
    def paint(s: pygame.Surface) -> None:
        layer = pygame.Surface((300, 100), pygame.SRCALPHA)
        gfx.text(layer, "Shell Guardian", (5, 5), 20, (250, 240, 220), bold=True)
        s.blit(layer, (20, 20))
        gfx.text(s, "Will Harvest", (40, 30), 20, (120, 220, 120), bold=True)

    assert [k for k, _ in watched(paint)] == ["text on text"]


def test_a_layer_drawn_again_forgets_its_old_words(watched: Any) -> None:
    def paint(s: pygame.Surface) -> None:
        layer = pygame.Surface((300, 100), pygame.SRCALPHA)
        gfx.text(layer, "mano di 6?", (5, 5), 20, (250, 240, 220))
        gfx.text(layer, "mano di 5?", (5, 5), 20, (250, 240, 220))  # drawn again without clearing
        s.blit(layer, (20, 20))

    assert watched(paint) == []
