"""Load and save screens: the autosave and the manual slots with their summaries.

Damaged saves are listed with their message; when a backup exists a button loads
it (the damaged file is set aside in the damaged folder for a bug report). The list
comes from ``saves.list_saves()``, which reads each file's summary line and last
journal record, never the whole save; a save damaged further in is found when it is
opened, and ``open_or_ask`` then asks the player (``DamagedSaveScene``: how far the
backup is behind, open it or cancel). "Continue" in the menu opens the autosave the
same way. A game left only in its backup is listed under its name.
"""

from __future__ import annotations

import html
import logging
from pathlib import Path
from typing import Any

import pygame

from game.app import draw
from game.app.scene import Scene
from game.engine import paths
from game.engine.i18n import t
from game.scenes import ruleset_name

log = logging.getLogger(__name__)

SLOTS = 8


def _when(stamp: str) -> str:
    """Return an ISO time stamp as 'YYYY-MM-DD HH:MM'."""
    return stamp.replace("T", " ")[:16] if isinstance(stamp, str) else ""


def open_or_ask(app: Any, path: Path) -> None:
    """Open a save in its game scene; when it is damaged, ask the player (open the backup or cancel).

    SaveError (or a ruleset's error) when it cannot be opened and there is nothing to offer.
    """
    from game.engine.saves import Damaged, SaveError, open_checked
    from game.scenes.dialogs import DamagedSaveScene
    from game.scenes.play import open_match

    got = open_checked(path)
    if isinstance(got, Damaged) and got.backup is None:  # nothing to offer: say why (a copy was kept aside)
        raise SaveError(got.problem, "", f"its backup: {got.backup_problem}")
    if isinstance(got, Damaged):
        app.push(DamagedSaveScene(app, got, lambda match: open_match(app, match)))
        return
    if got.used_backup:
        log.warning("opened the backup of %s: %s", path, got.problem)
    open_match(app, got.match)


def describe_save(summary: dict[str, Any]) -> str:
    """Return one line saying what a save holds."""
    players = ", ".join(summary.get("seats", []))
    text = t("load.summary", ruleset=ruleset_name(summary.get("ruleset", "?")),
             level=summary.get("level_title", "?"), players=players)
    return f"{text} · {t('load.moves', n=summary.get('turns', 0))} · {_when(summary.get('saved_at', ''))}"


class LoadScene(Scene):
    """Load mode lists every save; save mode (``save_match`` given) lists the slots to write."""

    name = "load"

    def __init__(self, app: Any, save_match: Any = None) -> None:
        super().__init__(app)
        self.save_match = save_match
        self.status = ""
        self.status_error = False

    def _saves(self) -> list[tuple[Path, dict[str, Any]]]:
        from game.engine import saves

        try:
            return saves.list_saves()
        except OSError as exc:
            log.error("listing saves: %s", exc)
            return []

    def build_ui(self) -> None:
        """Create one row per save (or slot)."""
        import pygame_gui

        import game.scenes.theatre  # noqa: F401 - the Replay button's words
        from game.engine import saves

        saving = self.save_match is not None
        self.label((40, 16, 800, 48), t("save.title" if saving else "load.title"), "#heading_label")
        box = self.add(pygame_gui.elements.UIScrollingContainer(pygame.Rect(40, 76, 1200, 540),
                                                                manager=self.app.manager, allow_scroll_x=False))
        found = {p.name: (p, s) for p, s in self._saves()}
        rows: list[tuple[str, Path, dict[str, Any] | None]] = []
        if saving:
            for n in range(1, SLOTS + 1):
                p = saves.slot_path(n)
                rows.append((t("load.slot", n=n), p, found.get(p.name, (p, None))[1]))
        else:
            for name, (p, s) in found.items():
                if name == saves.autosave_path().name:
                    title = t("load.autosave")
                elif name.startswith("slot") and name[4:-5].isdigit():
                    title = t("load.slot", n=int(name[4:-5]))
                else:
                    title = name
                rows.append((title, p, s))
        mgr = self.app.manager
        y = 0
        for title, path, summary in rows:
            if summary is None:
                detail = t("load.empty")
                ok = False
            elif summary.get("ok"):
                detail = describe_save(summary)
                ok = True
            else:
                detail = t("load.corrupt", msg=summary.get("error", "?"))
                ok = False
            enabled = saving or ok
            in_button = len(detail) < 90 and (summary is None or summary.get("ok"))
            b = pygame_gui.elements.UIButton(pygame.Rect(0, y, 880 if not saving else 860, 44),
                                             f"{title}: {detail}" if in_button else title,
                                             manager=mgr, container=box, tool_tip_text=html.escape(detail))
            if not enabled:
                b.disable()
            self._callbacks[b] = (lambda p=path: self.write(p)) if saving else (lambda p=path: self.load(p))
            if summary is not None and not summary.get("ok") and summary.get("backup") and not saving:
                bb = pygame_gui.elements.UIButton(pygame.Rect(900, y, 270, 44), t("load.use_backup"),
                                                  manager=mgr, container=box)
                self._callbacks[bb] = lambda p=path: self.load(p, backup=True)
            if not saving and summary is not None and summary.get("ok"):   # the replay theatre
                rb = pygame_gui.elements.UIButton(pygame.Rect(900, y, 270, 44), t("theatre.replay"), manager=mgr,
                                                  container=box)
                self._callbacks[rb] = lambda p=path: self.replay(p)
            if saving:
                sb = pygame_gui.elements.UIButton(pygame.Rect(880, y, 290, 44), t("save.here"), manager=mgr,
                                                  container=box)
                self._callbacks[sb] = lambda p=path: self.write(p)
            if in_button:  # the button already says it all: no second line repeating it
                y += 56
                continue
            oid = "#error_label" if (summary is not None and not summary.get("ok")) else "#muted_label"
            pygame_gui.elements.UILabel(pygame.Rect(10, y + 44, 1160, 32), detail[:160], manager=mgr, container=box,
                                        object_id=pygame_gui.core.ObjectID(object_id=oid))
            y += 84
        if not rows:
            box_h = int(70 * self.app.settings.text_scale) + 30
            pygame_gui.elements.UITextBox(html.escape(t("load.none")), pygame.Rect(10, 10, 1150, box_h), manager=mgr,
                                          container=box, object_id=pygame_gui.core.ObjectID(object_id="#parchment_box"))
            y = box_h + 20
        box.set_scrollable_area_dimensions((1180, max(10, y)))
        if self.status:
            self.label((240, 650, 1000, 40), self.status, "#error_label" if self.status_error else None)
        else:
            self.label((240, 650, 1000, 40), t("load.where", path=str(paths.saves_dir())), "#muted_label")
        self.button((40, 650, 180, 46), t("common.back"), self.app.pop)

    def load(self, path: Path, backup: bool = False) -> None:
        """Open a save in its game scene (asking when it is damaged), or, with ``backup``, its backup."""
        from game.engine.saves import backup_path, load_match
        from game.engine.savedamage import set_aside
        from game.scenes.play import open_match

        try:
            if backup:  # the damaged file is set aside first, so it never becomes the backup
                match = load_match(backup_path(path))
                set_aside(path)
                open_match(self.app, match)
            else:
                open_or_ask(self.app, path)
        except Exception as exc:  # noqa: BLE001 - SaveError, or a ruleset that cannot rebuild it
            log.warning("load %s: %s", path, exc)
            self.status, self.status_error = t("load.failed", msg=str(exc)), True
            self.rebuild_ui()

    def replay(self, path: Path) -> None:
        """Open a save in the replay theatre (a game in progress shows only its own seat's view)."""
        import game.scenes.theatre.hooks as hooks

        problem = hooks.replay_file(self.app, path)
        if problem is not None:
            self.status, self.status_error = problem, True
            self.rebuild_ui()

    def write(self, path: Path) -> None:
        """Save the running match into a slot file."""
        from game.engine.saves import save_match

        try:
            save_match(self.save_match, path)
            n = path.stem[4:] if path.stem.startswith("slot") else path.stem
            self.status, self.status_error = t("save.done", n=n), False
        except Exception as exc:  # noqa: BLE001 - disk full, permissions
            log.error("save %s: %s", path, exc)
            self.status, self.status_error = t("save.failed", msg=str(exc)), True
        self.rebuild_ui()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Buttons; Esc goes back."""
        if self.handle_ui_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the table."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
