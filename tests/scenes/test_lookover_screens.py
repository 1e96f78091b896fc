"""What a newcomer's first hour found on the shared screens (issue 15, "Looked at" in docs/UI.md): the
gallery, the level list, the rules reference, the result screen and the final table, the replay theatre,
the hot-seat curtain, and the level text's abbreviations; each at the text size and languages it was seen
in."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine.i18n import t
from tests.scenes.driving import click, finished_match, frames, open_game
from tests.scenes.lookover_help import _app, _dungeon_tutorial, _fresh_fonts, sized_app  # noqa: F401 - fixtures


def test_gallery_cards_show_whole_names_and_facts_inside_the_card(sized_app: Any) -> None:
    """Seen at es huge: "Bolsa de la Maz…", "Duelo de Santua…" and "4 niv…" with 40 px empty under the art."""
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import GalleryScene, ruleset_name, ruleset_tagline

    sized_app.push(MenuScene(sized_app))
    scene = sized_app.push(GalleryScene(sized_app))
    frames(sized_app, 3)
    assert scene.drawn
    for rs, card in zip(scene.rulesets, scene.cards):
        lines = [(part, text, rect) for rid, part, text, rect in scene.drawn if rid == rs.id]
        name = " ".join(text for part, text, _ in lines if part == "name")
        assert name == ruleset_name(rs.id), "the name is whole (wrapped to two lines where one is too narrow)"
        facts = [text for part, text, _ in lines if part == "facts"]
        assert facts and not any(x.endswith("…") for x in facts), facts
        pitch = " ".join(text for part, text, _ in lines if part == "pitch")
        assert pitch.split() == ruleset_tagline(rs.id).split(), "the pitch is whole (the picture gives way)"
        button_top = card.bottom - 54
        for part, text, rect in lines:
            assert card.inflate(-20, 0).contains(rect), (part, text, rect, card)
            assert rect.bottom <= button_top + 2, (part, text, "runs into the choose button")
        rects = [r for _, _, r in lines]
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), "lines overlap"
    labels = scene.button_texts()
    assert len(labels) == len(scene.rulesets) + 1 and not any(x.endswith("…") for x in labels), labels

def test_level_list_start_button_shows_its_whole_label(sized_app: Any) -> None:
    """Seen at es huge: "Elegir jugador…" on the button under the level's text."""
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import LevelSelectScene

    sized_app.push(MenuScene(sized_app))
    scene = sized_app.push(LevelSelectScene(sized_app, "dungeon"))
    frames(sized_app, 2)
    assert scene.start_btn.text == t("levels.choose")

def test_a_finished_tutorial_game_shows_no_step_and_no_leave_button(app: Any) -> None:
    """Seen on "look at the table" after a skirmish tutorial: the first step's bubble ("The track at the top...",
    Next) and "Leave tutorial" were still there over the final table."""
    from game.engine.protocol import SeatSpec
    from game.scenes.dialogs import ResultScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    m = finished_match("skirmish", "tutorial", [SeatSpec("Ana"), SeatSpec("Bot 1", "bot", "random")], 11, 11)
    app.push(MenuScene(app))
    scene = open_match(app, m)
    frames(app, 30)
    if isinstance(app.top, ResultScene):
        app.pop()  # "Look at the table"
    frames(app, 3)
    assert scene.guide.run is not None and not scene.guide.run.done, "the script never ran: bots played it"
    assert scene.guide.bubble is None and scene.guide.message() == ""
    assert not any(r.key in ("tutor-leave", "tutor-next") for r in scene.router.regions)

def test_theatre_shows_no_tutorial_step_and_words_the_last_move_in_the_tables_language(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in the theatre (es): the sanctuary tutorial's first step with its Next button over the replayed
    board, and "Ana plays Mother Tree" in English in the side panel."""
    from game.engine.protocol import SeatSpec
    from game.engine.replay import ReplayCursor
    from game.scenes.menu import MenuScene
    from game.scenes.theatre import controls, open_theatre

    app = _app(tmp_path, monkeypatch, "es", "normal")
    try:
        m = finished_match("sanctuary", "tutorial", [SeatSpec("Ana"), SeatSpec("Bot 1", "bot", "random")], 11, 11)
        app.push(MenuScene(app))
        cur = ReplayCursor(m.to_save())
        scene = open_theatre(app, cur, len(cur) // 2)
        frames(app, 20)
        guide = scene.inner.guide
        assert guide.bubble is None and guide.targets == []
        words = controls._step_words(scene)
        line = next(x for x in reversed(scene.inner.match.log) if x.index == scene.at - 1 and x.kind == "action")
        assert words == line.text_for(scene.viewer, "es") and words != line.text_for(scene.viewer, "en")
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

@pytest.mark.parametrize("lang", ["es", "it"])
def test_theatre_side_panel_words_stay_above_its_buttons_at_huge_text(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                      lang: str) -> None:
    """Seen at es huge: "Teatro de la pa" cut, and the state and last-move lines under the "Seen by" button."""
    from game.engine.protocol import SeatSpec
    from game.engine.replay import ReplayCursor
    from game.scenes.menu import MenuScene
    from game.scenes.theatre import controls, open_theatre

    app = _app(tmp_path, monkeypatch, lang, "huge")
    try:
        m = finished_match("dungeon", "tutorial", [SeatSpec("Ana"), SeatSpec("Bot 1", "bot", "random")], 11, 11)
        app.push(MenuScene(app))
        cur = ReplayCursor(m.to_save())
        scene = open_theatre(app, cur, len(cur) // 2)
        frames(app, 5)
        surface = pygame.Surface((1280, 720))
        from game.ui import gfx

        inner = gfx.panel(surface, controls.SIDE)
        room = controls.side_text_room(inner)
        drawn = controls._draw_side_text(scene, surface, inner)
        assert len(drawn) == len(controls.side_lines(scene)) >= 6
        for r in drawn:
            assert room.contains(r), (r, room)
        side_buttons = [rect for p, rect in controls.buttons(scene) if controls.SIDE.contains(rect)]
        assert side_buttons and not any(r.colliderect(b) for r in drawn for b in side_buttons)
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()

def test_hot_seat_curtain_button_shows_its_whole_label(sized_app: Any) -> None:
    """Seen at es huge: "Soy Jugadora Ana: mostra…" on the pass screen's button."""
    from game.scenes.dialogs import PassScene
    from game.scenes.menu import MenuScene

    sized_app.push(MenuScene(sized_app))
    scene = sized_app.push(PassScene(sized_app, "Jugadora Ana"))
    frames(sized_app, 2)
    labels = scene.button_texts()
    assert labels == [t("pass.ready", name="Jugadora Ana")]

def test_result_screen_buttons_show_their_whole_words(sized_app: Any) -> None:
    """Seen at es huge: "Volver al me…" on the result screen (four buttons with Replay and the chart)."""
    from game.engine.protocol import SeatSpec
    from game.scenes.dialogs import ResultScene
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    m = finished_match("skirmish", "tutorial", [SeatSpec("Ana"), SeatSpec("Bot 1", "bot", "random")], 11, 11)
    sized_app.push(MenuScene(sized_app))
    open_match(sized_app, m)
    frames(sized_app, 30)
    result = sized_app.top
    assert isinstance(result, ResultScene)
    labels = result.button_texts()
    assert len(labels) == 4 and t("result.menu") in labels
    assert not any(x.endswith("…") for x in labels), labels
    before = result.rect
    result.rebuild_ui()
    assert result.rect == before, "building again keeps the size"

@pytest.mark.parametrize("lang", ["es", "it"])
def test_level_text_writes_pa_for_action_points(lang: str) -> None:
    """Italian and Spanish write PA in the shipped levels too (the catalogue test reads only the catalogues)."""
    import re
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "levels"
    found: list[str] = []
    texts = 0

    def walk(x: Any, where: str) -> None:
        nonlocal texts
        if isinstance(x, dict):
            for k, v in x.items():
                if k == lang and isinstance(v, str):
                    texts += 1
                    if re.search(r"\bAP\b", v):
                        found.append(f"{where}: {v[:80]}")
                walk(v, f"{where}.{k}")
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, f"{where}[{i}]")

    for path in sorted(root.rglob("*.toml")):
        walk(tomllib.loads(path.read_text(encoding="utf-8")), str(path.relative_to(root)))
    assert texts > 200
    assert found == []

@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_rules_tabs_and_sections_show_whole_titles_at_huge_text(tmp_path: Any, monkeypatch: pytest.MonkeyPatch,
                                                                 lang: str) -> None:
    """Seen at es/it/en huge: "Bolsa de la Mazmo…", "Duello dei Sant…", "The turn: Communion and M…": a long
    title takes the smaller face of its button instead of being cut."""
    from game.scenes.menu import MenuScene
    from game.scenes.rules import RulesScene

    app = _app(tmp_path, monkeypatch, lang, "huge")
    try:
        app.push(MenuScene(app))
        for rid in ("dungeon", "skirmish", "sanctuary"):
            scene = app.push(RulesScene(app, rid))
            frames(app, 2)
            labels = scene.button_texts()
            assert len(labels) >= 10
            assert [x for x in labels if x.endswith("…")] == [], (rid, labels)
            app.pop()
    finally:
        for s in list(app.stack):
            s.close()
        pygame.quit()
