"""Memory: closed scenes are freed at the next frame, the theme's fonts are opened as files.

Findings of the bench's peak-memory figure (docs/PERFORMANCE.md, finding 2). No
figure is asserted here: these check the mechanisms, which either work or not.
"""

from __future__ import annotations

import gc
import weakref
from typing import Any, Iterator

import pygame
import pytest

from tests.app.conftest import run_frames


class _Heavy:
    """Stands for a closed scene's surfaces (a Surface cannot be weakly referenced)."""

    def __init__(self) -> None:
        self.surface = pygame.Surface((640, 360))


@pytest.fixture
def no_auto_gc() -> Iterator[None]:
    """Switch off Python's automatic cyclic collection, so only the app's own collection can free a cycle."""
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _cyclic_scene(app: Any) -> tuple[Any, "weakref.ref[_Heavy]"]:
    """A scene that, like the real ones, keeps a bound method of itself (a reference cycle)."""
    from game.app.scene import Scene

    class Cyclic(Scene):
        name = "cyclic"

        def __init__(self, app: Any) -> None:
            super().__init__(app)
            self.heavy = _Heavy()
            self.dispatch = {"back": self.back}  # scene -> dict -> bound method -> scene

        def back(self) -> None:
            self.app.pop()

    scene = Cyclic(app)
    return scene, weakref.ref(scene.heavy)


def test_popped_scene_is_freed_at_the_next_frame(app: Any, no_auto_gc: None) -> None:
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    scene, heavy = _cyclic_scene(app)
    app.push(scene)
    run_frames(app, 2)
    scene.dispatch["back"]()  # the scene closes itself from its own callback, as buttons do
    del scene
    assert heavy() is not None, "a cycle outlives its last reference when nothing collects"
    run_frames(app, 1)
    assert heavy() is None, "the closed scene (and what it held) must be freed at the next frame"


def test_replaced_and_reset_scenes_are_freed(app: Any, no_auto_gc: None) -> None:
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    first, heavy1 = _cyclic_scene(app)
    app.push(first)
    second, heavy2 = _cyclic_scene(app)
    app.replace(second)
    del first, second
    run_frames(app, 1)
    assert heavy1() is None
    assert heavy2() is not None, "the scene on top is alive"
    app.reset(MenuScene(app))
    run_frames(app, 1)
    assert heavy2() is None


def test_scene_still_open_below_is_not_freed(app: Any, no_auto_gc: None) -> None:
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    below, heavy = _cyclic_scene(app)
    app.push(below)
    top, _ = _cyclic_scene(app)
    app.push(top)
    del below, top
    app.pop()
    run_frames(app, 2)
    assert heavy() is not None and app.top.name == "cyclic"


def test_theme_fonts_are_files_not_package_resources(home: Any) -> None:
    """pygame_gui reads a package-resource font into memory once per size and style; a path is opened as a file."""
    import pygame_gui

    from game.app.theme import FONT_NAME, font_paths, theme_dict

    paths = font_paths()
    assert set(paths) == {"regular_path", "bold_path", "italic_path", "bold_italic_path"}
    data = theme_dict(1.25)
    fonts = [b["font"] for b in data.values() if isinstance(b, dict) and isinstance(b.get("font"), dict)]
    assert fonts and all(f["name"] == FONT_NAME and f["regular_path"] == paths["regular_path"] for f in fonts)
    pygame.init()
    try:
        pygame.display.set_mode((1280, 720))
        mgr = pygame_gui.UIManager((1280, 720), data)
        label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 700, 90), "Partita finita", manager=mgr,
                                            object_id=pygame_gui.core.ObjectID(object_id="#title_label"))
        loaded = mgr.get_theme().get_font_dictionary().loaded_fonts
        ours = [fid for fid in loaded if fid.startswith(FONT_NAME)]
        assert ours, list(loaded)
        assert all(isinstance(loaded[fid].location, str) for fid in ours), "theme fonts load from file paths"
        assert label.font.size("Partita finita")[1] > 20  # the 40 px title font at 1.25x, really loaded
    finally:
        pygame.quit()
