"""The goal strip stays whole at the huge text size (issue 15): beside a battle it is 240 px wide, and the
sweep saw "Goal: reach the old lighth…" at en huge; there it now takes two lines instead of cutting."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.engine.protocol import SeatSpec
from tests.scenes.driving import open_game, to_next_human
from tests.scenes.expedition.conftest import advance, frames


@pytest.fixture
def huge_app(request: pytest.FixtureRequest, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless App at the huge text size in the parametrized language."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    from game.app.main import App
    from game.app.settings import Settings
    from game.engine import i18n
    from game.ui import gfx

    old_lang, old_scale = i18n.language(), gfx.text_scale()
    a = App(Settings(language=request.param, text_size="huge", bot_pace=60.0, animation_speed=8.0, muted=True),
            headless=True)
    yield a
    for scene in list(a.stack):
        scene.close()
    i18n.set_language(old_lang)
    gfx.set_text_scale(old_scale)
    pygame.quit()


@pytest.mark.parametrize("huge_app", ["es", "en", "it"], indirect=True)
def test_goal_beside_a_battle_reads_whole_at_huge_text(huge_app: Any) -> None:
    from game.engine.levels import get_level

    lv = get_level("expedition", "tutorial")
    scene = open_game(huge_app, "expedition", lv, [SeatSpec("Ana", "human"), SeatSpec("Dark", "bot", "random")], 5)
    assert advance(scene, lambda st: st.child is not None and st.to_act() == 0, prefer=("fight", "battle"),
                   avoid=("quick",))
    assert to_next_human(huge_app, scene, 20)
    frames(huge_app, 3)
    assert scene.mode() == "battle"
    goal = scene.reader.goal()
    drawn = scene.goal.drawn()
    assert drawn, "the goal strip drew its words"
    words = " ".join(d.text.replace("\n", " ") for d in drawn)
    assert not any(d.cut or d.text.endswith("…") for d in drawn), words
    assert " ".join(goal.text.split()) in " ".join(words.split())
    for d in drawn:
        assert scene.goal.rect.contains(d.rect), (d.text, d.rect, scene.goal.rect)
    assert not scene.goal.rect.colliderect(scene.minimap.rect), "the overview moved down below the strip"


@pytest.mark.parametrize("huge_app", ["es"], indirect=True)
def test_event_card_chips_show_whole_names_at_huge_text(huge_app: Any) -> None:
    """Seen at es huge: the event card chip "Temporada de band…" (chips were at most 150 px wide)."""
    from game.engine.levels import get_level
    from game.scenes.expedition.panes.common import Geometry
    from game.scenes.expedition.panes.marks import GoalLine

    lv = get_level("expedition", "tutorial")
    scene = open_game(huge_app, "expedition", lv, [SeatSpec("Ana", "human"), SeatSpec("Dark", "bot", "random")], 5)
    frames(huge_app, 2)
    pane = scene.goal
    pane.layout(Geometry.goal)
    goal = GoalLine("Objetivo: llegar al viejo faro", "Cooperativo", 3, 12,
                    (("Temporada de bandidos", "+1 monstruo"), ("Luna llena", "+1 visión")))
    surface = pygame.Surface((1280, 720))
    pane.draw(surface, goal)
    chips = [d for d in pane.drawn() if d.text in ("Temporada de bandidos", "Luna llena")]
    assert {d.text for d in chips} == {"Temporada de bandidos", "Luna llena"}, [d.text for d in pane.drawn()]
    assert not any(d.cut or d.text.endswith("…") for d in pane.drawn()), [d.text for d in pane.drawn()]


@pytest.mark.parametrize("huge_app", ["es"], indirect=True)
def test_trade_messages_wrap_instead_of_being_cut(huge_app: Any) -> None:
    """Seen at es huge: "Rumor, una mentira — Bram el buscador: «Los gólems de Cueva de hielo del paso blanco, al
    sur de Mercaduna, están sentados sobre la bolsa de un buscado…" on one row of the offer screen."""
    from game.engine.levels import get_level
    from game.scenes.expedition.panes.trade import TradeCard

    lv = get_level("expedition", "tutorial")
    scene = open_game(huge_app, "expedition", lv, [SeatSpec("Ana", "human"), SeatSpec("Dark", "bot", "random")], 5)
    frames(huge_app, 2)
    long = ("Rumor, una mentira — Bram el buscador: «Los gólems de Cueva de hielo del paso blanco, al sur de "
            "Mercaduna, están sentados sobre la bolsa de un buscador de oro»")
    card = TradeCard("Ana", "Bo", 0, 1, (), (), infos=((long, None), ("Corto", None)), told=0)
    pane = scene.trade
    pane.draw(pygame.Surface((1280, 720)), card)
    drawn = [d for d in pane.drawn() if "gólems" in d.text or "Corto" in d.text]
    assert len(drawn) == 2, [d.text for d in pane.drawn()]
    assert not any(d.cut for d in drawn), [d.text for d in drawn]
    assert " ".join(drawn[0].text.split()) == "» " + " ".join(long.split())
    assert pane.text_problems() == []


@pytest.mark.parametrize("huge_app", ["es"], indirect=True)
def test_goal_keeps_its_words_and_cards_without_room_gather_in_one_chip(huge_app: Any) -> None:
    """Seen at es huge: "Objetivo: llegar a la torre…" beside event card chips. The goal keeps the room its words
    need; the cards that do not fit beside it are one "+n" chip whose tooltip names them."""
    from game.engine.levels import get_level
    from game.scenes.expedition.panes.common import Geometry
    from game.scenes.expedition.panes.marks import GoalLine

    lv = get_level("expedition", "tutorial")
    scene = open_game(huge_app, "expedition", lv, [SeatSpec("Ana", "human"), SeatSpec("Dark", "bot", "random")], 5)
    frames(huge_app, 2)
    pane = scene.goal
    pane.layout(Geometry.goal)
    text = "Objetivo: llegar a la torre del faro del norte antes del invierno"
    cards = (("Temporada de bandidos", "+1 monstruo"), ("Luna llena", "+1 visión"), ("Tormenta de polvo", "-1"),
             ("Niebla del pantano", "-1 visión"))
    pane.draw(pygame.Surface((1280, 720)), GoalLine(text, "Cooperativo", 3, 12, cards))
    drawn = pane.drawn()
    assert not any(d.cut for d in drawn), [d.text for d in drawn]
    assert any(" ".join(d.text.split()) == text for d in drawn)
    shown = [name for _r, name, _w in pane.chips]
    assert pane.more is not None, shown
    rect, label, tip = pane.more
    hidden = [name for name, _w in cards if name not in shown]
    assert label == f"+{len(hidden)}" and all(name in tip for name in hidden)
    tips = {r.key: r.tooltip for r in pane.regions(GoalLine(text, "Cooperativo", 3, 12, cards), [])}
    assert tips[("card", "+more")] == tip
    for r, _n, _w in pane.chips:
        assert not r.colliderect(rect)
