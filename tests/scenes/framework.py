"""The steady-frame check shared by the ruleset scenes' tests: with nothing moving, a frame does the same
counted work as the one before (no text rasterized, no cached layer painted again); after a palette
change the first frame repaints its layers and the next ones hit the caches again.

Not timed: the time is the bench's (``python -m game bench``); the work a frame does is counted
(``game.bench.frames.frame_work``: calls, blits, text rasterized, layers painted), the same on any
machine and under any load.
"""

from __future__ import annotations

from typing import Any, Callable


def assert_steady_frame_work(app: Any, scene: Any, max_py: int, max_blits: int,
                             repainted: Callable[[list[str]], bool], what: str) -> None:
    """Check ``scene``'s steady frames (see the module docstring); ``max_py``/``max_blits``: about twice
    today's counts (a frame doing that much lost a cache); ``repainted(names)``: the layers the first
    frame in a new palette must paint (``what`` says which, for the message)."""
    from game.bench.frames import frame_work
    from game.ui import gfx

    def draw() -> None:
        scene.draw(app.screen)

    import gc

    again: list[str] = []
    gc.collect()
    gc.disable()  # a collection inside one frame runs finalizers the profile would count as that frame's calls
    try:
        steady = frame_work(draw, again)
        second = frame_work(draw)
    finally:
        gc.enable()
    assert second == steady, f"a frame with nothing changed does the same work as the one before: {steady} {second}"
    assert steady["renders"] == 0 and steady["paints"] == 0, f"no text rasterized, no layer painted again: {again}"
    assert steady["py"] < max_py and steady["blits"] < max_blits, steady
    gfx.set_palette("okabe_ito")  # every cached layer and rendered text is stale now
    painted: list[str] = []
    try:
        cold = frame_work(draw, painted)
        second, third = frame_work(draw), frame_work(draw)
    finally:
        gfx.set_palette("warm")
    assert cold["renders"] > 0, "the first frame in the new palette renders its text"
    assert repainted(painted), f"the first frame in the new palette paints {what}: {painted}"
    assert cold["py"] > 1.5 * second["py"], f"the first frame repaints the layers, the second reuses them: {cold} {second}"
    assert second == third and second["renders"] == 0 and second["paints"] == 0, \
        f"from the second frame on, the caches are hit: {second}"
