"""The dice tray never covers what the player must choose (issue 15, item 5): a throw lands off the legal
targets and buttons of the last frame, and resting dice step aside when a new decision comes."""

from __future__ import annotations

from typing import Any

import pygame

from tests.scenes.skirmish.conftest import frames, start


def test_throw_lands_off_the_players_choices(app: Any) -> None:
    scene = start(app)
    frames(app, 3)
    tray = scene.dice_tray
    keep = scene.decision_rects()
    assert keep, "the player has something to choose"
    assert tray.keep_clear == scene.decision_rects and tray.bounds == scene.board_rect
    home = pygame.Rect(tray.rect)
    covered_before = [r for r in keep if home.colliderect(r)]
    tray.throw([3, 4, 5], label="12")
    covered_after = [r for r in keep if tray.rect.colliderect(r)]
    assert len(covered_after) <= len(covered_before)
    if covered_before:
        assert tray.rect != home, "the tray moved or shrank off the choices"
    tray.skip()
    frames(app, 2)
    assert all(tray.rect.collidepoint(d.pos) for d in tray.dice)
    assert app.errors == [] if hasattr(app, "errors") else True
