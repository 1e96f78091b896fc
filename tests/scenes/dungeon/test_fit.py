"""Text that must fit its place in the dungeon scene at large text sizes (QA pass in Spanish, "large"):
the heroes' status line never overlaps their counters row, the health label never runs into the gold
column, the "What now" box cuts long text and offers it whole on hover, and the map-side summary
uses singular and plural words."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.engine.i18n import t
from game.ui import gfx
from tests.scenes.dungeon.conftest import frames, hero_row_texts, hero_rows, pane_texts, region_of, start


@pytest.fixture(params=[("es", "large"), ("en", "huge"), ("it", "large")])
def big_app(request: pytest.FixtureRequest, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless App at a large text size in the given language."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    from game.app.main import App
    from game.app.settings import Settings

    lang, size = request.param
    a = App(Settings(language=lang, text_size=size, bot_pace=0.0, animation_speed=8.0, muted=True),
            headless=True)
    yield a
    for scene in list(a.stack):
        scene.close()
    pygame.quit()


def test_hero_status_line_does_not_overlap_the_counters_row(big_app: Any) -> None:
    scene = start(big_app)
    frames(big_app, 3)
    for s, row in hero_rows(scene):
        rects = hero_row_texts(scene, s)
        assert len(rects["records"]) == 5, "name, status and three numbers are drawn"
        assert rects["records"][0].text.startswith(scene.seat_name(s)[:3]), "the name comes first"
        assert "counters" in rects
        assert not rects["status"].colliderect(rects["counters"]), (s, rects)
        assert not rects["name"].colliderect(rects["status"]), (s, rects)
        assert rects["status"].w <= row.w - 150
        assert row.contains(rects["counters"]), (row, rects["counters"])


def test_hero_status_is_ellipsized_and_whole_in_the_seat_tooltip(big_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.scenes.dungeon.words import DungeonWords

    long = "muy " * 40 + "largo"
    monkeypatch.setattr(DungeonWords, "status_text", lambda self, p: long)
    scene = start(big_app)
    frames(big_app, 3)
    rects = hero_row_texts(scene, 0)
    assert not rects["status"].colliderect(rects["counters"])
    row = hero_rows(scene)[0][1]
    assert rects["status"].w <= row.w - 150
    status = rects["records"][1]
    assert status.cut and status.text.endswith("…") and long.startswith(status.text[:-1].rstrip())
    seat_row = region_of(scene, ("dg", "seat", 0))
    assert seat_row is not None and long in (seat_row.tooltip or ""), "the whole status is in the row's tooltip"


def test_health_label_does_not_run_into_the_gold_column(big_app: Any) -> None:
    from game.engine.match import Match
    from game.engine.protocol import SeatSpec
    from game.scenes.dungeon.panes.hand import HandPane
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    match = Match.new("dungeon", "standard", [SeatSpec("Ana"), SeatSpec("Robo", "bot", "random")], 7)
    match.state.players[0].max_health = match.state.players[0].health = 10  # "10/10" is the widest health
    big_app.push(MenuScene(big_app))
    scene = open_match(big_app, match)
    frames(big_app, 3)
    seat = scene.shown_seat()
    cs = scene.hand.counters_for(seat)
    assert (cs["health"].value, cs["health"].maximum) == (10, 10)
    for left, right in (("health", "gold"), ("vp", "xp")):
        assert cs[left].pos[0] + HandPane.counter_width(cs[left]) <= cs[right].pos[0] - 8 + 1, left
    assert cs["gold"].pos[0] + HandPane.counter_width(cs["gold"]) <= scene.hand_rect.right


def test_what_now_box_scrolls_long_text_never_cuts_it(big_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: the box was ~9 px text cut off mid-sentence; now it stays readable and the wheel scrolls it."""
    import game.scenes.dungeon.panes.whatnow as mod  # the "What now" box words

    long = " ".join(f"palabra{i}" for i in range(200))
    real = mod.t
    monkeypatch.setattr(mod, "t", lambda key, *a, **kw: long if key == "dscene.do.map" else real(key, *a, **kw))
    scene = start(big_app)
    frames(big_app, 3)
    whatnow = scene.whatnow
    assert whatnow.truncated
    assert long in whatnow.text
    hint_rect = scene.hand.spots()["hint"]
    body = _box_body(scene, hint_rect)
    assert len(body) == 1 and not body[0].text.endswith("…"), "whole lines, never cut with an ellipsis"
    assert body[0].size * gfx.text_scale() >= mod.MIN_PX - 0.5 and hint_rect.contains(body[0].rect)
    first = body[0].text.split()[0]
    region = region_of(scene, ("dg", "hint"))
    assert region is not None and region.tooltip == whatnow.text and region.shape == hint_rect
    big_app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=hint_rect.center, rel=(0, 0), buttons=(0, 0, 0),
                                     touch=False),
                  pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0,
                                     touch=False)], 1 / 30)
    frames(big_app, 2)
    assert whatnow.scroll > 0
    body = _box_body(scene, hint_rect)
    assert body[0].text.split()[0] != first, "the wheel shows later lines"


def _box_body(scene: Any, box: Any) -> list[Any]:
    """The "What now" box's drawn words below its title."""
    return [r for r in pane_texts(scene, "whatnow") if box.contains(r.box) and r.text != t("dscene.what_now")]


def test_what_now_box_keeps_short_text_whole(big_app: Any) -> None:
    scene = start(big_app)
    frames(big_app, 2)
    assert scene.whatnow.text
    assert not scene.whatnow.truncated
    drawn = [r for r in pane_texts(scene, "whatnow")]
    assert drawn and not any(r.text.endswith("…") for r in drawn)
    assert region_of(scene, ("dg", "hint")) is None, "nothing was cut: no tooltip needed"


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_side_summary_uses_singular_for_one(app: Any, lang: str) -> None:
    from game.engine import i18n

    scene = start(app)
    i18n.set_language(lang)
    for what in ("mandatory", "optional", "obstacles", "monsters"):
        one, many = t(f"dscene.side_{what}.one", n=1), t(f"dscene.side_{what}.other", n=2)
        assert one.startswith("1 ") and many.startswith("2 ")
    if lang != "en":  # English "optional" has no plural form
        assert t("dscene.side_optional.one", n=1)[2:] != t("dscene.side_optional.other", n=1)[2:]
    assert t("dscene.side_mandatory.one", n=1)[2:] != t("dscene.side_mandatory.other", n=1)[2:]
    frames(app, 2)
    card = scene.player(scene.shown_seat()).pending_map
    assert card
    drawn = [r.text for r in pane_texts(scene, "village")]
    for side in (0, 1):
        cells = [c for floor in scene.tables.side(card, side) for c in floor]
        mand = sum(1 for c in cells if c.kind == "feature" and c.mandatory)
        text = scene.words.side_summary(card, side)
        form = "one" if mand == 1 else "many"
        assert t(f"dscene.side_mandatory.{form}", n=mand) in text
        assert text in drawn, "the summary under each side is the one drawn"
