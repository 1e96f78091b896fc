"""Issue 15 item 4: the rules reference shows the chips, cards, bodies, tiles and tokens it talks about,
drawn with the rulesets' own art, for all five rulesets."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import i18n
from tests.app.conftest import run_frames

RULESETS = ("dungeon", "sanctuary", "skirmish", "quest", "expedition")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_issue15_4_every_reference_picture_draws(app: Any, ruleset: str) -> None:
    from game.scenes.rules_pictures import picture, section_pictures

    pics = section_pictures(ruleset)
    with_pics = [p for p in pics if p]
    assert len(with_pics) >= 3, "at least three sections show what they talk about"
    for specs in with_pics:
        for spec in specs:
            for lang in ("en", "es", "it"):
                got = picture(ruleset, spec, 80, lang)
                assert got is not None, f"{ruleset}: {spec} does not draw"
                img, label = got
                assert img.get_width() > 10 and img.get_height() > 10
                assert label and not label.startswith("rules.pic."), (spec, lang)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_issue15_4_rules_screen_draws_the_pictures_under_the_text(app: Any, ruleset: str) -> None:
    from game.scenes.rules import RulesScene
    from game.scenes.rules_pictures import section_pictures

    pics = section_pictures(ruleset)
    index = next(i for i, p in enumerate(pics) if p)
    scene = app.push(RulesScene(app, ruleset))
    scene.pick_section(index)
    run_frames(app, 2)
    assert scene.pictures == pics[index]
    assert scene.drawn_pictures == min(len(pics[index]), 7)
    box = next(el for el in scene.elements if type(el).__name__ == "UITextBox")
    assert box.rect.bottom <= 504  # the text stops above the picture strip
    empty = next((i for i, p in enumerate(pics) if not p), None)
    if empty is not None:
        scene.pick_section(empty)
        run_frames(app, 1)
        assert scene.pictures == [] and scene.drawn_pictures == 0
    assert app.errors == []


def test_issue15_4_picture_labels_are_translated() -> None:
    for key in [k for k in i18n.catalog_keys() if k.startswith("rules.pic.")]:
        texts = {lang: i18n.t(key, lang) for lang in ("en", "es", "it")}
        assert all(v and v != key for v in texts.values()), key
