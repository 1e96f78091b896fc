"""Text sizes and languages: at normal and huge text, in Spanish, English and Italian, every line the
expedition table draws (goal strip, map path, overview, hero sheets, the step panel with its odds, the
trade and city screens, the mounted arena) stays inside its box and off every other line
(``ExpeditionScene.text_problems`` reads the records of what was drawn)."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest

from game.engine.protocol import SeatSpec
from tests.scenes.driving import mouse, open_game, to_next_human
from tests.scenes.expedition.conftest import advance, frames

LANGS = ("es", "en", "it")
SIZES = ("normal", "huge")


def _at(step: str) -> Callable[[Any], bool]:
    if step == "battle":
        return lambda st: st.child is not None and st.to_act() == 0
    if step == "offer":
        return lambda st: st.child is None and str(st.step) == "offer" and st.to_act() == 0
    return lambda st: st.child is None and str(st.step) == step and st.to_act() == 0


STEPS = {  # step -> (kinds preferred on the way, kinds avoided)
    "move": ((), ()),
    "danger": ((), ("quick",)),
    "help": (("fight",), ("quick",)),
    "battle": (("fight", "battle"), ("quick",)),
    "search": ((), ("quick",)),
    "contact": ((), ("quick", "done")),
    "offer": (("trade",), ("quick", "cancel", "send")),
    "city": (("leave",), ("end", "stay", "quick")),
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits_its_text(make_app: Any, lang: str, size: str) -> None:
    from game.engine.levels import get_level

    looked: list[str] = []
    for step, (prefer, avoid) in STEPS.items():
        app = make_app(lang, size, bot_pace=60.0)
        lv = get_level("expedition", "tutorial")
        seats = [SeatSpec("Ana María de los Ángeles", "human"), SeatSpec("Bartolomeo Giacomini", "human"),
                 SeatSpec("Dark", "bot", "random")]
        scene = open_game(app, "expedition", lv, seats, 5)
        town = next(s.at for s in lv.model.sites if s.kind == "town") if step == "city" else None
        if not advance(scene, _at(step), prefer=prefer, avoid=avoid, toward=town):
            continue
        assert to_next_human(app, scene, 20) and scene.viewer == 0
        frames(app, 3)
        if step == "move":  # the path and its cost over the map
            x, y, _c = max(scene.reader.ev.reach, key=lambda r: r[2])
            app.step([mouse(pygame.MOUSEMOTION, scene.cam.cell_rect(x, y).center)], 1 / 30)
            frames(app, 1)
        assert scene.drawn_texts(), f"{step}: nothing recorded"
        assert scene.text_problems() == [], f"{lang}/{size} {step}: {scene.text_problems()}"
        assert app.errors == []
        looked.append(step)
    assert {"move", "danger", "help", "search", "battle", "contact", "offer", "city"} <= set(looked), looked
