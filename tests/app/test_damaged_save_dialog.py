"""The damaged-save question (issue 16, items 2 and 3) in the app: Continue asks, in every language, says how far
the backup is behind and where the damaged copy went; a game left only in its backup can be continued."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.protocol import SeatSpec
from tests.app.conftest import click, run_frames


def _autosave_with_backup(tiny: Any) -> Any:
    from game.engine.match import Match
    from game.engine.saves import autosave_path, save_match
    from tests.tinygame import tiny_level

    m = Match.new("tiny", tiny_level("classic"), [SeatSpec("Ana"), SeatSpec("Bo")], 4)
    save_match(m, autosave_path())
    for _ in range(2):
        m.apply(m.legal_actions()[0])
    save_match(m, autosave_path())  # the backup holds move 0, the autosave move 2
    return m


@pytest.mark.parametrize(("lang", "words"), [("en", "stops at move 0, 2 behind"), ("es", "jugada 0, 2 por detrás"),
                                             ("it", "mossa 0, 2 indietro")])
def test_seed_issue16_2_continue_asks_in_every_language(app: Any, tiny: Any, lang: str, words: str) -> None:
    from game.engine import i18n
    from game.engine.saves import autosave_path
    from game.scenes.dialogs import DamagedSaveScene
    from game.scenes.menu import MenuScene

    _autosave_with_backup(tiny)
    lines = autosave_path().read_bytes().split(b"\n")
    lines[1] = lines[1][:-30] + b"x" * 30  # the head no longer matches its checksum
    autosave_path().write_bytes(b"\n".join(lines))
    i18n.set_language(lang)
    menu = app.push(MenuScene(app))
    run_frames(app, 2)
    click(app, menu.buttons["menu.continue"].rect.center)
    dialog = app.top
    assert isinstance(dialog, DamagedSaveScene)
    text = dialog.body_text()
    assert words in text and "autosave.json" in text and str(dialog.damaged.kept) in text
    assert dialog.damaged.kept is not None and dialog.damaged.kept.is_file()
    run_frames(app, 2)
    cancel = next(el for el in app.manager.get_sprite_group().sprites()
                  if getattr(el, "text", None) == i18n.t("common.cancel"))
    click(app, cancel.rect.center)
    assert app.top is menu and autosave_path().exists(), "cancel changes nothing"


def test_seed_issue16_3_continue_opens_a_game_left_only_in_its_backup(app: Any, tiny: Any) -> None:
    from game.engine.saves import autosave_path, backup_path
    from game.scenes.dialogs import PassScene
    from game.scenes.load import LoadScene
    from game.scenes.menu import MenuScene
    from game.scenes.table import TableScene

    _autosave_with_backup(tiny)
    autosave_path().unlink()  # a crash between the renames where there are no hard links (FAT, exFAT)
    assert backup_path(autosave_path()).is_file()
    menu = app.push(MenuScene(app))
    run_frames(app, 2)
    assert menu.buttons["menu.continue"].is_enabled
    load = app.push(LoadScene(app))
    run_frames(app, 2)
    rows = [getattr(el, "text", "") or "" for el in app.manager.get_sprite_group().sprites()]
    assert any(x.startswith("Autosave: ") for x in rows), rows
    load.load(autosave_path())
    run_frames(app, 2)
    tables = [s for s in app.stack if isinstance(s, TableScene)]
    assert len(tables) == 1 and len(tables[0].match.history) == 0
    assert isinstance(app.top, (TableScene, PassScene))
