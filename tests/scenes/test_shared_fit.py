"""The shared screens read whole at the huge text size in es/en/it (issue 15, "screenshots at normal and huge
text show no cut text"): the screens' title labels are as high as their font needs (pygame_gui warned "Label
Rect is too small for text: Rules - size diff: (501, -2)"), and the log panel's title keeps its words beside
the Hint button."""

from __future__ import annotations

import warnings
from typing import Any, Callable, Iterator

import pygame
import pytest

from tests.scenes.driving import frames, open_game

LANGUAGES = ("es", "en", "it")


def _screens(app: Any) -> list[tuple[str, Callable[[], Any]]]:
    from game.scenes.load import LoadScene
    from game.scenes.newgame import LevelSelectScene
    from game.scenes.rules import RulesScene
    from game.scenes.settings import SettingsScene

    return [("rules", lambda: RulesScene(app)), ("settings", lambda: SettingsScene(app)),
            ("load", lambda: LoadScene(app)), ("save", lambda: LoadScene(app, save_match=object())),
            ("levels", lambda: LevelSelectScene(app, "dungeon"))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_screen_titles_are_as_high_as_their_font_at_huge_text(make_app: Any, lang: str) -> None:
    """Rules, Settings, Load game, Save game and the level list: no "too small for text" warning at 1.5."""
    from game.scenes.menu import MenuScene

    app = make_app(lang, "huge")
    app.push(MenuScene(app))
    for name, make in _screens(app):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            scene = app.push(make())
            frames(app, 2)
        too_small = [str(w.message) for w in caught if "too small for text" in str(w.message)]
        assert too_small == [], (name, too_small)
        heading = [el for el in scene.elements if "#heading_label" in getattr(el, "object_ids", [])]
        assert heading, name
        for label in heading:
            assert label.rect.height >= label.font.get_rect(label.text).height, (name, label.rect)
            assert not label.text.endswith("…"), (name, label.text)
        app.pop()


TUTORIALS = ("dungeon", "skirmish", "sanctuary", "expedition", "quest")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("ruleset", TUTORIALS)
def test_log_title_reads_whole_beside_the_hint_button_at_huge_text(make_app: Any, lang: str, ruleset: str) -> None:
    """The log panel's title ("Registro") was hidden when the Hint and "Leave tutorial" buttons took its row at
    1.5: the title and the buttons both show their words whole, the buttons inside the panel, none overlapping."""
    from game.engine.i18n import t
    from game.engine.protocol import SeatSpec
    from game.ui import gfx

    app = make_app(lang, "huge")
    scene = open_game(app, ruleset, "tutorial", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], 7)
    frames(app, 3)
    guide = scene.guide
    assert guide.tutoring and guide.hint_rect is not None and guide.leave_rect is not None
    panel = scene.log_panel
    assert panel.title == t("game.log"), "the title keeps its words"
    title = pygame.Rect(panel.rect.x + 12, panel.rect.y + 5,
                        *gfx.text_size(panel.title, panel.size + 1, True))
    assert panel.rect.contains(title)
    buttons = [guide.hint_rect, guide.leave_rect]
    for rect, word in zip(buttons, guide.labels):
        assert panel.rect.contains(rect), (word, rect, panel.rect)
        assert not rect.colliderect(title), (word, rect, title)
        assert gfx.text_size(word, guide.button_px, True)[0] <= rect.w - 8, word
    assert not guide.hint_rect.colliderect(guide.leave_rect)
    assert panel.text_rect.top >= max(r.bottom for r in buttons), "the log's lines start below the buttons"


@pytest.mark.parametrize(("lang", "words"), [("es", "línea 2, columna 7: TOML no válido: se esperaba '='"),
                                             ("it", "riga 2, colonna 7: TOML non valido: serve '='"),
                                             ("en", "line 2, column 7: not valid TOML: Expected '='")])
def test_level_list_shows_a_broken_mods_problem_in_the_players_language(make_app: Any, tmp_path: Any, lang: str,
                                                                        words: str) -> None:
    """The level list showed "line 3, column 5: not valid TOML: Expected '=' after a key..." in English only."""
    import html

    from game.engine import paths
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import LevelSelectScene

    app = make_app(lang, "normal")
    folder = paths.mods_dir() / "dungeon"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.toml").write_text('format = 1\ntitle "x"\n', encoding="utf-8")
    app.push(MenuScene(app))
    scene = app.push(LevelSelectScene(app, "dungeon"))
    broken = next(i for i, e in enumerate(scene.entries) if e.path.name == "broken.toml")
    scene.select(broken)
    frames(app, 2)
    text = html.unescape(scene.detail.html_text)
    assert "mods/dungeon/broken.toml: " + words in text, text


@pytest.mark.parametrize(("lang", "roles"), [("es", ["1. Héroe", "2. Señor Oscuro"]),
                                             ("it", ["1. Eroe", "2. Signore Oscuro"])])
def test_expedition_seat_roles_are_translated(make_app: Any, lang: str, roles: list[str]) -> None:
    """Seen in the real window (es, normal): the expedition tutorial's seat rows read "1. Hero", "2. Dark lord"."""
    from game.engine.levels import get_level
    from game.scenes.menu import MenuScene
    from game.scenes.seats import SeatSetupScene

    app = make_app(lang, "normal")
    app.push(MenuScene(app))
    scene = app.push(SeatSetupScene(app, "expedition", get_level("expedition", "tutorial")))
    frames(app, 2)
    texts = [getattr(el, "text", "") for el in scene.elements]
    assert all(r in texts for r in roles), texts


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["normal", "huge"])
def test_rules_card_pictures_paint_no_cut_names(make_app: Any, monkeypatch: pytest.MonkeyPatch, lang: str,
                                                 size: str) -> None:
    """The sweep saw "Manip…", "Kiln of the…", "Braser…" on the sanctuary rules' card pictures: faces painted at
    thumbnail size cut their name and type line; they are painted as the hand shows them, then made smaller."""
    from game.scenes.rules_pictures import draw_strip, section_pictures
    from game.scenes.sanctuary import cards
    from game.ui.gfx import fonts

    make_app(lang, size)
    lines: list[str] = []
    original = fonts.render

    def render(s: str, px: int, colour: Any, bold: bool = False) -> Any:
        lines.append(s)
        return original(s, px, colour, bold)

    monkeypatch.setattr(fonts, "render", render)
    from game.scenes import rules_pictures

    rules_pictures._CARDS.clear()
    cards.clear_cache()
    specs = [s for sec in section_pictures("sanctuary") for s in sec if s.startswith("card:")]
    assert specs, "the sanctuary rules show cards"
    surface = pygame.Surface((1280, 720))
    drawn = draw_strip(surface, pygame.Rect(404, 504, 836, 132), "sanctuary", specs[:7], lang)
    assert drawn == len(specs[:7])
    assert lines, "the faces were painted"
    assert not [x for x in lines if x.rstrip().endswith("…")], [x for x in lines if x.rstrip().endswith("…")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_seat_rows_show_whole_roles_and_picks_at_huge_text(make_app: Any, lang: str) -> None:
    """Seen at it/es huge: "3. Signore Oscu…" in the seat column and "Ysolde la Rastreadora (del niv…" on the hero
    button; the seat column takes room from the names, and a pick too long with "(the level's)" shows the name
    alone (the tooltip says whose pick it is)."""
    import html

    from game.engine.levels import discover_levels
    from game.scenes.menu import MenuScene
    from game.scenes.seats import SeatSetupScene

    app = make_app(lang, "huge")
    app.push(MenuScene(app))
    looked = 0
    for rs in TUTORIALS:
        for e in [e for e in discover_levels(rs) if e.ok][:5]:
            scene = app.push(SeatSetupScene(app, rs, e.level))
            scene.set_count(scene.hi)
            frames(app, 1)
            roles = scene.roles()
            labels = {getattr(el, "text", "") for el in scene.elements}
            for i, role in enumerate(roles):
                assert f"{i + 1}. {role}" in labels, (rs, e.id, role, sorted(labels))
            for i, b in enumerate(scene.choice_buttons):  # a sanctuary deck's long name takes two lines
                assert "…" not in scene.choice_text(i), (rs, e.id, scene.choice_text(i))
                if rs == "sanctuary":  # the whole pick, "(the level's)" included, on hover
                    assert html.escape(scene.choices.label(i, scene.count)) in (b.tool_tip_text or ""), (e.id, i)
            app.pop()
            looked += 1
    assert looked >= 10


def test_guide_bubble_draws_the_words_it_was_sized_for(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sweep saw "Pista: Ana elige la cara 1 del mapa de Entrada…" (es normal): the hint arrived between the
    bubble's layout (sized for "Pensando tu jugada…", one line) and its drawing, which cut the longer sentence
    into that one line. The bubble draws the words it was sized for; the next frame sizes it for the hint."""
    from game.engine.protocol import SeatSpec

    app = make_app("es", "normal")
    scene = open_game(app, "dungeon", "tutorial", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], 7)
    frames(app, 3)
    guide = scene.guide
    short = "Pensando tu jugada…"
    monkeypatch.setattr(guide, "message", lambda: short)
    frames(app, 1)
    assert guide.bubble is not None
    long = "Pista: Ana elige la cara 1 del mapa de Entrada. " * 3
    monkeypatch.setattr(guide, "message", lambda: long)  # the hint arrives after the layout, before the draw
    guide.draw(pygame.Surface((1280, 720)))
    drawn = [d for d in guide.texts.records]
    assert drawn and not any(d.cut or d.text.endswith("…") and d.text != short for d in drawn), \
        [d.text for d in drawn]
    frames(app, 1)  # the next frame sizes the bubble for the new words
    assert [d.text.replace("\n", " ") for d in guide.texts.records if d.cut] == []
    assert " ".join(" ".join(d.text.split()) for d in guide.texts.records).startswith("Pista: Ana elige")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_dialog_heading_wider_than_its_dialog_takes_two_lines(make_app: Any, lang: str) -> None:
    """The sweep's "Label Rect is too small for text: Seguir jugando desde la acción 0" (es huge): the heading
    was wider than its dialog. It wraps to two lines, both whole, and the text below starts under them."""
    from game.scenes.dialogs import HEADING_ID, MessageScene
    from game.scenes.menu import MenuScene

    app = make_app(lang, "huge")
    app.push(MenuScene(app))
    title = {"es": "Seguir jugando desde la acción 120", "en": "Play on from action 120 of the replay",
             "it": "Continua a giocare dall'azione 120"}[lang]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scene = app.push(MessageScene(app, title, "…"))
        frames(app, 2)
    assert [str(w.message) for w in caught if "too small for text" in str(w.message)] == []
    heads = [el for el in scene.elements if HEADING_ID in getattr(el, "object_ids", [])]
    assert " ".join(h.text for h in heads) == title, [h.text for h in heads]
    for h in heads:
        assert scene.rect.contains(h.rect) and h.rect.height >= h.font.get_rect(h.text).height
    box = next(el for el in scene.elements if type(el).__name__ == "UITextBox")
    assert box.rect.top >= heads[-1].rect.bottom


@pytest.mark.parametrize("lang", LANGUAGES)
def test_level_list_titles_read_whole_at_huge_text(make_app: Any, lang: str) -> None:
    """The sweep saw "Tutorial: el Camino de la Almena…" and "Patto della Brace contro Custodi della Ma…" at huge
    text: the list takes room from the detail box there, and a title too long still takes the smaller face."""
    from game.engine.registry import ruleset_ids
    from game.scenes.menu import MenuScene
    from game.scenes.newgame import LevelSelectScene

    app = make_app(lang, "huge")
    for rid in ruleset_ids():
        app.reset(MenuScene(app))
        scene = app.push(LevelSelectScene(app, rid))
        for _ in range(2):
            app.step([], 1 / 30)
        assert scene.list_buttons
        for b in scene.list_buttons:
            assert not b.text.endswith("…"), (rid, b.text)
        assert scene.detail.rect.x >= scene.list_buttons[0].rect.right, "the detail box beside the list, not on it"
