"""A crowded fight at huge text (issue 15, "no overlapping text"): in 03_wyrm_roost with six minions at
Spanish huge text a low minion card drew its "Espera 5" badge under its row of part chips, and six minions
at the same AP level stacked a second row of markers over the first row's numbers on the AP track. The badges
sit beside the HP bar when the card has no line for them; a level's markers stand in one row inside the
panel, each number clear of the others."""

from __future__ import annotations

from typing import Any

from game.engine.i18n import t
from game.engine.levels import get_level
from game.engine.match import Match
from game.engine.protocol import SeatSpec
from game.engine.registry import get_ruleset
from game.engine.rng import Rng
from tests.scenes.skirmish.conftest import frames


def test_badges_and_track_numbers_stay_clear_in_a_crowded_fight(make_app: Any) -> None:
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app = make_app("es", "huge", bot_pace=60.0)
    app.push(MenuScene(app))
    level = get_level("skirmish", "03_wyrm_roost")
    hi = get_ruleset("skirmish").seat_range(level)[1]
    m = Match.new("skirmish", level, [SeatSpec("Ana")] + [SeatSpec(f"B{i}", "bot", "random") for i in range(1, hi)],
                  5)
    scene = open_match(app, m)
    rng = Rng(3)
    words = [t("skirmish_scene.wait", n=0)[:4], t("skirmish_scene.ready", n=0)[:4]]
    badges = crowded = parts_seen = 0
    for _ in range(150):
        if m.is_over():
            break
        scene.driver.invalidate()
        frames(app, 1)
        chips = list(scene.arena.chip_rects.values())
        for r in scene.arena.drawn():
            if any(r.text.startswith(w) for w in words):
                badges += 1
                assert not any(c.colliderect(r.rect) for c in chips), (r.text, r.rect)
        parts_seen += _parts_accounted(scene)
        numbers = [r.rect for r in scene.track.drawn() if r.text.isdigit() and len(r.text) == 1]
        active = [c for c in scene.sview.combatants if c.active] if scene.sview.round else []
        assert len(numbers) == len(active), "every marker has its number (a second row had none)"
        levels = [c.ap_level for c in active if c.side == "minions"]
        if any(levels.count(v) > 4 for v in levels):
            crowded += 1
        for i, a in enumerate(numbers):
            assert a.collidelist(numbers[i + 1:]) == -1 or all(
                a.clip(b).w <= 2 for b in numbers[i + 1:]), "a marker's number lies on another's"
            assert scene.track.rect.contains(a)
        legal = m.legal_actions()
        m.apply(legal[0] if len(legal) == 1 else rng.choice(legal), m.to_act())
    assert badges, "wait or ready badges were drawn"
    assert crowded, "a level held more than four minions"
    assert parts_seen, "the detail card listed a fighter's parts"


def _parts_accounted(scene: Any) -> int:
    """Check the detail card names every part of the fighter it shows, or says how many it leaves out (at huge
    text under a long menu it showed six of ten parts and said nothing); 1 when it listed parts."""
    import re

    focus = scene.sview.get(getattr(scene, "focus", None) or "")
    drawn = [r.text for r in scene.detail.drawn()]
    if focus is None or len(drawn) <= 3:
        return 0
    names = [scene.sview.part_name(focus.id, p.id, scene.lang) for p in focus.parts]
    listed = [x for x in drawn[3:] if x.split(":")[0] in names]
    more = [int(m.group(1)) for x in drawn if (m := re.match(r"^\+(\d+) ", x))]
    assert len(listed) + sum(more) == len(names), (drawn, names)
    return 1
