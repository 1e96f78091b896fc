"""Issue 15 ("names are never cut where there is room to wrap"): on every shipped skirmish level, in Spanish and
Italian at huge text, the action menu's rows, the chain's entries and the fighters' names are drawn whole
through a seeded fight: a long row or entry takes two or three lines ("Devastador de cuatro brazos (mano…",
"1. Vanguardia Votohierro: Tajo » Gólem de piedr…" were cut), the detail card under them gives way."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.protocol import SeatSpec
from game.engine.rng import Rng
from tests.scenes.skirmish.conftest import frames

LEVELS = ("tutorial", "01_toll_bridge", "02_grasping_mire", "03_wyrm_roost", "04_forge_below", "05_toll_bridge_clock")


def _cuts(scene: Any) -> list[str]:
    """The cut lines of the menu, the chain and the fighters' names (the cards' header lines) just drawn."""
    from game.engine.i18n import localize

    out = [f"{p.name}: {r.text}" for p in (scene.menu, scene.chain) for r in p.drawn() if r.cut or r.text.endswith("…")]
    names = {localize(c.name, scene.lang) for c in scene.sview.combatants}
    words = {w for n in names for w in n.split()}
    out += [f"card: {r.text}" for r in scene.arena.drawn() if (r.cut or r.text.endswith("…"))
            and r.text.rstrip("…").split(" ")[0] in words]
    return out


@pytest.mark.parametrize("lang", ["es", "it"])
@pytest.mark.parametrize("level", LEVELS)
def test_issue15_menu_chain_and_names_wrap_at_huge_text(make_app: Any, level: str, lang: str) -> None:
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app = make_app(lang, "huge", bot_pace=60.0)
    app.push(MenuScene(app))
    m = Match.new("skirmish", get_level("skirmish", level), [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")], 10)
    scene = open_match(app, m)
    rng = Rng(0)
    seen: dict[str, int] = {}
    looked = 0
    for step in range(140):
        if m.is_over():
            break
        legal = m.legal_actions()
        if m.state.decision() is not None and m.state.decision()["type"] != "advantage":
            groups = [a for a in legal if a.kind in ("act", "react")]
            from game.scenes.skirmish.panes.common import group_key

            scene.selected = group_key(rng.choice(groups)) if groups and rng.random() < 0.5 else None
            scene.driver.invalidate()
            frames(app, 1)
            looked += 1
            for cut in _cuts(scene):
                seen.setdefault(cut, step)
        m.apply(legal[0] if len(legal) == 1 else rng.choice(legal), m.to_act())
    assert app.errors == []
    assert looked >= 10, "the fight was looked at in many positions"
    assert seen == {}, seen


def _reach(scene: Any, dtype: str, seed: int, chain: int = 0) -> bool:
    """Seeded random legal moves until a ``dtype`` decision (with at least ``chain`` entries on the chain)."""
    m = scene.match
    rng = Rng(seed)
    for _ in range(3000):
        if m.is_over():
            return False
        d = m.state.decision()
        if d is not None and d["type"] == dtype and m.state.round >= 1 and len(m.state.chain) >= chain:
            scene.driver.invalidate()
            return True
        legal = m.legal_actions()
        m.apply(legal[0] if len(legal) == 1 else rng.choice(legal), m.to_act())
    return False


@pytest.mark.parametrize("case", ["chain", "targets"])
def test_issue15_long_chain_entry_and_target_rows_wrap(make_app: Any, case: str) -> None:
    """04_forge_below at Spanish huge text: an attack on three bodies ("1. Wren Filoveloz: Golpe desarmante »
    Siervo de hueso, Gólem de piedra, Devastador de cuatro brazos (pies)") takes three lines of the chain, and
    the extra targets' rows ("Devastador de cuatro brazos (mano superior derecha)") two lines of the menu."""
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app = make_app("es", "huge", bot_pace=60.0)
    app.push(MenuScene(app))
    three = [SeatSpec("Ana"), SeatSpec("Bea"), SeatSpec("Dark", "bot", "random")]
    seats, seed = (three, 5) if case == "chain" else ([three[0], three[2]], 11)
    m = Match.new("skirmish", get_level("skirmish", "04_forge_below"), seats, seed)
    scene = open_match(app, m)
    assert _reach(scene, "reaction" if case == "chain" else "targets", seed, 2 if case == "chain" else 0)
    frames(app, 2)
    assert app.errors == []
    pane = scene.chain if case == "chain" else scene.menu
    drawn = [r.text for r in pane.drawn()]
    assert drawn
    if case == "chain":
        lines = scene.chain.entry_lines(scene.sview)
        assert max(len(x) for x in lines) >= 2, lines
    else:
        assert any(r.lines for r in scene.menu.rows), "a target's row takes two lines"
    assert [x for x in drawn if x.endswith("…")] == []
    assert scene.text_problems() == []


def test_issue15_several_deciders_get_a_heading_each_not_a_prefix_per_row(make_app: Any) -> None:
    """When several fighters decide together (the Dark Lord's minions), each one's actions come under a heading
    with its name: "Saqueador de peajes 1: Golpe…" repeated the long name on every row and cut the action."""
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app = make_app("es", "huge", bot_pace=60.0)
    app.push(MenuScene(app))
    two = [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")]
    found = None
    for seed in range(1, 8):
        m = Match.new("skirmish", get_level("skirmish", "01_toll_bridge"), two, seed)
        rng = Rng(seed)
        while not m.is_over():
            d = m.state.decision()
            if d is not None and d["type"] == "opportunity" and len(d.get("who") or ()) > 1:
                found = m
                break
            legal = m.legal_actions()
            m.apply(legal[0] if len(legal) == 1 else rng.choice(legal), m.to_act())
        if found is not None:
            break
    assert found is not None, "a decision for several fighters"
    scene = open_match(app, found)
    scene.driver.invalidate()
    frames(app, 2)
    sv = scene.sview
    who = [sv.name(x, "es") for x in sv.decision.who]
    rows = scene.menu.rows
    heads = [r.label for r in rows if r.kind == "head"]
    assert heads and set(heads) <= set(who), (heads, who)
    assert rows[0].kind == "head" and all(r.payload is None for r in rows if r.kind == "head")
    assert not any(r.label.startswith(f"{w}:") for r in rows for w in who), [r.label for r in rows]
    drawn = [r.text for r in scene.menu.drawn()]
    assert all(h in drawn for h in heads), "each heading is drawn whole"
    assert scene.text_problems() == []


def test_issue15_a_resolved_long_entry_leaves_on_its_lines(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A resolved entry slides off the chain as it stood: a long one on its lines, not cut ("Giovane gnarl 1:
    Equipaggiare (Accetta arruggini…" at Italian huge text)."""
    import pygame

    from game.scenes.skirmish.panes.chain import Ghost
    from game.scenes.skirmish.panes.chain import gfx as chain_gfx
    from tests.scenes.skirmish.conftest import start

    app = make_app("it", "huge", bot_pace=60.0)
    scene = start(app, "tutorial")
    frames(app, 2)
    text = "Giovane gnarl 1: Equipaggiare (Accetta arrugginita) » Giovane gnarl 1 (mano destra)"
    scene.chain.ghosts = [Ghost(text, 0)]
    seen: list[str] = []
    original = chain_gfx.text

    def record(surface: Any, words: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(words)
        return original(surface, words, *args, **kwargs)

    monkeypatch.setattr(chain_gfx, "text", record)
    scene.chain.draw_ghosts(pygame.Surface((1280, 720)), scene.sview)
    assert len(seen) >= 2 and not any(x.endswith("…") for x in seen), seen
    assert " ".join(seen) == text


def test_issue15_part_chips_show_a_shorter_abbreviation_not_a_cut_one(make_app: Any) -> None:
    """The four-armed bodies' narrow chips at Spanish huge text read "M…": an abbreviation too wide for its chip
    drops letters ("MS", "M"), the part's whole name is on the chip's hover."""
    from game.engine.levels import get_level
    from game.engine.match import Match
    from game.scenes.menu import MenuScene
    from game.scenes.play import open_match

    app = make_app("es", "huge", bot_pace=60.0)
    app.push(MenuScene(app))
    m = Match.new("skirmish", get_level("skirmish", "04_forge_below"), [SeatSpec("Ana"), SeatSpec("Dark", "bot", "random")],
                  10)
    scene = open_match(app, m)
    rng = Rng(0)
    labels: list[str] = []
    for _ in range(120):
        if m.is_over():
            break
        legal = m.legal_actions()
        if m.state.decision() is not None and m.state.decision()["type"] != "advantage":
            scene.driver.invalidate()
            frames(app, 1)
            chips = list(scene.arena.chip_rects.values())
            labels += [r.text for r in scene.arena.drawn() if r.box.w <= 44 and any(c.contains(r.box) for c in chips)]
        m.apply(legal[0] if len(legal) == 1 else rng.choice(legal), m.to_act())
    assert labels, "the chips' labels were drawn"
    assert sorted({x for x in labels if x.endswith("…")}) == []
