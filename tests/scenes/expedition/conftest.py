"""Expedition scene tests: games on the tutorial driven through the scene's own regions (the App fixture
and the mouse helpers are shared, tests/scenes/conftest.py and tests/scenes/driving.py)."""

from __future__ import annotations

from typing import Any, Callable

from game.engine.actions import Action
from tests.scenes.driving import (click, frames, open_game, visible_point, wait_until)  # noqa: F401


def start(app: Any, humans: int = 1, seed: int = 3, level: str = "tutorial") -> Any:
    """Open an expedition with ``humans`` human hero seats (the other heroes and the Dark Lord are bots)."""
    from game.engine.levels import get_level
    from game.engine.protocol import SeatSpec
    from game.engine.registry import get_ruleset

    lv = get_level("expedition", level)
    n = get_ruleset("expedition").seat_range(lv)[1]
    seats = [SeatSpec(f"Hero{i}", "human") if i < humans else SeatSpec(f"Bot{i}", "bot", "random")
             for i in range(n)]
    return open_game(app, "expedition", lv, seats, seed)


def advance(scene: Any, until: Callable[[Any], bool], prefer: tuple[str, ...] = (), avoid: tuple[str, ...] = (),
            seed: int = 7, limit: int = 3000, toward: tuple[int, int] | None = None) -> bool:
    """Apply seeded random legal actions straight to the match (kinds in ``prefer`` first, ``avoid`` last;
    moves toward the square ``toward`` when given) until ``until(state)`` holds; the scene forgets its cached
    records."""
    import random

    rng = random.Random(seed)
    m = scene.match
    for _ in range(limit):
        if until(m.state):
            break
        if m.is_over():
            return False
        legal = m.legal_actions()
        pick = [a for a in legal if a.kind in prefer] or [a for a in legal if a.kind not in avoid] or legal
        moves = [a for a in legal if a.kind == "move"]
        if toward is not None and moves:
            pick = [min(moves, key=lambda a: abs(a.get("x") - toward[0]) + abs(a.get("y") - toward[1]))]
        m.apply(rng.choice(pick), m.to_act())
    scene.driver.invalidate()
    scene.reader.forget()
    return until(m.state)


def human_step(step: str, seat: int = 0) -> Callable[[Any], bool]:
    """A condition: the expedition (no battle live) is at ``step`` and ``seat`` decides."""
    return lambda st: st.child is None and str(st.step) == step and st.to_act() == seat


def regions_for(scene: Any, action: Action) -> list[Any]:
    """The legal regions registered this frame whose payload is ``action`` or holds it."""
    return [r for r in scene.router.regions if r.legal and (r.payload == action or (
        isinstance(r.payload, (list, tuple)) and action in r.payload))]


def click_action(app: Any, scene: Any, action: Action) -> None:
    """Click the region standing for ``action`` (a battle menu group first opens, then its target)."""
    frames(app, 1)
    for _ in range(3):
        exact = [r for r in regions_for(scene, action) if r.payload == action]
        if exact:
            click(app, visible_point(scene, exact[-1]))
            return
        groups = regions_for(scene, action)
        assert groups, f"no region stands for {action.key}"
        click(app, visible_point(scene, groups[-1]))
    raise AssertionError(f"clicking never reached {action.key}")


def wheel(app: Any, pos: tuple[int, int], dy: int) -> None:
    """Move the mouse to ``pos`` and turn the wheel ``dy`` notches."""
    import pygame

    from tests.scenes.driving import mouse

    app.step([mouse(pygame.MOUSEMOTION, pos), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                                                   precise_x=0.0, precise_y=float(dy),
                                                                   touch=False)], 1 / 30)


def key(app: Any, k: int) -> None:
    """Press a key."""
    import pygame

    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], 1 / 30)
