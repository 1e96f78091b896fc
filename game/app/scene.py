"""The scene base class: what the app's scene stack expects of every screen.

A scene builds its pygame_gui widgets in ``build_ui`` (called on entering and
whenever a setting such as language or text size changes) and the app kills
them when the scene leaves the top of the stack, so a scene's own attributes are
its state and its widgets are disposable. ``draw`` never changes game state.
"""

from __future__ import annotations

import sys
import warnings
from typing import TYPE_CHECKING, Any, Callable

import pygame

from game.ui.text import shorten_for, too_wide_for

if TYPE_CHECKING:  # pragma: no cover
    from game.app.main import App


def _escape(text: str) -> str:
    import html

    return html.escape(text)


def fit_text(element: Any, text: str, padding: int) -> bool:
    """Shorten a button's or label's text with an ellipsis when it is wider than the widget (instead of
    pygame_gui cutting it mid-letter); return True when it was shortened."""
    font = getattr(element, "font", None)
    width = element.rect.width - padding
    try:
        if font is None or width <= 0 or not too_wide_for(text, font, width):
            return False
        element.set_text(shorten_for(text, font, width))  # binary search: the cost does not grow with the text
        return True
    except (AttributeError, TypeError, ValueError, pygame.error):  # a font without size(): leave it be
        return False


def fit_label_height(element: Any, text: str) -> None:
    """Make a label tall enough for its font's line (a heading sized for normal text gains the pixels the
    huge text size needs), keeping its vertical centre, so pygame_gui never draws a clipped line."""
    font = getattr(element, "font", None)
    try:
        need = font.get_rect(text or "Ag").height if font is not None else 0
    except (AttributeError, TypeError, ValueError, pygame.error):  # a font without get_rect(): leave it be
        return
    rect = element.relative_rect
    if need > rect.height:
        element.set_relative_position((rect.x, rect.y - (need - rect.height) // 2))
        element.set_dimensions((rect.width, need))


class Scene:
    """One screen on the app's stack."""

    #: False for overlays (pause, dialogs): the scenes below are drawn first
    opaque: bool = True
    #: a short name for logs, smoke screenshots and tests
    name: str = "scene"

    def __init__(self, app: "App") -> None:
        self.app = app
        self.elements: list[Any] = []
        self._callbacks: dict[Any, Callable[[], None]] = {}

    # --- widgets --------------------------------------------------------------------------
    def add(self, element: Any) -> Any:
        """Track a pygame_gui element so it is killed when the scene leaves; return it."""
        self.elements.append(element)
        return element

    def button(self, rect: Any, text: str, on_click: Callable[[], None] | None = None, *,
               object_id: str | None = None, tooltip: str | None = None, enabled: bool = True,
               container: Any = None) -> Any:
        """Create a tracked button that calls ``on_click`` when pressed; return it."""
        import pygame_gui

        kw: dict[str, Any] = {}
        if object_id:
            kw["object_id"] = pygame_gui.core.ObjectID(object_id=object_id)
        if tooltip:
            kw["tool_tip_text"] = tooltip
        if container is not None:
            kw["container"] = container
        el = pygame_gui.elements.UIButton(pygame.Rect(rect), text, manager=self.app.manager, **kw)
        if fit_text(el, text, 28):  # shortened to fit (long translation, large text): the whole text on hover,
            el.set_tooltip(f"<b>{_escape(text)}</b><br>{tooltip}" if tooltip else _escape(text))  # above its tip
        if not enabled:
            el.disable()
        if on_click is not None:
            self._callbacks[el] = on_click
        return self.add(el)

    def buttons(self) -> list[Any]:
        """The screen's clickable buttons, in the order they were made."""
        return list(self._callbacks)

    def press(self, text: str) -> None:
        """Run the button whose words are ``text`` as a click would (keyboard shortcuts, tests)."""
        el = next((el for el in self._callbacks if el.text == text), None)
        if el is None:
            raise KeyError(f"no button {text!r} on {type(self).__name__}")
        self._callbacks[el]()

    def button_texts(self) -> list[str]:
        """The words on the screen's clickable buttons, in the order they were made (what a player reads)."""
        return [el.text for el in self._callbacks]

    def label(self, rect: Any, text: str, object_id: str | None = None, container: Any = None) -> Any:
        """Create a tracked one-line label; return it."""
        import pygame_gui

        kw: dict[str, Any] = {}
        if object_id:
            kw["object_id"] = pygame_gui.core.ObjectID(object_id=object_id)
        if container is not None:
            kw["container"] = container
        with warnings.catch_warnings():  # made empty first: its font decides the height the text needs
            warnings.filterwarnings("ignore", "Label Rect is too small", UserWarning)
            el = pygame_gui.elements.UILabel(pygame.Rect(rect), "", manager=self.app.manager, **kw)
        fit_label_height(el, text)
        el.set_text(text)
        fit_text(el, text, 8)
        return self.add(el)

    def textbox(self, rect: Any, html: str, object_id: str | None = None, container: Any = None) -> Any:
        """Create a tracked scrolling text box (pygame_gui's HTML subset); return it."""
        import pygame_gui

        kw: dict[str, Any] = {}
        if object_id:
            kw["object_id"] = pygame_gui.core.ObjectID(object_id=object_id)
        if container is not None:
            kw["container"] = container
        return self.add(pygame_gui.elements.UITextBox(html, pygame.Rect(rect), manager=self.app.manager, **kw))

    def handle_ui_event(self, event: pygame.event.Event) -> bool:
        """Run the callback of a pressed button; True when the event was one of ours."""
        pygame_gui = sys.modules.get("pygame_gui")
        if pygame_gui is None:  # no widget exists yet, so no widget event either
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            # a wake-up event may share the number after pygame.quit() reset the custom types (tests)
            fn = self._callbacks.get(getattr(event, "ui_element", None))
            if fn is not None:
                self.app.play_sound("click")
                fn()
                return True
        return False

    def build_ui(self) -> None:
        """Create this scene's widgets (override)."""

    def clear_ui(self) -> None:
        """Kill every tracked widget."""
        for el in self.elements:
            try:
                el.kill()
            except Exception:  # noqa: BLE001 - a widget already gone is fine
                pass
        self.elements.clear()
        self._callbacks.clear()

    def rebuild_ui(self) -> None:
        """Recreate the widgets (after a language or text-size change)."""
        self.clear_ui()
        self.build_ui()

    # --- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack."""
        self.build_ui()

    def leave(self) -> None:
        """Called when the scene stops being the top of the stack."""
        self.clear_ui()

    def close(self) -> None:
        """Called once when the scene is removed from the stack for good."""

    # --- per frame --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one event (pygame_gui events included; the default runs button callbacks)."""
        self.handle_ui_event(event)

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw below the widgets."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Draw above the widgets (tooltips, toasts, dragged things)."""

    def is_animating(self) -> bool:
        """True while something moves: the app then ticks at full rate instead of waiting."""
        return False

    def wakeup_in(self) -> float | None:
        """Seconds until the scene needs an update without any input (None: only on input)."""
        return None

    def on_settings_changed(self) -> None:
        """React to changed settings (the default rebuilds the widgets)."""
        self.rebuild_ui()

    # --- smoke testing ------------------------------------------------------------------------
    def invariants(self) -> list[str]:
        """Return broken invariants of this scene (smoke checks them every frame)."""
        return []
