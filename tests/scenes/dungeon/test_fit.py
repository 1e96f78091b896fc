"""Text that must fit its place in the dungeon scene at large text sizes (QA pass in Spanish, "large"):
the heroes' status line never overlaps their counters row, the health label never runs into the gold
column, the "What now" box cuts long text and offers it whole on hover, and the map-side summary
uses singular and plural words."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.engine.i18n import t
from tests.scenes.dungeon.conftest import frames, hero_rows, start


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
    assert set(scene.hero_text_rects) == set(range(len(scene.match.seats)))
    for s, row in hero_rows(scene):
        rects = scene.hero_text_rects[s]
        assert "counters" in rects
        assert not rects["status"].colliderect(rects["counters"]), (s, rects)
        assert not rects["name"].colliderect(rects["status"]), (s, rects)
        assert rects["status"].w <= row.w - 150
        assert row.contains(rects["counters"]), (row, rects["counters"])


def test_hero_status_is_ellipsized_and_whole_in_the_seat_tooltip(big_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = start(big_app)
    long = "muy " * 40 + "largo"
    monkeypatch.setattr(type(scene), "status_text", lambda self, p: long)
    scene._heroes_cache = None
    scene._targets_cache = None
    frames(big_app, 2)
    rects = scene.hero_text_rects[0]
    assert not rects["status"].colliderect(rects["counters"])
    row = hero_rows(scene)[0][1]
    assert rects["status"].w <= row.w - 150
    tips = [r.tooltip for r in scene.targets(scene.view, []) if r.tooltip and long in r.tooltip]
    assert tips


def test_health_label_does_not_run_into_the_gold_column(big_app: Any) -> None:
    scene = start(big_app)
    seat = scene.shown_seat()
    p = dict(scene.player(seat), health=10, max_health=10)
    surf = pygame.Surface((1280, 720))
    scene._draw_counters(surf, seat, p)
    cs = scene.counters_for(seat, p)
    for left, right in (("health", "gold"), ("vp", "xp")):
        assert cs[left].pos[0] + scene.counter_width(cs[left]) <= cs[right].pos[0] - 8 + 1, left
    assert cs["gold"].pos[0] + scene.counter_width(cs["gold"]) <= scene.hand_rect.right


def test_what_now_box_cuts_long_text_and_shows_it_whole_on_hover(big_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.scenes.dungeon.panes.whatnow as mod  # the "What now" box words

    scene = start(big_app)
    long = " ".join(["palabra"] * 200)
    real = mod.t
    monkeypatch.setattr(mod, "t", lambda key, *a, **kw: long if key == "dscene.inspect_hint" else real(key, *a, **kw))
    scene._hint_cache = None
    scene._targets_cache = None
    frames(big_app, 3)
    assert scene.hint_truncated
    assert long in scene.hint_text
    hint_rect = scene._hand_spots()["hint"]
    regions = [r for r in scene.targets(scene.view, []) if r.tooltip == scene.hint_text]
    assert regions and regions[0].shape == hint_rect


def test_what_now_box_keeps_short_text_whole(big_app: Any) -> None:
    scene = start(big_app)
    frames(big_app, 2)
    assert scene.hint_text
    assert not scene.hint_truncated


@pytest.mark.parametrize("lang", ["en", "es", "it"])
def test_side_summary_uses_singular_for_one(app: Any, lang: str) -> None:
    from game.engine import i18n

    scene = start(app)
    i18n.set_language(lang)
    for what in ("mandatory", "optional", "obstacles", "monsters"):
        one, many = t(f"dscene.side_{what}.one", n=1), t(f"dscene.side_{what}.many", n=2)
        assert one.startswith("1 ") and many.startswith("2 ")
    if lang != "en":  # English "optional" has no plural form
        assert t("dscene.side_optional.one", n=1)[2:] != t("dscene.side_optional.many", n=1)[2:]
    assert t("dscene.side_mandatory.one", n=1)[2:] != t("dscene.side_mandatory.many", n=1)[2:]
    p = scene.player(scene.shown_seat())
    card = p.get("pending_map")
    assert card
    for side in (0, 1):
        cells = [c for floor in scene.content.side(card, side) for c in floor]
        mand = sum(1 for c in cells if c.kind == "feature" and c.mandatory)
        text = scene._side_summary(card, side)
        form = "one" if mand == 1 else "many"
        assert t(f"dscene.side_mandatory.{form}", n=mand) in text
