"""The sanctuary table at every text size and language: card names wrap only between words, shrink or
are shortened with "…" inside their band (the zoom gives them whole), one-line labels fit their width, the
six-phase track fits its strip, and the busy board, the mulligan choice and the discard overlay draw at
huge text in Italian (the longest language) without errors."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app.settings import TEXT_SIZES
from game.engine.i18n import localize, t
from game.ui import gfx

LANGS = ("es", "en", "it")
#: face widths the table paints: crowded row (smallest scale), row, hand, discard overlay, zoom-ish
WIDTHS = (46, 64, 92, 104, 110, 160)


@pytest.fixture(autouse=True)
def _fonts() -> Any:
    pygame.font.init()
    yield
    gfx.set_text_scale(1.0)


def _names() -> list[Any]:
    from game.engine.levels import discover_levels

    seen: dict[str, Any] = {}
    for e in discover_levels("sanctuary"):
        if getattr(e, "error", None) is None and e.level is not None:
            for cid, card in e.level.model.cards.items():
                seen.setdefault(cid, card)
    assert seen, "the shipped levels have cards"
    return list(seen.values())


def _band(width: int, has_cost: bool = True) -> tuple[int, int]:
    """(width, height) of a face's name box, as paint_face computes it."""
    s = width / 100.0
    band_w, band_h = round(92 * s), round(21 * s)
    left = round((22 if has_cost else 5) * s)
    return max(1, band_w - left - round(3 * s)), max(1, band_h)


@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_card_names_wrap_only_between_words_and_fit_their_band(text_size: str) -> None:
    from game.scenes.sanctuary.cards import fit_name, name_pitch

    gfx.set_text_scale(TEXT_SIZES[text_size])
    cards = _names()
    for lang in LANGS:
        for card in cards:
            name = localize(card.name, lang)
            words = name.split()
            for width in WIDTHS:
                w, h = _band(width, card.type != "sanctuary")
                lines, size = fit_name(name, w, h, start=max(6, round(12 * width / 100)))
                f = gfx.font(size, True)
                assert 1 <= len(lines) <= 2, (lang, name, width, lines)
                assert all(f.size(line)[0] <= w for line in lines), f"{name!r} overflows {w}px: {lines}"
                if len(lines) == 2:
                    assert 2 * name_pitch(size) <= h + 1, f"{name!r} in two lines overflows the band"
                joined = " ".join(lines)
                if joined != name:  # shortened: only with "…", and every whole word is a word of the name
                    assert lines[-1].endswith("…"), f"{name!r} broken mid-word: {lines}"
                    kept = joined[:-1].split()
                    assert kept and all(k == words[i] for i, k in enumerate(kept[:-1])), (name, lines)
                    assert words[len(kept) - 1].startswith(kept[-1]), (name, lines)
                else:
                    assert all(line.split() == words[:len(line.split())] or line.split()[0] in words
                               for line in lines)


@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_one_line_labels_fit_or_are_shortened(text_size: str) -> None:
    from game.scenes.sanctuary.cards import fit_line

    gfx.set_text_scale(TEXT_SIZES[text_size])
    for lang in LANGS:
        for card in _names():
            name = localize(card.name, lang)
            for width in (40, 76, 150):
                text, size = fit_line(name, width, start=12)
                assert gfx.font(size, True).size(text)[0] <= width or len(text) <= 2
                assert text == name or (text.endswith("…") and name.startswith(text[:-1].rstrip()))


@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
@pytest.mark.parametrize("lang", LANGS)
def test_seed004_phase_track_fits_the_six_phases_at_every_text_size(text_size: str, lang: str) -> None:
    from game.engine import i18n
    from game.scenes.sanctuary import scene as sc

    gfx.set_text_scale(TEXT_SIZES[text_size])
    i18n.set_language(lang)
    try:
        phases = [t(f"sanctuary.phase.{p}") for p in sc.PHASE_ORDER]
        label = t("game.turn_n", n=27)
        who = t("game.bot_thinking", name="Bot 1")
        for current in phases:
            size = sc.tracker_size(1260, label, phases, current, who, lowest=1)
            assert size >= 10, f"the phase track needs text of {size} to fit in {lang} at {text_size}"
            if text_size in ("small", "normal"):
                assert size == 16, "at normal text the track keeps its size"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_busy_board_mulligan_and_discard_overlay_draw_at_huge_text(tmp_path: Any, monkeypatch: Any,
                                                                   lang: str) -> None:
    from game.app.main import App
    from game.app.settings import Settings
    from game.engine.protocol import SeatSpec
    from tests.scenes.sanctuary.conftest import click, frames, region, start

    monkeypatch.setenv("MESA_HOME", str(tmp_path / "home"))
    app = App(Settings(language=lang, text_size="huge", bot_pace=0.0, animation_speed=8.0, muted=True),
              headless=True)
    try:
        scene = start(app, "quick", [SeatSpec("Ana"), SeatSpec("Bo")], 3)
        frames(app, 3)
        keep = region(scene, ("mull", "keep"))
        assert keep is not None
        box = scene.L.mulligan["box"]
        assert box.contains(keep.rect) and box.contains(scene.L.mulligan["mulligan"])
        for label in (t("sanctuary_scene.button.keep"), t("sanctuary_scene.button.mulligan", n=5)):
            size = gfx.fit_text_size(label, keep.rect.w - 16, keep.rect.h - 4, start=17, minimum=8, bold=True)
            assert gfx.text_size(label, size, True)[0] <= keep.rect.w - 16, f"{label!r} fits its button"
        assert app.errors == []
    finally:
        for s in list(app.stack):
            s.close()
        gfx.set_text_scale(1.0)
