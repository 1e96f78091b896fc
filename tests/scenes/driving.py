"""Shared helpers for the ruleset-scene tests: open a game in its scene above the menu and drive
it with mouse events through the scene's own hit regions, like a player."""

from __future__ import annotations

import time
from typing import Any, Callable

import pygame


def open_game(app: Any, ruleset: str, level: Any, seats: list[Any], seed: int, lift: bool = True) -> Any:
    """Open a match of ``ruleset`` on ``level`` (an id or a Level) above the menu; return its scene.

    A hot-seat game opens behind the "pass to" curtain; ``lift`` confirms it (the first player sits down).
    """
    from game.engine.match import Match
    from game.scenes.dialogs import PassScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app.push(MenuScene(app))
    scene = open_match(app, Match.new(ruleset, level, seats, seed))
    frames(app, 2)
    if lift and isinstance(app.top, PassScene):
        press_return(app)
        frames(app, 1)
    return scene


def frames(app: Any, n: int = 2, events: list[Any] | None = None, dt: float = 1 / 30) -> None:
    """Run ``n`` frames (the events go into the first)."""
    for i in range(n):
        app.step(list(events or []) if i == 0 else [], dt)


def mouse(kind: int, pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    """A mouse event at ``pos``."""
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    return pygame.event.Event(kind, pos=pos, button=button, touch=False)


def click(app: Any, pos: tuple[int, int], button: int = 1) -> None:
    """Move, press and release at ``pos`` in one frame, then one frame more."""
    app.step([mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos, button),
              mouse(pygame.MOUSEBUTTONUP, pos, button)], 1 / 30)
    app.step([], 1 / 30)


def drag(app: Any, start_pos: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start_pos``, move in steps to ``end`` and release there."""
    app.step([mouse(pygame.MOUSEMOTION, start_pos), mouse(pygame.MOUSEBUTTONDOWN, start_pos)], 1 / 30)
    for k in range(1, 6):
        x = start_pos[0] + (end[0] - start_pos[0]) * k // 5
        y = start_pos[1] + (end[1] - start_pos[1]) * k // 5
        app.step([mouse(pygame.MOUSEMOTION, (x, y))], 1 / 30)
    app.step([mouse(pygame.MOUSEBUTTONUP, end)], 1 / 30)
    app.step([], 1 / 30)


def wait_until(app: Any, cond: Callable[[], bool], timeout: float = 15.0) -> bool:
    """Run frames until ``cond()`` holds (bots think in threads); False on timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        app.step([], 1 / 30)
        time.sleep(0.001)
    return cond()


def region(scene: Any, key: Any) -> Any:
    """The region registered this frame under ``key`` (None when absent)."""
    return next((r for r in reversed(scene.router.regions) if r.key == key), None)


def visible_point(scene: Any, reg: Any) -> tuple[int, int]:
    """A point of ``reg`` where it is the top-most region (so a click or press finds it)."""
    rect = reg.rect
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.15, 0.3, 0.5, 0.08, 0.7, 0.9):
            p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
            if scene.router.region_at(p) is reg:
                return p
    raise AssertionError(f"region {reg.key} is covered everywhere")


def drop_point(scene: Any, reg: Any) -> tuple[int, int]:
    """A point inside a drop target where it is the top-most drop target."""
    rect = reg.rect
    for fy in (0.5, 0.3, 0.7, 0.15, 0.85):
        for fx in (0.5, 0.3, 0.7, 0.15, 0.85):
            p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
            if scene.router.region_at(p, lambda r: r.drop_target) is reg:
                return p
    raise AssertionError(f"drop target {reg.key} is covered everywhere")


def advance_with(scene: Any, policy: Callable[[Any, int, list, Any], Any], until: Callable[[Any], bool],
                 choose: Callable[[Any, list], Any] | None = None, limit: int = 600) -> bool:
    """Apply actions straight to the match (``choose``, else ``policy``) until ``until(state)`` holds."""
    from game.engine.rng import Rng

    rng = Rng(11)
    m = scene.match
    for _ in range(limit):
        if until(m.state):
            scene.driver.invalidate()
            return True
        if m.is_over():
            return False
        legal = m.legal_actions()
        act = choose(m.state, legal) if choose else None
        if act is None:
            act = policy(m.state, m.to_act(), legal, rng)
        m.apply(act, m.to_act())
    scene.driver.invalidate()
    return until(m.state)


def ack_region(scene: Any) -> Any:
    """The region of the pause button ("End turn", "Pass to ...") registered this frame, or None."""
    from game.scenes.base import ACK

    return next((r for r in scene.router.regions if r.payload is ACK), None)


def press_return(app: Any) -> None:
    """Press Enter (lifts a "pass to" curtain)."""
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], 1 / 30)


def to_next_human(app: Any, scene: Any, timeout: float = 15.0) -> bool:
    """Click pause buttons and lift curtains until the seat to act may act in front (or the game ends)."""
    from game.scenes.dialogs import PassScene

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if scene.match.is_over() or (app.top is scene and scene.can_act()):
            return True
        if isinstance(app.top, PassScene):
            press_return(app)
            continue
        app.step([], 1 / 30)
        reg = ack_region(scene) if app.top is scene else None
        if reg is not None:
            click(app, reg.rect.center)
    return scene.match.is_over() or scene.can_act()


def texts_in(scene: Any, rect: Any) -> list[str]:
    """The words the scene drew last frame whose box lies inside ``rect`` (its ``drawn_texts()`` records)."""
    return [r.text for r in scene.drawn_texts() if rect.contains(r.box)]


def regions_keyed(scene: Any, first: Any) -> list[Any]:
    """The regions registered this frame whose key starts with ``first``."""
    return [r for r in scene.router.regions if r.key and r.key[0] == first]


def finished_match(ruleset: str, level: Any, seats: list[Any], seed: int, moves_seed: int) -> Any:
    """A Match of ``ruleset`` played to its end by seeded random legal moves (``moves_seed``)."""
    import random

    from game.engine.match import Match

    m = Match.new(ruleset, level, seats, seed)
    rnd = random.Random(moves_seed)
    while not m.is_over():
        m.apply(rnd.choice(m.legal_actions()))
    return m
