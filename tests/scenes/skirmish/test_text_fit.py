"""Text sizes and languages: at large and huge text, in Spanish, English and Italian, every line of text
the arena draws stays inside its box and off every other line (the scene records what it drew:
``SkirmishScene.text_problems``). The busy board (a reaction on the chain), the action menu with a
group open, aiming, extra targets, a crowded 4-hero fight and the advantage picks are all looked at."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.engine.i18n import t
from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from tests.scenes.skirmish.conftest import frames

SIZES = ("large", "huge")
LANGS = ("es", "en", "it")


@pytest.fixture
def make_app(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A factory of headless Apps at a text size and language; the text scale and language are put back."""
    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    from game.app.main import App
    from game.app.settings import Settings
    from game.engine import i18n
    from game.ui import gfx

    made: list[Any] = []
    old_lang, old_scale = i18n.language(), gfx.text_scale()

    def make(size: str, lang: str) -> Any:
        a = App(Settings(language=lang, text_size=size, bot_pace=60.0, animation_speed=8.0, muted=True),
                headless=True)
        made.append(a)
        return a

    yield make
    for a in made:
        for scene in list(a.stack):
            scene.close()
    i18n.set_language(old_lang)
    gfx.set_text_scale(old_scale)
    pygame.quit()


def _open(app: Any, level: str, seats: list[Any], seed: int) -> Any:
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app.push(MenuScene(app))
    return open_match(app, Match.new("skirmish", get_level("skirmish", level), seats, seed))


def _reach(scene: Any, dtype: str, seed: int = 1, limit: int = 3000) -> bool:
    """Random legal moves (asking allies for their items first) until seat 0 must make a ``dtype`` decision."""
    m = scene.match
    rng = Rng(seed)
    for _ in range(limit):
        if m.is_over():
            return False
        d = m.state.decision()
        if m.to_act() == 0 and d["type"] == dtype and (dtype == "advantage" or m.state.round >= 1):
            scene._cache_key = None
            return True
        legal = m.legal_actions()
        takes = [a for a in legal if a.kind == "take"] if dtype == "consent" else []
        m.apply(takes[0] if takes else legal[0] if len(legal) == 1 else rng.choice(legal), m.to_act())
    return False


def _drawn(app: Any, scene: Any) -> list[tuple[pygame.Rect, pygame.Rect, str]]:
    frames(app, 3)
    assert app.errors == []
    assert scene._texts, "the scene recorded the text it drew"
    return scene._texts + scene._track_texts


_BUSY: dict[str, Any] = {}


def _busy_match() -> Any:
    """The brief's busy board (a reaction with the chain open), replayed from its actions for each app."""
    from game.bench.positions import busy_match
    from game.engine.match import Match

    if "m" not in _BUSY:
        _BUSY["m"] = busy_match("skirmish", 3, bots="random")
    src = _BUSY["m"]
    m = Match.new("skirmish", src.level, src.seats, src.seed)
    for step in src.history:
        m.apply(step.action, step.seat)
    return m


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_busy_reaction_board_text_stays_in_its_boxes(make_app: Any, size: str, lang: str) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.play import scene_for_match

    app = make_app(size, lang)
    app.push(MenuScene(app))
    scene = scene_for_match(app, _busy_match())
    app.push(scene)
    drawn = _drawn(app, scene)
    assert scene.state.chain, "the busy board has the chain open"
    assert scene.text_problems() == []
    # the reaction rows: the label and the figures are both drawn, side by side
    for r, _payload, label, detail, _kind in scene._menu_rows:
        mine = [(rect, text) for rect, box, text in drawn if r.contains(box)]
        assert len(mine) == 2, f"{label!r} and {detail!r} each drawn once in their row"
        assert any(text == detail for _, text in mine), "the figures are never cut"
    # the chain's heading sits inside the chain box, and a cut entry shows its whole text on hover
    chain_box = scene._chain_rect(scene.view)
    heading = [(rect, box) for rect, box, text in drawn if text.startswith(t("skirmish_scene.chain")[:6])]
    assert heading and all(chain_box.contains(rect) for rect, _ in heading)
    tips = {r.key[1]: r.tooltip for r in scene.router.regions if r.key and r.key[0] == "chain"}
    assert set(tips) == set(range(len(scene.state.chain)))
    for i, e in enumerate(scene.state.chain):
        assert tips[i] == f"{i + 1}. {scene._entry_text(e)}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("screen", ["group", "aim", "targets", "consent", "advantage", "crowd"])
def test_every_screen_at_huge_text_stays_in_its_boxes(make_app: Any, screen: str, lang: str) -> None:
    app = make_app("huge", lang)
    two = [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")]
    if screen == "advantage":
        scene = _open(app, "01_toll_bridge", two, 3)
        assert scene.state.decision()["type"] == "advantage"
    elif screen == "crowd":
        scene = _open(app, "04_forge_below", [SeatSpec(f"H{i}") for i in range(4)] + [two[1]], 2)
        assert _reach(scene, "opportunity")
    elif screen == "group":
        scene = _open(app, "04_forge_below", two, 4)
        assert _reach(scene, "opportunity")
        frames(app, 2)
        groups = [p for _, p, *_ in scene._menu_rows if isinstance(p, list)]
        assert groups, "a group with several targets"
        scene.selected = scene._group_key(groups[0][0])
        scene._targets_cache = scene._board_cache = None
    else:
        scene = None
        if screen == "consent":  # an ally asks for an item: two human heroes
            two = [SeatSpec("Ana"), SeatSpec("Bea"), two[1]]
        for seed in range(1, 6):
            scene = _open(app, "04_forge_below", two, seed)
            if _reach(scene, screen, seed):
                break
        assert scene is not None and scene.state.decision()["type"] == screen
    drawn = _drawn(app, scene)
    assert scene.text_problems() == []
    if screen == "group":
        assert any(kind == "sub" for *_, kind in scene._menu_rows), "the open group lists its targets"
    if screen == "consent":  # the question is never cut: it wraps over the empty menu panel
        p = scene.state.pending
        title = t("skirmish_scene.consent_title", taker=scene._name(p.get("actor")), giver=scene._name(p.get("from")),
                  item=scene._item_name(p.get("item")))
        assert title in [text for _, _, text in drawn]
    # every combatant's card carries its name (whole or cut with "…"), inside the card
    for cid, rect in scene._rects.items():
        if screen == "advantage" and scene._by_id(scene.view)[cid].get("side") != "heroes":
            continue
        inside = [text for r, box, text in drawn if rect.contains(box)]
        name = scene._name(cid).split(" #")[0]
        assert any(name.startswith(x.rstrip("…")) and x for x in inside), f"{name} drawn on its card"


def test_text_problems_sees_text_leaving_its_box_or_overlapping(make_app: Any) -> None:
    app = make_app("huge", "it")
    scene = _open(app, "tutorial", [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], 3)
    frames(app, 2)
    surface = pygame.Surface((1280, 720))
    box = pygame.Rect(100, 100, 60, 40)
    scene._texts = []
    scene._recording = scene._texts
    scene._put(surface, "Catena (l'ultima entrata si risolve per prima)", box.topleft, 12, (0, 0, 0), "topleft", box)
    assert any("leaves its box" in p for p in scene.text_problems())
    scene._texts = []
    scene._recording = scene._texts
    scene._line(surface, "Catena (l'ultima entrata si risolve per prima)", box, 12, (0, 0, 0))
    scene._line(surface, "3 PA · superare 11: 66%", box, 12, (0, 0, 0))
    problems = scene.text_problems()
    assert not any("leaves its box" in p for p in problems), "a line is cut to its box"
    assert any("overlaps" in p for p in problems)
    assert scene._texts[0][2].endswith("…")


def test_chain_and_menu_boxes_grow_with_the_text_size(make_app: Any) -> None:
    from game.scenes.skirmish.scene import SkirmishScene
    from game.ui import gfx

    make_app("normal", "en")
    normal = (SkirmishScene._chain_metrics(), SkirmishScene._menu_row_h(), SkirmishScene._menu_header_h())
    gfx.set_text_scale(1.4)
    huge = (SkirmishScene._chain_metrics(), SkirmishScene._menu_row_h(), SkirmishScene._menu_header_h())
    assert huge[0][0] > normal[0][0] and huge[0][1] > normal[0][1], "chain heading and entries"
    assert huge[1] > normal[1] and huge[2] > normal[2], "menu rows and header"
    assert huge[0][0] >= gfx.line_height(12, True), "the heading's box holds its line"
