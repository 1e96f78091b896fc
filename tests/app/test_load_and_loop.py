"""Load screen with damaged saves and backups; the real main loop (run) starts and quits."""

from __future__ import annotations

import threading
import time
from typing import Any

import pygame

from game.engine.protocol import SeatSpec
from tests.app.conftest import click, run_frames


def _saved_match(tiny: Any) -> Any:
    from game.engine.match import Match
    from game.engine.saves import autosave_path, save_match
    from tests.tinygame import tiny_level

    m = Match.new("tiny", tiny_level("classic"), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    save_match(m, autosave_path())
    m.apply(m.legal_actions()[0])
    save_match(m, autosave_path())  # the first save is kept as the backup
    return m


def test_load_lists_damaged_save_and_loads_its_backup(app: Any, tiny: Any) -> None:
    from game.engine.saves import autosave_path, backup_path
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene
    from game.scenes.dialogs import PassScene
    from game.scenes.table import TableScene

    _saved_match(tiny)
    assert backup_path(autosave_path()).exists()
    autosave_path().write_text('{"format": "mesa-de-heroes-save", "version": 1, "ruleset"', encoding="utf-8")
    app.push(MenuScene(app))
    scene = app.push(LoadScene(app))
    run_frames(app, 2)
    labels = [getattr(el, "text", "") for el in scene.app.manager.get_sprite_group().sprites() if hasattr(el, "text")]
    assert any("Damaged save" in (x or "") for x in labels), labels
    backup_btn = next(el for el in scene.app.manager.get_sprite_group().sprites()
                      if getattr(el, "text", None) == "Load the backup")
    click(app, backup_btn.rect.center)
    assert isinstance(app.top, PassScene), "a hot-seat game opens behind the pass screen, even at its start"
    assert isinstance(app.stack[-2], TableScene)
    assert len(app.stack[-2].match.history) == 0, "the backup holds the game before the last move"
    # the damaged file is kept aside for a bug report, out of the saves folder: it never becomes the backup
    from game.engine.savedamage import damaged_dir

    kept = list(damaged_dir().glob("autosave-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8").startswith('{"format"')
    from game.engine.saves import flush, load_match

    flush()
    for p in (autosave_path(), backup_path(autosave_path())):  # whatever the game wrote since: sound saves
        if p.exists():
            assert len(load_match(p).history) == 0


def test_continue_with_damaged_autosave_asks_then_opens_the_backup(app: Any, tiny: Any) -> None:
    from game.engine.saves import autosave_path
    from game.scenes.dialogs import DamagedSaveScene, PassScene
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene

    _saved_match(tiny)
    autosave_path().write_bytes(b"\x00garbage")
    menu = app.push(MenuScene(app))
    run_frames(app, 2)
    click(app, menu.buttons["menu.continue"].rect.center)
    assert isinstance(app.top, DamagedSaveScene), "a damaged autosave is never resumed in silence"
    run_frames(app, 2)
    button = next(el for el in app.manager.get_sprite_group().sprites()
                  if getattr(el, "text", None) == "Open the backup")
    click(app, button.rect.center)
    assert isinstance(app.top, PassScene) and isinstance(app.stack[-2], TableScene)


def test_continue_with_no_usable_save_says_why(app: Any, tiny: Any) -> None:
    from game.engine.saves import autosave_path
    from game.scenes.dialogs import MessageScene
    from game.scenes.menu import MenuScene

    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("not json", encoding="utf-8")
    menu = app.push(MenuScene(app))
    run_frames(app, 2)
    click(app, menu.buttons["menu.continue"].rect.center)
    assert isinstance(app.top, MessageScene)
    assert "autosave" in app.top.message.lower()


def test_save_to_slot_from_pause(app: Any, tiny: Any) -> None:
    from game.engine.saves import load_match, slot_path
    from game.scenes.load import LoadScene

    m = _saved_match(tiny)
    from game.scenes.menu import MenuScene

    app.push(MenuScene(app))
    scene = app.push(LoadScene(app, save_match=m))
    run_frames(app, 2)
    first = next(el for el in app.manager.get_sprite_group().sprites() if getattr(el, "text", None) == "Save here")
    click(app, first.rect.center)
    assert load_match(slot_path(1)).state.digest() == m.state.digest()
    assert "slot 1" in scene.status


def test_run_loop_opens_and_quits(home: Any, monkeypatch: Any) -> None:
    """The real loop: start straight into a scene (as `play` does), idle, quit on QUIT."""
    from game.app import main

    seen: dict[str, Any] = {}

    def start(app: Any) -> Any:
        from game.scenes.rules import RulesScene

        seen["app"] = app
        return RulesScene(app)

    def quitter() -> None:
        time.sleep(1.5)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=quitter, daemon=True).start()
    t0 = time.monotonic()
    assert main.run(start) == 0
    assert time.monotonic() - t0 < 10
    app = seen["app"]
    assert app.frames >= 2 and app.errors == []
